// Converting one currency into another at a live quote: the draft, the currencies the from-side
// can be priced in, the live quote (use-conversion-quote.ts), the review's pinned quote and its
// re-quote, and the conversion itself — sent once against the quote the person saw. An uncertain
// conversion locks the form until the ledger settles it.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, ConversionTarget, ConvertResult, PendingMoveView, Result } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { precisionOf } from '../money/money-format';
import { useWalletStore } from '../wallet/wallet-store';
import {
  CONVERT_FIELDS,
  conversionAmounts,
  emptyConvertDraft,
  validateConvert,
  type ConversionAmounts,
  type ConvertDraft,
  type ConvertErrors,
  type ConvertField,
  type ReceivedQuote,
} from './conversion-form';
import { balanceOf } from './transfer-rules';
import { useConversionQuote, type ConversionQuoteFeed } from './use-conversion-quote';
import { useMoveLock } from '../pending/use-move-lock';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';

/** What the review shows and what is sent: the quote it was worked out from stays fixed. */
export interface PinnedConversion {
  fromCurrency: string;
  toCurrency: string;
  anchor: ConvertDraft['anchor'];
  pay: string;
  receive: string;
  quote: ReceivedQuote;
}

export type ConvertDone = Extract<ConvertResult, { state: 'done' }> & { fromCurrency: string; toCurrency: string };

export type ConvertOutcome = { state: 'done'; result: ConvertDone } | { state: 'uncertain' } | { state: 'failed'; error: AppError };

export interface ConvertForm {
  draft: ConvertDraft;
  /** The currencies the from-currency can be converted into; null while loading or without one. */
  targets: Ref<ConversionTarget[] | null>;
  targetsError: Ref<AppError | null>;
  quote: ConversionQuoteFeed;
  amounts: ComputedRef<ConversionAmounts>;
  fromDecimals: ComputedRef<number>;
  toDecimals: ComputedRef<number>;
  /** The wallet's available balance of the from-currency. */
  available: ComputedRef<string | null>;
  errors: ComputedRef<ConvertErrors>;
  shownErrors: ComputedRef<ConvertErrors>;
  firstError: ComputedRef<ConvertField | null>;
  sending: Ref<boolean>;
  failure: Ref<string | null>;
  done: Ref<ConvertDone | null>;
  move: ComputedRef<PendingMoveView | null>;
  locked: ComputedRef<boolean>;
  touch: (field: ConvertField) => void;
  setAnchor: (anchor: ConvertDraft['anchor'], text: string) => void;
  fillMax: () => void;
  /** Shows every error; the conversion to review, or null. */
  pin: () => PinnedConversion | null;
  /** The same conversion at a fresh quote: the typed side kept, the other worked out again. */
  requote: (pinned: PinnedConversion) => Promise<Result<PinnedConversion>>;
  convert: (pinned: PinnedConversion) => Promise<ConvertOutcome>;
}

