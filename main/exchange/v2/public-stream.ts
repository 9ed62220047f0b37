// Version 2 market data stream behind the app's PublicStream: the v3 channels the app follows
// (candles, price rates) served by subscribeCandles and subscribeTicker one symbol at a time, and
// full order books by subscribeOrderbook, kept by sequence like version 3's.
import { ApiError } from '../errors';
import type { JsonObject } from '../json';
import { BookStreamBase } from '../stream/book-feeds';
import type { ResilientSocket } from '../stream/socket';
import type { ChannelNotification, PublicStream, Unsubscribe } from '../stream/streams';
import type { StreamSettings } from '../v3/stream-settings';
import { bookMessageOf, candlesOf, planChannel, rateTick, type ChannelPlan } from './public-stream-messages';
import { openSocketV2 } from './rpc-stream-setup';

/** The symbol a rate is read from, and whether it is quoted the other way round (target/currency). */
interface RateSource {
  symbol: string;
  inverted: boolean;
}

interface Registration {
  channel: string;
  plan: ChannelPlan;
  listener: (notification: ChannelNotification) => void;
  /** Per currency of a rate plan, once found; kept across reconnections. */
  rateSources: Map<string, RateSource>;
}

/** The service's code for an unknown symbol: the rate's symbol is then tried the other way round. */
const SYMBOL_NOT_FOUND = 2001;

export class V2PublicStream extends BookStreamBase implements PublicStream {
  protected readonly socket: ResilientSocket;
  private readonly registrations = new Set<Registration>();

  constructor(private readonly settings: StreamSettings) {
    super(settings.bookStallMs);
    this.socket = openSocketV2(settings, 'public', () => this.resubscribeAll(), (message) => this.dispatch(message));
  }

  /** Version 2 subscribes one symbol's book per request. */
  protected async subscribeBooks(symbols: string[]): Promise<void> {
    for (const symbol of symbols) await this.socket.request('subscribeOrderbook', { symbol });
  }

  protected async unsubscribeBooks(symbols: string[]): Promise<void> {
    for (const symbol of symbols) await this.socket.request('unsubscribeOrderbook', { symbol });
  }

  async subscribe(channel: string, params: JsonObject, listener: (notification: ChannelNotification) => void): Promise<Unsubscribe> {
    const registration: Registration = { channel, plan: planChannel(channel, params), listener, rateSources: new Map() };
    this.registrations.add(registration);
    if (this.socket.state === 'live') {
      try {
        await this.activate(registration);
      } catch (error) {
        // Nothing half-applied: what this registration alone subscribed is let go again.
        await this.release(registration).catch(() => undefined);
        throw error;
      }
    }
    return () => this.release(registration);
  }

  private async resubscribeAll(): Promise<void> {
    await this.books.resubscribe();
    for (const registration of this.registrations) await this.activate(registration);
  }

  /** Sends the v2 subscriptions of one registration (again after a reconnection). */
  private async activate(registration: Registration): Promise<void> {
    const { plan } = registration;
    if (plan.kind === 'candles') {
      for (const symbol of plan.symbols) {
        await this.socket.request('subscribeCandles', plan.limit === undefined ? { symbol, period: plan.period } : { symbol, period: plan.period, limit: plan.limit });
      }
      return;
    }
    for (const currency of plan.currencies) {
      const known = registration.rateSources.get(currency);
      if (known !== undefined) await this.socket.request('subscribeTicker', { symbol: known.symbol });
      else registration.rateSources.set(currency, await this.findRateSource(currency, plan.target));
    }
  }

  /** Subscribes the ticker of currency+target, or of target+currency when the service lists no such symbol. */
  private async findRateSource(currency: string, target: string): Promise<RateSource> {
    for (const source of [{ symbol: `${currency}${target}`, inverted: false }, { symbol: `${target}${currency}`, inverted: true }]) {
      try {
        await this.socket.request('subscribeTicker', { symbol: source.symbol });
        return source;
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== SYMBOL_NOT_FOUND) throw error;
      }
    }
    throw new ApiError({
      kind: 'input', field: 'currencies', code: SYMBOL_NOT_FOUND,
      message: `No symbol joins ${currency} and ${target} on version 2 of the service, so it gives no rate between them`,
    });
  }

  /** Drops a registration; a v2 subscription is ended only when no other registration still needs it. */
  private async release(registration: Registration): Promise<void> {
    this.registrations.delete(registration);
    if (this.socket.state !== 'live') return;
    const stillNeeded = new Set([...this.registrations].flatMap(subscriptionKeys));
    for (const key of subscriptionKeys(registration)) {
      if (stillNeeded.has(key)) continue;
      const [method, symbol, period] = key.split(' ');
      await this.socket.request(method ?? '', period === undefined ? { symbol } : { symbol, period });
    }
  }

  private dispatch(message: JsonObject): void {
    const { method, params } = message;
    try {
      if (method === 'snapshotCandles' || method === 'updateCandles') this.candlesMessage(method === 'snapshotCandles' ? 'snapshot' : 'update', params);
      else if (method === 'ticker') this.tickerMessage(params);
      else if (method === 'snapshotOrderbook' || method === 'updateOrderbook') {
        const book = bookMessageOf(params);
        if (book !== undefined) this.books.apply(book.symbol, method === 'snapshotOrderbook' ? 'snapshot' : 'update', book.message);
      }
    } catch (error) {
      this.settings.logger.warn('public stream: unreadable notification', { method, error });
    }
  }

  private candlesMessage(kind: 'snapshot' | 'update', params: unknown): void {
    const candles = candlesOf(params);
    if (candles === undefined) return;
    for (const { channel, plan, listener } of this.registrations) {
      if (plan.kind !== 'candles' || plan.period !== candles.period || !plan.symbols.includes(candles.symbol)) continue;
      listener({ channel, kind, data: { [candles.symbol]: candles.candles } });
    }
  }

  private tickerMessage(params: unknown): void {
    const symbol = typeof params === 'object' && params !== null && 'symbol' in params ? params.symbol : undefined;
    for (const { channel, plan, listener, rateSources } of this.registrations) {
      if (plan.kind !== 'rate') continue;
      for (const [currency, source] of rateSources) {
        if (source.symbol !== symbol) continue;
        const tick = rateTick(params, source.inverted);
        if (tick !== undefined) listener({ channel, kind: 'data', data: { [currency]: tick }, target: plan.target });
      }
    }
  }
}

/** The v2 unsubscriptions a registration's subscriptions would take, as 'method symbol [period]'. */
function subscriptionKeys(registration: Registration): string[] {
  const { plan } = registration;
  if (plan.kind === 'candles') return plan.symbols.map((symbol) => `unsubscribeCandles ${symbol} ${plan.period}`);
  return [...registration.rateSources.values()].map((source) => `unsubscribeTicker ${source.symbol}`);
}
