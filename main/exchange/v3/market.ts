// Version 3 public market data: currencies, price rates, price history.
import type { MarketCalls } from '../calls/market';
import { inputError } from '../errors';
import { requireCode } from '../validate';
import type { V3Calls } from './calls';
import { parseCurrencies, parsePriceHistory, parsePriceRates } from './records';

export const marketCallsV3 = (calls: V3Calls) => ({
  currencies: async () => parseCurrencies(await calls.publicRead('/api/3/public/currency')),

  priceRates: async (from, to) => {
    const query = { from: from.map((code) => requireCode(code, 'from')), to: requireCode(to, 'to') };
    return parsePriceRates(await calls.publicRead('/api/3/public/price/rate', query));
  },

  priceHistory: async (query) => {
    const limit = query.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) throw inputError('limit', 'must be a whole number from 1 to 1000');
    const reply = await calls.publicRead('/api/3/public/price/history', {
      from: query.from.map((code) => requireCode(code, 'from')), to: requireCode(query.to, 'to'),
      period: query.period, since: query.since, until: query.until, limit, sort: query.sort,
    });
    return parsePriceHistory(reply);
  },
}) satisfies MarketCalls;
