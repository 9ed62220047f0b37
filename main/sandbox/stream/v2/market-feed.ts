// Version 2's market notifications (api-v2.md "Streaming"): ticker every second, updateOrderbook
// on every book change (changed levels, size "0" for a removed one), updateTrades and
// updateCandles on new trades. Each is serialised once per symbol and sent to its subscribers,
// who are kept in the version 3 stream's TopicRegistry under the matching version 3 channel.
import { formatUnits, type BookEvent, type BookSide, type Market, type MarketSymbol, type Period, type TradesEvent } from '../../market';
import { parseChannel, type Channel } from '../public-channels';
import { sendAll, touchedCandles } from '../public-push';
import { TopicRegistry, type Subscriber } from '../public-topics';
import { candleV2Json, tickerV2Json, tradeV2Json } from '../../v2/public-format';

const TICKER_INTERVAL_MS = 1_000;

export type FeedKind = 'ticker' | 'orderbook' | 'trades' | 'candles';

/** The version 3 channel that carries the same feed (candles per period). */
export function channelOf(kind: FeedKind, period: Period = 'M30'): Channel {
  const name = kind === 'ticker' ? 'ticker/1s' : kind === 'orderbook' ? 'orderbook/full' : kind === 'trades' ? 'trades' : `candles/${period}`;
  return parseChannel(name) as Channel;
}

export function notificationText(method: string, params: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', method, params });
}

/** Removed levels read size "0", as version 2 clients test for it. */
function changedLevels(s: MarketSymbol, side: BookSide): Array<{ price: string; size: string }> {
  const m = s.tape.model;
  return side.price.map((p, i) => {
    const qty = side.qty[i] as number;
    return { price: formatUnits(p, m.price), size: qty === 0 ? '0' : formatUnits(qty, m.quantity) };
  });
}

export class V2MarketFeed {
  readonly topics = new TopicRegistry();
  private readonly stops: Array<() => void>;

  constructor(private readonly market: Market) {
    const timer = setInterval(() => this.pushTickers(), TICKER_INTERVAL_MS);
    timer.unref();
    this.stops = [
      market.onTrades((e) => this.onTrades(e)),
      market.onBook((e) => this.onBook(e)),
      () => clearInterval(timer),
    ];
  }

  subscribe(sub: Subscriber, channel: Channel, symbol: string): void {
    this.topics.add(sub, channel, undefined, [symbol]);
  }

  unsubscribe(sub: Subscriber, channel: Channel, symbol: string): void {
    this.topics.remove(sub, TopicRegistry.key(channel), [symbol]);
  }

  close(): void {
    for (const stop of this.stops) stop();
  }

  private membersOf(channel: string, symbol: string): ReadonlySet<Subscriber> | undefined {
    return this.topics.topics.get(channel)?.members.get(symbol);
  }

  private onBook(event: BookEvent): void {
    const subs = this.membersOf('orderbook/full', event.symbol);
    const s = this.market.symbol(event.symbol);
    if (!subs || !s) return;
    sendAll(subs, notificationText('updateOrderbook', {
      ask: changedLevels(s, event.asks), bid: changedLevels(s, event.bids), symbol: event.symbol,
      sequence: event.seq, timestamp: new Date(event.time).toISOString(),
    }));
  }

  private onTrades(event: TradesEvent): void {
    const s = this.market.symbol(event.symbol);
    if (!s) return;
    const trades = this.membersOf('trades', event.symbol);
    if (trades) sendAll(trades, notificationText('updateTrades', { data: event.trades.map((t) => tradeV2Json(s, t)), symbol: event.symbol }));
    for (const topic of this.topics.topics.values()) {
      const subs = topic.members.get(event.symbol);
      const period = topic.channel.period;
      if (topic.channel.kind !== 'candles' || !subs || !period) continue;
      const data = touchedCandles(this.market, s, period, event.trades).map((c) => candleV2Json(s, c));
      sendAll(subs, notificationText('updateCandles', { data, symbol: event.symbol, period }));
    }
  }

  private pushTickers(): void {
    const topic = this.topics.topics.get('ticker/1s');
    if (!topic) return;
    for (const [symbol, subs] of topic.members) {
      const s = this.market.symbol(symbol);
      if (s) sendAll(subs, notificationText('ticker', tickerV2Json(this.market, s)));
    }
  }
}
