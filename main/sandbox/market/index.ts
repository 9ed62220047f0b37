// The market simulator: deterministic tapes for every symbol, live order books with per-symbol
// sequence numbers, and events for the public stream. Time comes from the sandbox clock; a timer
// (and every clock advance) catches the market up, emitting only the newest trades after a jump.
import Decimal from '../decimal';
import { SYMBOLS, type SymbolDef } from '../catalog';
import type { SandboxClock } from '../clock';
import { BOOK_TICK_MS, bookAt, diffSide, type Book, type BookSide } from './book';
import { CHUNK_MINUTES } from './latent';
import { LatentCache, SymbolModel } from './model';
import { minuteOf, type Period } from './periods';
import { chainHistory, chainPrice, route, type RatePoint } from './rates';
import { SymbolTape, type Aggregate, type CandleQuery, type Trade } from './tape';
import { unitsToDecimal } from './units';

export type { Aggregate, Book, BookSide, CandleQuery, Period, RatePoint, Trade };
export { SymbolTape } from './tape';
export type { TradeQuery } from './tape';
export { formatUnits } from './units';
export { cutSide } from './book';
export { PERIODS, isPeriod } from './periods';

const FULL_HISTORY_MINUTES = 90 * 1440;
const LIGHT_HISTORY_MINUTES = 6 * 60;
/** After a clock jump only this many of the newest trades per symbol are announced. */
const MAX_TRADES_PER_EVENT = 200;
const SYNC_INTERVAL_MS = BOOK_TICK_MS;
/** The warm-up starts this long after the market: an app's first page and answers come first. */
const WARM_UP_DELAY_MS = 5_000;

export interface MarketOptions {
  seed: number;
  clock: SandboxClock;
  /** A few hours of history instead of ninety days (fast tests). */
  light?: boolean;
}

export interface TradesEvent {
  symbol: string;
  trades: Trade[];
}

export interface BookEvent {
  symbol: string;
  /** Per-symbol sequence number of this update. */
  seq: number;
  time: number;
  /** Changed levels; quantity 0 removes a level. */
  asks: BookSide;
  bids: BookSide;
}

export interface MarketSymbol {
  def: SymbolDef;
  tape: SymbolTape;
}

export interface BookState {
  book: Book;
  seq: number;
}

export interface Market {
  readonly seed: number;
  readonly clock: SandboxClock;
  /** First millisecond of simulated history. */
  readonly historyStart: number;
  readonly symbols: readonly MarketSymbol[];
  /** A symbol by id (case-insensitive), or undefined. */
  symbol(id: string): MarketSymbol | undefined;
  /** Mid price of `from` in `to` (direct symbol or via USDT crosses); null for unknown currencies. */
  rate(from: string, to: string): Decimal | null;
  /** Rate candles of `from` in `to`; null when no route exists. */
  rateHistory(from: string, to: string, period: Period, q: CandleQuery): RatePoint[] | null;
  /** The book and its sequence number, after catching up with the clock unless `catchUp` is false. */
  book(symbolId: string, catchUp?: boolean): BookState;
  /** The moment the announced state (events, books) reflects: the last catch-up. */
  readonly syncedAt: number;
  /** Aggregate of the last 24 hours (null when no trade happened). */
  dayStats(symbolId: string): Aggregate | null;
  lastTrade(symbolId: string): Trade | null;
  /** Catch up with the clock now (also runs on a timer and on every clock advance). */
  sync(): void;
  onTrades(listener: (event: TradesEvent) => void): () => void;
  onBook(listener: (event: BookEvent) => void): () => void;
  close(): void;
}

export function createMarket(opts: MarketOptions): Market {
  return new SimulatedMarket(opts);
}

class SimulatedMarket implements Market {
  readonly seed: number;
  readonly clock: SandboxClock;
  readonly historyStart: number;
  readonly symbols: readonly MarketSymbol[];
  private readonly byId = new Map<string, MarketSymbol>();
  private readonly books = new Map<string, BookState>();
  private readonly tradeListeners = new Set<(event: TradesEvent) => void>();
  private readonly bookListeners = new Set<(event: BookEvent) => void>();
  private lastSync: number;
  private readonly timer: NodeJS.Timeout;
  private readonly stopClock: () => void;
  private warmTimer: NodeJS.Timeout | undefined;

  constructor(opts: MarketOptions) {
    this.seed = opts.seed | 0;
    this.clock = opts.clock;
    const now = this.clock.now();
    const startMinute = minuteOf(now) - (opts.light ? LIGHT_HISTORY_MINUTES : FULL_HISTORY_MINUTES);
    this.historyStart = startMinute * 60_000;
    const latent = new LatentCache(this.seed);
    this.symbols = SYMBOLS.map((def, i) => ({ def, tape: new SymbolTape(new SymbolModel(def, 1000 + i, this.seed, latent), startMinute) }));
    for (const s of this.symbols) {
      this.byId.set(s.def.id, s);
      this.books.set(s.def.id, { book: this.bookFor(s, now), seq: 1 });
    }
    this.lastSync = now;
    this.timer = setInterval(() => this.sync(), SYNC_INTERVAL_MS);
    this.timer.unref();
    this.stopClock = this.clock.onAdvance(() => this.sync());
    if (!opts.light) this.warmUp(startMinute, minuteOf(now));
  }

