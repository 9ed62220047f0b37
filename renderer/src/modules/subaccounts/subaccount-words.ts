// How sub-account states and outcomes read on screen: words and a tag colour for each, so the
// table, the dialogs and the drawer all say the same thing the same way.
import type { SubAccountOutcome, SubAccountStatus, SweepStepState } from '../../../../preload/contract';
import type { ToneWords as Words } from '../shell/tone';

export const STATUS_WORDS = {
  active: { label: 'Active', tone: 'success' },
  new: { label: 'New', tone: 'info' },
  frozen: { label: 'Frozen', tone: 'warning' },
  disabled: { label: 'Disabled', tone: 'error' },
} as const satisfies Record<SubAccountStatus, Words>;

/** What each status means for the person choosing what to do with the account. */
export const STATUS_HINTS = {
  active: 'In use: it can log in, trade and transact.',
  new: 'Created, not used yet.',
  frozen: 'Blocked by the master account: no logins, trading, withdrawals or transfers until activated.',
  disabled: 'Disabled by the service for good: it cannot be activated again.',
} as const satisfies Record<SubAccountStatus, string>;

export const OUTCOME_WORDS = {
  done: { label: 'Done', tone: 'success' },
  alreadyBlocked: { label: 'Already frozen or disabled', tone: 'info' },
  cannotActivate: { label: 'Cannot be activated', tone: 'error' },
  skipped: { label: 'Not sent', tone: 'default' },
  failed: { label: 'Failed', tone: 'error' },
  uncertain: { label: 'Uncertain', tone: 'warning' },
} as const satisfies Record<SubAccountOutcome, Words>;

export const SWEEP_STATE_WORDS = {
  waiting: { label: 'Waiting', tone: 'default' },
  sending: { label: 'Sending', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  uncertain: { label: 'Uncertain', tone: 'warning' },
  failed: { label: 'Failed', tone: 'error' },
  skipped: { label: 'Skipped', tone: 'default' },
} as const satisfies Record<SweepStepState, Words>;

export const onOff = (on: boolean): string => (on ? 'On' : 'Off');

/** "1 sub-account", "3 sub-accounts". */
export function accountsText(count: number): string {
  return `${count.toLocaleString('en-US')} sub-account${count === 1 ? '' : 's'}`;
}
