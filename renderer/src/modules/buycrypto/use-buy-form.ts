// Buying crypto at a reviewed quote: the draft and its errors (an amount no method takes is refused
// here, before any quote is asked), the live board (use-buy-quotes.ts), and the order itself —
// created once, for the row the person reviewed; main's refusals land on their field, a quote that
// went stale or moved refreshes the board and says why. An uncertain order locks buying the same
// pair until the ledger settles it.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, BuyOptions, BuyOrderView, BuyQuoteRow, PendingMoveView } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { useMoveLock } from '../pending/use-move-lock';
import { useProfilesStore } from '../profiles/profiles-store';
import type { ReceivedBoard } from './buy-board';
import {
  BUY_FIELDS, buyFieldOf, emptyBuyDraft, limitsHint, networksFor, pairLimits, quoteRequestOf, targetsFor, validateBuy,
  type BuyDraft, type BuyErrors, type BuyField,
} from './buy-form';
import { useBuyStore } from './buy-store';
import { arrivalNotifier } from './use-buy-orders';
import { useBuyQuotes, type BuyQuoteFeed } from './use-buy-quotes';

/** What the review shows and what is sent: the row as it was on the board the person chose from. */
export interface PinnedOffer {
  row: BuyQuoteRow;
  received: ReceivedBoard;
}

export type BuyOutcome =
  | { state: 'done'; order: BuyOrderView }
  | { state: 'uncertain'; reason: string; moveId: string }
  | { state: 'failed'; error: AppError; field: BuyField | null };

export interface BuyForm {
  draft: BuyDraft;
  options: ComputedRef<BuyOptions | null>;
  targets: ComputedRef<string[]>;
  networks: ComputedRef<string[]>;
  /** "Methods take 10 – 50,000 EUR" for the chosen pair, or null. */
  limitsHint: ComputedRef<string | null>;
  quotes: BuyQuoteFeed;
  shownErrors: ComputedRef<BuyErrors>;
  firstError: ComputedRef<BuyField | null>;
  sending: Ref<boolean>;
  /** A refusal with no field of its own. */
  failure: Ref<string | null>;
  move: ComputedRef<PendingMoveView | null>;
  locked: ComputedRef<boolean>;
  chooseSource: (code: string) => void;
  chooseTarget: (code: string) => void;
  /** The row to review, pinned to the board it came from; null when it cannot be bought. */
  pin: (row: BuyQuoteRow) => PinnedOffer | null;
  /** The same provider and method on a fresh board, or why there is none. */
  repin: (pinned: PinnedOffer) => Promise<PinnedOffer | string>;
  create: (pinned: PinnedOffer) => Promise<BuyOutcome>;
}

