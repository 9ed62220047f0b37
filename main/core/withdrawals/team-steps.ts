// The team desk's part of a withdrawal's life: a reason is required, the policy clears the
// prepare before anything is sent, and what the service created is recorded for the team. Kept
// apart from the service so a solo desk's path reads exactly as before.
import type { WithdrawalInput, WithdrawalView } from '../../../preload/contract/withdrawals';
import type { WithdrawalFields } from '../../team/entries';
import type { PrepareClearance, WithdrawalGate } from '../../team/gate';
import { AppFailure } from '../app-error';
import type { LocalWithdrawal } from './store';
import type { CheckedWithdrawal } from './validate';

/** The reason a team desk must give, trimmed; refused when blank. */
export function requiredReason(reason: string | undefined, action: 'prepare' | 'reject'): string {
  const text = reason?.trim() ?? '';
  if (text === '') {
    const message = action === 'prepare'
      ? 'Give the reason for this withdrawal: the approving desks see it'
      : 'Give the reason for rejecting this withdrawal: it is recorded for the team';
    throw new AppFailure('REASON_REQUIRED', message, 'reason');
  }
  return text;
}

/** The policy's clearance for a checked withdrawal (throws its refusal, naming the field). */
export function clearPrepare(gate: WithdrawalGate, input: WithdrawalInput, checked: CheckedWithdrawal): Promise<PrepareClearance> {
  return gate.checkPrepare({
    currency: checked.currency.code,
    network: checked.network.network,
    address: checked.address,
    paymentId: checked.paymentId ?? null,
    amount: checked.amount.toFixed(),
    reason: requiredReason(input.reason, 'prepare'),
  });
}

/** Exactly what was prepared at the service, as approvals sign it. */
export function preparedFields(record: LocalWithdrawal, txId: string): WithdrawalFields {
  return {
    txId,
    currency: record.currency,
    network: record.network ?? '',
    amount: record.amount,
    feeMode: record.includeFee ? 'included' : 'added',
    address: record.address,
    paymentId: record.paymentId,
  };
}

/** The view with the team's four-eyes record attached (null on a solo desk or when the team does not know it). */
export function withTeam(gate: WithdrawalGate | null | undefined, view: WithdrawalView): WithdrawalView {
  if (gate === null || gate === undefined) return view;
  return { ...view, team: view.id === null ? null : gate.viewOf(view.id) };
}
