// The quote board against the sandbox's two providers: a row per payment method, the best offer
// marked, figures that agree with each other, and a method the amount is outside the limits of
// shown with its reason and never asked. Bad requests are refused on their field with nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { BuyQuoteBoard } from '../../../preload/contract';
import { asked, failure, sent, startHarness, unwrap, type Harness } from './harness';

const RATE = (provider: string) => `/api/3/buy-crypto/provider/${provider}/rate`;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const rateRequests = () => sent(h, 'GET', RATE('1')) + sent(h, 'GET', RATE('2'));

function expectConsistent(board: BuyQuoteBoard): void {
  const spot = new Decimal(board.spotPrice ?? 'NaN');
  for (const row of board.rows.filter((r) => r.quoteId !== null)) {
    const price = new Decimal(row.pay ?? 0).div(row.receive ?? 1).toDecimalPlaces(board.sourcePrecision);
    expect(row.price, row.methodName).toBe(price.toFixed());
    expect(row.vsSpot, row.methodName).toBe(price.div(spot).minus(1).toDecimalPlaces(4).toFixed(4));
    expect(row.problem).toBeNull();
  }
}

describe('getBuyQuotes', () => {
  it('gives every method a row, marks the most crypto for the money, and its figures agree', async () => {
    const before = rateRequests();
    const board = unwrap(await h.handlers.getBuyQuotes({ source: 'EUR', target: 'BTC', side: 'pay', amount: '100' }));
    expect(board.rows.map((r) => `${r.providerName}/${r.methodName}`)).toEqual(['Sandbox Pay/Card', 'Sandbox Pay/SEPA transfer', 'Loopback Ramp/Apple Pay']);
    expect(board.rows.every((r) => r.quoteId !== null && r.pay === '100' && r.network === 'BTC')).toBe(true);
    expectConsistent(board);
    const most = Decimal.max(...board.rows.map((r) => new Decimal(r.receive ?? 0)));
    expect(board.rows.filter((r) => r.best).map((r) => r.receive)).toEqual([most.toFixed()]);
    // SEPA keeps 1 %, the least of the three.
    expect(board.rows.find((r) => r.best)?.methodName).toBe('SEPA transfer');
    expect(board.rows.find((r) => r.methodName === 'Card')).toMatchObject({ min: '20', max: '5000' });
    expect(rateRequests() - before).toBe(3);
  });

  it('shows a method the amount is below the minimum of with why, and does not ask it', async () => {
    const sepaBefore = asked(h, '1/102');
    const cardBefore = asked(h, '1/101');
    const wireBefore = sent(h, 'GET', RATE('1'));
    const board = unwrap(await h.handlers.getBuyQuotes({ source: 'EUR', target: 'BTC', side: 'pay', amount: '30' }));
    const sepa = board.rows.find((r) => r.methodId === '102');
    expect(sepa).toMatchObject({ problem: 'Minimum 50 EUR with SEPA transfer', quoteId: null, pay: null, best: false });
    expect(asked(h, '1/102')).toBe(sepaBefore);
    expect(asked(h, '1/101')).toBe(cardBefore + 1);
    expect(sent(h, 'GET', RATE('1'))).toBe(wireBefore + 1);
    expect(board.rows.filter((r) => r.best)).toHaveLength(1);
    expectConsistent(board);
  });

  it('quotes what should arrive and holds the price it costs to the limits', async () => {
    const board = unwrap(await h.handlers.getBuyQuotes({ source: 'EUR', target: 'BTC', side: 'receive', amount: '0.0008' }));
    // About 45 EUR at the sandbox's price: under SEPA's minimum of 50, within the others'.
    expect(board.rows.find((r) => r.methodId === '102')).toMatchObject({ problem: 'Minimum 50 EUR with SEPA transfer', quoteId: null, receive: '0.0008' });
    const usable = board.rows.filter((r) => r.quoteId !== null);
    expect(usable.length).toBeGreaterThan(0);
    for (const row of board.rows) {
      const pay = new Decimal(row.pay ?? 0);
      const fits = pay.gte(row.min ?? 0) && pay.lte(row.max ?? Infinity);
      expect(row.quoteId !== null, `${row.methodName} pays ${row.pay}`).toBe(fits);
    }
    const least = Decimal.min(...usable.map((r) => new Decimal(r.pay ?? 0)));
    expect(board.rows.find((r) => r.best)?.pay).toBe(least.toFixed());
  });

  it('refuses an amount under every minimum on its field, asking nothing', async () => {
    const before = rateRequests();
    const error = failure(await h.handlers.getBuyQuotes({ source: 'EUR', target: 'BTC', side: 'pay', amount: '5' }));
    expect(error).toMatchObject({ field: 'amount', message: 'The methods for EUR → BTC take 10 – 50000 EUR' });
    expect(rateRequests()).toBe(before);
  });

  it('refuses a network nobody delivers on, a fiat nobody takes, a crypto nobody sells, and too many decimals', async () => {
    const before = rateRequests();
    const cases = [
      [{ source: 'EUR', target: 'BTC', network: 'ETH', side: 'pay', amount: '100' }, 'network'],
      [{ source: 'USD', target: 'BTC', side: 'pay', amount: '100' }, 'source'],
      [{ source: 'BTC', target: 'ETH', side: 'pay', amount: '100' }, 'source'],
      [{ source: 'EUR', target: 'XRP', side: 'pay', amount: '100' }, 'target'],
      [{ source: 'EUR', target: 'BTC', side: 'pay', amount: '100.001' }, 'amount'],
      [{ source: 'EUR', target: 'BTC', side: 'receive', amount: '0.000000001' }, 'amount'],
    ] as const;
    for (const [request, field] of cases) {
      expect(failure(await h.handlers.getBuyQuotes(request)).field, JSON.stringify(request)).toBe(field);
    }
    expect(rateRequests()).toBe(before);
  });

  it('LTC: the provider that does not sell it has a row saying so', async () => {
    const before = sent(h, 'GET', RATE('2'));
    const board = unwrap(await h.handlers.getBuyQuotes({ source: 'EUR', target: 'LTC', side: 'pay', amount: '100' }));
    const ramp = board.rows.find((r) => r.providerName === 'Loopback Ramp');
    expect(ramp).toMatchObject({ quoteId: null, best: false });
    expect(ramp?.problem).toContain('does not sell LTC');
    expect(sent(h, 'GET', RATE('2'))).toBe(before);
    expect(board.rows.filter((r) => r.quoteId !== null).map((r) => r.methodName)).toEqual(['Card', 'SEPA transfer']);
  });

  it('lists the options: each method with its limits, the fiat taken and the crypto sold per network', async () => {
    const options = unwrap(await h.handlers.listBuyOptions());
    expect(options.sources).toEqual(['EUR']);
    expect(options.targets.find((t) => t.currency === 'USDT')?.networks.sort()).toEqual(['ETH', 'TRX']);
    const applePay = options.methods.find((m) => m.methodId === '201');
    expect(applePay?.targets.some((t) => t.currency === 'LTC')).toBe(false);
    expect(applePay?.limits.find((l) => l.target === 'BTC')).toEqual({ source: 'EUR', target: 'BTC', network: 'BTC', min: '10', max: '2000' });
    expect(options.precision).toMatchObject({ EUR: 2, BTC: 8 });
  });
});
