// Public market data, /api/3/public/* of api-v3.md (right none). Defaults and bounds follow the
// spec's endpoint table; SUPPLEMENT.md §7 fills in the single-symbol candles call.
import { CURRENCIES, findCurrency, type CurrencyDef } from '../catalog';
import { errors, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { cutSide, formatUnits, PERIODS, type CandleQuery, type Market, type MarketSymbol, type Period, type TradeQuery } from '../market';
import {
  candleJson, currencyJson, iso, levelsJson, rateText, ratePointJson, symbolJson, tradeJson,
} from './public-format';

export const SORTS = ['ASC', 'DESC'] as const;
export const TRADES_BY = ['timestamp', 'id'] as const;
export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 100_000;

export function registerPublicRoutes(routes: RouteRegistry, market: Market): void {
  const base = '/api/3/public';
  const symbolsOf = (p: ParamReader): MarketSymbol[] => selectSymbols(market, p.list('symbols'));
  const pathSymbol = (p: ParamReader): MarketSymbol => requireSymbol(market, p.requiredText('symbol'));

  routes.add('GET', `${base}/currency`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    return currencies(p.list('currencies'), p.text('preferred_network'));
  });
  routes.add('GET', `${base}/currency/:currency`, null, (ctx) => currencyJson(ParamReader.of(ctx).currency('currency')));

  routes.add('GET', `${base}/symbol`, null, (ctx) => keyed(symbolsOf(ParamReader.of(ctx)), (s) => symbolJson(s.def)));
  routes.add('GET', `${base}/symbol/:symbol`, null, (ctx) => symbolJson(pathSymbol(ParamReader.of(ctx)).def));

  routes.add('GET', `${base}/ticker`, null, (ctx) => keyed(symbolsOf(ParamReader.of(ctx)), (s) => ticker(market, s)));
  routes.add('GET', `${base}/ticker/:symbol`, null, (ctx) => ticker(market, pathSymbol(ParamReader.of(ctx))));

  routes.add('GET', `${base}/price/rate`, null, (ctx) => priceRate(market, ParamReader.of(ctx)));
  routes.add('GET', `${base}/price/history`, null, (ctx) => priceHistory(market, ParamReader.of(ctx)));
  routes.add('GET', `${base}/price/ticker`, null, (ctx) => keyed(symbolsOf(ParamReader.of(ctx)), (s) => lastPrice(market, s)));
  routes.add('GET', `${base}/price/ticker/:symbol`, null, (ctx) => lastPrice(market, pathSymbol(ParamReader.of(ctx))));

  routes.add('GET', `${base}/trades`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    // The multi-symbol call has no offset in the spec.
    const q = tradeQuery(p, 10, false);
    return keyed(symbolsOf(p), (s) => trades(market, s, q));
  });
  routes.add('GET', `${base}/trades/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    return trades(market, pathSymbol(p), tradeQuery(p, 100, true));
  });

  routes.add('GET', `${base}/orderbook`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const depth = p.int('depth', 10, 0, Number.MAX_SAFE_INTEGER);
    return keyed(symbolsOf(p), (s) => orderBook(market, s, depth));
  });
  routes.add('GET', `${base}/orderbook/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const s = pathSymbol(p);
    const depth = p.int('depth', 100, 0, Number.MAX_SAFE_INTEGER);
    return orderBook(market, s, depth, volumeUnits(p, s));
  });

  // Multi-symbol candles: the spec lists only symbols and sort. We take the single-symbol
  // parameters of SUPPLEMENT.md §7 with a default limit of 10, as the spec does for the other
  // multi-symbol calls (trades 10 vs 100, order book 10 vs 100); offset is accepted too.
  routes.add('GET', `${base}/candles`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const q = candleQuery(p, 10);
    return keyed(symbolsOf(p), (s) => candles(market, s, q));
  });
  routes.add('GET', `${base}/candles/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    return candles(market, pathSymbol(p), candleQuery(p, 100));
  });
}

export function keyed<T>(symbols: MarketSymbol[], value: (s: MarketSymbol) => T): Record<string, T> {
  return Object.fromEntries(symbols.map((s) => [s.def.id, value(s)]));
}

export function requireSymbol(market: Market, id: string): MarketSymbol {
  const s = market.symbol(id);
  if (!s) throw errors.symbolNotFound(id);
  return s;
}

/** All symbols, or the listed ones (2001 for an unknown one). */
export function selectSymbols(market: Market, ids: string[] | undefined): MarketSymbol[] {
  if (!ids) return [...market.symbols];
  return ids.map((id) => requireSymbol(market, id));
}

export function requireCurrency(code: string): CurrencyDef {
  const c = findCurrency(code);
  if (!c) throw errors.currencyNotFound(code);
  return c;
}

/**
 * preferred_network (not detailed by the spec): keeps the currencies that can move on that network
 * and reports that network as their default, the way clients use it to pick a chain.
 */
function currencies(codes: string[] | undefined, preferred: string | undefined): Record<string, unknown> {
  const selected = codes ? codes.map(requireCurrency) : [...CURRENCIES];
  const out: Record<string, unknown> = {};
  for (const c of selected) {
    if (preferred === undefined) {
      out[c.code] = currencyJson(c);
      continue;
    }
    const wanted = preferred.toUpperCase();
    if (!c.networks.some((n) => n.network === wanted)) continue;
    out[c.code] = currencyJson(c, c.networks.map((n) => ({ ...n, default: n.network === wanted })));
  }
  return out;
}

export function ticker(market: Market, s: MarketSymbol): Record<string, unknown> {
  const { book } = market.book(s.def.id);
  const day = market.dayStats(s.def.id);
  const last = market.lastTrade(s.def.id);
  const m = s.tape.model;
  const price = (ticks: number | undefined): string | null => (ticks === undefined ? null : formatUnits(ticks, m.price));
  return {
    ask: price(book.asks.price[0]),
    bid: price(book.bids.price[0]),
    last: price(last?.price),
    open: price(day?.open),
    low: formatUnits(day?.low ?? 0, m.price),
    high: formatUnits(day?.high ?? 0, m.price),
    volume: formatUnits(day?.volume ?? 0, m.quantity),
    volume_quote: formatUnits(day?.quote ?? 0n, m.quoteVolume),
    timestamp: iso(market.clock.now()),
  };
}

function lastPrice(market: Market, s: MarketSymbol): Record<string, unknown> {
  const last = market.lastTrade(s.def.id);
  return { price: last ? formatUnits(last.price, s.tape.model.price) : null, timestamp: iso(last?.time ?? market.clock.now()) };
}

/** `from` may list several currencies (the reply is keyed by source currency); `to` is one. */
function sourcesAndTarget(p: ParamReader): { sources: CurrencyDef[]; target: CurrencyDef } {
  const from = p.list('from');
  if (!from) throw validationError('from', 'is required');
  return { sources: from.map(requireCurrency), target: p.currency('to') };
}

function priceRate(market: Market, p: ParamReader): Record<string, unknown> {
  const { sources, target } = sourcesAndTarget(p);
  const now = iso(market.clock.now());
  const out: Record<string, unknown> = {};
  for (const c of sources) {
    const rate = market.rate(c.code, target.code);
    if (!rate) throw errors.currencyNotFound(c.code);
    out[c.code] = { currency: target.code, price: rateText(rate), timestamp: now };
  }
  return out;
}

function priceHistory(market: Market, p: ParamReader): Record<string, unknown> {
  const { sources, target } = sourcesAndTarget(p);
  const period = p.oneOf('period', PERIODS, 'M30');
  const q = {
    sort: p.oneOf('sort', SORTS, 'DESC'),
    from: p.optionalTime('since'),
    till: p.optionalTime('until'),
    limit: p.int('limit', 1, 1, MAX_LIMIT),
    offset: 0,
  };
  const out: Record<string, unknown> = {};
  for (const c of sources) {
    const history = market.rateHistory(c.code, target.code, period, q);
    if (!history) throw errors.currencyNotFound(c.code);
    out[c.code] = { currency: target.code, history: history.map(ratePointJson) };
  }
  return out;
}

function tradeQuery(p: ParamReader, defaultLimit: number, withOffset: boolean): TradeQuery {
  const by = p.oneOf('by', TRADES_BY, 'timestamp');
  const bound = (name: string): number | undefined =>
    by === 'id' ? p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER) : p.optionalTime(name);
  return {
    by,
    sort: p.oneOf('sort', SORTS, 'DESC'),
    from: bound('from'),
    till: bound('till'),
    limit: p.int('limit', defaultLimit, 1, MAX_LIMIT),
    offset: withOffset ? p.int('offset', 0, 0, MAX_OFFSET) : 0,
  };
}

function trades(market: Market, s: MarketSymbol, q: TradeQuery): unknown[] {
  return s.tape.queryTrades(q, market.clock.now()).map((t) => tradeJson(s, t));
}

export function volumeUnits(p: ParamReader, s: MarketSymbol): number | undefined {
  if (!p.has('volume')) return undefined;
  const volume = p.amount('volume', 18);
  // A count of quantity increments (an integer), compared with the book's integer quantities.
  return volume.div(s.def.quantityIncrement).ceil().toNumber();
}

function orderBook(market: Market, s: MarketSymbol, depth: number, volume?: number): Record<string, unknown> {
  const { book } = market.book(s.def.id);
  return {
    timestamp: iso(book.time),
    ask: levelsJson(s, cutSide(book.asks, depth, volume)),
    bid: levelsJson(s, cutSide(book.bids, depth, volume)),
  };
}

type CandleParams = CandleQuery & { period: Period };

function candleQuery(p: ParamReader, defaultLimit: number): CandleParams {
  return {
    period: p.oneOf('period', PERIODS, 'M30'),
    sort: p.oneOf('sort', SORTS, 'DESC'),
    from: p.optionalTime('from'),
    till: p.optionalTime('till'),
    limit: p.int('limit', defaultLimit, 1, MAX_LIMIT),
    offset: p.int('offset', 0, 0, MAX_OFFSET),
  };
}

function candles(market: Market, s: MarketSymbol, q: CandleParams): unknown[] {
  return s.tape.candles(q.period, q, market.clock.now()).map((c) => candleJson(s, c));
}
