// The wallet as the renderer knows it: state only, updated synchronously by use-wallet.ts.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { CurrencyInfo, MergedBalance, WalletOverview } from '../../../../preload/contract/wallet';
import { applyBalanceUpdate } from './wallet-rows';

export const useWalletStore = defineStore('wallet', () => {
  const overview = ref<WalletOverview | null>(null);
  const currencies = ref<CurrencyInfo[]>([]);
  /** The profile the currency list was read for: another profile's service may list others. */
  const currenciesFor = ref<string | null>(null);
  const live = ref(false);
  const liveDetail = ref<string | null>(null);
  const loading = ref(false);
  const loadError = ref<AppError | null>(null);

  const currencyByCode = computed(() => new Map(currencies.value.map((currency) => [currency.code, currency])));
  const precision = computed<Record<string, number>>(() => ({
    ...Object.fromEntries(currencies.value.map((currency) => [currency.code, currency.precision])),
    ...(overview.value?.precision ?? {}),
  }));

  function setOverview(next: WalletOverview): void {
    overview.value = next;
    live.value = next.live;
    loadError.value = null;
  }

  function applyBalances(profileId: string, balances: MergedBalance[]): void {
    if (overview.value === null || overview.value.profileId !== profileId) return;
    overview.value = applyBalanceUpdate(overview.value, balances);
  }

  function setLive(profileId: string, next: boolean, detail: string | undefined): void {
    if (overview.value !== null && overview.value.profileId !== profileId) return;
    live.value = next;
    liveDetail.value = detail ?? null;
  }

  function setCurrencies(profileId: string | null, list: CurrencyInfo[]): void {
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

  function setLoadError(error: AppError | null): void {
    loadError.value = error;
  }

  return {
    overview, currencies, live, liveDetail, loading, loadError, currencyByCode, precision,
    setOverview, applyBalances, setLive, setCurrencies, hasCurrenciesFor, setLoading, setLoadError,
  };
});
