// Follows the active orders while the Orders page is shown: watchOrders when it comes (and again
// whenever the link to main comes back or the profile changes), ordersChanged events for the
// active profile, stopOrders when it goes. Also reads the symbols orders may be placed on.
import { computed, onScopeDispose, type ComputedRef } from 'vue';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { freshness, type Freshness } from '../connection/freshness';
import { reloadOnLinkOrProfile } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { useOrdersStore } from './orders-store';

export interface OrdersFollower {
  /** Live only while main says the trading stream answers, over the link the snapshot came by. */
  fresh: ComputedRef<Freshness>;
  live: ComputedRef<boolean>;
  load: () => Promise<void>;
  loadSymbols: () => Promise<void>;
}

/** Call from the page's setup: the subscription ends with the page. */
export function useOrders(): OrdersFollower {
  const { api } = useBridge();
  const store = useOrdersStore();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();

  async function load(): Promise<void> {
    const profileId = profiles.activeProfileId;
    if (profileId === null) return;
    store.setLoading(true);
    try {
      const result = await api.watchOrders();
      if (result.ok) store.setSnapshot(profileId, result.value, connection.linkEpoch);
      else store.setLoadError(profileId, result.error);
    } finally {
      store.setLoading(false);
    }
  }

  async function loadSymbols(): Promise<void> {
    const profileId = profiles.activeProfileId;
    if (profileId === null) return;
    const result = await api.listTradingSymbols();
    if (result.ok) store.setSymbols(profileId, result.value);
    else store.setSymbols(profileId, [], result.error);
  }

  const stopListening = api.on('ordersChanged', ({ profileId, snapshot }) => store.setSnapshot(profileId, snapshot, connection.linkEpoch));
  onScopeDispose(() => {
    stopListening();
    // The page is gone: main stops following the stream for it (nothing to wait for).
    if (connection.transport.kind === 'ready') void api.stopOrders();
  });
  reloadOnLinkOrProfile(() => Promise.all([load(), store.symbols.length === 0 ? loadSymbols() : Promise.resolve()]).then(() => undefined));

  const fresh = computed<Freshness>(() => {
    const snapshot = store.snapshot;
    if (snapshot === null) return { state: 'empty' };
    return freshness({
      readAt: Date.parse(snapshot.asOf),
      readError: store.loadError ? appErrorText(store.loadError) : null,
      sameLink: connection.transport.kind === 'ready' && store.snapshotLink === connection.linkEpoch,
      stream: snapshot.live ? { up: true } : { up: false, detail: null },
    });
  });
  const live = computed(() => fresh.value.state === 'live');

  return { fresh, live, load, loadSymbols };
}
