// Notifications of the market-data stream. Each one is serialised once and the same string goes to
// every subscriber of its topic (per symbol, or per distinct symbol set for /batch channels).
import { CURRENCIES } from '../catalog';
import { bucketStart } from '../market/periods';
import type { Aggregate, BookEvent, Market, MarketSymbol, Period, Trade, TradesEvent } from '../market';
import {
  bookPayload, bookTopPayload, candlePayload, convertedCandlePayload, levels, ratePayload, tickerPayload,
  tickerPricePayload, tradesPayload,
} from './public-data';
import type { Subscriber, Topic, TopicRegistry } from './public-topics';

type Kind = 'snapshot' | 'update' | 'data';

export function notification(topic: Topic, kind: Kind, body: Record<string, unknown>): string {
  const head = topic.target === undefined ? { ch: topic.channel.name } : { ch: topic.channel.name, target_currency: topic.target };
  return JSON.stringify({ ...head, [kind]: body });
}

/** Encodes the text once for all subscribers rather than once per socket. */
export function sendAll(subs: ReadonlySet<Subscriber> | readonly Subscriber[] | undefined, message: string): void {
  if (!subs) return;
  const count = 'size' in subs ? subs.size : subs.length;
  if (count === 0) return;
  const data = count === 1 ? message : Buffer.from(message);
  for (const sub of subs) sub.send(data);
}

export class Pusher {
  constructor(private readonly market: Market, private readonly topics: TopicRegistry) {}

  /** New trades of one symbol: trades, candles and converted candles updates. */
  onTrades(event: TradesEvent): void {
    const s = this.market.symbol(event.symbol);
    if (!s) return;
    for (const topic of this.topics.topics.values()) {
      const subs = topic.members.get(event.symbol);
      if (!subs) continue;
      const body = this.tradeUpdate(topic, s, event);
      if (body) sendAll(subs, notification(topic, 'update', { [event.symbol]: body }));
    }
  }

  onBook(event: BookEvent): void {
    const s = this.market.symbol(event.symbol);
    if (!s) return;
    for (const topic of this.topics.topics.values()) {
      if (topic.channel.kind !== 'bookFull') continue;
      const subs = topic.members.get(event.symbol);
      if (!subs) continue;
      const body = { t: event.time, s: event.seq, a: levels(s, event.asks), b: levels(s, event.bids) };
      sendAll(subs, notification(topic, 'update', { [event.symbol]: body }));
    }
  }

  /** One beat of every timed channel pushed at this speed. */
  beat(speedMs: number): void {
    for (const topic of this.topics.topics.values()) {
      if (topic.channel.timed && topic.channel.speedMs === speedMs) this.pushTimed(topic);
    }
  }

  private tradeUpdate(topic: Topic, s: MarketSymbol, event: TradesEvent): unknown[] | null {
    const { channel } = topic;
    if (channel.kind === 'trades') return tradesPayload(s, event.trades);
    if (channel.kind !== 'candles' && channel.kind !== 'converted') return null;
    const candles = touchedCandles(this.market, s, channel.period ?? 'M30', event.trades);
    if (channel.kind === 'candles') return candles.map((c) => candlePayload(s, c));
    // The spec does not say which rate converts a candle: we use the current mid rate of the
    // quote currency in the target, for snapshots and updates alike.
    const rate = this.market.rate(s.def.quoteCurrency, topic.target ?? s.def.quoteCurrency);
    return rate ? candles.map((c) => convertedCandlePayload(s, c, rate)) : null;
  }

  /** Payload of one item on a timed channel (null when it has none). */
  private payload(topic: Topic, item: string): Record<string, unknown> | null {
    const { channel } = topic;
    if (channel.kind === 'rate') return ratePayload(this.market, item, topic.target ?? 'USDT');
    const s = this.market.symbol(item);
    if (!s) return null;
    switch (channel.kind) {
      case 'tickerPrice': return tickerPricePayload(this.market, s);
      case 'ticker': return tickerPayload(this.market, s);
      case 'bookDepth': return bookPayload(s, this.market.book(s.def.id), channel.depth);
      case 'bookTop': return bookTopPayload(s, this.market.book(s.def.id));
      default: return null;
    }
  }

