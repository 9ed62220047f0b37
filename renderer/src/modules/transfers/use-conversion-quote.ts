// The live quote of the pair being converted: main follows the pair's price-rate stream and
// pushes conversionQuote events; the renderer stamps each quote when it arrives and counts its
// age from there on a ticking clock. Watching stops when the pair is cleared (the tab is left) or
// the component that asked for it ends. A re-quote reads one fresh price at once.
import { computed, onScopeDispose, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, ConversionPair, ConversionQuote, Result } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useProfilesStore } from '../profiles/profiles-store';
import { isStale, quoteAgeMs, type ReceivedQuote } from './conversion-form';

/** How often the age on screen moves on; also how late "stale" can show at worst. */
export const QUOTE_TICK_MS = 250;

export interface ConversionQuoteFeed {
  /** The newest quote of the pair, stamped with when it arrived. */
  current: Ref<ReceivedQuote | null>;
  /** Why the pair could not be priced (main's refusal), or null. */
  error: Ref<AppError | null>;
  /** This computer's clock, ticking while the feed lives. */
  now: Ref<number>;
  ageMs: ComputedRef<number | null>;
  stale: ComputedRef<boolean>;
  /** A fresh quote read at once; it also becomes `current`. */
  requote: () => Promise<Result<ReceivedQuote>>;
}

const keyOf = (pair: ConversionPair | null): string => (pair === null ? '' : `${pair.fromCurrency}>${pair.toCurrency}`);

export function useConversionQuote(pair: () => ConversionPair | null): ConversionQuoteFeed {
  const { api } = useBridge();
  const profiles = useProfilesStore();
  const current = ref<ReceivedQuote | null>(null);
  const error = ref<AppError | null>(null);
  const now = ref(Date.now());
  let watching = false;

  const stamp = (quote: ConversionQuote): ReceivedQuote => ({ quote, receivedAt: Date.now() });
  const isCurrentPair = (quote: ConversionPair) => keyOf(quote) === keyOf(pair());
  const ageMs = computed(() => (current.value === null ? null : quoteAgeMs(current.value, now.value)));
  const stale = computed(() => current.value !== null && isStale(current.value, now.value));

  function accept(quote: ConversionQuote): ReceivedQuote {
    const received = stamp(quote);
    now.value = received.receivedAt;
    if (isCurrentPair(quote)) current.value = received;
    return received;
  }

  function stop(): void {
    if (!watching) return;
    watching = false;
    void api.stopConversionQuote();
  }

  watch(
    () => keyOf(pair()),
    async (key) => {
      current.value = null;
      error.value = null;
      const next = pair();
      if (next === null) {
        stop();
        return;
      }
      watching = true;
      const result = await api.watchConversionQuote(next);
      if (key !== keyOf(pair())) return; // the pair changed meanwhile; its own watch answers
      if (result.ok) accept(result.value);
      else error.value = result.error;
    },
    { immediate: true },
  );

  const unsubscribe = api.on('conversionQuote', ({ profileId, quote }) => {
    if (profiles.activeProfileId !== null && profileId !== profiles.activeProfileId) return;
    if (isCurrentPair(quote)) {
      accept(quote);
      error.value = null;
    }
  });
  const ticker = setInterval(() => (now.value = Date.now()), QUOTE_TICK_MS);
  onScopeDispose(() => {
    clearInterval(ticker);
    unsubscribe();
    stop();
  });

  async function requote(): Promise<Result<ReceivedQuote>> {
    const asked = pair();
    if (asked === null) return { ok: false, error: { code: 'VALIDATION', message: 'Choose both currencies first.', field: 'toCurrency' } };
    const result = await api.getConversionQuote(asked);
    if (!result.ok) return result;
    return { ok: true, value: accept(result.value) };
  }

  return { current, error, now, ageMs, stale, requote };
}
