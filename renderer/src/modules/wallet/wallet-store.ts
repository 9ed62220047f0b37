// The wallet as the renderer knows it: state only, updated synchronously by use-wallet.ts. It
// holds one profile's wallet and forgets it the moment another profile becomes active.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { CurrencyInfo, MergedBalance, WalletOverview } from '../../../../preload/contract/wallet';
import { notLiveReason } from '../connection/freshness';
import { useReadMarks } from '../connection/read-marks';
import { scopeToActiveProfile } from '../profiles/profile-scope';
import { applyBalanceUpdate } from './wallet-rows';

export const useWalletStore = defineStore('wallet', () => {
  const overview = ref<WalletOverview | null>(null);
  const currencies = ref<CurrencyInfo[]>([]);
  /** The profile the currency list was read for: another profile's service may list others. */
  const currenciesFor = ref<string | null>(null);
  /** Whether main's balance streams of the held profile are up. */
  const streamLive = ref(false);
  const liveDetail = ref<string | null>(null);
  const loading = ref(false);
  const loadError = ref<AppError | null>(null);
  /** When the overview was last read whole or updated by the stream. */
  const reads = useReadMarks();

  const scope = scopeToActiveProfile(() => {
    overview.value = null;
    currencies.value = [];
    currenciesFor.value = null;
    streamLive.value = false;
    liveDetail.value = null;
    loadError.value = null;
    reads.forget();
  });

  const currencyByCode = computed(() => new Map(currencies.value.map((currency) => [currency.code, currency])));
  const precision = computed<Record<string, number>>(() => ({
    ...Object.fromEntries(currencies.value.map((currency) => [currency.code, currency.precision])),
    ...(overview.value?.precision ?? {}),
  }));
  const fresh = computed(() => reads.freshness(loadError.value, streamLive.value ? { up: true } : { up: false, detail: liveDetail.value }));
  /** Live only while the balances arrive from the active profile's streams over this link. */
  const live = computed(() => fresh.value.state === 'live');
  /** Why withdrawals and transfers are off, or null while the balances are live. */
  const blockedReason = computed(() => notLiveReason(fresh.value));

  /** Keeps an overview read for the active profile; another profile's (a late answer) is dropped. */
  function setOverview(next: WalletOverview): void {
    if (!scope.accepts(next.profileId)) return;
    overview.value = next;
    streamLive.value = next.live;
    loadError.value = null;
    reads.markRead();
  }

  function applyBalances(profileId: string, balances: MergedBalance[]): void {
    if (overview.value === null || overview.value.profileId !== profileId) return;
    overview.value = applyBalanceUpdate(overview.value, balances);
    reads.markUpdated();
  }

  function setLive(profileId: string, next: boolean, detail: string | undefined): void {
    if (!scope.accepts(profileId)) return;
    streamLive.value = next;
    liveDetail.value = detail ?? null;
  }

  function setCurrencies(profileId: string | null, list: CurrencyInfo[]): void {
    if (!scope.accepts(profileId)) return;
    currencies.value = list;
    currenciesFor.value = profileId;
  }

  /** Whether the currency list is the active profile's (else it must be read again). */
  function hasCurrenciesFor(profileId: string | null): boolean {
    return currencies.value.length > 0 && currenciesFor.value === profileId;
  }

  function setLoading(next: boolean): void {
    loading.value = next;
  }

  /** A failed read of the active profile (an answer for another profile is dropped). */
  function setLoadError(profileId: string | null, error: AppError | null): void {
    if (!scope.accepts(profileId)) return;
    loadError.value = error;
  }

  return {
    overview, currencies, live, liveDetail, loading, loadError, readAt: reads.readAt, fresh, blockedReason, currencyByCode, precision,
    setOverview, applyBalances, setLive, setCurrencies, hasCurrenciesFor, setLoading, setLoadError,
  };
});