export function useConvertForm(): ConvertForm {
  const { api } = useBridge();
  const store = useWalletStore();
  const draft = reactive<ConvertDraft>(emptyConvertDraft());
  const touched = reactive(new Set<ConvertField>());
  const serverErrors = ref<ConvertErrors>({});
  const targets = ref<ConversionTarget[] | null>(null);
  const targetsError = ref<AppError | null>(null);
  const sending = ref(false);
  const failure = ref<string | null>(null);
  const done = ref<ConvertDone | null>(null);

  const pairReady = computed(() => Boolean(draft.fromCurrency && draft.toCurrency && draft.fromCurrency !== draft.toCurrency
    && (targets.value === null || targets.value.some((target) => target.currency === draft.toCurrency))));
  const quote = useConversionQuote(() => (pairReady.value ? { fromCurrency: draft.fromCurrency ?? '', toCurrency: draft.toCurrency ?? '' } : null));
  const fromDecimals = computed(() => quote.current.value?.quote.fromPrecision ?? precisionOf(draft.fromCurrency ?? '', store.precision));
  const toDecimals = computed(() => quote.current.value?.quote.toPrecision ?? precisionOf(draft.toCurrency ?? '', store.precision));
  const available = computed(() => (draft.fromCurrency ? balanceOf(store.overview, draft.fromCurrency).wallet.available : null));
  const amounts = computed(() => conversionAmounts(draft, quote.current.value?.quote ?? null));
  const errors = computed(() =>
    validateConvert(draft, {
      fromDecimals: fromDecimals.value,
      toDecimals: toDecimals.value,
      available: available.value,
      targets: targets.value,
      quote: quote.current.value,
      quoteProblem: quote.error.value ? appErrorText(quote.error.value) : targetsError.value ? appErrorText(targetsError.value) : null,
      now: quote.now.value,
    }),
  );
  const shownErrors = computed<ConvertErrors>(() => {
    const shown: ConvertErrors = {};
    for (const field of CONVERT_FIELDS) {
      const message = serverErrors.value[field] ?? (touched.has(field) ? errors.value[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  });
  const firstError = computed(() => CONVERT_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);

  const lock = useMoveLock('convert', () => draft.fromCurrency ?? '', () => clearAmounts());

  watch(
    () => draft.fromCurrency,
    async (from) => {
      targets.value = null;
      targetsError.value = null;
      lock.uncertainMoveId.value = null;
      if (!from) return;
      const result = await api.listConversionTargets({ fromCurrency: from });
      if (from !== draft.fromCurrency) return; // another currency was chosen meanwhile
      if (result.ok) targets.value = result.value;
      else targetsError.value = result.error;
    },
  );
  // A new price is not an edit: main's refusal of the quote goes once a newer quote is here.
  watch(() => quote.current.value?.quote.quoteId, () => {
    if (serverErrors.value.quote) serverErrors.value = { ...serverErrors.value, quote: undefined };
  });

  function touch(field: ConvertField): void {
    touched.add(field);
    if (serverErrors.value[field]) serverErrors.value = { ...serverErrors.value, [field]: undefined };
  }

  function clearAmounts(): void {
    draft.pay = '';
    draft.receive = '';
    touched.clear();
    serverErrors.value = {};
  }

  function setAnchor(anchor: ConvertDraft['anchor'], text: string): void {
    draft.anchor = anchor;
    if (anchor === 'pay') draft.pay = text;
    else draft.receive = text;
    touch(anchor);
  }

  function fillMax(): void {
    if (available.value === null) return;
    setAnchor('pay', available.value);
  }

  function pin(): PinnedConversion | null {
    CONVERT_FIELDS.forEach((field) => touched.add(field));
    failure.value = null;
    const current = quote.current.value;
    const { pay, receive } = amounts.value;
    if (lock.locked.value || current === null || pay === null || receive === null) return null;
    if (Object.values(shownErrors.value).some((message) => message !== undefined)) return null;
    return {
      fromCurrency: draft.fromCurrency ?? '', toCurrency: draft.toCurrency ?? '', anchor: draft.anchor,
      pay: pay.toFixed(), receive: receive.toFixed(), quote: current,
    };
  }

  async function requote(pinned: PinnedConversion): Promise<Result<PinnedConversion>> {
    const fresh = await quote.requote();
    if (!fresh.ok) return fresh;
    const typed = { ...draft, anchor: pinned.anchor, pay: pinned.pay, receive: pinned.receive };
    const next = conversionAmounts(typed, fresh.value.quote);
    if (next.pay === null || next.receive === null) {
      return { ok: false, error: { code: 'VALIDATION', message: 'The new quote gives no amount for this conversion.', field: 'quote' } };
    }
    return { ok: true, value: { ...pinned, pay: next.pay.toFixed(), receive: next.receive.toFixed(), quote: fresh.value } };
  }

  async function convert(pinned: PinnedConversion): Promise<ConvertOutcome> {
    sending.value = true;
    const result = await api.convertFunds({
      fromCurrency: pinned.fromCurrency, toCurrency: pinned.toCurrency, amount: pinned.pay, quoteId: pinned.quote.quote.quoteId,
    });
    sending.value = false;
    if (!result.ok) {
      const place = placeRefusal(result.error, fieldsOf(CONVERT_FIELDS, { amount: 'pay' }));
      if (place.field === null) failure.value = place.message;
      else serverErrors.value = { ...serverErrors.value, [place.field]: place.message };
      return { state: 'failed', error: result.error };
    }
    if (result.value.state === 'uncertain') {
      lock.uncertainMoveId.value = result.value.moveId;
      return { state: 'uncertain' };
    }
    lock.uncertainMoveId.value = null;
    done.value = { ...result.value, fromCurrency: pinned.fromCurrency, toCurrency: pinned.toCurrency };
    clearAmounts();
    return { state: 'done', result: done.value };
  }

  return {
    draft, targets, targetsError, quote, amounts, fromDecimals, toDecimals, available, errors, shownErrors, firstError,
    sending, failure, done, move: lock.move, locked: lock.locked, touch, setAnchor, fillMax, pin, requote, convert,
  };
}
