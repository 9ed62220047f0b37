// Conformance of /api/3/public/* (api-v3.md, SUPPLEMENT.md §7) over real HTTP on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness, type MarketHarness } from './harness';

let h: MarketHarness;
let full: MarketHarness;
beforeAll(async () => {
  h = await startMarketHarness({ seed: 11 });
  full = await startMarketHarness({ seed: 11, light: false });
});
afterAll(async () => {
  await h.close();
  await full.close();
});

type Json = Record<string, unknown>;
async function get(path: string, on: MarketHarness = h): Promise<{ status: number; body: Json & unknown[] }> {
  const res = await fetch(`${on.restUrl}/api/3/public/${path}`);
  return { status: res.status, body: (await res.json()) as Json & unknown[] };
}
async function expectError(path: string, status: number, code: number, described?: string): Promise<void> {
  const { status: got, body } = await get(path);
  expect(got).toBe(status);
  const error = body.error as Json;
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  if (described) expect(String(error.description)).toContain(described);
}
const DECIMAL = /^\d+(\.\d+)?$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('currency', () => {
  it('lists every currency with networks in the Network shape', async () => {
    const { status, body } = await get('currency');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'XRP', 'TRX', 'LTC', 'DOGE', 'SOL', 'EUR']);
    const usdt = body.USDT as Json;
    expect(usdt).toMatchObject({ full_name: 'Tether', crypto: true, payin_enabled: true, payout_enabled: true, transfer_enabled: true, delisted: false, precision_transfer: '0.000001' });
    const networks = usdt.networks as Json[];
    expect(networks.map((n) => n.network)).toEqual(['ETH', 'TRX']);
    expect(Object.keys(networks[0]!)).toEqual(expect.arrayContaining([
      'code', 'network_name', 'network', 'protocol', 'default', 'is_ens_available', 'payin_enabled', 'payout_enabled', 'precision_payout',
      'payout_fee', 'payout_is_payment_id', 'payin_payment_id', 'payin_confirmations', 'address_regex', 'crypto_explorer', 'contract_address', 'is_multichain',
    ]));
    expect(networks[1]).toMatchObject({ code: 'USDT', protocol: 'TRC20', default: false, payout_fee: '1', precision_payout: '5' });
    expect((body.XRP as Json).networks).toEqual([expect.objectContaining({ payout_is_payment_id: true, payment_id_regex: '^[0-9]{1,10}$' })]);
    expect((body.EUR as Json).networks).toEqual([]);
  });

  it('filters by currencies and by preferred network', async () => {
    expect(Object.keys((await get('currency?currencies=btc,EUR')).body)).toEqual(['BTC', 'EUR']);
    const { body } = await get('currency?preferred_network=TRX');
    expect(Object.keys(body)).toEqual(['USDT', 'TRX']);
    expect(((body.USDT as Json).networks as Json[]).map((n) => [n.network, n.default])).toEqual([['ETH', false], ['TRX', true]]);
  });

  it('returns one currency and 2002 for an unknown one', async () => {
    expect((await get('currency/LTC')).body).toMatchObject({ full_name: 'Litecoin', crypto: true });
    await expectError('currency/NOPE', 400, 2002, 'NOPE');
    await expectError('currency?currencies=BTC,NOPE', 400, 2002, 'NOPE');
  });
});

describe('symbol', () => {
  it('lists and returns symbols in the Symbol shape, 2001 when unknown', async () => {
    const { body } = await get('symbol');
    expect(Object.keys(body)).toHaveLength(10);
    expect(body.BTCUSDT).toEqual({
      type: 'spot', base_currency: 'BTC', quote_currency: 'USDT', status: 'working', quantity_increment: '0.00001', tick_size: '0.1',
      take_rate: '0.0025', make_rate: '0.001', fee_currency: 'USDT', margin_trading: true, max_initial_leverage: '10.00',
    });
    expect(body.ETHBTC).not.toHaveProperty('max_initial_leverage');
    expect(Object.keys((await get('symbol?symbols=ETHBTC,XRPUSDT')).body)).toEqual(['ETHBTC', 'XRPUSDT']);
    expect((await get('symbol/ethbtc')).body).toMatchObject({ base_currency: 'ETH', quote_currency: 'BTC' });
    await expectError('symbol/BTCXYZ', 400, 2001, 'BTCXYZ');
  });
});

