// Spot orders as the renderer knows them: state only, filled by use-orders.ts — the active orders
// and whether they follow the trading stream, and the symbols orders may be placed on. It holds
// one profile's orders, forgotten the moment another profile becomes active.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { OrdersSnapshot, TradingSymbol } from '../../../../preload/contract/orders';
import { scopeToActiveProfile } from '../profiles/profile-scope';
import { sumReserves } from './order-words';

export const useOrdersStore = defineStore('orders', () => {
  const snapshot = ref<OrdersSnapshot | null>(null);
  /** The link to main the snapshot arrived over (a snapshot of a lost link is not live). */
  const snapshotLink = ref(0);
  const loadError = ref<AppError | null>(null);
  const loading = ref(false);
  const symbols = ref<TradingSymbol[]>([]);
  const symbolsError = ref<AppError | null>(null);

  const scope = scopeToActiveProfile(() => {
    snapshot.value = null;
    loadError.value = null;
    symbols.value = [];
    symbolsError.value = null;
  });

  /** A snapshot read for, or pushed about, `profileId`: kept only while that profile is active. */
  function setSnapshot(profileId: string | null, next: OrdersSnapshot, linkEpoch: number): void {
    if (!scope.accepts(profileId)) return;
    snapshot.value = next;
    snapshotLink.value = linkEpoch;
    loadError.value = null;
  }

  /** Orders the service answered for (cancelled, found filled, or gone) leave the list at once; the
   * next snapshot from main confirms it. */
  function dropOrders(profileId: string | null, clientOrderIds: readonly string[]): void {
    if (!scope.accepts(profileId) || snapshot.value === null) return;
    const orders = snapshot.value.orders.filter((order) => !clientOrderIds.includes(order.clientOrderId));
    snapshot.value = { ...snapshot.value, orders, reservedByCurrency: sumReserves(orders) };
  }

  function setLoadError(profileId: string | null, error: AppError | null): void {
    if (!scope.accepts(profileId)) return;
    loadError.value = error;
  }

  function setLoading(next: boolean): void {
    loading.value = next;
  }

  function setSymbols(profileId: string | null, list: TradingSymbol[], error: AppError | null = null): void {
    if (!scope.accepts(profileId)) return;
    if (error === null) symbols.value = list;
    symbolsError.value = error;
  }

  return { snapshot, snapshotLink, loadError, loading, symbols, symbolsError, heldFor: scope.heldFor, setSnapshot, dropOrders, setLoadError, setLoading, setSymbols };
});
