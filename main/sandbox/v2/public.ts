// Public market data of version 2, /api/2/public/* of api-v2.md (no authentication): the same
// catalog and market as /api/3/public, with version 2's names, shapes, defaults and bounds.
import type Decimal from '../decimal';
import { CURRENCIES } from '../catalog';
import { ParamReader } from '../http/params';
import type { RouteRegistry } from '../http/route';
import { iso } from '../routes/public-format';
import { cutSide, PERIODS, type CandleQuery, type Market, type MarketSymbol, type Period, type TradeQuery } from '../market';
import {
  keyed, MAX_LIMIT, MAX_OFFSET, requireCurrency, requireSymbol, selectSymbols, SORTS, TRADES_BY, volumeUnits,
} from '../routes/public';
import {
  averagePrice, candleV2Json, currencyV2Json, levelsV2Json, symbolV2Json, tickerV2Json, tradeV2Json,
} from './public-format';

const DEFAULT_LIMIT = 100;

export function registerV2PublicRoutes(routes: RouteRegistry, market: Market): void {
  const base = '/api/2/public';
  const symbolsOf = (p: ParamReader): MarketSymbol[] => selectSymbols(market, p.list('symbols'));
  const pathSymbol = (p: ParamReader): MarketSymbol => requireSymbol(market, p.requiredText('symbol'));

  routes.add('GET', `${base}/currency`, null, (ctx) => {
    const codes = ParamReader.of(ctx).list('currencies');
    return (codes ? codes.map(requireCurrency) : CURRENCIES).map(currencyV2Json);
  });
  routes.add('GET', `${base}/currency/:currency`, null, (ctx) => currencyV2Json(ParamReader.of(ctx).currency('currency')));

  routes.add('GET', `${base}/symbol`, null, (ctx) => symbolsOf(ParamReader.of(ctx)).map((s) => symbolV2Json(s.def)));
  routes.add('GET', `${base}/symbol/:symbol`, null, (ctx) => symbolV2Json(pathSymbol(ParamReader.of(ctx)).def));

  routes.add('GET', `${base}/ticker`, null, (ctx) => symbolsOf(ParamReader.of(ctx)).map((s) => tickerV2Json(market, s)));
  routes.add('GET', `${base}/ticker/:symbol`, null, (ctx) => tickerV2Json(market, pathSymbol(ParamReader.of(ctx))));

  // The all-symbols call has no `by` in the spec: it filters by timestamp.
  routes.add('GET', `${base}/trades`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const q = tradeQuery(p, 'timestamp');
    return keyed(symbolsOf(p), (s) => trades(market, s, q));
  });
  routes.add('GET', `${base}/trades/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const s = pathSymbol(p);
    return trades(market, s, tradeQuery(p, p.oneOf('by', TRADES_BY, 'timestamp')));
  });

  routes.add('GET', `${base}/orderbook`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const limit = bookLimit(p);
    return keyed(symbolsOf(p), (s) => ({ ...orderBook(market, s, limit), symbol: s.def.id }));
  });
  routes.add('GET', `${base}/orderbook/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const s = pathSymbol(p);
    const units = volumeUnits(p, s);
    if (units === undefined) return orderBook(market, s, bookLimit(p));
    return orderBook(market, s, 0, { amount: p.amount('volume', 18), units });
  });

  routes.add('GET', `${base}/candles`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const q = candleQuery(p);
    return keyed(symbolsOf(p), (s) => candles(market, s, q));
  });
  routes.add('GET', `${base}/candles/:symbol`, null, (ctx) => {
    const p = ParamReader.of(ctx);
    const s = pathSymbol(p);
    return candles(market, s, candleQuery(p));
  });
}

/** Version 2 pagination: limit 0-1000 (0 asks for nothing), offset up to 100000. */
function page(p: ParamReader): { limit: number; offset: number } {
  return { limit: p.int('limit', DEFAULT_LIMIT, 0, MAX_LIMIT), offset: p.int('offset', 0, 0, MAX_OFFSET) };
}

function tradeQuery(p: ParamReader, by: TradeQuery['by']): TradeQuery {
  const bound = (name: string): number | undefined =>
    by === 'id' ? p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER) : p.optionalTime(name);
  return { by, sort: p.oneOf('sort', SORTS, 'DESC'), from: bound('from'), till: bound('till'), ...page(p) };
}

function trades(market: Market, s: MarketSymbol, q: TradeQuery): unknown[] {
  if (q.limit === 0) return [];
  return s.tape.queryTrades(q, market.clock.now()).map((t) => tradeV2Json(s, t));
}

/** limit: levels per side, default 100, 0 = the full book. */
function bookLimit(p: ParamReader): number {
  return p.int('limit', DEFAULT_LIMIT, 0, Number.MAX_SAFE_INTEGER);
}

/** With `volume` the limit is ignored: levels until their sizes add up to the volume, and the
 * average price of taking that volume from each side. */
function orderBook(market: Market, s: MarketSymbol, limit: number, volume?: { amount: Decimal; units: number }): Record<string, unknown> {
  const { book } = market.book(s.def.id);
  const asks = cutSide(book.asks, limit, volume?.units);
  const bids = cutSide(book.bids, limit, volume?.units);
  const levels = { ask: levelsV2Json(s, asks), bid: levelsV2Json(s, bids), timestamp: iso(book.time) };
  if (volume === undefined) return levels;
  return { ...levels, askAveragePrice: averagePrice(s, asks, volume.amount), bidAveragePrice: averagePrice(s, bids, volume.amount) };
}

type CandleParams = CandleQuery & { period: Period };

/** Version 2 candles: oldest first unless sort says otherwise. */
function candleQuery(p: ParamReader): CandleParams {
  return {
    period: p.oneOf('period', PERIODS, 'M30'),
    sort: p.oneOf('sort', SORTS, 'ASC'),
    from: p.optionalTime('from'),
    till: p.optionalTime('till'),
    ...page(p),
  };
}

function candles(market: Market, s: MarketSymbol, q: CandleParams): unknown[] {
  if (q.limit === 0) return [];
  return s.tape.candles(q.period, q, market.clock.now()).map((c) => candleV2Json(s, c));
}
