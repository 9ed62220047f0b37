// Conformance of /api/2/public/* (api-v2.md) over real HTTP against the whole sandbox: shapes,
// defaults and bounds, agreement with /api/3/public on the same market, errors.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness, type Reply } from '../sandbox/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

type Json = Record<string, unknown>;
const DECIMAL = /^\d+(\.\d+)?$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function v2(pathAndQuery: string): Promise<Reply> {
  const [path = '', query] = pathAndQuery.split('?');
  return h.call('GET', `/api/2/public/${path}`, { key: null, query });
}
async function body<T = Json>(pathAndQuery: string): Promise<T> {
  const reply = await v2(pathAndQuery);
  expect(reply.status, reply.text).toBe(200);
  return reply.json as T;
}
async function v3<T = Json>(pathAndQuery: string): Promise<T> {
  const [path = '', query] = pathAndQuery.split('?');
  const reply = await h.call('GET', `/api/3/public/${path}`, { key: null, query });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as T;
}
async function expectError(pathAndQuery: string, status: number, code: number, described: string): Promise<void> {
  const reply = await v2(pathAndQuery);
  expect([reply.status, errorCode(reply)], reply.text).toEqual([status, code]);
  expect(errorDescription(reply)).toContain(described);
}
const timesOf = (rows: Json[]): number[] => rows.map((r) => Date.parse(String(r.timestamp)));
const ascending = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe('currency', () => {
  it('lists every currency in the version 2 shape, filled from the same catalog as version 3', async () => {
    const list = await body<Json[]>('currency');
    const v3List = await v3<Record<string, Json>>('currency');
    expect(list.map((c) => c.id)).toEqual(Object.keys(v3List));
    const usdt = list.find((c) => c.id === 'USDT')!;
    expect(Object.keys(usdt)).toEqual([
      'id', 'fullName', 'crypto', 'payinEnabled', 'payinPaymentId', 'payinConfirmations', 'payoutEnabled', 'payoutIsPaymentId',
      'transferEnabled', 'delisted', 'payoutFee', 'payoutMinimalAmount', 'precisionPayout', 'precisionTransfer',
      'lowProcessingTime', 'highProcessingTime', 'avgProcessingTime',
    ]);
    for (const c of list) {
      const same = v3List[String(c.id)]!;
      const networks = same.networks as Json[];
      const main = networks.find((n) => n.default === true) ?? networks[0];
      expect(c).toMatchObject({
        fullName: same.full_name, crypto: same.crypto, payinEnabled: same.payin_enabled, payoutEnabled: same.payout_enabled,
        transferEnabled: same.transfer_enabled, delisted: same.delisted,
        // precision_transfer is a step in version 3, a count of decimals in version 2.
        precisionTransfer: new Decimal(String(same.precision_transfer)).decimalPlaces(),
        payoutFee: main?.payout_fee ?? '0', payoutMinimalAmount: main?.precision_payout ?? '0',
        payinConfirmations: main?.payin_confirmations ?? 0, payoutIsPaymentId: main?.payout_is_payment_id ?? false,
      });
      expect(Number.isInteger(c.precisionPayout)).toBe(true);
    }
    const xrp = list.find((c) => c.id === 'XRP')!;
    expect([xrp.payinPaymentId, xrp.payoutIsPaymentId]).toEqual([true, true]);
  });

  it('filters by currencies, gives one currency, and answers 2002 for an unknown one', async () => {
    expect((await body<Json[]>('currency?currencies=btc,EUR')).map((c) => c.id)).toEqual(['BTC', 'EUR']);
    expect(await body('currency/ltc')).toMatchObject({ id: 'LTC', fullName: 'Litecoin', crypto: true, precisionPayout: 8 });
    await expectError('currency/NOPE', 400, 2002, 'NOPE');
    await expectError('currency?currencies=BTC,NOPE', 400, 2002, 'NOPE');
  });
});

