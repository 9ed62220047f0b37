// A market order priced from the order book: refused when the book is older than the quote
// threshold or too thin for the quantity, and otherwise priced at the average of the levels it
// would take, rounded to the tick against the person. The book is given as the service would
// answer (the sandbox's book is always fresh and deep, so these cases cannot be provoked there).
import { describe, expect, it } from 'vitest';
import Decimal from '../../../main/exchange/decimal';
import { BOOK_STALE_MS, previewOrder, type PreviewDeps } from '../../../main/core/orders/preview';
import { TradingTerms } from '../../../main/core/orders/terms';
import type { BookLevel } from '../../../main/exchange/domain';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const level = (price: string, quantity: string): BookLevel => ({ price: new Decimal(price), quantity: new Decimal(quantity) });

function deps(bookAgeMs: number, asks: BookLevel[]): PreviewDeps {
  const symbol = {
    id: 'BTCUSDT', base: 'BTC', quote: 'USDT', status: 'working', quantityIncrement: new Decimal('0.001'), tickSize: new Decimal('0.01'),
    feeCurrency: 'USDT', takeRate: new Decimal('0.0025'), makeRate: new Decimal('0.001'),
  };
  const currency = (code: string, step: string) => ({
    code, fullName: code, crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, delisted: false,
    precisionTransfer: new Decimal(step), networks: [],
  });
  return {
    api: {
      serviceNow: () => NOW,
      orderBook: async () => ({ symbol: 'BTCUSDT', timestamp: new Date(NOW - bookAgeMs).toISOString(), asks, bids: [] }),
      spotBalances: async () => [{ currency: 'USDT', available: new Decimal('100000'), reserved: new Decimal(0) }],
    },
    terms: new TradingTerms({
      spotSymbols: async () => [symbol], spotFees: async () => [], currencies: async () => [currency('BTC', '0.00000001'), currency('USDT', '0.000001')],
    }),
    conversionQuote: async () => {
      throw new Error('no quote here');
    },
  };
}

const marketBuy = (quantity: string) => ({ symbol: 'BTCUSDT', side: 'buy' as const, type: 'market' as const, quantity });

describe('a market order priced from the book', () => {
  it('takes the average of the levels it would take, rounded up to the tick for a buy', async () => {
    const preview = await previewOrder(deps(1_000, [level('100.00', '0.002'), level('100.03', '0.5')]), marketBuy('0.003'));
    // (0.002 × 100 + 0.001 × 100.03) / 0.003 = 100.01 exactly; 0.004 would give 100.015 → 100.02.
    expect(preview.price).toBe('100.01');
    const rounded = await previewOrder(deps(1_000, [level('100.00', '0.002'), level('100.03', '0.5')]), marketBuy('0.004'));
    expect(rounded.price).toBe('100.02');
    expect(rounded.priceSource).toEqual({ kind: 'book', at: new Date(NOW - 1_000).toISOString() });
    expect(rounded.conversion).toBeNull();
  });

  it('refuses a book older than the quote threshold, asking for a refresh', async () => {
    await expect(previewOrder(deps(BOOK_STALE_MS + 1_000, [level('100', '1')]), marketBuy('0.001')))
      .rejects.toMatchObject({ field: 'quantity', message: expect.stringContaining('refresh') });
  });

  it('refuses a quantity the book cannot fill, saying how much it offers', async () => {
    await expect(previewOrder(deps(0, [level('100', '0.002')]), marketBuy('0.003')))
      .rejects.toMatchObject({ field: 'quantity', message: expect.stringContaining('0.002 BTC') });
  });
});