  /** /batch: one notification per distinct set of items, shared by the subscribers holding that set. */
  private batchGroups(topic: Topic): Array<{ items: string[]; subs: Subscriber[] }> {
    const itemsBySub = new Map<Subscriber, string[]>();
    for (const [item, subs] of topic.members) {
      for (const sub of subs) itemsBySub.set(sub, [...(itemsBySub.get(sub) ?? []), item]);
    }
    const groups = new Map<string, { items: string[]; subs: Subscriber[] }>();
    for (const [sub, held] of itemsBySub) {
      const items = held.includes('*') ? this.everything(topic) : held.sort();
      const key = items.join(',');
      const group = groups.get(key) ?? { items, subs: [] };
      group.subs.push(sub);
      groups.set(key, group);
    }
    return [...groups.values()];
  }

  private everything(topic: Topic): string[] {
    return topic.channel.currencies ? CURRENCIES.map((c) => c.code) : this.market.symbols.map((s) => s.def.id);
  }

  private pushTimed(topic: Topic): void {
    const cache = new Map<string, Record<string, unknown> | null>();
    const payload = (item: string): Record<string, unknown> | null => {
      if (!cache.has(item)) cache.set(item, this.payload(topic, item));
      return cache.get(item) ?? null;
    };
    if (!topic.channel.batch) {
      const star = topic.members.get('*');
      const items = star ? this.everything(topic) : [...topic.members.keys()];
      for (const item of items) {
        const body = payload(item);
        if (!body) continue;
        // A subscriber holding both '*' and the symbol gets it once.
        const subs = new Set([...(star ?? []), ...(topic.members.get(item) ?? [])]);
        sendAll(subs, notification(topic, 'data', { [item]: body }));
      }
      return;
    }
    for (const { items, subs } of this.batchGroups(topic)) {
      const body: Record<string, unknown> = {};
      for (const item of items) {
        const value = payload(item);
        if (value) body[item] = value;
      }
      sendAll(subs, notification(topic, 'data', body));
    }
  }
}

export function snapshotBodies(market: Market, topic: Topic, items: readonly string[], limit: number): string[] {
  const { channel } = topic;
  // Snapshots show the state already announced, so the updates that follow neither repeat nor skip.
  const now = market.syncedAt;
  const out: string[] = [];
  for (const item of items) {
    const s = market.symbol(item);
    if (!s) continue;
    let body: unknown;
    if (channel.kind === 'bookFull') body = bookPayload(s, market.book(s.def.id, false));
    // History snapshots only when limit > 0 (api-v3.md); the full book always starts with one.
    else if (limit === 0) continue;
    else if (channel.kind === 'trades') body = tradesPayload(s, recentTrades(s, limit, now));
    else {
      const candles = recentCandles(s, channel.period ?? 'M30', limit, now);
      if (channel.kind === 'candles') body = candles.map((c) => candlePayload(s, c));
      else {
        const rate = market.rate(s.def.quoteCurrency, topic.target ?? s.def.quoteCurrency);
        if (!rate) continue;
        body = candles.map((c) => convertedCandlePayload(s, c, rate));
      }
    }
    out.push(notification(topic, 'snapshot', { [s.def.id]: body }));
  }
  return out;
}

/** The candles the new trades fell in (the last two periods at most), as they stand now. */
export function touchedCandles(market: Market, s: MarketSymbol, period: Period, trades: readonly Trade[]): Aggregate[] {
  const now = market.clock.now();
  const starts = [...new Set(trades.map((t) => bucketStart(period, t.time)))].slice(-2);
  return starts.flatMap((start) => s.tape.candle(period, start, now) ?? []);
}

/** The `limit` newest trades up to `now`, oldest first (a subscription's snapshot). */
export function recentTrades(s: MarketSymbol, limit: number, now: number): Trade[] {
  return s.tape.queryTrades({ by: 'timestamp', sort: 'DESC', limit, offset: 0 }, now).reverse();
}

/** The `limit` newest candles up to `now`, oldest first (a subscription's snapshot). */
export function recentCandles(s: MarketSymbol, period: Period, limit: number, now: number): Aggregate[] {
  return s.tape.candles(period, { sort: 'DESC', limit, offset: 0 }, now).reverse();
}