export function useBuyForm(): BuyForm {
  const { api } = useBridge();
  const store = useBuyStore();
  const profiles = useProfilesStore();
  const draft = reactive<BuyDraft>(emptyBuyDraft());
  /** Refusals of the order, until the field they name is edited (a quote's until the next board). */
  const refusals = ref<BuyErrors>({});
  const sending = ref(false);
  const failure = ref<string | null>(null);

  const options = computed(() => store.options);
  const targets = computed(() => (options.value ? targetsFor(options.value, draft.source) : []));
  const networks = computed(() => (options.value ? networksFor(options.value, draft.source, draft.target) : []));
  const limits = computed(() => (options.value ? pairLimits(options.value, draft.source, draft.target, draft.network) : null));
  const errors = computed(() => validateBuy(draft, options.value));
  const request = computed(() => quoteRequestOf(draft, errors.value));
  const quotes = useBuyQuotes(() => request.value);

  /**
   * Whether the person has asked for anything yet (typed an amount, or picked an offer): until then
   * a choice not made yet is no error — a first visit, its fiat chosen for the person, is not greeted
   * with "Choose the crypto you want to receive".
   */
  const asked = ref(false);
  watch(() => draft.amount, (amount) => {
    if (amount.trim() !== '') asked.value = true;
  });
  const notChosenYet = (field: BuyField) => (field === 'target' && !draft.target) || (field === 'network' && draft.network === null);

  const shownErrors = computed<BuyErrors>(() => {
    const quoteError = quotes.error.value;
    const quoteField = quoteError ? buyFieldOf(quoteError.field) : null;
    const shown: BuyErrors = {};
    for (const field of BUY_FIELDS) {
      const fromMain = refusals.value[field] ?? (quoteField === field && quoteError ? appErrorText(quoteError) : undefined);
      // Choosing comes first: "choose a crypto" is not an error until a fiat is chosen and something was asked.
      const local = field === 'source' || (field === 'target' && !draft.source) || (!asked.value && notChosenYet(field)) ? undefined : errors.value[field];
      const message = fromMain ?? local;
      if (message) shown[field] = message;
    }
    if (quoteError && quoteField === null && !shown.quote) shown.quote = appErrorText(quoteError);
    return shown;
  });
  const firstError = computed(() => BUY_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);

  const pairOf = (move: PendingMoveView) => move.destination?.split('>')[1] === draft.target;
  const lock = useMoveLock('buyCryptoOrder', () => draft.source ?? '', () => undefined, pairOf);

  for (const field of ['source', 'target', 'network', 'amount', 'side'] as const) {
    watch(() => draft[field], () => {
      const cleared = field === 'side' ? 'amount' : field;
      if (refusals.value[cleared] || refusals.value.quote) refusals.value = { ...refusals.value, [cleared]: undefined, quote: undefined };
    });
  }
  // A network is chosen for the person when the crypto arrives on one only (or the one chosen is gone).
  watch(networks, (list) => {
    if (draft.network !== null && list.includes(draft.network)) return;
    draft.network = list.length === 1 ? (list[0] ?? null) : null;
  });

  // The fiat is chosen for the person when the providers take only one.
  watch(() => options.value?.sources, (sources) => {
    if (draft.source === null && sources?.length === 1 && sources[0]) chooseSource(sources[0]);
  }, { immediate: true });

  function chooseSource(code: string): void {
    draft.source = code;
    if (draft.target !== null && !targets.value.includes(draft.target)) draft.target = null;
    lock.uncertainMoveId.value = null;
  }

  function chooseTarget(code: string): void {
    draft.target = code;
    lock.uncertainMoveId.value = null;
  }

  function pin(row: BuyQuoteRow): PinnedOffer | null {
    asked.value = true;
    const received = quotes.board.value;
    if (lock.locked.value || sending.value || received === null || !quotes.current.value) return null;
    if (row.quoteId === null || row.problem !== null || row.pay === null) return null;
    failure.value = null;
    return { row, received };
  }

  async function repin(pinned: PinnedOffer): Promise<PinnedOffer | string> {
    const result = await quotes.refresh();
    if (result === null) return 'The form changed meanwhile: choose an offer on the board again.';
    if (!result.ok) return appErrorText(result.error);
    const again = result.value.board.rows.find((r) => r.providerId === pinned.row.providerId && r.methodId === pinned.row.methodId);
    if (!again || again.quoteId === null || again.problem !== null) {
      return again?.problem ?? `${pinned.row.providerName} no longer quotes ${pinned.row.methodName} for this amount.`;
    }
    return { row: again, received: result.value };
  }

  async function create(pinned: PinnedOffer): Promise<BuyOutcome> {
    const { row, received } = pinned;
    const asked = received.board.request;
    arrivalNotifier()?.askOnce(); // first order: inside the person's click
    sending.value = true;
    failure.value = null;
    refusals.value = {};
    const result = await api.createBuyOrder({
      quote: row.quoteId ?? '',
      providerId: row.providerId,
      methodId: row.methodId,
      source: asked.source,
      target: asked.target,
      network: row.network ?? asked.network ?? draft.network ?? '',
      amount: row.pay ?? '',
    });
    sending.value = false;
    if (!result.ok) {
      const field = buyFieldOf(result.error.field);
      if (field !== null) refusals.value = { ...refusals.value, [field]: appErrorText(result.error) };
      else failure.value = appErrorText(result.error);
      if (field === 'quote') void quotes.refresh(); // the board the person chose from no longer stands
      return { state: 'failed', error: result.error, field };
    }
    if (result.value.state === 'uncertain') {
      lock.uncertainMoveId.value = result.value.moveId;
      return result.value;
    }
    lock.uncertainMoveId.value = null;
    store.applyOrder(profiles.activeProfileId, result.value.order);
    return { state: 'done', order: result.value.order };
  }

  return {
    draft, options, targets, networks, quotes, shownErrors, firstError, sending, failure, move: lock.move, locked: lock.locked,
    limitsHint: computed(() => (limits.value ? limitsHint(limits.value) : null)),
    chooseSource, chooseTarget, pin, repin, create,
  };
}
