// The wallet ↔ spot transfer of one currency, for the currency drawer and the Transfers page: the
// amount checked against the side it leaves, the transfer call, and what happens when its outcome
// is unknown. An uncertain transfer locks the form and follows the ledger's move until it is
// settled (see useMoveLock). It is never re-sent blindly.
import { computed, ref, watch, type ComputedRef, type Ref, type WritableComputedRef } from 'vue';
import type { MergedBalance, PendingMoveView, WalletSide } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { checkAmountInput, type AmountCheck } from '../money/amount-input';
import { precisionOf, type Precisions } from '../money/money-format';
import { useMoveLock } from '../pending/use-move-lock';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';
import { useWalletStore } from './wallet-store';

export const TRANSFER_FIELDS = ['currency', 'to', 'amount'] as const;
export type TransferField = (typeof TRANSFER_FIELDS)[number];

export interface TransferForm {
  /** Choosing the side the money leaves turns the other side into the destination. */
  from: WritableComputedRef<WalletSide>;
  to: Ref<WalletSide>;
  amount: Ref<string>;
  touched: Ref<boolean>;
  sending: Ref<boolean>;
  /** The id of the last transfer whose outcome the service did not confirm. */
  uncertainMoveId: Ref<string | null>;
  /** The last refusal that names no field of the form, in plain words with its code. */
  failure: Ref<string | null>;
  /** The transfer this form sent, or one of this currency still unsettled (after a reload, too). */
  move: ComputedRef<PendingMoveView | null>;
  /** Locked while the last transfer may still have happened. */
  locked: ComputedRef<boolean>;
  available: ComputedRef<string>;
  check: ComputedRef<AmountCheck>;
  /** The amount's error: shown once touched, or main's refusal of it. */
  fieldError: ComputedRef<string | undefined>;
  /** The currency cannot be transferred (the service switched it off), or main refused it. */
  currencyError: ComputedRef<string | undefined>;
  /** Source and destination are the same side. */
  directionError: ComputedRef<string | undefined>;
  /** The first field with an error, in the form's order, once the person tried to send. */
  firstError: ComputedRef<TransferField | null>;
  fillMax: () => void;
  /** Shows every error; the amount to confirm, or null while the form is locked or wrong. */
  amountToConfirm: () => string | null;
  send: (amount: string) => Promise<void>;
}

export const sideLabel = (side: WalletSide): string => (side === 'wallet' ? 'wallet' : 'spot');
const otherSide = (side: WalletSide): WalletSide => (side === 'wallet' ? 'spot' : 'wallet');

const fieldOf = fieldsOf(TRANSFER_FIELDS);

/**
 * `onMoved` gets the confirmation to show once the money has moved (answered, or found later);
 * `onScreen` says which fields the form shows (a refusal on another is said as the form's failure).
 */
export function useTransferForm(
  balance: () => MergedBalance,
  precision: () => Precisions,
  onMoved: (notice: string) => void,
  onScreen: (field: TransferField) => boolean = () => true,
): TransferForm {
  const { api } = useBridge();
  const store = useWalletStore();
  const fromSide = ref<WalletSide>('wallet');
  const to = ref<WalletSide>('spot');
  const amount = ref('');
  const touched = ref(false);
  const sending = ref(false);
  const failure = ref<string | null>(null);
  const serverErrors = ref<Partial<Record<TransferField, string>>>({});
  const { uncertainMoveId, move, locked } = useMoveLock('transfer', () => balance().currency, (found) => {
    clearAmount();
    onMoved(`Moved ${found.amount} ${found.currency}: found in the history`);
  });

  const from = computed<WalletSide>({
    get: () => fromSide.value,
    set: (side) => {
      if (to.value === side) to.value = otherSide(side);
      fromSide.value = side;
    },
  });
  const available = computed(() => balance()[from.value].available);
  const check = computed(() =>
    checkAmountInput(amount.value, {
      decimals: precisionOf(balance().currency, precision()),
      currency: balance().currency,
      max: available.value,
    }),
  );
  const fieldError = computed(() => serverErrors.value.amount ?? (touched.value && !check.value.ok ? check.value.message : undefined));
  const currencyError = computed(() => {
    if (serverErrors.value.currency) return serverErrors.value.currency;
    const info = store.currencyByCode.get(balance().currency);
    return info?.transferEnabled === false ? `Transfers of ${info.code} are switched off by the service for now.` : undefined;
  });
  const directionError = computed(() =>
    serverErrors.value.to ?? (from.value === to.value ? 'Choose the other side: money moves from one side to the other.' : undefined),
  );
  const firstError = computed<TransferField | null>(() => {
    if (currencyError.value) return 'currency';
    if (directionError.value) return 'to';
    return fieldError.value ? 'amount' : null;
  });

  function clearAmount(): void {
    amount.value = '';
    touched.value = false;
  }

  watch(() => balance().currency, () => {
    clearAmount();
    uncertainMoveId.value = null;
    failure.value = null;
    serverErrors.value = {};
  });
  watch([amount, from, to], () => {
    if (Object.keys(serverErrors.value).length > 0) serverErrors.value = {};
  });

  function fillMax(): void {
    amount.value = available.value;
    touched.value = true;
  }

  function amountToConfirm(): string | null {
    if (locked.value) return null;
    touched.value = true;
    failure.value = null;
    if (currencyError.value || directionError.value || !check.value.ok) return null;
    return check.value.amount.toFixed();
  }

  async function send(text: string): Promise<void> {
    const currency = balance().currency;
    const destination = to.value;
    sending.value = true;
    const result = await api.transferFunds({ currency, amount: text, from: from.value, to: destination });
    sending.value = false;
    if (!result.ok) {
      const place = placeRefusal(result.error, fieldOf, onScreen);
      if (place.field === null) failure.value = place.message;
      else serverErrors.value = { [place.field]: place.message };
      return;
    }
    if (result.value.state === 'uncertain') {
      uncertainMoveId.value = result.value.moveId;
      return;
    }
    uncertainMoveId.value = null;
    clearAmount();
    onMoved(`Moved ${text} ${currency} to ${sideLabel(destination)}`);
  }

  return {
    from, to, amount, touched, sending, uncertainMoveId, failure, move, locked, available, check,
    fieldError, currencyError, directionError, firstError, fillMax, amountToConfirm, send,
  };
}
