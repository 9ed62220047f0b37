import Decimal from '../../../../preload/contract/decimal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxClock } from '../../../../main/sandbox/clock';
import { createMarket, type Market } from '../../../../main/sandbox/market';

const markets: Market[] = [];
function market(seed: number, clock = new SandboxClock()): Market {
  const m = createMarket({ seed, clock, light: true });
  markets.push(m);
  return m;
}
afterEach(() => {
  for (const m of markets.splice(0)) m.close();
});

describe('market simulator determinism', () => {
  it('gives the same trades and candles for the same seed and different ones for another seed', () => {
    const a = market(7);
    const b = market(7);
    const c = market(8);
    const now = a.clock.now() - 120_000; // two minutes back: complete minutes, same for all three
    const query = { by: 'timestamp', sort: 'DESC', limit: 50, offset: 0 } as const;
    const tradesA = a.symbol('BTCUSDT')!.tape.queryTrades(query, now);
    expect(tradesA).toHaveLength(50);
    expect(b.symbol('BTCUSDT')!.tape.queryTrades(query, now)).toEqual(tradesA);
    expect(c.symbol('BTCUSDT')!.tape.queryTrades(query, now)).not.toEqual(tradesA);
    const candleQuery = { sort: 'DESC', limit: 20, offset: 0 } as const;
    expect(b.symbol('ETHBTC')!.tape.candles('M5', candleQuery, now)).toEqual(a.symbol('ETHBTC')!.tape.candles('M5', candleQuery, now));
  });

  it('keeps history independent of when the market was created', () => {
    const early = market(3);
    const clock = new SandboxClock();
    clock.advance(3 * 3_600_000);
    const late = market(3, clock);
    const minuteStart = Math.floor(early.clock.now() / 60_000) * 60_000 - 60_000;
    const q = { by: 'timestamp', sort: 'ASC', from: minuteStart, till: minuteStart + 59_999, limit: 100, offset: 0 } as const;
    const fromEarly = early.symbol('SOLUSDT')!.tape.queryTrades(q, early.clock.now());
    expect(fromEarly.length).toBeGreaterThanOrEqual(4);
    expect(late.symbol('SOLUSDT')!.tape.queryTrades(q, clock.now())).toEqual(fromEarly);
  });
});

describe('rate', () => {
  it('prices directly, inversely and through USDT and BTC crosses, consistently', () => {
    const m = market(1);
    const btcUsdt = m.rate('BTC', 'USDT')!;
    expect(btcUsdt.gt(30000) && btcUsdt.lt(120000)).toBe(true);
    expect(m.rate('usdt', 'btc')!.times(btcUsdt).toDecimalPlaces(12).toString()).toBe('1');
    expect(m.rate('BTC', 'BTC')!.toString()).toBe('1');
    const eurUsdt = m.rate('EUR', 'USDT')!;
    expect(eurUsdt.gt('0.9') && eurUsdt.lt('1.3')).toBe(true);
    // EUR has only BTCEUR: its USDT price is BTCUSDT / BTCEUR.
    const same = (a: Decimal, b: Decimal): void => expect(a.toSignificantDigits(15).toString()).toBe(b.toSignificantDigits(15).toString());
    same(eurUsdt, btcUsdt.div(m.rate('BTC', 'EUR')!));
    const dogeSol = m.rate('DOGE', 'SOL')!;
    same(dogeSol, m.rate('DOGE', 'USDT')!.div(m.rate('SOL', 'USDT')!));
    expect(m.rate('XYZ', 'USDT')).toBeNull();
    expect(m.rate('BTC', 'XYZ')).toBeNull();
  });

  it('is the mid of the best bid and ask of a direct symbol', () => {
    const m = market(2);
    const { book } = m.book('ETHUSDT');
    const ask = new Decimal(book.asks.price[0]!).times('0.01');
    const bid = new Decimal(book.bids.price[0]!).times('0.01');
    expect(m.rate('ETH', 'USDT')!.toString()).toBe(ask.plus(bid).div(2).toString());
    expect(ask.gt(bid)).toBe(true);
  });
});

describe('rate history', () => {
  it('prices a cross bucket by bucket from its legs', () => {
    const BTCUSDT_TICK = '0.1';
    const m = market(6);
    const q = { sort: 'DESC', limit: 3, offset: 0 } as const;
    const eur = m.rateHistory('EUR', 'USDT', 'H1', q)!;
    expect(eur).toHaveLength(3);
    const now = m.clock.now();
    for (const point of eur) {
      const btcUsdt = m.symbol('BTCUSDT')!.tape.candle('H1', point.time, now)!;
      const btcEur = m.symbol('BTCEUR')!.tape.candle('H1', point.time, now)!;
      // EUR → BTC (inverse of BTCEUR) → USDT; min uses the inverse leg's max.
      // Candles count in ticks: BTCEUR's 0.01, BTCUSDT's 0.1.
      expect(point.close.toString()).toBe(new Decimal(1).div(new Decimal(btcEur.close).times('0.01')).times(new Decimal(btcUsdt.close).times(BTCUSDT_TICK)).toString());
      expect(point.min.toString()).toBe(new Decimal(1).div(new Decimal(btcEur.high).times('0.01')).times(new Decimal(btcUsdt.low).times(BTCUSDT_TICK)).toString());
    }
    expect(m.rateHistory('XYZ', 'USDT', 'H1', q)).toBeNull();
  });
});

