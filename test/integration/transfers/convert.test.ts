// Conversions through the real core, client and sandbox: the targets and quotes (read and
// streamed), a conversion read back from the service's transactions and compared with its quote
// and with what the balances really did, and the quotes that are refused before anything is sent.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversionQuote, ConvertInput } from '../../../preload/contract/transfers';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const MASTER = 'master@sandbox.test';
const CONVERT_PATH = '/api/3/wallet/convert';
const USDT_ETH = { fromCurrency: 'USDT', toCurrency: 'ETH' };

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterEach(async () => {
  vi.useRealTimers();
  await h.control('DELETE', '/sandbox/faults');
});

afterAll(async () => {
  await h?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quotesAfter = (index: number): ConversionQuote[] =>
  h.desk.events.slice(index).flatMap((e) => (e.event === 'conversionQuote' ? [e.payload.quote] : []));

/** What the quote promises for `amount`, worked out here: amount × rate × (1 − 0.002), cut to the to-precision. */
function promised(amount: string, quote: ConversionQuote): Decimal {
  return new Decimal(amount).times(quote.rate).times('0.998').toDecimalPlaces(quote.toPrecision, Decimal.ROUND_DOWN);
}

describe('conversion targets and quotes', () => {
  it('lists every other currency with a rate close to the direct quote, in one request', async () => {
    const reads = sentTo(h.desk, '/api/3/public/price/rate');
    const targets = unwrap(await h.desk.core.handlers.listConversionTargets({ fromCurrency: 'usdt' }));
    expect(sentTo(h.desk, '/api/3/public/price/rate')).toBe(reads + 1);
    expect(targets.map((t) => t.currency).sort()).toEqual(['BTC', 'DOGE', 'ETH', 'EUR', 'LTC', 'SOL', 'TRX', 'USDC', 'XRP']);
    const direct = unwrap(await h.desk.core.handlers.getConversionQuote({ fromCurrency: 'USDT', toCurrency: 'BTC' }));
    const listed = new Decimal(targets.find((t) => t.currency === 'BTC')?.rate ?? '0');
    expect(listed.div(direct.rate).minus(1).abs().lt('0.01')).toBe(true);
    expect(failure(await h.desk.core.handlers.listConversionTargets({ fromCurrency: 'NOPE' })).field).toBe('fromCurrency');
  });

  it('quotes a pair with the spread and both precisions, each quote under its own id', async () => {
    const first = unwrap(await h.desk.core.handlers.getConversionQuote({ fromCurrency: 'usdt', toCurrency: 'eth' }));
    const second = unwrap(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    expect(first).toMatchObject({ ...USDT_ETH, spread: '0.002', source: 'rest', fromPrecision: 6, toPrecision: 9 });
    expect(new Decimal(first.rate).gt(0)).toBe(true);
    expect(Number.isNaN(Date.parse(first.pricedAt))).toBe(false);
    expect(second.quoteId).not.toBe(first.quoteId);
    const unknown = failure(await h.desk.core.handlers.getConversionQuote({ fromCurrency: 'USDT', toCurrency: 'NOPE' }));
    expect([unknown.code, unknown.field]).toEqual(['VALIDATION', 'toCurrency']);
  });

  it('says on the to-currency that a pair has no rate when the service cannot price it', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/public/price/rate', method: 'GET', status: 400, code: 2002, count: 1 });
    const none = failure(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    expect([none.code, none.field, none.message]).toEqual(['VALIDATION', 'toCurrency', 'The service gives no rate from USDT to ETH']);
  });

  it('follows one watched pair on the stream, switches pairs, and stops', async () => {
    const start = h.desk.events.length;
    const first = unwrap(await h.desk.core.handlers.watchConversionQuote({ fromCurrency: 'USDT', toCurrency: 'BTC' }));
    expect(first).toMatchObject({ fromCurrency: 'USDT', toCurrency: 'BTC', source: 'rest' });
    const ticked = await waitForEvent(h.desk, 'conversionQuote', (e) => e.quote.source === 'stream', 4_000, start);
    expect(ticked.quote).toMatchObject({ fromCurrency: 'USDT', toCurrency: 'BTC', spread: '0.002', fromPrecision: 6, toPrecision: 8 });
    expect(ticked.quote.quoteId).not.toBe(first.quoteId);

    unwrap(await h.desk.core.handlers.watchConversionQuote({ fromCurrency: 'ETH', toCurrency: 'USDT' }));
    const switched = h.desk.events.length;
    await waitForEvent(h.desk, 'conversionQuote', (e) => e.quote.fromCurrency === 'ETH', 4_000, switched);
    expect(quotesAfter(switched).every((q) => q.fromCurrency === 'ETH' && q.toCurrency === 'USDT')).toBe(true);

    unwrap(await h.desk.core.handlers.stopConversionQuote());
    const stopped = h.desk.events.length;
    await sleep(1_500);
    expect(quotesAfter(stopped)).toEqual([]);
  });
});

describe('converting', () => {
  it('converts at the quote and reads back what was debited and credited, as the balances show', async () => {
    const [usdtBefore, ethBefore] = await Promise.all([h.walletAvailable(MASTER, 'USDT'), h.walletAvailable(MASTER, 'ETH')]);
    const quote = unwrap(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    const result = unwrap(await h.desk.core.handlers.convertFunds({ ...USDT_ETH, amount: '250', quoteId: quote.quoteId }));
    if (result.state !== 'done') throw new Error(`expected done, got ${JSON.stringify(result)}`);

    const [usdtAfter, ethAfter] = await Promise.all([h.walletAvailable(MASTER, 'USDT'), h.walletAvailable(MASTER, 'ETH')]);
    expect(result.transactionIds).toHaveLength(2);
    expect(result.debited).toEqual({ currency: 'USDT', amount: new Decimal(usdtBefore).minus(usdtAfter).toFixed(), transactionId: expect.any(String) });
    expect(result.debited?.amount).toBe('250');
    expect(result.credited).toEqual({ currency: 'ETH', amount: new Decimal(ethAfter).minus(ethBefore).toFixed(), transactionId: expect.any(String) });
    expect(result.expected).toBe(promised('250', quote).toFixed());
    expect(result.difference).toBe(new Decimal(result.credited?.amount ?? 'NaN').minus(result.expected).toFixed());
    const audit = h.desk.audit.all({ action: 'convert' }).map((e) => [e.phase, e.outcome, e.currency, e.amount]);
    expect(audit.slice(-2)).toEqual([['attempt', 'sent', 'USDT', '250'], ['result', 'ok', 'USDT', '250']]);

    const legs = unwrap(await h.desk.core.handlers.listMovements({ limit: 10 })).filter((m) => result.transactionIds.includes(m.id));
    const byCurrency = Object.fromEntries(legs.map((m) => [m.currency, m.direction]));
    expect(byCurrency).toEqual({ USDT: 'out', ETH: 'in' });
  });

  it('stays done with nothing read back when the transactions cannot be read', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transactions/*', method: 'GET', status: 403, code: 1003, count: 2 });
    const quote = unwrap(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    const result = unwrap(await h.desk.core.handlers.convertFunds({ ...USDT_ETH, amount: '10', quoteId: quote.quoteId }));
    expect(result).toMatchObject({ state: 'done', debited: null, credited: null, difference: null, expected: promised('10', quote).toFixed() });
  });

  it('refuses an unknown, mismatched or stale quote without a single request', async () => {
    const quote = unwrap(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    const before = h.desk.wire.length;
    const convert = (input: Partial<ConvertInput>) => h.desk.core.handlers.convertFunds({ ...USDT_ETH, amount: '1', quoteId: quote.quoteId, ...input });

    const unknown = failure(await convert({ quoteId: 'no-such-quote' }));
    expect([unknown.field, unknown.message]).toEqual(['quote', 'This quote is unknown or too old to use; get a new quote']);
    const otherPair = failure(await convert({ toCurrency: 'BTC' }));
    expect([otherPair.field, otherPair.message]).toEqual(['quote', 'This quote is for USDT → ETH; get a quote for USDT → BTC']);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7_600);
    const stale = failure(await convert({}));
    vi.useRealTimers();
    expect([stale.code, stale.field, stale.message]).toEqual(['VALIDATION', 'quote', 'The quote is 7 s old; get a new quote before converting']);
    expect(h.desk.wire.length).toBe(before);
  });

  it('refuses an amount the from-currency or the wallet cannot carry, before sending', async () => {
    const quote = unwrap(await h.desk.core.handlers.getConversionQuote(USDT_ETH));
    const posts = sentTo(h.desk, CONVERT_PATH);
    const available = await h.walletAvailable(MASTER, 'USDT');
    const tooFine = failure(await h.desk.core.handlers.convertFunds({ ...USDT_ETH, amount: '1.0000001', quoteId: quote.quoteId }));
    expect([tooFine.field, tooFine.message]).toEqual(['amount', 'USDT amounts have at most 6 decimal places']);
    const tooMuch = failure(await h.desk.core.handlers.convertFunds({ ...USDT_ETH, amount: '99999999', quoteId: quote.quoteId }));
    expect([tooMuch.field, tooMuch.message]).toEqual(['amount', `Insufficient funds: ${new Decimal(available).toFixed()} USDT available in the wallet`]);
    expect(sentTo(h.desk, CONVERT_PATH)).toBe(posts);
  });
});