describe('ticker and prices', () => {
  it('gives tickers with best prices inside the day range', async () => {
    const { body } = await get('ticker/BTCUSDT');
    expect(Object.keys(body).sort()).toEqual(['ask', 'bid', 'high', 'last', 'low', 'open', 'timestamp', 'volume', 'volume_quote']);
    for (const f of ['ask', 'bid', 'last', 'open', 'low', 'high', 'volume', 'volume_quote']) expect(body[f]).toMatch(DECIMAL);
    expect(body.timestamp).toMatch(ISO);
    expect(Number(body.ask)).toBeGreaterThan(Number(body.bid));
    expect(Number(body.low)).toBeLessThanOrEqual(Number(body.last));
    expect(Number(body.high)).toBeGreaterThanOrEqual(Number(body.last));
    expect(Object.keys((await get('ticker?symbols=LTCUSDT')).body)).toEqual(['LTCUSDT']);
    expect(Object.keys((await get('ticker')).body)).toHaveLength(10);
    await expectError('ticker/XX', 400, 2001);
  });

  it('gives rates keyed by source currency, through crosses, with errors naming the parameter', async () => {
    const { body } = await get('price/rate?from=BTC,EUR,USDC&to=USDT');
    expect(Object.keys(body)).toEqual(['BTC', 'EUR', 'USDC']);
    expect(body.EUR).toEqual({ currency: 'USDT', price: expect.stringMatching(DECIMAL), timestamp: expect.stringMatching(ISO) });
    expect(Number((body.EUR as Json).price)).toBeGreaterThan(0.9);
    expect(Number((body.USDC as Json).price)).toBeCloseTo(1, 1);
    await expectError('price/rate?from=BTC', 400, 10001, 'to');
    await expectError('price/rate?to=BTC', 400, 10001, 'from');
    await expectError('price/rate?from=ABC&to=USDT', 400, 2002, 'ABC');
  });

  it('gives price history with its defaults (limit 1, M30, DESC) and bounds', async () => {
    const one = await get('price/history?from=ETH&to=BTC');
    const eth = one.body.ETH as { currency: string; history: Json[] };
    expect(eth.currency).toBe('BTC');
    expect(eth.history).toHaveLength(1);
    expect(Object.keys(eth.history[0]!).sort()).toEqual(['close', 'max', 'min', 'open', 'timestamp']);
    expect(Date.parse(String(eth.history[0]!.timestamp)) % 1_800_000).toBe(0);
    const asc = (await get('price/history?from=EUR&to=USDT&period=H1&limit=3&sort=ASC')).body.EUR as { history: Json[] };
    const times = asc.history.map((p) => Date.parse(String(p.timestamp)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[1]! - times[0]!).toBe(3_600_000);
    expect((await get('price/history?from=BTC&to=USDT&limit=1000&period=M1')).body.BTC).toMatchObject({ history: expect.any(Array) });
    await expectError('price/history?from=BTC&to=USDT&limit=1001', 400, 10001, 'limit');
    await expectError('price/history?from=BTC&to=USDT&limit=0', 400, 10001, 'limit');
    await expectError('price/history?from=BTC&to=USDT&period=M2', 400, 10001, 'period');
    await expectError('price/history?from=BTC&to=USDT&since=yesterday', 400, 10001, 'since');
  });

  it('gives last prices per symbol', async () => {
    const { body } = await get('price/ticker?symbols=BTCUSDT,ETHBTC');
    expect(body.ETHBTC).toEqual({ price: expect.stringMatching(DECIMAL), timestamp: expect.stringMatching(ISO) });
    expect((await get('price/ticker/XRPUSDT')).body).toEqual({ price: expect.stringMatching(DECIMAL), timestamp: expect.stringMatching(ISO) });
  });
});

describe('trades', () => {
  it('defaults to 10 per symbol (all symbols) and 100 for one symbol, newest first', async () => {
    const all = (await get('trades')).body as Record<string, Json[]>;
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.SOLUSDT).toHaveLength(10);
    const one = (await get('trades/BTCUSDT')).body as unknown as Json[];
    expect(one).toHaveLength(100);
    expect(Object.keys(one[0]!).sort()).toEqual(['id', 'price', 'qty', 'side', 'timestamp']);
    expect(typeof one[0]!.id).toBe('number');
    expect(['buy', 'sell']).toContain(one[0]!.side);
    const times = one.map((t) => Date.parse(String(t.timestamp)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages by id and by timestamp in both directions', async () => {
    const newest = (await get('trades/ETHUSDT?limit=20')).body as unknown as Json[];
    const ids = newest.map((t) => t.id as number);
    const from = ids[15]!;
    const till = ids[5]!;
    const byId = (await get(`trades/ETHUSDT?by=id&from=${from}&till=${till}&sort=ASC&limit=1000`)).body as unknown as Json[];
    expect(byId.map((t) => t.id)).toEqual(ids.slice(5, 16).reverse());
    const t0 = String(newest[12]!.timestamp);
    const byTime = (await get(`trades/ETHUSDT?from=${encodeURIComponent(t0)}&limit=1000`)).body as unknown as Json[];
    expect(byTime.map((t) => t.id)).toEqual(ids.slice(0, 13));
    const withOffset = (await get('trades/ETHUSDT?limit=5&offset=3')).body as unknown as Json[];
    expect(withOffset.map((t) => t.id)).toEqual(ids.slice(3, 8));
    const multi = (await get(`trades?symbols=ETHUSDT&by=id&till=${till}&limit=2`)).body as Record<string, Json[]>;
    expect(multi.ETHUSDT!.map((t) => t.id)).toEqual(ids.slice(5, 7));
  });

  it('serves limit 1000 at offset 100000 from ninety days of history', async () => {
    const page = (await get('trades/BTCUSDT?limit=1000&offset=100000', full)).body as unknown as Json[];
    expect(page).toHaveLength(1000);
    const first = (await get('trades/BTCUSDT?limit=1', full)).body as unknown as Json[];
    expect(page[0]!.id as number).toBeLessThan(first[0]!.id as number);
  });

  it('refuses bad parameters naming them', async () => {
    await expectError('trades/BTCUSDT?limit=1001', 400, 10001, 'limit');
    await expectError('trades/BTCUSDT?limit=0', 400, 10001, 'limit');
    await expectError('trades/BTCUSDT?offset=100001', 400, 10001, 'offset');
    await expectError('trades/BTCUSDT?offset=-1', 400, 10001, 'offset');
    await expectError('trades/BTCUSDT?by=price', 400, 10001, 'by');
    await expectError('trades/BTCUSDT?sort=UP', 400, 10001, 'sort');
    await expectError('trades/BTCUSDT?by=id&from=abc', 400, 10001, 'from');
    await expectError('trades/BTCUSDT?till=notatime', 400, 10001, 'till');
    await expectError('trades?symbols=BTCUSDT,NOPE', 400, 2001, 'NOPE');
    await expectError('trades/NOPE', 400, 2001, 'NOPE');
  });
});

describe('order book', () => {
  it('defaults to depth 10 (all symbols) and 100 (one symbol), 0 = full book, sorted sides', async () => {
    const all = (await get('orderbook')).body as Record<string, Json>;
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.BTCUSDT!.ask).toHaveLength(10);
    expect(all.BTCUSDT!.timestamp).toMatch(ISO);
    const one = (await get('orderbook/ETHUSDT')).body;
    const asks = one.ask as Array<[string, string]>;
    const bids = one.bid as Array<[string, string]>;
    expect(asks).toHaveLength(100);
    expect(bids).toHaveLength(100);
    expect(asks[0]).toEqual([expect.stringMatching(DECIMAL), expect.stringMatching(DECIMAL)]);
    expect(Number(asks[0]![0])).toBeGreaterThan(Number(bids[0]![0]));
    expect(asks.map((l) => Number(l[0]))).toEqual(asks.map((l) => Number(l[0])).sort((a, b) => a - b));
    expect(bids.map((l) => Number(l[0]))).toEqual(bids.map((l) => Number(l[0])).sort((a, b) => b - a));
    expect(((await get('orderbook/ETHUSDT?depth=0')).body.ask as unknown[]).length).toBeGreaterThan(100);
    expect(((await get('orderbook?symbols=XRPUSDT&depth=3')).body.XRPUSDT as Json).bid).toHaveLength(3);
  });

  it('with volume, returns the levels that cover it and ignores depth', async () => {
    const { body } = await get('orderbook/BTCUSDT?volume=1.5&depth=1');
    for (const side of [body.ask, body.bid] as Array<Array<[string, string]>>) {
      const sums = side.map((_, i) => side.slice(0, i + 1).reduce((s, l) => s + Number(l[1]), 0));
      expect(sums.at(-1)).toBeGreaterThanOrEqual(1.5);
      expect(sums.at(-2) ?? 0).toBeLessThan(1.5);
    }
    await expectError('orderbook/BTCUSDT?volume=-2', 400, 10001, 'volume');
    await expectError('orderbook/BTCUSDT?depth=x', 400, 10001, 'depth');
  });
});

describe('candles', () => {
  it('defaults to M30, DESC, 100 per symbol; zero-volume candles are absent', async () => {
    const list = (await get('candles/BTCUSDT')).body as unknown as Json[];
    expect(list.length).toBeGreaterThan(10); // light history: six hours of M30
    expect(Object.keys(list[0]!).sort()).toEqual(['close', 'max', 'min', 'open', 'timestamp', 'volume', 'volume_quote']);
    const times = list.map((c) => Date.parse(String(c.timestamp)));
    expect(times.every((t) => t % 1_800_000 === 0)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.every((c) => Number(c.volume) > 0)).toBe(true);
    for (const c of list) expect(Number(c.min)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
    const fullList = (await get('candles/BTCUSDT?period=H1', full)).body as unknown as Json[];
    expect(fullList).toHaveLength(100);
  });

  it('accepts limit 1000, offset, from and till, and every period', async () => {
    expect((await get('candles/ETHBTC?period=M1&limit=1000', full)).body).toHaveLength(1000);
    const paged = (await get('candles/ETHBTC?period=M1&limit=3&offset=2')).body as unknown as Json[];
    const first = (await get('candles/ETHBTC?period=M1&limit=5')).body as unknown as Json[];
    expect(paged).toEqual(first.slice(2, 5));
    const from = String(first[4]!.timestamp);
    const till = String(first[1]!.timestamp);
    const window = (await get(`candles/ETHBTC?period=M1&from=${from}&till=${till}&sort=ASC`)).body as unknown as Json[];
    expect(window.map((c) => c.timestamp)).toEqual(first.slice(1, 5).map((c) => c.timestamp).reverse());
    const month = (await get('candles/BTCUSDT?period=1M', full)).body as unknown as Json[];
    expect(month.every((c) => String(c.timestamp).slice(8, 10) === '01')).toBe(true);
    expect(month.length).toBeGreaterThanOrEqual(3);
    const weeks = (await get('candles/BTCUSDT?period=D7', full)).body as unknown as Json[];
    expect(weeks.every((c) => new Date(String(c.timestamp)).getUTCDay() === 1)).toBe(true);
    for (const period of ['M3', 'M5', 'M15', 'H4', 'D1']) expect((await get(`candles/BTCUSDT?period=${period}&limit=1`)).status).toBe(200);
  });

  it('multi-symbol candles default to 10 per symbol', async () => {
    const { body } = await get('candles?symbols=BTCUSDT,ETHUSDT&period=M1');
    expect(Object.keys(body)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(body.ETHUSDT).toHaveLength(10);
    expect(Object.keys((await get('candles?limit=1')).body)).toHaveLength(10);
  });

  it('refuses bad parameters naming them', async () => {
    await expectError('candles/BTCUSDT?limit=1001', 400, 10001, 'limit');
    await expectError('candles/BTCUSDT?offset=100001', 400, 10001, 'offset');
    await expectError('candles/BTCUSDT?period=H2', 400, 10001, 'period');
    await expectError('candles/BTCUSDT?sort=random', 400, 10001, 'sort');
    await expectError('candles/BTCUSDT?from=soon', 400, 10001, 'from');
    await expectError('candles?symbols=XYZ', 400, 2001, 'XYZ');
  });
});
