// The transfer operations in the active profile's scope: sending to another user, conversion
// quotes and conversions, and the account's recent movements.
import { ok } from '../../../preload/contract/result';
import type { TransferOperations } from '../../../preload/contract/transfers';
import type { ScopedHandlers } from '../session/scopes';

export const transferHandlers: ScopedHandlers<keyof TransferOperations> = ({ transfers }) => ({
  sendToUser: async (input) => ok(await transfers.sendToUser(input)),
  listConversionTargets: async ({ fromCurrency }) => ok(await transfers.quotes.targets(fromCurrency)),
  getConversionQuote: async (pair) => ok(await transfers.quotes.quote(pair)),
  watchConversionQuote: async (pair) => ok(await transfers.quotes.watch(pair)),
  stopConversionQuote: async () => ok(await transfers.quotes.stop()),
  convertFunds: async (input) => ok(await transfers.convert(input)),
  listMovements: async (query) => ok(await transfers.movements.list(query)),
  getMovement: async ({ id }) => ok(await transfers.movements.one(id)),
});
