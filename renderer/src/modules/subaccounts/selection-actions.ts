// Which actions a selection of sub-accounts allows, and why not when it does not: each button of
// the action bar is on only when at least one selected account can take it.
import type { SubAccountRow } from '../../../../preload/contract';

export interface ActionState {
  enabled: boolean;
  /** Why the action is off, for its tooltip; null when on. */
  reason: string | null;
}

export interface SelectionActions {
  freeze: ActionState;
  activate: ActionState;
  editAcl: ActionState;
  sweep: ActionState;
}

const on: ActionState = { enabled: true, reason: null };
const off = (reason: string): ActionState => ({ enabled: false, reason });

export function selectionActions(selected: readonly SubAccountRow[]): SelectionActions {
  if (selected.length === 0) {
    const none = off('Select sub-accounts first.');
    return { freeze: none, activate: none, editAcl: none, sweep: none };
  }
  const transacting = selected.some((row) => row.status === 'active' || row.status === 'new');
  return {
    freeze: transacting ? on : off('Every selected account is already frozen or disabled.'),
    activate: selected.some((row) => row.status === 'frozen' || row.status === 'disabled') ? on : off('Every selected account is already active.'),
    editAcl: selected.some((row) => row.acl !== null) ? on : off('The service lists no permissions for the selected accounts (frozen or disabled).'),
    sweep: transacting ? on : off('Frozen and disabled accounts cannot transfer.'),
  };
}

/** Frozen and disabled accounts cannot send or receive transfers. */
export function transferBlockedReason(row: Pick<SubAccountRow, 'status'>): string | null {
  if (row.status === 'frozen') return 'This sub-account is frozen: the service refuses transfers to and from it until it is activated.';
  if (row.status === 'disabled') return 'This sub-account is disabled by the service: transfers to and from it are refused for good.';
  return null;
}
