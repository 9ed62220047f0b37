// The sentence a screen reader hears when a withdrawal in the queue settles by itself or by a
// decision: approved and sending, completed, failed, rejected or expired. Said once, when the row
// first reaches that state; a row seen for the first time is not news.
import { WITHDRAWAL_STATE_WORDS } from '../../../../preload/contract/status-words';
import type { WithdrawalView, WithdrawalViewState } from '../../../../preload/contract/withdrawals';

const SAID: ReadonlySet<WithdrawalViewState> = new Set(['PENDING', 'SUCCESS', 'FAILED', 'ROLLED_BACK', 'EXPIRED']);

type Row = Pick<WithdrawalView, 'state' | 'amount' | 'currency' | 'address'>;

export function settledSentence(before: Row | undefined, after: Row): string | null {
  if (before === undefined || before.state === after.state || !SAID.has(after.state)) return null;
  const label = after.state === 'PENDING' ? 'Approved, sending' : WITHDRAWAL_STATE_WORDS[after.state].label;
  return `Withdrawal of ${after.amount} ${after.currency} to the address ending ${after.address.slice(-4)}: ${label}.`;
}
