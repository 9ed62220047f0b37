// Which selected accounts a freeze or an activation is sent for, and what to expect for each,
// said before anything is sent.
import type { SubAccountRow } from '../../../../preload/contract';
import type { StatusChange } from './use-status-change';

export interface PlannedChange {
  row: SubAccountRow;
  /** Sent to the service. */
  sent: boolean;
  expect: string;
}

export function plannedChanges(change: StatusChange, rows: readonly SubAccountRow[]): PlannedChange[] {
  return rows.map((row) => {
    if (change === 'freeze') {
      return row.status === 'frozen' || row.status === 'disabled'
        ? { row, sent: true, expect: 'Already frozen or disabled: the service will say so and nothing changes.' }
        : { row, sent: true, expect: 'Will be frozen.' };
    }
    if (row.status === 'frozen') return { row, sent: true, expect: 'Will be activated.' };
    if (row.status === 'disabled') return { row, sent: true, expect: 'Cannot be activated: the service disabled it. The service is asked and will refuse.' };
    return { row, sent: false, expect: row.status === 'new' ? 'New and already usable: not sent.' : 'Already active: not sent.' };
  });
}
