// The wallet ↔ spot transfer of one currency: the amount checked against the side it leaves, the
// transfer call, and what happens when its outcome is unknown. An uncertain transfer locks the form
// and follows the ledger's move until it is settled: found (done), absent (the form opens again for
// a new, confirmed transfer) or ambiguous (a person chooses). It is never re-sent blindly.
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { MergedBalance, PendingMoveView, WalletSide } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { checkAmountInput, type AmountCheck } from '../money/amount-input';
import { precisionOf, type Precisions } from '../money/money-format';
import { useOpenMove, usePendingMove } from '../pending/use-pending-moves';

export interface TransferForm {
  from: Ref<WalletSide>;
  to: ComputedRef<WalletSide>;
  amount: Ref<string>;
  touched: Ref<boolean>;
  sending: Ref<boolean>;
  /** The id of the last transfer whose outcome the service did not confirm. */
  uncertainMoveId: Ref<string | null>;
  /** The last refusal, in plain words with its code. */
  failure: Ref<string | null>;
  /** The transfer this form sent, or one of this currency still unsettled (after a reload, too). */
  move: ComputedRef<PendingMoveView | null>;
  /** Locked while the last transfer may still have happened. */
  locked: ComputedRef<boolean>;
  available: ComputedRef<string>;
  check: ComputedRef<AmountCheck>;
  fieldError: ComputedRef<string | undefined>;
  fillMax: () => void;
  /** Shows the amount's error; the amount to confirm, or null while the form is locked or wrong. */
  amountToConfirm: () => string | null;
  send: (amount: string) => Promise<void>;
}

const UNSETTLED: readonly PendingMoveView['state'][] = ['sending', 'uncertain', 'ambiguous'];

export const sideLabel = (side: WalletSide): string => (side === 'wallet' ? 'wallet' : 'spot');

/** `onMoved` gets the confirmation to show once the money has moved (answered, or found later). */
export function useTransferForm(
  balance: () => MergedBalance,
  precision: () => Precisions,
  onMoved: (notice: string) => void,
): TransferForm {
  const { api } = useBridge();
  const from = ref<WalletSide>('wallet');
  const amount = ref('');
  const touched = ref(false);
  const sending = ref(false);
  const uncertainMoveId = ref<string | null>(null);
  const failure = ref<string | null>(null);
  const sentMove = usePendingMove(() => uncertainMoveId.value);
  const openMove = useOpenMove('transfer', () => balance().currency);
  const move = computed(() => sentMove.value ?? openMove.value);
  const locked = computed(() => (move.value === null ? uncertainMoveId.value !== null : UNSETTLED.includes(move.value.state)));

  const to = computed<WalletSide>(() => (from.value === 'wallet' ? 'spot' : 'wallet'));
  const available = computed(() => balance()[from.value].available);
  const check = computed(() =>
    checkAmountInput(amount.value, {
      decimals: precisionOf(balance().currency, precision()),
      currency: balance().currency,
      max: available.value,
    }),
  );
  const fieldError = computed(() => (touched.value && !check.value.ok ? check.value.message : undefined));

  function clearAmount(): void {
    amount.value = '';
    touched.value = false;
  }

  watch(() => balance().currency, () => {
    clearAmount();
    uncertainMoveId.value = null;
    failure.value = null;
  });

  watch(() => move.value?.state, (state) => {
    if (state !== 'found' || move.value === null) return;
    const notice = `Moved ${move.value.amount} ${move.value.currency}: found in the history`;
    clearAmount();
    onMoved(notice);
  });

  function fillMax(): void {
    amount.value = available.value;
    touched.value = true;
  }

  function amountToConfirm(): string | null {
    if (locked.value) return null;
    touched.value = true;
    failure.value = null;
    return check.value.ok ? check.value.amount.toFixed() : null;
  }

  async function send(text: string): Promise<void> {
    const currency = balance().currency;
    sending.value = true;
    const result = await api.transferFunds({ currency, amount: text, from: from.value, to: to.value });
    sending.value = false;
    if (!result.ok) {
      failure.value = appErrorText(result.error);
      return;
    }
    if (result.value.state === 'uncertain') {
      uncertainMoveId.value = result.value.moveId;
      return;
    }
    uncertainMoveId.value = null;
    const notice = `Moved ${text} ${currency} to ${sideLabel(to.value)}`;
    clearAmount();
    onMoved(notice);
  }

  return { from, to, amount, touched, sending, uncertainMoveId, failure, move, locked, available, check, fieldError, fillMax, amountToConfirm, send };
}
