// Keeps a profile's history store in step with the service, in the background:
// - the first read walks the whole history by ascending id, several pages in flight, each page
//   stored with the id cursor that covers it; before it starts, the newest updated_at is kept as
//   the watermark, so whatever changes during a long first read is read again after it;
// - catching up reads what changed since the watermark (order_by=updated_at, inclusive), each page
//   stored with the watermark moved to its last updated_at; it runs after the first read, when
//   the wallet stream comes back, every few minutes, and when asked (joining a pass that runs);
// - the wallet stream's transactions are stored as they come;
// - spot trades are read after the transactions in every pass, by their own cursor (trade-sync.ts),
//   and on their own when the trading stream reports one (tradesReported, joining what runs).
// Every request goes at background priority, so the user's own calls go first; a failed pass
// (a dropped socket, a 5xx, a 429) pauses and is tried again after 2, 5, 15, 30, then 60 s, from
// the stored cursors. Reads only: nothing here ever moves money. Closing stops the sync: waiting
// requests are dropped before they leave, and no new one is made.
import type { HistoryEntry, HistorySyncPhase, HistorySyncStatus } from '../../../preload/contract/history';
import { isCancelled, runStoppable } from '../../exchange/cancellation';
import type { Transaction } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { failureText } from '../session/api-failure';
import { entryFromTransaction } from './entry';
import type { HistoryStore, SyncCursors } from './store';
import type { PageWriter } from './store-writer';
import { realTimers, type Timers } from '../timers';
import { PassProgress, Throttle } from './sync-progress';
import { TRADE_SUBTYPES, TRADE_TYPE } from './trade-entries';
import { TradeSync, type TradeReads } from './trade-sync';

export const RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 15_000, 30_000, 60_000];
export const CATCH_UP_EVERY_MS = 3 * 60_000;
/** Rows stored per transaction: one page of the service's list. */
const PAGE_ROWS = 1_000;
/** Pages handed to the writer and not yet committed, at most: past this the walk waits for the oldest. */
const PAGES_IN_WRITING = 8;
/** Where reading changes starts when the history was empty at the first read. */
const BEGINNING = '1970-01-01T00:00:00.000Z';

export type HistoryReads = Pick<TreasuryApi, 'transactionsAfterId' | 'transactionsUpdatedSince' | 'lastUpdatedTransaction'> & TradeReads;

export interface HistorySyncDeps {
  /** The profile's client at background priority. */
  api: HistoryReads;
  /** Read here (committed rows only); written through `writer`. */
  store: HistoryStore;
  /** The store's writer thread (store-writer.ts): every write of the sync goes through it, in order. */
  writer: PageWriter;
  notices: {
    progress(status: HistorySyncStatus): void;
    /** Rows were added or changed (at most four notices a second, the rows counted in between). */
    changed(count: number): void;
  };
  retryDelaysMs?: readonly number[];
  catchUpEveryMs?: number;
  timers?: Timers;
}

export class HistorySync {
  private readonly timers: Timers;
  private readonly progress: PassProgress;
  private readonly progressNotice: Throttle;
  private readonly changedNotice: Throttle;
  private readonly stop = new AbortController();
  private readonly trades: TradeSync;
  private running: Promise<void> | null = null;
  /** The running pass reads only the trades (a trade was reported). */
  private runningTradesOnly = false;
  private passAgain = false;
  private tradesAgain = false;
  private retryStep = 0;
  private timer: unknown = null;
  private changedCount = 0;
  private closed = false;

  constructor(private readonly deps: HistorySyncDeps) {
    this.timers = deps.timers ?? realTimers;
    this.progress = new PassProgress(() => this.timers.now());
    this.trades = new TradeSync(deps.api, deps.store, deps.writer);
    this.progressNotice = new Throttle(this.timers, () => deps.notices.progress(this.status()));
    this.changedNotice = new Throttle(this.timers, () => {
      const count = this.changedCount;
      this.changedCount = 0;
      if (count > 0) deps.notices.changed(count);
    });
  }

  /** `stored` counts the transactions; the trades (each stored as its legs) are counted apart. */
  status(): HistorySyncStatus {
    const { store } = this.deps;
    const tradeRows = store.query.count({ types: [TRADE_TYPE] });
    const trades = tradeRows === 0 ? 0 : store.query.count({ types: [TRADE_TYPE], subtypes: [TRADE_SUBTYPES.buy, TRADE_SUBTYPES.sell], direction: 'in' });
    return { ...this.progress.status(store.stored() - tradeRows, store.cursors().syncedAt), trades, leftOut: this.trades.leftOutText() };
  }

