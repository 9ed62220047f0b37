// The ledger lock of the sub-account transfer form, scoped to one sub-account and currency: a
// transfer whose answer was lost locks the form until the ledger settles it (see useMoveLock),
// and after a reload an unsettled one with this account locks it too. Moves with other
// sub-accounts leave it alone.
import { computed, ref, watch } from 'vue';
import type { PendingMoveView } from '../../../../preload/contract';
import type { MoveLock } from '../pending/use-move-lock';
import { usePendingStore } from '../pending/pending-store';
import { usePendingMove } from '../pending/use-pending-moves';
import { isMoveOf } from './subaccount-moves';

const UNSETTLED: readonly PendingMoveView['state'][] = ['sending', 'uncertain', 'ambiguous'];

export function useSubAccountMoveLock(subAccountId: () => string | null, currency: () => string | null, onFound: (move: PendingMoveView) => void): MoveLock {
  const uncertainMoveId = ref<string | null>(null);
  const sentMove = usePendingMove(() => uncertainMoveId.value);
  const pending = usePendingStore();
  const openMove = computed(() => {
    const [id, code] = [subAccountId(), currency()];
    if (id === null || code === null) return null;
    const open = Object.values(pending.moves).filter((move) => move.currency === code && UNSETTLED.includes(move.state) && isMoveOf(move, id));
    return open.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  });
  const move = computed(() => sentMove.value ?? openMove.value);
  const locked = computed(() => (move.value === null ? uncertainMoveId.value !== null : UNSETTLED.includes(move.value.state)));

  watch(
    () => move.value?.state,
    (state) => {
      if (state === 'found' && move.value !== null) onFound(move.value);
    },
  );

  return { uncertainMoveId, move, locked };
}
