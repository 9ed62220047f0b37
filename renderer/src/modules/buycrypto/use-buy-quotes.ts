// The quote board of what is being bought, kept fresh while it is shown: asked once the request
// has stopped changing for QUOTE_SETTLE_MS, again QUOTE_REFRESH_MS after each answer, and at once
// on refresh().
// The board is stamped when it arrives and its age counts on a ticking clock. An answer to an
// older request is dropped; a board stays on screen while a newer one is asked (it is marked as
// not current until the newer one arrives), so the table does not jump while the person types.
// A board that goes stale is said aloud, once.
import { computed, onScopeDispose, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, BuyQuoteRequest, Result } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { announce } from '../a11y/announcer';
import { isBoardStale, requestKey, type ReceivedBoard } from './buy-board';

export const QUOTE_SETTLE_MS = 400;
export const QUOTE_REFRESH_MS = 15_000;
/** How often the age on screen moves on. */
export const QUOTE_TICK_MS = 1_000;

export interface BuyQuoteFeed {
  /** The newest board received, for this request or the one before it. */
  board: Ref<ReceivedBoard | null>;
  /** True while the form holds a request to quote. */
  active: ComputedRef<boolean>;
  /** True when `board` answers the request now on the form. */
  current: ComputedRef<boolean>;
  loading: Ref<boolean>;
  /** main's refusal of the current request, or null. */
  error: Ref<AppError | null>;
  /** This computer's clock, ticking while the feed lives. */
  now: Ref<number>;
  stale: ComputedRef<boolean>;
  /** Asks the current request again at once; the new board also becomes `board`. */
  refresh: () => Promise<Result<ReceivedBoard> | null>;
}

export function useBuyQuotes(request: () => BuyQuoteRequest | null): BuyQuoteFeed {
  const { api } = useBridge();
  const board = ref<ReceivedBoard | null>(null);
  const loading = ref(false);
  const error = ref<AppError | null>(null);
  const now = ref(Date.now());
  let asked = 0;
  /** The next ask: QUOTE_SETTLE_MS after an edit, QUOTE_REFRESH_MS after an answer. */
  let next: ReturnType<typeof setTimeout> | undefined;
  const askIn = (ms: number) => {
    clearTimeout(next);
    next = setTimeout(() => void ask(), ms);
  };

  const key = computed(() => requestKey(request()));
  const current = computed(() => board.value !== null && board.value.key === key.value);
  const stale = computed(() => board.value !== null && isBoardStale(board.value, now.value));

  async function ask(): Promise<Result<ReceivedBoard> | null> {
    clearTimeout(next);
    const wanted = request();
    if (wanted === null) return null;
    const ticket = ++asked;
    const wantedKey = requestKey(wanted);
    loading.value = true;
    const result = await api.getBuyQuotes(wanted);
    if (ticket !== asked) return null; // a newer request took over
    loading.value = false;
    askIn(QUOTE_REFRESH_MS);
    if (!result.ok) {
      error.value = result.error;
      return result;
    }
    error.value = null;
    now.value = Date.now();
    board.value = { board: result.value, receivedAt: now.value, key: wantedKey };
    return { ok: true, value: board.value };
  }

  watch(key, (wanted) => {
    clearTimeout(next);
    asked += 1; // an answer to the request before is no longer wanted
    loading.value = false;
    error.value = null;
    if (wanted === '') board.value = null;
    else askIn(QUOTE_SETTLE_MS);
  }, { immediate: true });

  watch(stale, (isStale, wasStale) => {
    if (isStale && !wasStale) announce('The quotes are too old to buy from: Coffer is asking for new ones.');
  });

  const ticker = setInterval(() => (now.value = Date.now()), QUOTE_TICK_MS);
  onScopeDispose(() => {
    clearTimeout(next);
    clearInterval(ticker);
    asked += 1;
  });

  return { board, active: computed(() => key.value !== ''), current, loading, error, now, stale, refresh: ask };
}
