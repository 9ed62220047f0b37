// Async buy-crypto reads. useBuyCryptoSync() is the one app-wide subscription (what the providers
// offer, the account's orders, then buyOrderUpdated events and the arrival notice), started once
// by whichever screen needs it first and read again whenever the link comes back or the profile
// changes; it lives as long as the app, so an order followed from this page still announces its
// coins after the person has moved on — on screen and, through the live region, to a screen reader.
import { useMessage } from 'naive-ui';
import { useBridge } from '../../bridge-key';
import { announce } from '../a11y/announcer';
import { browserNotificationApi } from '../approvals/deadline-notifier';
import { loadWhenReady } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { createArrivalNotifier, type ArrivalNotifier } from './arrival-notifier';
import { useBuyStore } from './buy-store';

let notifier: ArrivalNotifier | null = null;

/** The notifier shared by the sync and by the confirm click that asks permission. */
export function arrivalNotifier(): ArrivalNotifier | null {
  return notifier;
}

export interface BuyCryptoSync {
  loadOrders: () => Promise<void>;
  loadOptions: () => Promise<void>;
}

export function useBuyCryptoSync(): BuyCryptoSync {
  const { api } = useBridge();
  const store = useBuyStore();
  const profiles = useProfilesStore();
  const message = useMessage();

  async function loadOptions(): Promise<void> {
    const profileId = profiles.activeProfileId;
    const result = await api.listBuyOptions();
    if (result.ok) store.setOptions(profileId, result.value);
    else store.setOptions(profileId, null, result.error);
  }

  async function loadOrders(): Promise<void> {
    const profileId = profiles.activeProfileId;
    store.setOrdersLoading(true);
    const result = await api.listBuyOrders();
    store.setOrdersLoading(false);
    if (profiles.activeProfileId !== profileId) return; // another profile's answer
    if (result.ok) store.setOrders(profileId, result.value);
    else store.setOrdersError(result.error);
  }

  if (store.syncing) return { loadOrders, loadOptions };
  store.setSyncing(true);
  notifier = createArrivalNotifier(browserNotificationApi(), (title, body) => {
    message.success(`${title}: ${body}.`, { duration: 12_000, closable: true });
    announce(`${title}: ${body}.`);
  });
  loadWhenReady(
    async () => {
      await Promise.all([loadOptions(), loadOrders()]);
    },
    () => {
      api.on('buyOrderUpdated', ({ profileId, order, arrived }) => {
        if (profiles.activeProfileId !== null && profileId !== profiles.activeProfileId) return;
        store.applyOrder(profileId, order);
        if (arrived) notifier?.arrived(order, store.options?.precision ?? {});
      });
    },
  );
  return { loadOrders, loadOptions };
}