  /** Starts a pass (the first read where it is not done, then catching up); joins one that runs. Resolves when it ends. */
  syncNow(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running !== null) {
      if (!this.runningTradesOnly) return this.running;
      // A pass of trades alone is running: the whole pass follows it.
      this.passAgain = true;
      return this.running.then(() => this.running ?? undefined);
    }
    this.clearTimer();
    return this.start(false);
  }

  /**
   * The trading stream reported a trade: the trades after the cursor are read (after the running
   * pass, once however many reports came meanwhile). While paused, the retry to come reads them.
   */
  tradesReported(): void {
    if (this.closed || this.progress.phase === 'paused') return;
    if (this.running !== null) {
      this.tradesAgain = true;
      return;
    }
    const cursors = this.deps.store.cursors();
    if (!cursors.initialDone || !cursors.tradesDone) void this.syncNow();
    else void this.start(true);
  }

  private start(tradesOnly: boolean): Promise<void> {
    this.runningTradesOnly = tradesOnly;
    this.running = runStoppable(this.stop.signal, () => (tradesOnly ? this.tradesPass() : this.pass())).finally(() => {
      this.running = null;
      if (this.closed) return;
      if (this.passAgain) {
        this.passAgain = false;
        this.tradesAgain = false;
        void this.syncNow();
      } else if (this.tradesAgain) {
        this.tradesAgain = false;
        this.tradesReported();
      }
    });
    return this.running;
  }

  /** The wallet stream came back: what it may have missed is read again (after the running pass, if any). */
  resync(): void {
    if (this.running !== null) this.passAgain = true;
    else void this.syncNow();
  }

  /** A transaction from the wallet stream, stored at once; the cursors stay where they are. */
  onServiceTransaction(tx: Transaction): void {
    if (this.closed) return;
    const failed = (error: unknown) => {
      // The next catch-up pass reads it again from the service.
      if (!this.closed) console.error(`[history] a streamed transaction could not be stored: ${failureText(error)}`);
    };
    try {
      this.deps.writer.writePage([entryFromTransaction(tx)], {}).then((written) => this.noteChanged(written), failed);
    } catch (error) {
      failed(error);
    }
  }

  close(): void {
    this.closed = true;
    this.stop.abort();
    this.clearTimer();
    this.progressNotice.cancel();
    this.changedNotice.cancel();
  }

  private async pass(): Promise<void> {
    try {
      if (!this.deps.store.cursors().initialDone) await this.firstRead();
      // The trades' first read belongs to the first read of the history (the portfolio waits for both).
      const tradesRead = !this.deps.store.cursors().tradesDone;
      if (tradesRead) {
        if (this.progress.phase === 'initial') this.progress.nextList();
        else this.enter('initial');
        await this.readTrades();
      }
      await this.catchUp();
      if (!tradesRead) {
        this.progress.nextList();
        await this.readTrades();
      }
      await this.save({ syncedAt: new Date(this.timers.now()).toISOString() });
      this.retryStep = 0;
      this.enter('live');
      this.schedule(this.deps.catchUpEveryMs ?? CATCH_UP_EVERY_MS);
    } catch (error) {
      this.failed(error);
    }
  }

  /** Reads the trades after the cursor; the periodic catch-up stays as it was scheduled. */
  private async tradesPass(): Promise<void> {
    try {
      this.enter('catchingUp');
      await this.readTrades();
      this.retryStep = 0;
      this.enter('live');
    } catch (error) {
      this.failed(error);
    }
  }

  private async readTrades(): Promise<void> {
    await this.trades.read({
      closed: () => this.closed,
      span: (oldestMs, newestMs) => this.progress.estimateSpan(oldestMs, newestMs),
      stored: (trades, lastTimestamp, written) => {
        if (this.closed) return;
        this.progress.advance(trades, lastTimestamp);
        this.noteChanged(written);
        this.progressNotice.request();
      },
    });
  }

  /** A failed pass pauses and is tried again later (a whole pass, from the stored cursors). */
  private failed(error: unknown): void {
    if (this.closed || isCancelled(error)) return;
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.retryStep, delays.length - 1)] ?? 60_000;
    this.retryStep += 1;
    this.progress.phase = 'paused';
    this.progress.lastError = `Reading the history stopped: ${failureText(error)} Trying again in ${Math.round(delay / 1_000)} s.`;
    this.progressNotice.request(true);
    this.schedule(delay);
  }

  private async firstRead(): Promise<void> {
    const { api, store, writer } = this.deps;
    this.enter('initial');
    const chain = writer.chain();
    let cursors = store.cursors();
    let watermarkSaved: Promise<void> | undefined;
    if (cursors.idCursor === null && cursors.watermark === null) {
      const lastUpdated = await api.lastUpdatedTransaction();
      if (lastUpdated === null) {
        // Nothing to read: changes are read from the beginning from now on.
        await this.save({ initialDone: true });
        return;
      }
      // No record was created after the last update of any: its time bounds the span (one request fewer).
      const start = { watermark: lastUpdated.updatedAt, spanNewestMs: Date.parse(lastUpdated.updatedAt) };
      // Handed over first in the walk's chain: the walk need not wait for it to commit, and no page
      // of it is stored unless it was.
      if (!this.closed) watermarkSaved = writer.saveCursors(start, chain);
      cursors = { ...cursors, ...start };
    }
    this.progress.estimateSpan(cursors.spanOldestMs, cursors.spanNewestMs);
    let spanOldestMs = cursors.spanOldestMs;
    const spanNewestMs = cursors.spanNewestMs;
    const walk = api.transactionsAfterId(cursors.idCursor ?? undefined);
    await this.readPages(walk, (page) => {
      const last = page[page.length - 1] as Transaction;
      if (spanOldestMs === null) {
        spanOldestMs = Date.parse((page[0] as Transaction).createdAt);
        this.progress.estimateSpan(spanOldestMs, spanNewestMs);
      }
      return { idCursor: last.id, spanOldestMs };
    }, { chain, before: watermarkSaved });
    await this.save({ initialDone: true });
  }

  private async catchUp(): Promise<void> {
    this.enter('catchingUp');
    const from = this.deps.store.cursors().watermark ?? BEGINNING;
    await this.readPages(this.deps.api.transactionsUpdatedSince(from), (page) => ({ watermark: (page[page.length - 1] as Transaction).updatedAt }), { unchangedAt: from });
  }

  /**
   * Stores the walk's records a page at a time, each page with the cursors it moves; records
   * already read when the walk fails are stored before the failure goes on. A page is handed to
   * the writer and the walk reads on while it is written (up to PAGES_IN_WRITING pages ahead);
   * the changed rows are told once committed, and the walk ends when its last page has committed.
   * A page that cannot be written stops the walk (the writer refuses the pages after it).
   * `unchangedAt`: the watermark a catch-up started from, whose records were stored already (not
   * counted as changed); `chain` and `before`: the walk's chain and a write of it handed over already.
   */
  private async readPages(
    walk: AsyncIterable<Transaction>,
    cursorsAfter: (page: readonly Transaction[]) => Partial<SyncCursors>,
    options: { unchangedAt?: string; chain?: number; before?: Promise<void> } = {},
  ): Promise<void> {
    const { unchangedAt } = options;
    const chain = options.chain ?? this.deps.writer.chain();
    let writeFailure: { error: unknown } | null = null;
    const failed = (error: unknown) => {
      writeFailure ??= { error };
    };
    const writing: Array<Promise<void>> = options.before === undefined ? [] : [options.before.catch(failed)];
    let page: Transaction[] = [];
    const flush = () => {
      if (page.length === 0 || this.closed || writeFailure !== null) return;
      const read = page;
      page = [];
      const entries: HistoryEntry[] = read.map(entryFromTransaction);
      const unchanged = unchangedAt === undefined ? 0 : read.filter((tx) => tx.updatedAt === unchangedAt).length;
      this.progress.advance(read.length, read[read.length - 1]?.createdAt);
      const write = this.deps.writer.writePage(entries, cursorsAfter(read), { chain }).then(
        (written) => {
          // Committed after the sync was closed: nobody is told any more.
          if (this.closed) return;
          this.noteChanged(Math.min(written, read.length - unchanged));
          this.progressNotice.request();
        },
        failed,
      );
      writing.push(write);
    };
    try {
      for await (const tx of walk) {
        if (this.closed || writeFailure !== null) break;
        page.push(tx);
        if (page.length < PAGE_ROWS) continue;
        flush();
        if (writing.length > PAGES_IN_WRITING) await writing.shift();
      }
    } finally {
      flush();
      await Promise.all(writing);
    }
    if (writeFailure !== null) throw (writeFailure as { error: unknown }).error;
  }

  private enter(phase: HistorySyncPhase): void {
    this.progress.begin(phase);
    this.progressNotice.request(true);
  }

  private async save(cursors: Partial<SyncCursors>): Promise<void> {
    if (!this.closed) await this.deps.writer.saveCursors(cursors);
  }

  private noteChanged(count: number): void {
    if (count <= 0 || this.closed) return;
    this.changedCount += count;
    this.changedNotice.request();
  }

  private schedule(ms: number): void {
    this.clearTimer();
    if (!this.closed) this.timer = this.timers.set(() => void this.syncNow(), ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
