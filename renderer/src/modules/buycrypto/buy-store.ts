// Buying crypto as the renderer knows it: state only, filled by use-buy-orders.ts — what the
// providers offer (methods, limits, precisions) and the account's orders, kept live by
// buyOrderUpdated events. It holds one profile's options and orders, forgotten the moment another
// profile becomes active.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError, BuyOptions, BuyOrderList, BuyOrderView } from '../../../../preload/contract';
import { scopeToActiveProfile } from '../profiles/profile-scope';
import { mergeOrders, withOrder } from './buy-order-rows';

export const useBuyStore = defineStore('buycrypto', () => {
  const options = ref<BuyOptions | null>(null);
  const optionsError = ref<AppError | null>(null);
  const orders = ref<BuyOrderView[]>([]);
  const unreadable = ref<BuyOrderList['unreadable']>([]);
  /** The profile the orders were read for; null before the first read. */
  const ordersFor = ref<string | null>(null);
  const ordersLoading = ref(false);
  const ordersError = ref<AppError | null>(null);
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);
  const scope = scopeToActiveProfile(() => {
    options.value = null;
    optionsError.value = null;
    orders.value = [];
    unreadable.value = [];
    ordersFor.value = null;
    ordersError.value = null;
  });

  function setOptions(profileId: string | null, next: BuyOptions | null, error: AppError | null = null): void {
    if (!scope.accepts(profileId)) return;
    if (next) options.value = next;
    optionsError.value = error;
  }

  function setOrders(profileId: string | null, list: BuyOrderList): void {
    if (!scope.accepts(profileId)) return;
    // Events can overtake a list read: what an event said last stays unless the list is further along.
    const kept = profileId === ordersFor.value ? orders.value : [];
    orders.value = mergeOrders(kept, list.orders);
    unreadable.value = list.unreadable;
    ordersFor.value = profileId;
    ordersError.value = null;
  }

  function applyOrder(profileId: string | null, order: BuyOrderView): void {
    if (!scope.accepts(profileId)) return;
    orders.value = withOrder(orders.value, order);
  }

  function setOrdersLoading(next: boolean): void {
    ordersLoading.value = next;
  }

  function setOrdersError(error: AppError | null): void {
    ordersError.value = error;
  }

  function setSyncing(next: boolean): void {
    syncing.value = next;
  }

  return {
    options, optionsError, orders, unreadable, ordersFor, ordersLoading, ordersError, syncing,
    setOptions, setOrders, applyOrder, setOrdersLoading, setOrdersError, setSyncing,
  };
});
