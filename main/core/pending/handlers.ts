// The ledger's operations in the active profile's scope: the moves it holds, and a person's
// decision on an ambiguous move, or that a move not seen yet will not happen.
import type { PendingOperations } from '../../../preload/contract/pending';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const pendingHandlers: ScopedHandlers<keyof PendingOperations> = ({ ledger }) => ({
  listPendingMoves: async () => ok(ledger.list()),
  linkPendingMove: async ({ moveId, txId }) => ok(await ledger.link(moveId, txId)),
  dismissPendingMove: async ({ moveId }) => ok(ledger.dismiss(moveId)),
  abandonPendingMove: async ({ moveId }) => ok(ledger.abandon(moveId)),
});