describe('candles', () => {
  it('aggregate exactly the trades of their bucket', () => {
    const m = market(5);
    const tape = m.symbol('XRPUSDT')!.tape;
    const now = m.clock.now();
    const [candle] = tape.candles('M15', { sort: 'DESC', limit: 1, offset: 1 }, now);
    expect(candle).toBeDefined();
    const trades = tape.queryTrades({ by: 'timestamp', sort: 'ASC', from: candle!.time, till: candle!.time + 15 * 60_000 - 1, limit: 1000, offset: 0 }, now);
    expect(trades.length).toBeGreaterThan(15 * 4 - 1);
    expect(candle!.open).toBe(trades[0]!.price);
    expect(candle!.close).toBe(trades.at(-1)!.price);
    expect(candle!.high).toBe(Math.max(...trades.map((t) => t.price)));
    expect(candle!.low).toBe(Math.min(...trades.map((t) => t.price)));
    expect(candle!.volume).toBe(trades.reduce((s, t) => s + t.qty, 0));
    expect(candle!.quote).toBe(trades.reduce((s, t) => s + BigInt(t.price) * BigInt(t.qty), 0n));
    const minutes = tape.candles('M1', { sort: 'ASC', from: candle!.time, till: candle!.time + 14 * 60_000, limit: 100, offset: 0 }, now);
    expect(minutes).toHaveLength(15);
    expect(minutes.reduce((s, c) => s + c.volume, 0)).toBe(candle!.volume);
  });

  it('start at the history start and never include the future', () => {
    const m = market(5);
    const tape = m.symbol('BTCUSDT')!.tape;
    const all = tape.candles('H1', { sort: 'ASC', limit: 1000, offset: 0 }, m.clock.now());
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.length).toBeLessThanOrEqual(7);
    expect(all[0]!.time).toBeLessThanOrEqual(m.historyStart);
    expect(all.at(-1)!.time).toBeLessThanOrEqual(m.clock.now());
  });
});

describe('order book', () => {
  it('updates replayed on the snapshot give the current book, with continuous sequence numbers', () => {
    const clock = new SandboxClock();
    const m = market(9, clock);
    const start = m.book('BTCUSDT');
    const asks = new Map(start.book.asks.price.map((p, i) => [p, start.book.asks.qty[i]!]));
    const bids = new Map(start.book.bids.price.map((p, i) => [p, start.book.bids.qty[i]!]));
    const seqs: number[] = [];
    m.onBook((e) => {
      if (e.symbol !== 'BTCUSDT') return;
      seqs.push(e.seq);
      e.asks.price.forEach((p, i) => (e.asks.qty[i] === 0 ? asks.delete(p) : asks.set(p, e.asks.qty[i]!)));
      e.bids.price.forEach((p, i) => (e.bids.qty[i] === 0 ? bids.delete(p) : bids.set(p, e.bids.qty[i]!)));
    });
    for (let i = 0; i < 40; i += 1) clock.advance(350);
    const end = m.book('BTCUSDT');
    expect(seqs.length).toBeGreaterThan(10);
    expect(seqs).toEqual(seqs.map((_, i) => start.seq + 1 + i));
    expect(end.seq).toBe(seqs.at(-1));
    expect([...asks.entries()].sort((a, b) => a[0] - b[0])).toEqual(end.book.asks.price.map((p, i) => [p, end.book.asks.qty[i]]));
    expect([...bids.entries()].sort((a, b) => b[0] - a[0])).toEqual(end.book.bids.price.map((p, i) => [p, end.book.bids.qty[i]]));
  });

  it('keeps announcing to the other listeners when one throws', () => {
    const clock = new SandboxClock();
    const m = market(4, clock);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    m.onBook(() => {
      throw new Error('broken subscriber');
    });
    const seen: string[] = [];
    m.onBook((e) => seen.push(e.symbol));
    expect(() => clock.advance(500)).not.toThrow();
    expect(seen).toContain('BTCUSDT');
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('catches up a thirty-day clock jump announcing only the newest trades', () => {
    const clock = new SandboxClock();
    const m = market(4, clock);
    const counts: number[] = [];
    m.onTrades((e) => counts.push(e.trades.length));
    clock.advance(30 * 86_400_000);
    expect(counts).toHaveLength(m.symbols.length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
    expect(m.lastTrade('BTCUSDT')!.time).toBeGreaterThan(clock.now() - 60_000);
  });
});