describe('symbol', () => {
  it('lists and gives symbols in the version 2 shape, 2001 when unknown', async () => {
    const list = await body<Json[]>('symbol');
    const v3List = await v3<Record<string, Json>>('symbol');
    expect(list.map((s) => s.id)).toEqual(Object.keys(v3List));
    for (const s of list) {
      const same = v3List[String(s.id)]!;
      expect(s).toMatchObject({
        baseCurrency: same.base_currency, quoteCurrency: same.quote_currency, quantityIncrement: same.quantity_increment,
        tickSize: same.tick_size, takeLiquidityRate: same.take_rate, provideLiquidityRate: same.make_rate, feeCurrency: same.fee_currency,
      });
    }
    expect(Object.keys(list.find((s) => s.id === 'ETHBTC')!)).toEqual([
      'id', 'baseCurrency', 'quoteCurrency', 'quantityIncrement', 'tickSize', 'takeLiquidityRate', 'provideLiquidityRate', 'feeCurrency', 'marginTrading',
    ]);
    expect((await body<Json[]>('symbol?symbols=ETHBTC,xrpusdt')).map((s) => s.id)).toEqual(['ETHBTC', 'XRPUSDT']);
    expect(await body('symbol/ethbtc')).toMatchObject({ id: 'ETHBTC', baseCurrency: 'ETH', quoteCurrency: 'BTC' });
    await expectError('symbol/BTCXYZ', 400, 2001, 'BTCXYZ');
    await expectError('symbol?symbols=BTCUSDT,NOPE', 400, 2001, 'NOPE');
  });
});

describe('ticker', () => {
  it('gives tickers with the symbol, camelCase volumeQuote and best prices inside the day range', async () => {
    const t = await body('ticker/BTCUSDT');
    expect(Object.keys(t)).toEqual(['ask', 'bid', 'last', 'open', 'low', 'high', 'volume', 'volumeQuote', 'timestamp', 'symbol']);
    for (const f of ['ask', 'bid', 'last', 'open', 'low', 'high', 'volume', 'volumeQuote']) expect(t[f]).toMatch(DECIMAL);
    expect(t.timestamp).toMatch(ISO);
    expect(t.symbol).toBe('BTCUSDT');
    expect(new Decimal(String(t.ask)).gt(String(t.bid))).toBe(true);
    expect(new Decimal(String(t.low)).lte(String(t.last))).toBe(true);
    const all = await body<Json[]>('ticker');
    expect(all.map((x) => x.symbol)).toHaveLength(10);
    expect((await body<Json[]>('ticker?symbols=LTCUSDT')).map((x) => x.symbol)).toEqual(['LTCUSDT']);
    await expectError('ticker/XX', 400, 2001, 'XX');
  });

  it('agrees with version 3 on the same symbol', async () => {
    // The market trades in real time: compare a version 2 reply taken between two equal version 3 ones.
    let agreed = false;
    for (let attempt = 0; attempt < 10 && !agreed; attempt++) {
      const before = await v3('ticker/ETHUSDT');
      const mid = await body('ticker/ETHUSDT');
      const after = await v3('ticker/ETHUSDT');
      if (before.last !== after.last || before.volume !== after.volume) continue;
      expect([mid.last, mid.open, mid.low, mid.high, mid.volume, mid.volumeQuote])
        .toEqual([before.last, before.open, before.low, before.high, before.volume, before.volume_quote]);
      agreed = true;
    }
    expect(agreed).toBe(true);
  });
});

