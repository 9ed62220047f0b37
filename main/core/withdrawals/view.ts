// What the renderer sees of a withdrawal: the local record plus what can be derived from it
// (deadline, the actions allowed now).
import type { WithdrawalView } from '../../../preload/contract/withdrawals';
import type { Transaction } from '../../exchange/domain';
import type { LocalWithdrawal } from './store';
import { allowedActions, deadlineOf } from './state';

/** States in which a request of ours whose answer was lost is being checked through the ledger. */
const CHECKED_STATES: readonly LocalWithdrawal['state'][] = ['UNCERTAIN', 'COMMITTING', 'ROLLING_BACK'];

export function toView(w: LocalWithdrawal): WithdrawalView {
  return {
    localId: w.localId,
    id: w.txId,
    state: w.state,
    serviceStatus: w.serviceStatus,
    currency: w.currency,
    amount: w.amount,
    fee: w.fee,
    network: w.network,
    address: w.address,
    paymentId: w.paymentId,
    publicComment: w.publicComment,
    preparedBy:
      w.preparedBy !== null && w.preparedAt !== null
        ? { profileName: w.preparedBy, osUser: w.preparedOsUser ?? 'unknown', at: w.preparedAt }
        : null,
    createdAt: w.createdAt,
    deadline: w.createdAt === null ? null : deadlineOf(w.createdAt).toISOString(),
    updatedAt: w.updatedAt,
    actions: [...allowedActions(w.state)],
    moveId: CHECKED_STATES.includes(w.state) && w.pendingOperation !== null && !w.pendingOperation.startsWith('{') ? w.pendingOperation : null,
    error: w.error,
  };
}

/** Copies what the service knows onto the local record (state is decided by the caller). */
export function withServiceFields(w: LocalWithdrawal, tx: Transaction): LocalWithdrawal {
  return {
    ...w,
    txId: tx.id,
    serviceStatus: tx.status,
    createdAt: tx.createdAt,
    fee: tx.fee?.toFixed() ?? w.fee,
    network: tx.networkCode ?? w.network,
    // The service records what will arrive; keep what the user typed when we prepared it here.
    amount: w.preparedBy !== null ? w.amount : tx.amount.abs().toFixed(),
    address: tx.address ?? w.address,
    paymentId: tx.paymentId ?? w.paymentId,
    publicComment: tx.publicComment ?? w.publicComment,
  };
}
