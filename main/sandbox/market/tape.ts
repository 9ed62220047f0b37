// Time-aware reading of one symbol's simulated tape: trades, candles and rolling statistics up to
// "now". Nothing before the history start exists; nothing after now is ever returned.
import * as latentWalk from './latent';
import { ID_STRIDE, MinuteTrades, type SymbolModel } from './model';
import * as periods from './periods';
import type { Period } from './periods';

// Local bindings: transpiled imports are property getters, costly in hot loops.
const { bucketStart, minuteOf, nextBucket, previousBucket } = periods;
const { CHUNK_MINUTES } = latentWalk;

export interface Trade {
  id: number;
  time: number;
  /** Price in ticks. */
  price: number;
  /** Quantity in quantity increments. */
  qty: number;
  side: 'buy' | 'sell';
}

/** An aggregate of trades: prices in ticks, volume in increments, quote volume in tick×increment. */
export interface Aggregate {
  time: number;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  quote: bigint;
  trades: number;
}

export interface TradeQuery {
  by: 'id' | 'timestamp';
  sort: 'ASC' | 'DESC';
  from?: number;
  till?: number;
  limit: number;
  offset: number;
}

export interface CandleQuery {
  sort: 'ASC' | 'DESC';
  from?: number;
  till?: number;
  limit: number;
  offset: number;
}

export class SymbolTape {
  private readonly minuteBuffer = new MinuteTrades();

  constructor(readonly model: SymbolModel, readonly historyStartMinute: number) {}

  /** Trades of one minute that happened at or before `now`, oldest first. */
  minuteTrades(minute: number, now: number): Trade[] {
    if (minute < this.historyStartMinute || minute > minuteOf(now)) return [];
    const t = this.model.tradesOf(minute, this.minuteBuffer);
    const out: Trade[] = [];
    for (let k = 0; k < t.count; k += 1) {
      const time = t.time[k] as number;
      if (time > now) break;
      out.push({ id: minute * ID_STRIDE + k, time, price: t.price[k] as number, qty: t.qty[k] as number, side: t.buy[k] ? 'buy' : 'sell' });
    }
    return out;
  }

  /** Trades in (afterMs, now], oldest first, at most `max` of the newest. */
  tradesBetween(afterMs: number, now: number, max: number): Trade[] {
    const collected: Trade[] = [];
    const first = Math.max(minuteOf(afterMs), this.historyStartMinute);
    for (let m = minuteOf(now); m >= first && collected.length < max; m -= 1) {
      const trades = this.minuteTrades(m, now);
      for (let k = trades.length - 1; k >= 0 && collected.length < max; k -= 1) {
        const trade = trades[k] as Trade;
        if (trade.time > afterMs) collected.push(trade);
      }
    }
    return collected.reverse();
  }

  lastTrade(now: number): Trade | null {
    return this.tradesBetween(-Infinity, now, 1)[0] ?? null;
  }

  queryTrades(q: TradeQuery, now: number): Trade[] {
    const nowMinute = minuteOf(now);
    const toMinute = (v: number): number => (q.by === 'id' ? Math.floor(v / ID_STRIDE) : minuteOf(v));
    const lo = Math.max(this.historyStartMinute, q.from === undefined ? -Infinity : toMinute(q.from));
    const hi = Math.min(nowMinute, q.till === undefined ? Infinity : toMinute(q.till));
    const key = (t: Trade): number => (q.by === 'id' ? t.id : t.time);
    const inRange = (t: Trade): boolean => (q.from === undefined || key(t) >= q.from) && (q.till === undefined || key(t) <= q.till);
    const out: Trade[] = [];
    let skip = q.offset;
    const take = (t: Trade): boolean => {
      if (!inRange(t)) return true;
      if (skip > 0) skip -= 1;
      else out.push(t);
      return out.length < q.limit;
    };
    if (q.sort === 'DESC') {
      for (let m = hi; m >= lo; m -= 1) {
        const trades = this.minuteTrades(m, now);
        for (let k = trades.length - 1; k >= 0; k -= 1) if (!take(trades[k] as Trade)) return out;
      }
    } else {
      for (let m = lo; m <= hi; m += 1) {
        for (const trade of this.minuteTrades(m, now)) if (!take(trade)) return out;
      }
    }
    return out;
  }

  /** Aggregate of the trades in [fromMs, toMs) up to now; null when there were none. */
  aggregate(fromMs: number, toMs: number, now: number): Aggregate | null {
    const nowMinute = minuteOf(now);
    const first = Math.max(minuteOf(fromMs), this.historyStartMinute);
    const last = Math.min(minuteOf(toMs - 1), nowMinute);
    let agg: Aggregate | null = null;
    let m = first;
    while (m <= last && m < nowMinute) {
      const chunk = Math.floor(m / CHUNK_MINUTES);
      const s = this.model.summary(chunk);
      const end = Math.min(last, nowMinute - 1, (chunk + 1) * CHUNK_MINUTES - 1);
      for (; m <= end; m += 1) {
        const i = m - chunk * CHUNK_MINUTES;
        agg = merge(agg, m, s.open[i] as number, s.close[i] as number, s.high[i] as number, s.low[i] as number, s.volume[i] as number, s.quote[i] as number, 1);
      }
    }
    if (m === nowMinute && m <= last) {
      for (const t of this.minuteTrades(nowMinute, now)) agg = merge(agg, m, t.price, t.price, t.price, t.price, t.qty, t.price * t.qty, 1);
    }
    if (agg) agg.time = fromMs;
    return agg;
  }

  candle(period: Period, start: number, now: number): Aggregate | null {
    return this.aggregate(start, nextBucket(period, start), now);
  }

  /** Candles by the REST rules: newest or oldest first, zero-volume buckets skipped. */
  candles(period: Period, q: CandleQuery, now: number): Aggregate[] {
    const historyStart = this.historyStartMinute * 60_000;
    const out: Aggregate[] = [];
    let skip = q.offset;
    const visit = (start: number): boolean => {
      const c = this.candle(period, start, now);
      if (!c) return true;
      if (skip > 0) skip -= 1;
      else out.push(c);
      return out.length < q.limit;
    };
    const upper = Math.min(q.till ?? now, now);
    const lower = Math.max(q.from ?? historyStart, historyStart);
    if (q.sort === 'DESC') {
      const floor = q.from ?? -Infinity;
      for (let start = bucketStart(period, upper); nextBucket(period, start) > historyStart && start >= floor; start = previousBucket(period, start)) {
        if (!visit(start)) break;
      }
    } else {
      let start = bucketStart(period, lower);
      if (q.from !== undefined && start < q.from) start = nextBucket(period, start);
      for (; start <= upper; start = nextBucket(period, start)) if (!visit(start)) break;
    }
    return out;
  }
}

function merge(agg: Aggregate | null, minute: number, open: number, close: number, high: number, low: number, volume: number, quote: number, trades: number): Aggregate {
  if (!agg) return { time: minute * 60_000, open, close, high, low, volume, quote: BigInt(quote), trades };
  agg.close = close;
  if (high > agg.high) agg.high = high;
  if (low < agg.low) agg.low = low;
  agg.volume += volume;
  agg.quote += BigInt(quote);
  agg.trades += trades;
  return agg;
}
