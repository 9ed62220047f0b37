// The ledger lock of the sub-account transfer form, scoped to one sub-account and currency: a
// transfer whose answer was lost locks the form until the ledger settles it (see useMoveLock),
// and after a reload an unsettled one with this account locks it too. Moves with other
// sub-accounts leave it alone.
import type { PendingMoveView } from '../../../../preload/contract';
import { useMoveLock, type MoveLock } from '../pending/use-move-lock';
import { isMoveOf } from './subaccount-moves';

export function useSubAccountMoveLock(subAccountId: () => string | null, currency: () => string | null, onFound: (move: PendingMoveView) => void): MoveLock {
  const withThisAccount = (move: PendingMoveView) => {
    const id = subAccountId();
    return id !== null && isMoveOf(move, id);
  };
  return useMoveLock('subAccountTransfer', () => currency() ?? '', onFound, withThisAccount);
}
