// The buy-crypto operations in the active profile's scope: options, quotes, creating an order and
// the account's orders.
import type { BuyCryptoOperations } from '../../../preload/contract/buycrypto';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const buyCryptoHandlers: ScopedHandlers<keyof BuyCryptoOperations> = ({ buyCrypto }) => ({
  listBuyOptions: async () => ok(await buyCrypto.listOptions()),
  getBuyQuotes: async (request) => ok(await buyCrypto.quote(request)),
  createBuyOrder: async (input) => ok(await buyCrypto.create(input)),
  listBuyOrders: async () => ok(await buyCrypto.listOrders()),
});
