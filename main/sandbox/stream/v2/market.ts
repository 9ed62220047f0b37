// Version 2's market-data methods (api-v2.md "Streaming"), served without login: currencies and
// symbols, getTrades, and the ticker, order book, trades and candles subscriptions, each a result
// true, then (after it) a snapshot and updates. Shapes are those of /api/2/public.
import { CURRENCIES, defaultNetwork, type CurrencyDef } from '../../catalog';
import { ParamReader } from '../../http/params';
import { PERIODS, type Market, type MarketSymbol, type Period } from '../../market';
import { MAX_LIMIT, MAX_OFFSET, SORTS, TRADES_BY, requireCurrency, requireSymbol } from '../../routes/public';
import { candleV2Json, currencyV2Json, levelsV2Json, symbolV2Json, tickerV2Json, tradeV2Json } from '../../v2/public-format';
import type { Subscriber } from '../public-topics';
import { recentCandles, recentTrades } from '../public-push';
import type { MethodHandler, StreamSession } from '../session';
import { channelOf, notificationText, type FeedKind, type V2MarketFeed } from './market-feed';

const DEFAULT_LIMIT = 100;

interface SnapshotOptions {
  period: Period;
  /** Trades or candles in the snapshot (0-1000, default 100). */
  limit: number;
}

/**
 * getCurrency with extended=true (api-v2.md "Currency"). cryptoType and isInstrumentsStable are
 * not described further: the type is the default network's protocol (a chain's own coin, or its
 * token standard) and a crypto currency priced at one US dollar counts as stable.
 */
function extendedCurrency(c: CurrencyDef): Record<string, unknown> {
  const main = defaultNetwork(c);
  return {
    ...currencyV2Json(c),
    sign: c.sign,
    cryptoPaymentIdName: c.cryptoPaymentIdName ?? '',
    cryptoType: main?.protocol ?? '',
    qrPrefix: c.qrPrefix,
    cryptoExplorer: main?.cryptoExplorer ?? '',
    isInstrumentsStable: c.crypto && c.referencePriceUsdt === '1',
  };
}

export function marketMethods(market: Market, feed: V2MarketFeed): Record<string, MethodHandler> {
  const subscribers = new WeakMap<StreamSession, Subscriber>();
  const subscriberOf = (session: StreamSession): Subscriber => {
    let sub = subscribers.get(session);
    if (!sub) {
      const created: Subscriber = { send: (text) => session.sendText(text) };
      sub = created;
      subscribers.set(session, created);
      session.onClose(() => feed.topics.removeSubscriber(created));
    }
    return sub;
  };
  const symbolOf = (p: ParamReader): MarketSymbol => requireSymbol(market, p.requiredText('symbol'));
  const periodOf = (kind: FeedKind, p: ParamReader): Period => (kind === 'candles' ? p.oneOf('period', PERIODS, 'M30') : 'M30');
  const currencyShape = (p: ParamReader): ((c: CurrencyDef) => Record<string, unknown>) => (p.bool('extended', false) ? extendedCurrency : currencyV2Json);

  /** Subscribes, then (after the reply) the snapshot: both in one turn, so no update precedes it. */
  const subscribe = (kind: FeedKind, snapshot: (s: MarketSymbol, o: SnapshotOptions) => string): MethodHandler => (session, r) => {
    const p = new ParamReader(r.params);
    const s = symbolOf(p);
    const options = { period: periodOf(kind, p), limit: p.int('limit', DEFAULT_LIMIT, 0, MAX_LIMIT) };
    session.afterReply(() => {
      market.sync();
      feed.subscribe(subscriberOf(session), channelOf(kind, options.period), s.def.id);
      session.sendText(snapshot(s, options));
    });
    return true;
  };
  const unsubscribe = (kind: FeedKind): MethodHandler => (session, r) => {
    const p = new ParamReader(r.params);
    const s = symbolOf(p);
    feed.unsubscribe(subscriberOf(session), channelOf(kind, periodOf(kind, p)), s.def.id);
    return true;
  };

  return {
    getCurrencies: (_s, r) => {
      const p = new ParamReader(r.params);
      const codes = p.list('currency');
      return (codes ? codes.map(requireCurrency) : CURRENCIES).map(currencyShape(p));
    },
    getCurrency: (_s, r) => {
      const p = new ParamReader(r.params);
      return currencyShape(p)(requireCurrency(p.requiredText('currency')));
    },
    getSymbols: (_s, r) => {
      const ids = new ParamReader(r.params).list('symbol');
      return (ids ? ids.map((id) => requireSymbol(market, id)) : market.symbols).map((s) => symbolV2Json(s.def));
    },
    getSymbol: (_s, r) => symbolV2Json(symbolOf(new ParamReader(r.params)).def),
    getTrades: (_s, r) => {
      const p = new ParamReader(r.params);
      const s = symbolOf(p);
      return { data: trades(market, s, p), symbol: s.def.id };
    },
    // A ticker at once, then one a second.
    subscribeTicker: subscribe('ticker', (s) => notificationText('ticker', tickerV2Json(market, s))),
    unsubscribeTicker: unsubscribe('ticker'),
    subscribeOrderbook: subscribe('orderbook', (s) => {
      // The state already announced: the updates after it neither repeat nor skip a sequence.
      const { book, seq } = market.book(s.def.id, false);
      return notificationText('snapshotOrderbook', {
        ask: levelsV2Json(s, book.asks), bid: levelsV2Json(s, book.bids), symbol: s.def.id, sequence: seq, timestamp: new Date(book.time).toISOString(),
      });
    }),
    unsubscribeOrderbook: unsubscribe('orderbook'),
    subscribeTrades: subscribe('trades', (s, o) => {
      const data = recentTrades(s, o.limit, market.syncedAt).map((t) => tradeV2Json(s, t));
      return notificationText('snapshotTrades', { data, symbol: s.def.id });
    }),
    unsubscribeTrades: unsubscribe('trades'),
    subscribeCandles: subscribe('candles', (s, o) => {
      const data = recentCandles(s, o.period, o.limit, market.syncedAt).map((c) => candleV2Json(s, c));
      return notificationText('snapshotCandles', { data, symbol: s.def.id, period: o.period });
    }),
    unsubscribeCandles: unsubscribe('candles'),
  };
}

/** getTrades: the parameters of GET /api/2/public/trades/{symbol}. */
function trades(market: Market, s: MarketSymbol, p: ParamReader): unknown[] {
  const by = p.oneOf('by', TRADES_BY, 'timestamp');
  const bound = (name: string): number | undefined => (by === 'id' ? p.optionalInt(name, 0, Number.MAX_SAFE_INTEGER) : p.optionalTime(name));
  const limit = p.int('limit', DEFAULT_LIMIT, 0, MAX_LIMIT);
  const query = { by, sort: p.oneOf('sort', SORTS, 'DESC'), from: bound('from'), till: bound('till'), limit, offset: p.int('offset', 0, 0, MAX_OFFSET) };
  if (limit === 0) return [];
  return s.tape.queryTrades(query, market.clock.now()).map((t) => tradeV2Json(s, t));
}
