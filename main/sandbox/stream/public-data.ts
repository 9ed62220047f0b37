// Payloads of the market-data stream for one symbol or currency, in the short field names of
// api-v3.md (t in milliseconds, amounts as strings).
import Decimal from '../decimal';
import { formatUnits, type Aggregate, type BookSide, type BookState, type Market, type MarketSymbol, type Trade } from '../market';
import type { Scale } from '../market/units';

const text = (value: Decimal): string => value.toSignificantDigits(15).toFixed();

export function tradesPayload(s: MarketSymbol, trades: readonly Trade[]): unknown[] {
  const m = s.tape.model;
  return trades.map((t) => ({ t: t.time, i: t.id, p: formatUnits(t.price, m.price), q: formatUnits(t.qty, m.quantity), s: t.side }));
}

export function candlePayload(s: MarketSymbol, c: Aggregate): Record<string, unknown> {
  const m = s.tape.model;
  return {
    t: c.time, o: formatUnits(c.open, m.price), c: formatUnits(c.close, m.price), h: formatUnits(c.high, m.price),
    l: formatUnits(c.low, m.price), v: formatUnits(c.volume, m.quantity), q: formatUnits(c.quote, m.quoteVolume),
  };
}

/** A candle with prices and quote volume converted by `rate` (quote currency → target). */
export function convertedCandlePayload(s: MarketSymbol, c: Aggregate, rate: Decimal): Record<string, unknown> {
  const m = s.tape.model;
  const price = (ticks: number): string => text(new Decimal(ticks).times(m.price.step).times(rate));
  return {
    t: c.time, o: price(c.open), c: price(c.close), h: price(c.high), l: price(c.low),
    v: formatUnits(c.volume, m.quantity), q: text(new Decimal(c.quote.toString()).times(m.quoteVolume.step).times(rate)),
  };
}

export function ratePayload(market: Market, currency: string, target: string): Record<string, unknown> | null {
  const rate = market.rate(currency, target);
  return rate ? { t: market.clock.now(), r: text(rate) } : null;
}

function dayFields(market: Market, s: MarketSymbol): { t: number; day: Aggregate | null; last: Trade | null } {
  return { t: market.clock.now(), day: market.dayStats(s.def.id), last: market.lastTrade(s.def.id) };
}

const priceOrZero = (ticks: number | undefined, scale: Scale): string => formatUnits(ticks ?? 0, scale);

export function tickerPricePayload(market: Market, s: MarketSymbol): Record<string, unknown> {
  const m = s.tape.model;
  const { t, day, last } = dayFields(market, s);
  return {
    t, o: priceOrZero(day?.open, m.price), c: priceOrZero(last?.price, m.price), h: priceOrZero(day?.high, m.price),
    l: priceOrZero(day?.low, m.price), v: formatUnits(day?.volume ?? 0, m.quantity), q: formatUnits(day?.quote ?? 0n, m.quoteVolume),
  };
}

export function tickerPayload(market: Market, s: MarketSymbol): Record<string, unknown> {
  const m = s.tape.model;
  const { book } = market.book(s.def.id);
  const { t, day, last } = dayFields(market, s);
  const open = day?.open ?? 0;
  const change = (last?.price ?? 0) - open;
  const percent = open === 0 ? new Decimal(0) : new Decimal(change).times(100).div(open);
  return {
    t,
    a: priceOrZero(book.asks.price[0], m.price), A: priceOrZero(book.asks.qty[0], m.quantity),
    b: priceOrZero(book.bids.price[0], m.price), B: priceOrZero(book.bids.qty[0], m.quantity),
    c: priceOrZero(last?.price, m.price), o: priceOrZero(day?.open, m.price),
    h: priceOrZero(day?.high, m.price), l: priceOrZero(day?.low, m.price),
    v: formatUnits(day?.volume ?? 0, m.quantity), q: formatUnits(day?.quote ?? 0n, m.quoteVolume),
    p: formatUnits(change, m.price), P: percent.toFixed(2), L: last?.id ?? 0,
  };
}

export function levels(s: MarketSymbol, side: BookSide, depth = 0): Array<[string, string]> {
  const m = s.tape.model;
  const n = depth > 0 ? Math.min(depth, side.price.length) : side.price.length;
  const out: Array<[string, string]> = [];
  for (let i = 0; i < n; i += 1) out.push([formatUnits(side.price[i] as number, m.price), formatUnits(side.qty[i] as number, m.quantity)]);
  return out;
}

export function bookPayload(s: MarketSymbol, state: BookState, depth = 0): Record<string, unknown> {
  return { t: state.book.time, s: state.seq, a: levels(s, state.book.asks, depth), b: levels(s, state.book.bids, depth) };
}

export function bookTopPayload(s: MarketSymbol, state: BookState): Record<string, unknown> {
  const m = s.tape.model;
  const { asks, bids } = state.book;
  return {
    t: state.book.time,
    a: priceOrZero(asks.price[0], m.price), A: priceOrZero(asks.qty[0], m.quantity),
    b: priceOrZero(bids.price[0], m.price), B: priceOrZero(bids.qty[0], m.quantity),
  };
}
