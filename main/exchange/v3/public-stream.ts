// Version 3 market data stream: subscribe/unsubscribe by channel, snapshots/updates/data, and
// full order books kept by sequence (a gap asks for a fresh snapshot of that symbol).
import { asObject, isObject, optInt, type JsonObject } from '../json';
import { StreamBase } from '../stream/base';
import { OrderBook, type BookView } from '../stream/order-book';
import { ResilientSocket } from '../stream/socket';
import { NOTIFICATION_KINDS, type ChannelNotification, type NotificationKind, type PublicStream, type Unsubscribe } from '../stream/streams';
import { socketOptions, type StreamSettings } from './stream-settings';

const BOOK_CHANNEL = 'orderbook/full';

interface Registration {
  channel: string;
  params: JsonObject;
  listener: (notification: ChannelNotification) => void;
}

interface BookEntry {
  book: OrderBook;
  listeners: Set<(book: BookView) => void>;
  /** Local time of the last snapshot or update for this symbol. */
  heardAt: number;
}

/** A book that hears nothing this long is re-fetched: order-book streams are known to stall silently. */
const DEFAULT_BOOK_STALL_MS = 60_000;

export class V3PublicStream extends StreamBase implements PublicStream {
  protected readonly socket: ResilientSocket;
  private readonly registrations = new Set<Registration>();
  private readonly books = new Map<string, BookEntry>();
  resyncs = 0;
  private readonly stallTimer: NodeJS.Timeout;

  constructor(settings: StreamSettings) {
    super();
    const stallMs = settings.bookStallMs ?? DEFAULT_BOOK_STALL_MS;
    this.stallTimer = setInterval(() => this.resyncStalled(stallMs), Math.max(50, stallMs / 2));
    this.stallTimer.unref();
    this.socket = new ResilientSocket({
      ...socketOptions(settings, 'public'),
      onOpen: () => this.resubscribeAll(),
      onNotification: (message) => this.dispatch(message),
    });
    this.socket.start();
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

  async orderBook(symbol: string, listener: (book: BookView) => void): Promise<Unsubscribe> {
    let entry = this.books.get(symbol);
    const fresh = entry === undefined;
    if (entry === undefined) {
      entry = { book: new OrderBook(symbol), listeners: new Set(), heardAt: Date.now() };
      this.books.set(symbol, entry);
    }
    entry.listeners.add(listener);
    if (fresh && this.socket.state === 'live') await this.socket.request('subscribe', { symbols: [symbol] }, { ch: BOOK_CHANNEL });
    const owned = entry;
    return async () => {
      owned.listeners.delete(listener);
      if (owned.listeners.size > 0) return;
      this.books.delete(symbol);
      if (this.socket.state === 'live') await this.socket.request('unsubscribe', { symbols: [symbol] }, { ch: BOOK_CHANNEL });
    };
  }

  private async resubscribeAll(): Promise<void> {
    for (const entry of this.books.values()) entry.book.invalidate();
    if (this.books.size > 0) await this.socket.request('subscribe', { symbols: [...this.books.keys()] }, { ch: BOOK_CHANNEL });
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
    for (const [symbol, raw] of Object.entries(data)) {
      const entry = this.books.get(symbol);
      if (entry === undefined || !isObject(raw)) continue;
      entry.heardAt = Date.now();
      const message = { s: optInt(raw, 's') ?? -1, t: optInt(raw, 't') ?? 0, a: raw.a, b: raw.b };
      if (kind === 'snapshot') entry.book.applySnapshot(message);
      else {
        const outcome = entry.book.applyUpdate(message);
        if (outcome === 'gap') void this.resync(symbol);
        // A stale update changed nothing and one awaiting a snapshot has no book to show.
        if (outcome !== 'applied') continue;
      }
      const view = entry.book.view();
      for (const listener of entry.listeners) listener(view);
    }
  }

  override close(): void {
    clearInterval(this.stallTimer);
    super.close();
  }

  private resyncStalled(stallMs: number): void {
    if (this.socket.state !== 'live') return;
    const now = Date.now();
    for (const [symbol, entry] of this.books) {
      if (now - entry.heardAt < stallMs) continue;
      entry.heardAt = now;
      entry.book.invalidate();
      void this.resync(symbol);
    }
  }

  /** Unsubscribe and subscribe again: the service answers with a fresh snapshot. */
  private async resync(symbol: string): Promise<void> {
    this.resyncs += 1;
    try {
      await this.socket.request('unsubscribe', { symbols: [symbol] }, { ch: BOOK_CHANNEL });
      await this.socket.request('subscribe', { symbols: [symbol] }, { ch: BOOK_CHANNEL });
    } catch {
      // The socket went down; resubscribeAll will fetch the snapshot on reconnect.
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