  symbol(id: string): MarketSymbol | undefined {
    return this.byId.get(id.toUpperCase());
  }

  rate(from: string, to: string): Decimal | null {
    this.sync();
    const legs = route(this.lookup, from.toUpperCase(), to.toUpperCase());
    if (!legs) return null;
    return chainPrice(legs, (tape) => this.mid(tape.model.def.id));
  }

  rateHistory(from: string, to: string, period: Period, q: CandleQuery): RatePoint[] | null {
    const legs = route(this.lookup, from.toUpperCase(), to.toUpperCase());
    if (!legs) return null;
    return chainHistory(legs, period, q, this.clock.now());
  }

  get syncedAt(): number {
    return this.lastSync;
  }

  book(symbolId: string, catchUp = true): BookState {
    if (catchUp) this.sync();
    const { book, seq } = this.state(symbolId);
    return { book, seq };
  }

  dayStats(symbolId: string): Aggregate | null {
    const now = this.clock.now();
    return this.tape(symbolId).aggregate(now - 86_400_000 + 1, now + 1, now);
  }

  lastTrade(symbolId: string): Trade | null {
    return this.tape(symbolId).lastTrade(this.clock.now());
  }

  sync(): void {
    const now = this.clock.now();
    // The market moves in book ticks: within one there is nothing new to announce.
    if (Math.floor(now / BOOK_TICK_MS) <= Math.floor(this.lastSync / BOOK_TICK_MS)) return;
    const since = this.lastSync;
    this.lastSync = now;
    for (const s of this.symbols) {
      const trades = s.tape.tradesBetween(since, now, MAX_TRADES_PER_EVENT);
      if (trades.length > 0) notify(this.tradeListeners, { symbol: s.def.id, trades });
      this.advanceBook(s, now);
    }
  }

  onTrades(listener: (event: TradesEvent) => void): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  onBook(listener: (event: BookEvent) => void): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  close(): void {
    clearInterval(this.timer);
    clearTimeout(this.warmTimer);
    this.stopClock();
    this.tradeListeners.clear();
    this.bookListeners.clear();
  }

  /**
   * Summarises history newest-first in small idle slices, so the first long candle query is fast;
   * a candle query before then summarises what it needs itself.
   */
  private warmUp(firstMinute: number, lastMinute: number): void {
    const jobs: Array<() => void> = [];
    for (let chunk = Math.floor(lastMinute / CHUNK_MINUTES); chunk >= Math.floor(firstMinute / CHUNK_MINUTES); chunk -= 1) {
      for (const s of this.symbols) jobs.push(() => s.tape.model.summary(chunk));
    }
    const step = (): void => {
      jobs.shift()?.();
      if (jobs.length > 0) this.warmTimer = setTimeout(step, 0).unref();
    };
    this.warmTimer = setTimeout(step, WARM_UP_DELAY_MS).unref();
  }

  private readonly lookup = (base: string, quote: string): SymbolTape | undefined => this.byId.get(`${base}${quote}`)?.tape;

  private tape(symbolId: string): SymbolTape {
    const s = this.symbol(symbolId);
    if (!s) throw new RangeError(`unknown symbol ${symbolId}`);
    return s.tape;
  }

  private state(symbolId: string): BookState {
    const state = this.books.get(symbolId.toUpperCase());
    if (!state) throw new RangeError(`unknown symbol ${symbolId}`);
    return state;
  }

  private mid(symbolId: string): Decimal {
    const { book } = this.state(symbolId);
    const scale = this.tape(symbolId).model.price;
    const ask = book.asks.price[0];
    const bid = book.bids.price[0];
    if (ask === undefined || bid === undefined) return unitsToDecimal(ask ?? bid ?? 1, scale);
    return unitsToDecimal(ask + bid, scale).div(2);
  }

  private bookFor(s: MarketSymbol, now: number): Book {
    const mid = s.tape.lastTrade(now)?.price ?? s.tape.model.pointTicks(minuteOf(now));
    return bookAt(s.tape.model, this.seed, Math.floor(now / BOOK_TICK_MS), mid);
  }

  private advanceBook(s: MarketSymbol, now: number): void {
    const state = this.state(s.def.id);
    if (Math.floor(now / BOOK_TICK_MS) === state.book.tick) return;
    const next = this.bookFor(s, now);
    const asks = diffSide(state.book.asks, next.asks, true);
    const bids = diffSide(state.book.bids, next.bids, false);
    state.book = next;
    if (asks.price.length === 0 && bids.price.length === 0) return;
    state.seq += 1;
    notify(this.bookListeners, { symbol: s.def.id, seq: state.seq, time: next.time, asks, bids });
  }
}

/** A failing listener must not stop the market (it runs on a timer) nor starve the others. */
function notify<E>(listeners: ReadonlySet<(event: E) => void>, event: E): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('sandbox market listener failed:', error);
    }
  }
}
