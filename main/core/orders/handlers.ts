// The spot order operations in the active profile's scope.
import type { OrderOperations } from '../../../preload/contract/orders';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const orderHandlers: ScopedHandlers<keyof OrderOperations> = ({ orders }) => ({
  listTradingSymbols: async () => ok(await orders.symbols()),
  listOrders: async () => ok(await orders.list()),
  watchOrders: async () => ok(await orders.watch()),
  stopOrders: async () => ok(orders.stop()),
  cancelOrder: async ({ clientOrderId }) => ok(await orders.cancel(clientOrderId)),
  cancelOrders: async (scope) => ok(await orders.cancelMany(scope)),
  previewOrder: async (draft) => ok(await orders.preview(draft)),
  placeOrder: async (draft) => ok(await orders.place(draft)),
});
