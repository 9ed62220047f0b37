// Prices of one currency in another: a direct symbol when one exists, otherwise a chain through
// USDT (and through BTC for currencies such as EUR that only trade against BTC).
import Decimal from '../decimal';
import { findCurrency } from '../catalog';
import type { Period } from './periods';
import type { Aggregate, CandleQuery, SymbolTape } from './tape';
import { unitsToDecimal } from './units';

/** One step of a conversion: through `tape`, inverted when converting quote → base. */
export interface Leg {
  tape: SymbolTape;
  invert: boolean;
}

export interface RatePoint {
  time: number;
  open: Decimal;
  close: Decimal;
  min: Decimal;
  max: Decimal;
}

type TapeLookup = (base: string, quote: string) => SymbolTape | undefined;

function direct(lookup: TapeLookup, from: string, to: string): Leg | undefined {
  const forward = lookup(from, to);
  if (forward) return { tape: forward, invert: false };
  const backward = lookup(to, from);
  return backward ? { tape: backward, invert: true } : undefined;
}

/** Legs converting `from` into USDT: direct, or via BTC. */
function toUsdt(lookup: TapeLookup, code: string): Leg[] | undefined {
  if (code === 'USDT') return [];
  const leg = direct(lookup, code, 'USDT');
  if (leg) return [leg];
  const viaBtc = direct(lookup, code, 'BTC');
  const btc = direct(lookup, 'BTC', 'USDT');
  return viaBtc && btc ? [viaBtc, btc] : undefined;
}

function invertLegs(legs: Leg[]): Leg[] {
  return legs.map((l) => ({ tape: l.tape, invert: !l.invert })).reverse();
}

/** The chain of symbols that prices `from` in `to`, or undefined when there is none. */
export function route(lookup: TapeLookup, from: string, to: string): Leg[] | undefined {
  if (!findCurrency(from) || !findCurrency(to)) return undefined;
  if (from === to) return [];
  const leg = direct(lookup, from, to);
  if (leg) return [leg];
  const up = toUsdt(lookup, from);
  const down = toUsdt(lookup, to);
  return up && down ? [...up, ...invertLegs(down)] : undefined;
}

/** Multiply along the chain; `price(tape)` gives a symbol's price in its quote currency. */
export function chainPrice(legs: Leg[], price: (tape: SymbolTape) => Decimal): Decimal {
  return legs.reduce((acc, leg) => {
    const p = price(leg.tape);
    return leg.invert ? acc.div(p) : acc.times(p);
  }, new Decimal(1));
}

/** Rate candles along a chain: the first leg picks the buckets, the others are read at the same times. */
export function chainHistory(legs: Leg[], period: Period, q: CandleQuery, now: number): RatePoint[] {
  const [first, ...rest] = legs;
  if (!first) return [];
  const out: RatePoint[] = [];
  for (const bucket of first.tape.candles(period, q, now)) {
    const parts: Array<[Leg, Aggregate]> = [[first, bucket]];
    for (const leg of rest) {
      const c = leg.tape.candle(period, bucket.time, now);
      if (!c) break;
      parts.push([leg, c]);
    }
    if (parts.length === legs.length) out.push(combine(bucket.time, parts));
  }
  return out;
}

function combine(time: number, parts: Array<[Leg, Aggregate]>): RatePoint {
  const one = new Decimal(1);
  const point: RatePoint = { time, open: one, close: one, min: one, max: one };
  for (const [leg, c] of parts) {
    const scale = leg.tape.model.price;
    const [open, close, low, high] = [unitsToDecimal(c.open, scale), unitsToDecimal(c.close, scale), unitsToDecimal(c.low, scale), unitsToDecimal(c.high, scale)];
    if (leg.invert) {
      point.open = point.open.div(open);
      point.close = point.close.div(close);
      point.min = point.min.div(high);
      point.max = point.max.div(low);
    } else {
      point.open = point.open.times(open);
      point.close = point.close.times(close);
      point.min = point.min.times(low);
      point.max = point.max.times(high);
    }
  }
  return point;
}
