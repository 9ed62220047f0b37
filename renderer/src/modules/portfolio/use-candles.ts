// The candles panel's link to main: the symbols the market has (read once per profile), one
// symbol and period followed live — watchCandles when shown or changed, marketCandles merged as
// they come (a known opening time replaces its candle), stopCandles when the page is left. The
// symbol follows the chosen currency until the user picks one.
import { onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { CandleSeries, MarketSymbolInfo } from '../../../../preload/contract/portfolio';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { CHART_PERIODS, defaultSymbol, mergeCandles } from './candles-chart-config';

export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const DEFAULT_PERIOD: ChartPeriod = 'H4';

export interface Candles {
  symbols: Ref<MarketSymbolInfo[]>;
  symbol: Ref<string | null>;
  period: Ref<ChartPeriod>;
  series: Ref<CandleSeries | null>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
  /** The user's own choice: the symbol stops following the currency. */
  choose(symbol: string): void;
}

export function useCandles(currency: Ref<string | null>): Candles {
  const { api } = useBridge();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const symbols = shallowRef<MarketSymbolInfo[]>([]);
  const symbolsFor = ref<string | null>(null);
  const symbol = ref<string | null>(null);
  const period = ref<ChartPeriod>(DEFAULT_PERIOD);
  const series = shallowRef<CandleSeries | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let chosenByUser = false;
  let ticket = 0;
  let following = false;

  async function readSymbols(): Promise<void> {
    const profileId = profiles.activeProfileId;
    if (symbolsFor.value === profileId && symbols.value.length > 0) return;
    const answer = await api.marketSymbols();
    if (profileId !== profiles.activeProfileId) return;
    if (!answer.ok) {
      error.value = appErrorText(answer.error);
      return;
    }
    symbols.value = answer.value;
    symbolsFor.value = profileId;
    if (!chosenByUser || !answer.value.some((one) => one.symbol === symbol.value)) symbol.value = defaultSymbol(answer.value, currency.value);
  }

  async function follow(): Promise<void> {
    const chosen = symbol.value;
    if (chosen === null || connection.transport.kind !== 'ready') return;
    const mine = ++ticket;
    loading.value = true;
    following = true;
    const answer = await api.watchCandles({ symbol: chosen, period: period.value });
    if (mine !== ticket) return;
    loading.value = false;
    if (answer.ok) {
      series.value = answer.value;
      error.value = null;
    } else {
      series.value = null;
      error.value = appErrorText(answer.error);
    }
  }

  const stopEvents = api.on('marketCandles', (update) => {
    const current = series.value;
    if (update.profileId !== profiles.activeProfileId || current === null) return;
    if (update.symbol !== current.symbol || update.period !== current.period) return;
    series.value = { ...current, candles: mergeCandles(current.candles, update.candles) };
  });
  onScopeDispose(() => {
    stopEvents();
    ticket += 1;
    if (following) void api.stopCandles();
  });

  watch(
    () => [connection.transport.kind, profiles.activeProfileId] as const,
    async ([kind, profileId]) => {
      if (kind !== 'ready' || profileId === null) return;
      const before = symbol.value;
      await readSymbols();
      // A changed symbol is followed by the watcher below; the same one is followed again here
      // (a new link or profile has no stream yet).
      if (symbol.value === before) await follow();
    },
    { immediate: true },
  );
  watch([symbol, period], () => void follow());
  watch(currency, (code) => {
    if (!chosenByUser && symbols.value.length > 0) symbol.value = defaultSymbol(symbols.value, code);
  });

  return {
    symbols,
    symbol,
    period,
    series,
    loading,
    error,
    choose(next) {
      chosenByUser = true;
      symbol.value = next;
    },
  };
}