describe('trades', () => {
  it('gives 100 trades of one symbol newest first by default, in the version 2 shape', async () => {
    const rows = await body<Json[]>('trades/BTCUSDT');
    expect(rows).toHaveLength(100);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'price', 'quantity', 'side', 'timestamp']);
    expect(typeof rows[0]!.id).toBe('number');
    expect(rows[0]!.quantity).toMatch(DECIMAL);
    expect(['buy', 'sell']).toContain(rows[0]!.side);
    expect(timesOf(rows)).toEqual(ascending(timesOf(rows)).reverse());
  });

  it('sorts, filters by id and by timestamp, pages, and matches version 3 on a closed range', async () => {
    const newest = await body<Json[]>('trades/BTCUSDT?limit=50');
    const last = newest[10]!;
    const first = newest[40]!;
    const byId = await body<Json[]>(`trades/BTCUSDT?by=id&from=${String(first.id)}&till=${String(last.id)}&sort=ASC&limit=1000`);
    expect(byId.map((t) => t.id)).toEqual(newest.slice(10, 41).map((t) => t.id).reverse());
    const byTime = await body<Json[]>(`trades/BTCUSDT?from=${String(first.timestamp)}&till=${String(last.timestamp)}&limit=1000`);
    for (const t of byTime) expect(Date.parse(String(t.timestamp))).toBeGreaterThanOrEqual(Date.parse(String(first.timestamp)));
    const paged = await body<Json[]>(`trades/BTCUSDT?by=id&from=${String(first.id)}&till=${String(last.id)}&sort=ASC&offset=5&limit=3`);
    expect(paged.map((t) => t.id)).toEqual(byId.slice(5, 8).map((t) => t.id));
    const v3Rows = await v3<Json[]>(`trades/BTCUSDT?by=id&from=${String(first.id)}&till=${String(last.id)}&sort=ASC&limit=1000`);
    expect(byId.map((t) => [t.id, t.price, t.quantity, t.side, t.timestamp])).toEqual(v3Rows.map((t) => [t.id, t.price, t.qty, t.side, t.timestamp]));
    expect(await body<Json[]>('trades/BTCUSDT?limit=0')).toEqual([]);
    expect(await body<Json[]>('trades/BTCUSDT?limit=1000')).toHaveLength(1000);
  });

  it('keys the all-symbols call by symbol with 100 trades each by default, and filters by symbols', async () => {
    const all = await body<Record<string, Json[]>>('trades');
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.SOLUSDT).toHaveLength(100);
    const two = await body<Record<string, Json[]>>('trades?symbols=ETHBTC,LTCUSDT&limit=3&sort=ASC');
    expect(Object.keys(two)).toEqual(['ETHBTC', 'LTCUSDT']);
    expect(two.ETHBTC).toHaveLength(3);
    expect(timesOf(two.LTCUSDT!)).toEqual(ascending(timesOf(two.LTCUSDT!)));
  });

  it('names the bad parameter (10001)', async () => {
    await expectError('trades/BTCUSDT?limit=1001', 400, 10001, 'limit');
    await expectError('trades/BTCUSDT?offset=100001', 400, 10001, 'offset');
    await expectError('trades/BTCUSDT?sort=UP', 400, 10001, 'sort');
    await expectError('trades/BTCUSDT?by=price', 400, 10001, 'by');
    await expectError('trades/BTCUSDT?from=yesterday', 400, 10001, 'from');
    await expectError('trades?limit=-1', 400, 10001, 'limit');
    await expectError('trades/NOPE', 400, 2001, 'NOPE');
  });
});

describe('order book', () => {
  it('gives 100 levels per side by default, all with limit=0, {price,size} levels in order', async () => {
    const book = await body('orderbook/BTCUSDT');
    expect(Object.keys(book)).toEqual(['ask', 'bid', 'timestamp']);
    const ask = book.ask as Json[];
    const bid = book.bid as Json[];
    expect([ask.length, bid.length]).toEqual([100, 100]);
    expect(ask[0]).toEqual({ price: expect.stringMatching(DECIMAL), size: expect.stringMatching(DECIMAL) });
    const askPrices = ask.map((l) => Number(l.price));
    expect(askPrices).toEqual(ascending(askPrices));
    expect(new Decimal(String(ask[0]!.price)).gt(String(bid[0]!.price))).toBe(true);
    const full = await body('orderbook/BTCUSDT?limit=0');
    expect((full.ask as Json[]).length).toBeGreaterThan(100);
    expect((await body('orderbook/BTCUSDT?limit=3')).bid).toHaveLength(3);
    await expectError('orderbook/BTCUSDT?limit=x', 400, 10001, 'limit');
  });

  it('keys the all-symbols book by symbol, each entry carrying its symbol', async () => {
    const all = await body<Record<string, Json>>('orderbook?limit=2');
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.XRPUSDT).toMatchObject({ symbol: 'XRPUSDT', timestamp: expect.stringMatching(ISO) });
    expect(all.XRPUSDT!.ask).toHaveLength(2);
    expect(Object.keys(await body('orderbook?symbols=ETHBTC'))).toEqual(['ETHBTC']);
    expect((await body<Record<string, Json>>('orderbook?symbols=ETHBTC')).ETHBTC!.bid).toHaveLength(100);
  });

  it('with volume, ignores limit and gives the levels covering it and the average prices', async () => {
    const tick = new Decimal(String((await body('symbol/BTCUSDT')).tickSize));
    const top = await body('orderbook/BTCUSDT?limit=3');
    // Two and a half levels' worth of the current asks: the average then mixes several prices.
    const sizes = (top.ask as Json[]).map((l) => new Decimal(String(l.size)));
    const volume = sizes[0]!.plus(sizes[1]!).plus(sizes[2]!.div(2)).toDecimalPlaces(5);
    const book = await body(`orderbook/BTCUSDT?volume=${volume.toFixed()}&limit=1`);
    expect(Object.keys(book)).toEqual(['ask', 'bid', 'timestamp', 'askAveragePrice', 'bidAveragePrice']);
    for (const side of ['ask', 'bid'] as const) {
      const levels = (book[side] as Json[]).map((l) => ({ price: new Decimal(String(l.price)), size: new Decimal(String(l.size)) }));
      const total = levels.reduce((sum, l) => sum.plus(l.size), new Decimal(0));
      const withoutLast = total.minus(levels[levels.length - 1]!.size);
      expect(total.gte(volume)).toBe(true);
      expect(withoutLast.lt(volume)).toBe(true);
      let remaining = volume;
      let cost = new Decimal(0);
      for (const l of levels) {
        const taken = Decimal.min(l.size, remaining);
        cost = cost.plus(taken.times(l.price));
        remaining = remaining.minus(taken);
      }
      const expected = cost.div(volume).toDecimalPlaces(tick.decimalPlaces(), Decimal.ROUND_HALF_UP).toFixed(tick.decimalPlaces());
      expect(book[`${side}AveragePrice`]).toBe(expected);
      const best = levels[0]!.price;
      const worst = levels[levels.length - 1]!.price;
      const average = new Decimal(expected);
      expect(average.gte(Decimal.min(best, worst)) && average.lte(Decimal.max(best, worst))).toBe(true);
    }
    await expectError('orderbook/BTCUSDT?volume=-1', 400, 10001, 'volume');
    await expectError('orderbook/NOPE', 400, 2001, 'NOPE');
  });
});

