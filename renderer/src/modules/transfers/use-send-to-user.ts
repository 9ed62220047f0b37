// Sending to another user of the service: the draft, its errors as the person types, the wrong-
// side helper when spot holds the rest, and the call itself — made once, after the review where
// the identifier is typed again. An uncertain send locks the form until the ledger settles it.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, CurrencyInfo, MergedBalance, PendingMoveView } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { precisionOf } from '../money/money-format';
import { useWalletStore } from '../wallet/wallet-store';
import { SEND_FIELDS, emptySendDraft, sendAmount, toSendInput, validateSend, type SendDraft, type SendErrors, type SendField } from './send-form';
import { balanceOf } from './transfer-rules';
import { useMoveLock } from '../pending/use-move-lock';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';
import { useWrongSide, type WrongSideHelper } from './use-wrong-side';

export interface SentToUser {
  transactionId: string;
  amount: string;
  currency: string;
  by: SendDraft['by'];
  identifier: string;
}

/** review: open the review. errors: a field is wrong. wrong-side: move from spot first. locked: a send may still be happening. */
export type ReviewGate = 'review' | 'errors' | 'wrong-side' | 'locked';

export type SendOutcome =
  | { state: 'done'; sent: SentToUser }
  | { state: 'uncertain' }
  /** Refused; `again` when the identifier typed at the review is what main refused. */
  | { state: 'failed'; error: AppError; again: boolean };

export interface SendToUserForm {
  draft: SendDraft;
  currency: ComputedRef<CurrencyInfo | undefined>;
  balance: ComputedRef<MergedBalance | null>;
  decimals: ComputedRef<number>;
  /** The amount as it will be sent, once valid. */
  amount: ComputedRef<string | null>;
  errors: ComputedRef<SendErrors>;
  /** Errors of touched fields, and main's, as the form shows them. */
  shownErrors: ComputedRef<SendErrors>;
  firstError: ComputedRef<SendField | null>;
  wrongSide: WrongSideHelper;
  sending: Ref<boolean>;
  /** The last refusal that names no field, in plain words with its code. */
  failure: Ref<string | null>;
  /** The last send that went through (answered, or found in the history later). */
  sent: Ref<SentToUser | null>;
  move: ComputedRef<PendingMoveView | null>;
  locked: ComputedRef<boolean>;
  /** The field shows its errors from now on (and main's refusal of it goes). */
  touch: (field: SendField) => void;
  /** The field was edited: main's refusal of it goes; its own errors wait for touch. */
  edit: (field: SendField) => void;
  fillMax: () => void;
  /** Shows every error; says whether the review may open. */
  review: () => ReviewGate;
  send: (identifierAgain: string) => Promise<SendOutcome>;
}

/** `openReview` opens the review: after the wrong-side helper has moved what was missing. */
export function useSendToUser(openReview: () => void): SendToUserForm {
  const { api } = useBridge();
  const store = useWalletStore();
  const draft = reactive<SendDraft>(emptySendDraft());
  const touched = reactive(new Set<SendField>());
  const serverErrors = ref<SendErrors>({});
  const sending = ref(false);
  const failure = ref<string | null>(null);
  const sent = ref<SentToUser | null>(null);

  const currency = computed(() => (draft.currency ? store.currencyByCode.get(draft.currency) : undefined));
  const balance = computed(() => (draft.currency ? balanceOf(store.overview, draft.currency) : null));
  const decimals = computed(() => precisionOf(draft.currency ?? '', store.precision));
  const amount = computed(() => sendAmount(draft, decimals.value));
  const errors = computed(() => validateSend(draft, { info: currency.value, balance: balance.value, decimals: decimals.value }));
  const shownErrors = computed<SendErrors>(() => {
    const shown: SendErrors = {};
    for (const field of SEND_FIELDS) {
      const message = serverErrors.value[field] ?? (touched.has(field) ? errors.value[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  });
  const firstError = computed(() => SEND_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);

  const wrongSide = useWrongSide({
    currency: () => draft.currency,
    needed: () => (errors.value.amount || errors.value.currency ? null : amount.value),
    next: () => {
      if (review() === 'review') openReview();
    },
  });
  const lock = useMoveLock('internalWithdraw', () => draft.currency ?? '', (found) => {
    sent.value = { transactionId: found.txIds[0] ?? '', amount: found.amount, currency: found.currency, by: draft.by, identifier: found.destination ?? '' };
    clear();
  });

  watch(() => draft.currency, () => {
    lock.uncertainMoveId.value = null;
    failure.value = null;
  });

  function touch(field: SendField): void {
    touched.add(field);
    edit(field);
  }

  function edit(field: SendField): void {
    if (serverErrors.value[field]) serverErrors.value = { ...serverErrors.value, [field]: undefined };
  }

  function clear(): void {
    draft.amount = '';
    draft.identifier = '';
    touched.clear();
    serverErrors.value = {};
  }

  function fillMax(): void {
    if (balance.value === null) return;
    draft.amount = balance.value.wallet.available;
    touch('amount');
  }

  function review(): ReviewGate {
    SEND_FIELDS.forEach((field) => touched.add(field));
    failure.value = null;
    if (lock.locked.value || wrongSide.busy.value) return 'locked';
    if (Object.values(shownErrors.value).some((message) => message !== undefined)) return 'errors';
    if (wrongSide.coverage.value.kind === 'with-spot') return 'wrong-side';
    return 'review';
  }

  async function send(identifierAgain: string): Promise<SendOutcome> {
    const input = toSendInput(draft, decimals.value, identifierAgain);
    sending.value = true;
    const result = await api.sendToUser(input);
    sending.value = false;
    if (!result.ok) {
      // The identifier typed again lives in the review dialog, which says its refusal itself.
      const again = result.error.field === 'identifierAgain';
      const place = placeRefusal(result.error, fieldsOf(SEND_FIELDS));
      if (place.field !== null) serverErrors.value = { ...serverErrors.value, [place.field]: place.message };
      else if (!again) failure.value = place.message;
      return { state: 'failed', error: result.error, again };
    }
    if (result.value.state === 'uncertain') {
      lock.uncertainMoveId.value = result.value.moveId;
      return { state: 'uncertain' };
    }
    lock.uncertainMoveId.value = null;
    sent.value = { transactionId: result.value.transactionId, amount: input.amount, currency: input.currency, by: input.by, identifier: input.identifier };
    clear();
    return { state: 'done', sent: sent.value };
  }

  return {
    draft, currency, balance, decimals, amount, errors, shownErrors, firstError, wrongSide, sending, failure, sent,
    move: lock.move, locked: lock.locked, touch, edit, fillMax, review, send,
  };
}
