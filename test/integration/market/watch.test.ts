// The market service in a profile's scope against the sandbox: the spot symbols read once,
// a watch answering with the same candles the service gives over REST, then following the
// symbol's candles stream (marketCandles events), a second watch replacing the first, an
// unknown symbol refused without letting go of the followed one, and stopping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { Candle } from '../../../preload/contract/portfolio';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from '../transfers/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The service's own candles, read over plain HTTP, oldest first. */
async function restCandles(symbol: string, period: string): Promise<Candle[]> {
  const response = await fetch(`${h.sandbox.restUrl}/api/3/public/candles/${symbol}?period=${period}&limit=300&sort=DESC`);
  const raw = (await response.json()) as Array<Record<string, string>>;
  // Compared as decimals: the service may write trailing zeros the decimal text drops.
  const exact = (text: string | undefined) => new Decimal(text!).toFixed();
  return raw.reverse().map((r) => ({
    at: r.timestamp!, open: exact(r.open), close: exact(r.close), high: exact(r.max), low: exact(r.min), volume: exact(r.volume), volumeQuote: exact(r.volume_quote),
  }));
}

const candleEvents = (symbol: string, from: number) =>
  h.desk.events.slice(from).filter((e) => e.event === 'marketCandles' && e.payload.symbol === symbol);

describe('market symbols', () => {
  it('lists the spot symbols sorted, read from the service once', async () => {
    const symbols = unwrap(await h.desk.core.handlers.marketSymbols());
    expect(symbols.map((s) => s.symbol)).toEqual([...symbols.map((s) => s.symbol)].sort());
    expect(symbols).toContainEqual({ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' });
    unwrap(await h.desk.core.handlers.marketSymbols());
    expect(sentTo(h.desk, '/api/3/public/symbol')).toBe(1);
  });
});

describe('watching candles', () => {
  it('answers with the service’s last candles oldest first, then follows the symbol’s updates', async () => {
    const series = unwrap(await h.desk.core.handlers.watchCandles({ symbol: ' ethusdt ', period: 'M5' }));
    const truth = await restCandles('ETHUSDT', 'M5');
    expect(series.symbol).toBe('ETHUSDT');
    expect(series.period).toBe('M5');
    expect(series.candles.length).toBeGreaterThan(10);
    // Trades may land between the two reads: all but the current candle must be the same.
    const byAt = new Map(truth.map((c) => [c.at, c]));
    const settled = series.candles.slice(0, -1);
    expect(settled).toEqual(settled.map((c) => byAt.get(c.at)));
    const from = h.desk.events.length;
    await h.control('POST', '/sandbox/clock/advance', { ms: 600_000 });
    const update = await waitForEvent(h.desk, 'marketCandles', (p) => p.symbol === 'ETHUSDT' && p.candles.some((c) => c.at > series.candles.at(-1)!.at), 5_000, from);
    expect(update.period).toBe('M5');
    expect(update.candles.every((c) => /^\d+(\.\d+)?$/.test(c.close) && Number(c.high) >= Number(c.low))).toBe(true);
  });

  it('follows a second symbol instead of the first: nothing of the first is heard afterwards', async () => {
    const series = unwrap(await h.desk.core.handlers.watchCandles({ symbol: 'BTCUSDT', period: 'M1' }));
    const from = h.desk.events.length;
    await h.control('POST', '/sandbox/clock/advance', { ms: 180_000 });
    await waitForEvent(h.desk, 'marketCandles', (p) => p.symbol === 'BTCUSDT' && p.candles.some((c) => c.at > series.candles.at(-1)!.at), 5_000, from);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(candleEvents('ETHUSDT', from)).toEqual([]);
  });

  it('refuses an unknown symbol by its field, still following the symbol before', async () => {
    const refused = failure(await h.desk.core.handlers.watchCandles({ symbol: 'NOPEUSDT', period: 'M1' }));
    expect(refused.field).toBe('symbol');
    expect(refused.message).toContain('NOPEUSDT');
    const from = h.desk.events.length;
    await h.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
    await waitForEvent(h.desk, 'marketCandles', (p) => p.symbol === 'BTCUSDT', 5_000, from);
  });

  it('stops following: no candles after stopCandles', async () => {
    unwrap(await h.desk.core.handlers.stopCandles());
    const from = h.desk.events.length;
    await h.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(candleEvents('BTCUSDT', from)).toEqual([]);
  });
});

describe('closing the scope', () => {
  it('ends the followed candles with the profile’s scope', async () => {
    const desk = await h.openDesk('master@sandbox.test');
    unwrap(await desk.core.handlers.watchCandles({ symbol: 'ETHUSDT', period: 'M1' }));
    desk.core.close();
    const from = desk.events.length;
    await h.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(desk.events.slice(from).filter((e) => e.event === 'marketCandles')).toEqual([]);
  });
});
