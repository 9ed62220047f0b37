// Version 3 market data stream: subscribe/unsubscribe by channel, snapshots/updates/data, and
// full order books kept by sequence (a gap asks for a fresh snapshot of that symbol).
import { asObject, isObject, optInt, type JsonObject } from '../json';
import { BookStreamBase } from '../stream/book-feeds';
import { ResilientSocket } from '../stream/socket';
import { NOTIFICATION_KINDS, type ChannelNotification, type NotificationKind, type PublicStream, type Unsubscribe } from '../stream/streams';
import { socketOptions, type StreamSettings } from './stream-settings';

const BOOK_CHANNEL = 'orderbook/full';

interface Registration {
  channel: string;
  params: JsonObject;
  listener: (notification: ChannelNotification) => void;
}

export class V3PublicStream extends BookStreamBase implements PublicStream {
  protected readonly socket: ResilientSocket;
  private readonly registrations = new Set<Registration>();

  constructor(settings: StreamSettings) {
    super(settings.bookStallMs);
    this.socket = new ResilientSocket({
      ...socketOptions(settings, 'public'),
      onOpen: () => this.resubscribeAll(),
      onNotification: (message) => this.dispatch(message),
    });
    this.socket.start();
  }

  protected subscribeBooks(symbols: string[]): Promise<unknown> {
    return this.socket.request('subscribe', { symbols }, { ch: BOOK_CHANNEL });
  }

  protected unsubscribeBooks(symbols: string[]): Promise<unknown> {
    return this.socket.request('unsubscribe', { symbols }, { ch: BOOK_CHANNEL });
  }

  async subscribe(channel: string, params: JsonObject, listener: (notification: ChannelNotification) => void): Promise<Unsubscribe> {
    const registration: Registration = { channel, params, listener };
    this.registrations.add(registration);
    if (this.socket.state === 'live') await this.socket.request('subscribe', params, { ch: channel });
    return async () => {
      this.registrations.delete(registration);
      if (this.socket.state === 'live') await this.socket.request('unsubscribe', params, { ch: channel });
    };
  }

  private async resubscribeAll(): Promise<void> {
    await this.books.resubscribe();
    for (const registration of this.registrations) {
      await this.socket.request('subscribe', registration.params, { ch: registration.channel });
    }
  }

  private dispatch(message: JsonObject): void {
    const channel = typeof message.ch === 'string' ? message.ch : undefined;
    if (channel === undefined) return;
    const kind = NOTIFICATION_KINDS.find((name) => isObject(message[name]));
    if (kind === undefined) return;
    const data = asObject(message[kind], kind);
    if (channel === BOOK_CHANNEL) this.bookMessage(kind, data);
    const target = typeof message.target_currency === 'string' ? message.target_currency : undefined;
    for (const registration of this.registrations) {
      if (registration.channel !== channel) continue;
      const picked = pickSymbols(data, registration.params);
      if (picked !== undefined) registration.listener(target === undefined ? { channel, kind, data: picked } : { channel, kind, data: picked, target });
    }
  }

  private bookMessage(kind: NotificationKind, data: JsonObject): void {
    if (kind === 'data') return;
    for (const [symbol, raw] of Object.entries(data)) {
      if (!isObject(raw)) continue;
      this.books.apply(symbol, kind, { s: optInt(raw, 's') ?? -1, t: optInt(raw, 't') ?? 0, a: raw.a, b: raw.b });
    }
  }
}

/** Channels keyed by symbol or currency: keep what this registration asked for. */
function pickSymbols(data: JsonObject, params: JsonObject): JsonObject | undefined {
  const wanted = params.symbols ?? params.currencies;
  if (!Array.isArray(wanted) || wanted.includes('*')) return data;
  const picked = Object.fromEntries(Object.entries(data).filter(([key]) => wanted.includes(key)));
  return Object.keys(picked).length === 0 ? undefined : picked;
}
