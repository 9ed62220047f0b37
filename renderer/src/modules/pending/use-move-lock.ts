// A form that sends money once and never repeats it by itself: when an answer is lost, the form
// locks and follows the ledger's move until it is settled — found (done), absent (the form opens
// again for a new, confirmed move) or ambiguous (a person chooses). After a reload, an unsettled
// move of the same kind and currency locks it too.
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { PendingMoveKind, PendingMoveView } from '../../../../preload/contract';
import { useOpenMove, usePendingMove } from './use-pending-moves';

export interface MoveLock {
  /** The id of the last move whose outcome the service did not confirm. */
  uncertainMoveId: Ref<string | null>;
  /** The move this form sent, or one of its kind and currency still unsettled. */
  move: ComputedRef<PendingMoveView | null>;
  /** Locked while the last move may still have happened. */
  locked: ComputedRef<boolean>;
}

const UNSETTLED: readonly PendingMoveView['state'][] = ['sending', 'uncertain', 'ambiguous'];

/** `onFound` runs once the ledger finds a move of this form in the history; `belongs` narrows which
 *  unsettled moves of the kind and currency lock the form (by default, all of them). */
export function useMoveLock(
  kind: PendingMoveKind,
  currency: () => string,
  onFound: (move: PendingMoveView) => void,
  belongs?: (move: PendingMoveView) => boolean,
): MoveLock {
  const uncertainMoveId = ref<string | null>(null);
  const sentMove = usePendingMove(() => uncertainMoveId.value);
  const openMove = useOpenMove(kind, currency, belongs);
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
