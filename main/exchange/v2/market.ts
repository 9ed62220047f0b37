// Version 2 public market data. Version 2 has no price-rate or price-history endpoint, so both are
// derived from what it has, in the shape version 3 answers them:
//   priceRates    from one read of all tickers (a symbol's price = the mid of bid and ask, else its
//                 last trade), through the direct symbol either way round, else a cross through
//                 USDT (and BTC for a currency that only trades against BTC), as version 3 prices;
//   priceHistory  from the candles of the asked period along the same chain of symbols (D1 gives
//                 a close per day), a bucket kept only when every symbol of the chain has it.
import type { MarketCalls } from '../calls/market';
import Decimal from '../decimal';
import type { Candle, MarketSymbol, PriceHistoryQuery, PricePoint, PriceRate } from '../domain';
import { ApiError, inputError } from '../errors';
import { asArray } from '../json';
import type { ServiceCalls } from '../service-calls';
import { requireCode } from '../validate';
import { parseCandleV2, parseCurrencyV2, parseSymbolV2, parseTickerV2, type TickerV2 } from './records';

const ONE = new Decimal(1);

/** One step of a chain: the symbol, and whether it converts its quote into its base (inverted). */
interface Leg {
  symbol: string;
  invert: boolean;
}

function pageLimit(limit: number | undefined, fallback: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > 1_000) throw inputError('limit', 'must be a whole number from 1 to 1000');
  return value;
}

function noPrice(code: string, to: string): ApiError {
  return new ApiError({ kind: 'service', code: 2002, message: 'Currency not found', description: `from: no price of ${code} in ${to}`, field: 'from' });
}

/** The symbols that price `from` in `to`: direct, else through USDT (each side direct or via BTC). */
function chain(symbols: readonly MarketSymbol[], from: string, to: string): Leg[] | undefined {
  const direct = (a: string, b: string): Leg | undefined => {
    const forward = symbols.find((s) => s.base === a && s.quote === b);
    if (forward !== undefined) return { symbol: forward.id, invert: false };
    const backward = symbols.find((s) => s.base === b && s.quote === a);
    return backward === undefined ? undefined : { symbol: backward.id, invert: true };
  };
  const toUsdt = (code: string): Leg[] | undefined => {
    if (code === 'USDT') return [];
    const leg = direct(code, 'USDT');
    if (leg !== undefined) return [leg];
    const viaBtc = direct(code, 'BTC');
    const btc = direct('BTC', 'USDT');
    return viaBtc !== undefined && btc !== undefined ? [viaBtc, btc] : undefined;
  };
  if (from === to) return [];
  const leg = direct(from, to);
  if (leg !== undefined) return [leg];
  const up = toUsdt(from);
  const down = toUsdt(to);
  if (up === undefined || down === undefined) return undefined;
  return [...up, ...down.map((l) => ({ symbol: l.symbol, invert: !l.invert })).reverse()];
}

/** A rate derived by dividing never ends: it is kept to the 15 significant digits version 3's own
 *  rates carry, so values in another currency read the same through both versions. */
const RATE_DIGITS = 15;

function rounded(point: PricePoint): PricePoint {
  const digits = (value: Decimal) => value.toSignificantDigits(RATE_DIGITS);
  return { timestamp: point.timestamp, open: digits(point.open), close: digits(point.close), min: digits(point.min), max: digits(point.max) };
}

function tickerPrice(ticker: TickerV2 | undefined): Decimal | undefined {
  if (ticker === undefined) return undefined;
  if (ticker.bid !== undefined && ticker.ask !== undefined && ticker.bid.gt(0) && ticker.ask.gt(0)) return ticker.bid.plus(ticker.ask).div(2);
  return ticker.last !== undefined && ticker.last.gt(0) ? ticker.last : undefined;
}

/** A candle as a price point of its leg: an inverted leg swaps min and max. */
function legPoint(candle: Candle, invert: boolean): PricePoint {
  if (!invert) return { timestamp: candle.timestamp, open: candle.open, close: candle.close, min: candle.low, max: candle.high };
  return { timestamp: candle.timestamp, open: ONE.div(candle.open), close: ONE.div(candle.close), min: ONE.div(candle.high), max: ONE.div(candle.low) };
}

