// The withdrawal operations in the active profile's scope: fee estimates, prepare, the approval
// queue, commit and rollback, and the service clock the deadlines run on.
import type { WithdrawalOperations } from '../../../preload/contract/withdrawals';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const withdrawalHandlers: ScopedHandlers<keyof WithdrawalOperations> = ({ api, wallet, withdrawals }) => ({
  estimateWithdrawalFee: async (input) => ok(await wallet.estimateFee(input)),
  prepareWithdrawal: async (input) => ok(await withdrawals.prepare(input)),
  listApprovals: async () => ok(await withdrawals.listApprovals()),
  commitWithdrawal: async ({ id }) => ok(await withdrawals.commit(id)),
  rollbackWithdrawal: async ({ id, reason }) => ok(await withdrawals.rollback(id, reason)),
  getServiceClock: async () => ok({ offsetMs: Math.round(api.serviceNow() - Date.now()) }),
});
