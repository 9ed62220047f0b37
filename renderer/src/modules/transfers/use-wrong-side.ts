// Funds on the wrong side: a payment from the wallet needs more than the wallet holds, but wallet
// and spot together cover it. One click moves exactly the missing amount spot → wallet (an
// ordinary transfer, audited and in the ledger) and, once it is done, hands over to the form's
// next step. An uncertain move stops there: the ledger settles it, and the next step is offered
// again only once the move is found — never sent on a guess.
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { PendingMoveView } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { usePendingMove } from '../pending/use-pending-moves';
import { useOverviewRefresh } from '../wallet/use-wallet';
import { useWalletStore } from '../wallet/wallet-store';
import { balanceOf, coverage, type Coverage } from './transfer-rules';

/** offer: the missing amount can be moved. moving: the transfer is on its way. checking: its answer
 *  was lost and the ledger is settling it. moved: it is on the wallet; the next step may go on. */
export type WrongSideState = 'offer' | 'moving' | 'checking' | 'moved';

export interface WrongSideOptions {
  currency: () => string | null;
  /** What the payment takes from the wallet (amount, plus the fee when it comes on top); null while unknown. */
  needed: () => string | null;
  /** The form's next step (its review), once the missing amount is on the wallet. */
  next: () => void;
}

export interface WrongSideHelper {
  coverage: ComputedRef<Coverage>;
  state: Ref<WrongSideState>;
  /** Whether there is anything to show: the offer, or a move under way or done. */
  active: ComputedRef<boolean>;
  /** True while the move from spot may still be happening: the form must not go on. */
  busy: ComputedRef<boolean>;
  /** The amount moved from spot, once it is on the wallet. */
  moved: Ref<string | null>;
  /** The ledger's move while its answer is being checked (or waits for a person). */
  move: ComputedRef<PendingMoveView | null>;
  failure: Ref<string | null>;
  /** Moves exactly the missing amount spot → wallet; call after the person confirmed it. */
  moveFromSpot: () => Promise<void>;
}

export function useWrongSide(options: WrongSideOptions): WrongSideHelper {
  const { api } = useBridge();
  const store = useWalletStore();
  const state = ref<WrongSideState>('offer');
  const moved = ref<string | null>(null);
  const failure = ref<string | null>(null);
  const movingAmount = ref<string | null>(null);
  const uncertainMoveId = ref<string | null>(null);
  const move = usePendingMove(() => uncertainMoveId.value);

  const covered = computed<Coverage>(() => {
    const code = options.currency();
    if (code === null) return { kind: 'unknown' };
    const balance = balanceOf(store.overview, code);
    return coverage(options.needed(), balance.wallet.available, balance.spot.available);
  });
  const active = computed(() => state.value !== 'offer' || covered.value.kind === 'with-spot');
  const busy = computed(() => state.value === 'moving' || state.value === 'checking');

  // A changed payment is a new question: what was moved stays moved, the offer is worked out again.
  watch([options.currency, options.needed], () => {
    if (state.value !== 'moved') return;
    state.value = 'offer';
    moved.value = null;
  });

  watch(
    () => move.value?.state,
    async (settled) => {
      if (settled === 'found') {
        await refreshBalances();
        moved.value = movingAmount.value;
        state.value = 'moved'; // the person continues by hand: time has passed since they asked
      } else if (settled === 'absent') {
        uncertainMoveId.value = null;
        state.value = 'offer';
        failure.value = 'The move from spot never took effect: nothing was moved. You may try again.';
      }
    },
  );

  /** The wallet's new balance before the next step checks the payment against it. */
  const refreshBalances = useOverviewRefresh();

  async function moveFromSpot(): Promise<void> {
    const code = options.currency();
    const plan = covered.value;
    if (code === null || plan.kind !== 'with-spot' || busy.value) return;
    failure.value = null;
    movingAmount.value = plan.missing;
    state.value = 'moving';
    const result = await api.transferFunds({ currency: code, amount: plan.missing, from: 'spot', to: 'wallet' });
    if (!result.ok) {
      state.value = 'offer';
      failure.value = appErrorText(result.error);
      return;
    }
    if (result.value.state === 'uncertain') {
      uncertainMoveId.value = result.value.moveId;
      state.value = 'checking';
      return;
    }
    await refreshBalances();
    moved.value = plan.missing;
    state.value = 'moved';
    options.next();
  }

  return { coverage: covered, state, active, busy, moved, move, failure, moveFromSpot };
}