function times(a: PricePoint, b: PricePoint): PricePoint {
  return { timestamp: a.timestamp, open: a.open.times(b.open), close: a.close.times(b.close), min: a.min.times(b.min), max: a.max.times(b.max) };
}

export const marketCallsV2 = (calls: ServiceCalls) => {
  const symbols = async () => asArray(await calls.publicRead('/api/2/public/symbol'), 'symbols').map(parseSymbolV2);

  const candles = async (symbol: string, query: { period?: string; from?: string; till?: string; limit?: number; sort?: 'ASC' | 'DESC' } = {}) => {
    const id = requireCode(symbol, 'symbol');
    const limit = pageLimit(query.limit, 100);
    // Version 2 answers oldest first by default; the domain's default is newest first.
    const reply = await calls.publicRead(`/api/2/public/candles/${encodeURIComponent(id)}`, {
      period: query.period, from: query.from, till: query.till, limit, sort: query.sort ?? 'DESC',
    });
    return asArray(reply, 'candles').map(parseCandleV2);
  };

  const chains = async (from: readonly string[], to: string) => {
    const target = requireCode(to, 'to');
    const codes = from.map((code) => requireCode(code, 'from'));
    if (codes.length === 0) throw inputError('from', 'needs at least one currency');
    const known = await symbols();
    return codes.map((code) => {
      const legs = chain(known, code, target);
      if (legs === undefined) throw noPrice(code, target);
      return { code, target, legs };
    });
  };

  const priceRates = async (from: readonly string[], to: string): Promise<PriceRate[]> => {
    const wanted = await chains(from, to);
    const tickers = new Map(asArray(await calls.publicRead('/api/2/public/ticker'), 'tickers').map(parseTickerV2).map((t) => [t.symbol, t]));
    const now = new Date(calls.transport.clock.now()).toISOString();
    return wanted.map(({ code, target, legs }) => {
      let price = ONE;
      let timestamp = legs.length === 0 ? now : '';
      for (const leg of legs) {
        const ticker = tickers.get(leg.symbol);
        const legPrice = tickerPrice(ticker);
        if (ticker === undefined || legPrice === undefined) throw noPrice(code, target);
        price = leg.invert ? price.div(legPrice) : price.times(legPrice);
        if (ticker.timestamp > timestamp) timestamp = ticker.timestamp;
      }
      return { currency: code, quote: target, price: price.toSignificantDigits(RATE_DIGITS), timestamp };
    });
  };

  const priceHistory = async (query: PriceHistoryQuery) => {
    const limit = pageLimit(query.limit, 100);
    const wanted = await chains(query.from, query.to);
    const bySymbol = new Map<string, Promise<Candle[]>>();
    const candlesOf = (symbol: string) => {
      let read = bySymbol.get(symbol);
      if (read === undefined) {
        read = candles(symbol, { period: query.period, from: query.since, till: query.until, limit, sort: query.sort });
        bySymbol.set(symbol, read);
      }
      return read;
    };
    return Promise.all(wanted.map(async ({ code, target, legs }) => {
      const [first, ...rest] = await Promise.all(legs.map(async (leg) => (await candlesOf(leg.symbol)).map((c) => legPoint(c, leg.invert))));
      const others = rest.map((points) => new Map(points.map((point) => [point.timestamp, point])));
      const points = (first ?? []).flatMap((point) => {
        let combined = point;
        for (const other of others) {
          const same = other.get(point.timestamp);
          if (same === undefined) return [];
          combined = times(combined, same);
        }
        return [rounded(combined)];
      });
      return { currency: code, quote: target, points };
    }));
  };

  return {
    currencies: async () => asArray(await calls.publicRead('/api/2/public/currency'), 'currencies').map(parseCurrencyV2),
    priceRates,
    priceHistory,
    symbols,
    candles: (symbol, query) => candles(symbol, query),
  } satisfies MarketCalls;
};
