// Version 3 public market data: currencies, price rates, price history, symbols and candles.
import type { MarketCalls } from '../calls/market';
import { inputError } from '../errors';
import { requireCode } from '../validate';
import type { V3Calls } from './calls';
import { parseCandles, parseCurrencies, parsePriceHistory, parsePriceRates, parseSymbols } from './records';

/** The page size both history calls take: 1 to 1000, `fallback` when not given. */
function pageLimit(limit: number | undefined, fallback: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > 1_000) throw inputError('limit', 'must be a whole number from 1 to 1000');
  return value;
}

export const marketCallsV3 = (calls: V3Calls) => ({
  currencies: async () => parseCurrencies(await calls.publicRead('/api/3/public/currency')),

  priceRates: async (from, to) => {
    const query = { from: from.map((code) => requireCode(code, 'from')), to: requireCode(to, 'to') };
    return parsePriceRates(await calls.publicRead('/api/3/public/price/rate', query));
  },

  priceHistory: async (query) => {
    const limit = pageLimit(query.limit, 100);
    const reply = await calls.publicRead('/api/3/public/price/history', {
      from: query.from.map((code) => requireCode(code, 'from')), to: requireCode(query.to, 'to'),
      period: query.period, since: query.since, until: query.until, limit, sort: query.sort,
    });
    return parsePriceHistory(reply);
  },

  symbols: async () => parseSymbols(await calls.publicRead('/api/3/public/symbol')),

  candles: async (symbol, query = {}) => {
    const id = requireCode(symbol, 'symbol');
    const limit = pageLimit(query.limit, 100);
    const reply = await calls.publicRead(`/api/3/public/candles/${encodeURIComponent(id)}`, {
      period: query.period, from: query.from, till: query.till, limit, sort: query.sort,
    });
    return parseCandles(reply);
  },
}) satisfies MarketCalls;