describe('candles', () => {
  it('defaults to M30, oldest first, 100 at most, in the version 2 shape', async () => {
    const rows = await body<Json[]>('candles/BTCUSDT');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(100);
    expect(Object.keys(rows[0]!)).toEqual(['timestamp', 'open', 'close', 'min', 'max', 'volume', 'volumeQuote']);
    const times = timesOf(rows);
    expect(times).toEqual(ascending(times));
    for (const t of times) expect(t % 1_800_000).toBe(0);
    expect(await body<Json[]>('candles/BTCUSDT?period=M1')).toHaveLength(100);
    const desc = timesOf(await body<Json[]>('candles/BTCUSDT?period=M1&sort=DESC&limit=5'));
    expect(desc).toEqual(ascending(desc).reverse());
  });

  it('matches version 3 on closed candles, pages, and filters by time', async () => {
    const till = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 1).toISOString();
    const mine = await body<Json[]>(`candles/ETHUSDT?period=M5&till=${till}&limit=6&offset=2&sort=DESC`);
    const theirs = await v3<Json[]>(`candles/ETHUSDT?period=M5&till=${till}&limit=6&offset=2&sort=DESC`);
    expect(mine).toHaveLength(6);
    expect(mine.map((c) => [c.timestamp, c.open, c.close, c.min, c.max, c.volume, c.volumeQuote]))
      .toEqual(theirs.map((c) => [c.timestamp, c.open, c.close, c.min, c.max, c.volume, c.volume_quote]));
    const from = String(mine[5]!.timestamp);
    const window = await body<Json[]>(`candles/ETHUSDT?period=M5&from=${from}&till=${till}&limit=1000`);
    expect(timesOf(window)[0]).toBe(Date.parse(from));
    expect(await body<Json[]>('candles/ETHUSDT?limit=0')).toEqual([]);
  });

  it('keys the all-symbols call by symbol and names bad parameters', async () => {
    const all = await body<Record<string, Json[]>>('candles?period=H1&limit=2');
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.DOGEUSDT).toHaveLength(2);
    expect(Object.keys(await body('candles?symbols=BTCEUR&period=D1'))).toEqual(['BTCEUR']);
    await expectError('candles/BTCUSDT?period=M2', 400, 10001, 'period');
    await expectError('candles/BTCUSDT?limit=1001', 400, 10001, 'limit');
    await expectError('candles?symbols=NOPE', 400, 2001, 'NOPE');
  });
});
