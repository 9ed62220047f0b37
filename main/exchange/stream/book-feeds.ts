// Full order books followed on a public stream, whatever the version's wire format: one book per
// symbol kept by sequence, its listeners, a gap or a silent stall repaired from a fresh snapshot,
// and every book re-fetched after a reconnection. The stream says how to (un)subscribe a symbol and
// hands each snapshot or update on in the neutral BookMessage shape.
import { StreamBase } from './base';
import { OrderBook, type BookMessage, type BookView } from './order-book';
import type { Unsubscribe } from './streams';

export interface BookChannel {
  subscribe(symbols: string[]): Promise<unknown>;
  unsubscribe(symbols: string[]): Promise<unknown>;
  /** Requests are only sent on a live connection; otherwise the next resubscribe() sends them. */
  isLive(): boolean;
}

interface BookEntry {
  book: OrderBook;
  listeners: Set<(book: BookView) => void>;
  /** Local time of the last snapshot or update for this symbol. */
  heardAt: number;
}

/** A book that hears nothing this long is re-fetched: order-book streams are known to stall silently. */
export const DEFAULT_BOOK_STALL_MS = 60_000;

export class BookFeeds {
  private readonly books = new Map<string, BookEntry>();
  private readonly stallTimer: NodeJS.Timeout;
  /** Snapshots requested after a sequence gap or a stall. */
  resyncs = 0;

  constructor(private readonly channel: BookChannel, stallMs = DEFAULT_BOOK_STALL_MS) {
    this.stallTimer = setInterval(() => this.resyncStalled(stallMs), Math.max(50, stallMs / 2));
    this.stallTimer.unref();
  }

  async follow(symbol: string, listener: (book: BookView) => void): Promise<Unsubscribe> {
    let entry = this.books.get(symbol);
    const fresh = entry === undefined;
    if (entry === undefined) {
      entry = { book: new OrderBook(symbol), listeners: new Set(), heardAt: Date.now() };
      this.books.set(symbol, entry);
    }
    entry.listeners.add(listener);
    if (fresh && this.channel.isLive()) await this.channel.subscribe([symbol]);
    const owned = entry;
    return async () => {
      owned.listeners.delete(listener);
      if (owned.listeners.size > 0) return;
      this.books.delete(symbol);
      if (this.channel.isLive()) await this.channel.unsubscribe([symbol]);
    };
  }

  /** On a (re)connection: every book waits for the snapshot its new subscription brings. */
  async resubscribe(): Promise<void> {
    for (const entry of this.books.values()) entry.book.invalidate();
    if (this.books.size > 0) await this.channel.subscribe([...this.books.keys()]);
  }

  /** A snapshot or update of `symbol`; listeners hear every book that changed. */
  apply(symbol: string, kind: 'snapshot' | 'update', message: BookMessage): void {
    const entry = this.books.get(symbol);
    if (entry === undefined) return;
    entry.heardAt = Date.now();
    if (kind === 'snapshot') entry.book.applySnapshot(message);
    else {
      const outcome = entry.book.applyUpdate(message);
      if (outcome === 'gap') void this.resync(symbol);
      // A stale update changed nothing and one awaiting a snapshot has no book to show.
      if (outcome !== 'applied') return;
    }
    const view = entry.book.view();
    for (const listener of entry.listeners) listener(view);
  }

  close(): void {
    clearInterval(this.stallTimer);
  }

  private resyncStalled(stallMs: number): void {
    if (!this.channel.isLive()) return;
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
      await this.channel.unsubscribe([symbol]);
      await this.channel.subscribe([symbol]);
    } catch {
      // The socket went down; resubscribe() will fetch the snapshot on reconnect.
    }
  }
}

/**
 * A public stream's order-book side: its books, `resyncs` and `orderBook()`. The version's stream
 * says how a list of symbols is (un)subscribed on its wire.
 */
export abstract class BookStreamBase extends StreamBase {
  protected readonly books: BookFeeds;

  constructor(bookStallMs: number | undefined) {
    super();
    this.books = new BookFeeds({
      subscribe: (symbols) => this.subscribeBooks(symbols),
      unsubscribe: (symbols) => this.unsubscribeBooks(symbols),
      isLive: () => this.socket.state === 'live',
    }, bookStallMs);
  }

  protected abstract subscribeBooks(symbols: string[]): Promise<unknown>;
  protected abstract unsubscribeBooks(symbols: string[]): Promise<unknown>;

  get resyncs(): number {
    return this.books.resyncs;
  }

  orderBook(symbol: string, listener: (book: BookView) => void): Promise<Unsubscribe> {
    return this.books.follow(symbol, listener);
  }

  override close(): void {
    this.books.close();
    super.close();
  }
}
