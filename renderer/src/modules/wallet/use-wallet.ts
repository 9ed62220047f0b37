// Async wallet work: loads the overview and currencies through the bridge, follows the
// walletBalances / walletLive events (no polling while they flow), reads again on a period while
// the last read failed, and values it in the currency chosen (here or in Settings: one saved choice).
import { computed, onScopeDispose, toRef, type ComputedRef, type Ref } from 'vue';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { reloadOnLinkOrProfile } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { displayPreferences, setValuationPreference } from '../display/display-preferences';
import { readWallet, takeEarlyWalletRead, type WalletStreamEvent } from './early-wallet-read';
import { useWalletStore } from './wallet-store';

/** While the last read failed (an outage, maintenance), how often the page tries again on its own. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

export interface WalletLoader {
  /** The currency the total is valued in, remembered across launches. */
  valuation: Ref<string>;
  load: () => Promise<void>;
  setValuation: (currency: string) => Promise<void>;
}

/** Call from a component's setup: subscriptions end with the component. */
export function useWallet(): WalletLoader {
  const { api } = useBridge();
  const store = useWalletStore();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const valuation = toRef(displayPreferences, 'valuation');

  async function load(): Promise<void> {
    store.setLoading(true);
    const profileId = profiles.activeProfileId;
    try {
      const early = takeEarlyWalletRead(profileId, valuation.value);
      const { overview, currencies } = await (early?.read ?? readWallet(api, valuation.value, !store.hasCurrenciesFor(profileId)));
      if (overview.ok) store.setOverview(overview.value);
      else store.setLoadError(profileId, overview.error);
      if (currencies?.ok) store.setCurrencies(profileId, currencies.value);
      for (const event of early?.since ?? []) applyStreamEvent(event);
    } finally {
      store.setLoading(false);
    }
  }

  function applyStreamEvent(event: WalletStreamEvent): void {
    if (event.name === 'walletBalances') store.applyBalances(event.payload.profileId, event.payload.balances);
    else store.setLive(event.payload.profileId, event.payload.live, event.payload.detail);
  }

  async function setValuation(currency: string): Promise<void> {
    setValuationPreference(currency);
    await load();
  }

  const stops = [
    api.on('walletBalances', (payload) => applyStreamEvent({ name: 'walletBalances', payload })),
    api.on('walletLive', (payload) => applyStreamEvent({ name: 'walletLive', payload })),
  ];
  const retry = setInterval(() => {
    if (store.loadError !== null && !store.loading && connection.transport.kind === 'ready') void load();
  }, RETRY_AFTER_FAILURE_MS);
  onScopeDispose(() => {
    stops.forEach((stop) => stop());
    clearInterval(retry);
  });

  reloadOnLinkOrProfile(load);

  return { valuation, load, setValuation };
}

/**
 * Reads the overview again in the valuation shown (or the remembered one) for a form outside the
 * wallet page: a balance it checks against must be known, or fresh after money moved. With
 * `onlyIfMissing`, an overview loaded meanwhile by someone else is kept.
 */
export function useOverviewRefresh(): (options?: { onlyIfMissing?: boolean }) => Promise<void> {
  const { api } = useBridge();
  const store = useWalletStore();
  const valuation = useValuation();
  return async ({ onlyIfMissing = false } = {}) => {
    const overview = await api.getWalletOverview({ valuationCurrency: valuation.value });
    if (overview.ok && (!onlyIfMissing || store.overview === null)) store.setOverview(overview.value);
  };
}

/** The valuation currency chosen on the Wallet or in Settings, which every page values in. */
export function useValuation(): ComputedRef<string> {
  return computed(() => displayPreferences.valuation);
}
