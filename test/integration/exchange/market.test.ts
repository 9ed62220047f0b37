// The market calls against the sandbox over loopback: spot symbols, one symbol's candles as
// decimals equal to the service's own text, bad input refused before any request, and the
// candles stream's snapshot and updates read with the same parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { isApiError } from '../../../main/exchange/errors';
import type { ChannelNotification } from '../../../main/exchange/stream/streams';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { parseStreamCandle } from '../../../main/exchange/v3/records';
import { clientFor, startFixture, type CountingApi, type Fixture } from './sandbox-fixture';

let fixture: Fixture;
let client: CountingApi;
let api: TreasuryApi;

beforeAll(async () => {
  fixture = await startFixture();
  client = clientFor(fixture);
  api = client.api;
});
afterAll(async () => {
  api.close();
  await fixture.close();
});

async function rawGet(path: string): Promise<unknown> {
  const response = await fetch(`${fixture.sandbox.restUrl}${path}`);
  return response.json();
}

describe('symbols', () => {
  it('lists every spot symbol the service lists, with its base, quote and fee currency', async () => {
    const symbols = await api.symbols();
    const raw = (await rawGet('/api/3/public/symbol')) as Record<string, { type: string; base_currency: string; quote_currency: string; fee_currency: string }>;
    const spot = Object.entries(raw).filter(([, record]) => record.type === 'spot');
    expect(symbols.map((s) => s.id).sort()).toEqual(spot.map(([id]) => id).sort());
    expect(symbols.find((s) => s.id === 'BTCUSDT')).toEqual({ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', feeCurrency: raw.BTCUSDT?.fee_currency });
    expect(symbols.every((s) => s.feeCurrency === raw[s.id]?.fee_currency)).toBe(true);
  });
});

describe('candles', () => {
  it('reads one symbol’s candles oldest first as decimals, equal to the service’s text', async () => {
    const candles = await api.candles('ETHUSDT', { period: 'M5', limit: 30, sort: 'ASC' });
    const raw = (await rawGet('/api/3/public/candles/ETHUSDT?period=M5&limit=30&sort=ASC')) as Array<Record<string, string>>;
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.length).toBeLessThanOrEqual(30);
    expect(candles.map((c) => [c.timestamp, c.open.toFixed(), c.close.toFixed(), c.high.toFixed(), c.low.toFixed(), c.volume.toFixed(), c.volumeQuote.toFixed()]))
      .toEqual(raw.map((r) => [r.timestamp, r.open, r.close, r.max, r.min, r.volume, r.volume_quote].map((text) => (text === r.timestamp ? text : new Decimal(text!).toFixed()))));
    const times = candles.map((c) => Date.parse(c.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(candles.every((c) => Decimal.isDecimal(c.open) && c.high.gte(c.low) && c.volume.gt(0))).toBe(true);
  });

  it('keeps to the time window asked for', async () => {
    const all = await api.candles('BTCUSDT', { period: 'M1', limit: 20, sort: 'ASC' });
    const middle = all[Math.floor(all.length / 2)]!.timestamp;
    const later = await api.candles('BTCUSDT', { period: 'M1', from: middle, limit: 20, sort: 'ASC' });
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((c) => c.timestamp >= middle)).toBe(true);
  });

  it('refuses a limit above 1000 or a bad symbol before asking the service', async () => {
    const before = client.events.length;
    await expect(api.candles('BTCUSDT', { limit: 1001 })).rejects.toMatchObject({ field: 'limit' });
    await expect(api.candles('BTC/USDT', {})).rejects.toMatchObject({ field: 'symbol' });
    expect(client.events.length).toBe(before);
  });

  it('passes on the service’s refusal of an unknown symbol', async () => {
    const failure = await api.candles('NOPEUSDT').catch((error: unknown) => error);
    expect(isApiError(failure)).toBe(true);
    expect((failure as { status?: number }).status).toBe(400);
  });
});

describe('candles stream', () => {
  it('gives a snapshot of the last candles and then updates of the current one, each parsed as decimals', async () => {
    const stream = api.publicStream();
    const heard: ChannelNotification[] = [];
    try {
      const stop = await stream.subscribe('candles/M1', { symbols: ['ETHUSDT'], limit: 3 }, (notification) => heard.push(notification));
      await until(() => heard.some((n) => n.kind === 'snapshot'));
      const snapshot = heard.find((n) => n.kind === 'snapshot')!;
      const candles = (snapshot.data.ETHUSDT as unknown[]).map(parseStreamCandle);
      const rest = await api.candles('ETHUSDT', { period: 'M1', limit: 3 });
      expect(candles.map((c) => c.timestamp)).toEqual(rest.map((c) => c.timestamp).reverse());
      expect(candles.every((c) => c.high.gte(c.low) && Decimal.isDecimal(c.volumeQuote))).toBe(true);
      await fixture.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
      await until(() => heard.some((n) => n.kind === 'update'));
      const update = (heard.find((n) => n.kind === 'update')!.data.ETHUSDT as unknown[]).map(parseStreamCandle);
      expect(update.at(-1)!.timestamp > candles.at(-1)!.timestamp).toBe(true);
      await stop();
    } finally {
      stream.close();
    }
  });

  it('refuses a stream candle without a time or with a float-unsafe field', () => {
    expect(() => parseStreamCandle({ o: '1', c: '1', h: '1', l: '1', v: '1', q: '1' })).toThrow(/t is not a time/);
    expect(() => parseStreamCandle({ t: '1700000000000', o: '1', c: 'x', h: '1', l: '1', v: '1', q: '1' })).toThrow(/c is not a decimal/);
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
