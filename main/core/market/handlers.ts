// The market operations in the active profile's scope: the spot symbols and one symbol's candles
// followed live (marketCandles events).
import type { MarketOperations } from '../../../preload/contract/portfolio';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const marketHandlers: ScopedHandlers<keyof MarketOperations> = ({ market }) => ({
  marketSymbols: async () => ok(await market.symbols()),
  watchCandles: async (request) => ok(await market.watch(request)),
  stopCandles: async () => ok(await market.stop()),
});
