// The spot trade part of the history sync (sync.ts runs it in each pass, at the same background
// priority, with the same pauses after a failure). Trades are never changed once listed, so one
// cursor is enough: the highest trade id stored. Each pass reads the trades after it by
// ascending id, a page at a time, each page's legs (trade-entries.ts) stored with the cursor it
// moves in one transaction (the store's writer thread, store-writer.ts), so a kill loses nothing and stores nothing twice.
//
// A trade's legs need its symbol's currencies, from the service's symbol list (read once and
// again when a trade names a symbol the copy does not know). A trade the list cannot explain is
// never guessed into legs: it is kept apart in the store (trade-store.ts), named in the status,
// and tried again at the start of every pass.
//
// A key without the right to read trades (HIST) is no failure of the history: the transactions
// are synced on, and the status says the trades are not read.
import { isApiError } from '../../exchange/errors';
import type { SpotTrade } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { HistoryEntry } from '../../../preload/contract/history';
import type { HistoryStore } from './store';
import type { PageWriter } from './store-writer';
import { TradeSymbols } from './trade-entries';

export type TradeReads = Pick<TreasuryApi, 'spotTradesAfterId' | 'lastSpotTrade' | 'symbols'>;

/** Trades stored per transaction: one page of the service's list. */
const PAGE_TRADES = 1_000;

export interface TradeWalkHooks {
  /** True once the sync is closed: nothing more is stored. */
  closed(): boolean;
  /** Where the trade history's first read spans (timestamp ms), for its time left. */
  span(oldestMs: number | null, newestMs: number | null): void;
  /** A page was stored: `trades` read, the last one's time, `written` rows added. */
  stored(trades: number, lastTimestamp: string | undefined, written: number): void;
}

export class TradeSync {
  private symbols: TradeSymbols | null = null;
  /** Why the trades are not read at all (the key lacks the right); null while they are. */
  private refused: string | null = null;

  constructor(
    private readonly api: TradeReads,
    private readonly store: HistoryStore,
    private readonly writer: PageWriter,
  ) {}

  /** Reads every trade after the cursor into the store, then marks the trade history read to its end. Throws when a read fails. */
  async read(hooks: TradeWalkHooks): Promise<void> {
    try {
      await this.retryLeftOut(hooks);
      await this.walk(hooks);
      this.refused = null;
    } catch (error) {
      if (!isApiError(error) || !error.isMissingRight) throw error;
      this.refused = 'Spot trades are not in the history: this API key may not read the trade history (it needs the right to read history and trading balances).';
    }
  }

  /** What the store leaves out of the trades and why, in plain words; null when nothing is. */
  leftOutText(): string | null {
    if (this.refused !== null) return this.refused;
    const count = this.store.leftOutTrades.count();
    if (count === 0) return null;
    const symbols = this.store.leftOutTrades.symbols();
    return `${count.toLocaleString('en-US')} spot trade${count === 1 ? '' : 's'} left out of the history: the service's symbol list does not name ${symbols.join(', ')}, so what ${count === 1 ? 'it' : 'they'} moved is not known. Coffer tries again at every sync.`;
  }

  private async walk(hooks: TradeWalkHooks): Promise<void> {
    const cursors = this.store.cursors();
    // A first read tells its time left from the span between its first page and the newest trade.
    let newestMs: number | null = null;
    if (!cursors.tradesDone) {
      const newest = await this.api.lastSpotTrade();
      if (newest === null) {
        if (!hooks.closed()) await this.writer.saveCursors({ tradesDone: true });
        return;
      }
      newestMs = Date.parse(newest.timestamp);
    }
    let page: SpotTrade[] = [];
    let spanKnown = cursors.tradesDone;
    const flush = async () => {
      if (page.length === 0 || hooks.closed()) return;
      const trades = page;
      page = [];
      const { entries, leftOut } = await this.legsOf(trades);
      if (hooks.closed()) return;
      const last = trades[trades.length - 1] as SpotTrade;
      // Waited for: the legs need the symbol list in between, and trades come a few pages at a time.
      const written = await this.writer.writePage(entries, { tradeCursor: last.id }, { leftOut: { add: leftOut, remove: [] } });
      if (!spanKnown) {
        spanKnown = true;
        hooks.span(Date.parse((trades[0] as SpotTrade).timestamp), newestMs);
      }
      hooks.stored(trades.length, last.timestamp, written);
    };
    try {
      for await (const trade of this.api.spotTradesAfterId(cursors.tradeCursor ?? undefined, cursors.tradesDone)) {
        if (hooks.closed()) return;
        page.push(trade);
        if (page.length < PAGE_TRADES) continue;
        await flush();
      }
    } finally {
      await flush();
    }
    if (!hooks.closed()) await this.writer.saveCursors({ tradesDone: true });
  }

  /** Kept-apart trades whose symbols the list names now are stored as legs and let go. */
  private async retryLeftOut(hooks: TradeWalkHooks): Promise<void> {
    if (this.store.leftOutTrades.count() === 0) return;
    const trades = this.store.leftOutTrades.list();
    const { entries, leftOut } = await this.legsOf(trades, true);
    if (hooks.closed()) return;
    const stillOut = new Set(leftOut.map((trade) => trade.id));
    const resolved = trades.filter((trade) => !stillOut.has(trade.id)).map((trade) => trade.id);
    if (resolved.length === 0) return;
    const written = await this.writer.writePage(entries, {}, { leftOut: { add: [], remove: resolved } });
    hooks.stored(0, undefined, written);
  }

  /** The legs of the trades the symbol list explains, and the trades it does not (read again once when one is unknown). */
  private async legsOf(trades: readonly SpotTrade[], fresh = false): Promise<{ entries: HistoryEntry[]; leftOut: SpotTrade[] }> {
    if (this.symbols === null || fresh) this.symbols = new TradeSymbols(await this.api.symbols());
    let result = this.split(trades, this.symbols);
    if (result.leftOut.length > 0 && !fresh) {
      this.symbols = new TradeSymbols(await this.api.symbols());
      result = this.split(trades, this.symbols);
    }
    return result;
  }

  private split(trades: readonly SpotTrade[], symbols: TradeSymbols): { entries: HistoryEntry[]; leftOut: SpotTrade[] } {
    const entries: HistoryEntry[] = [];
    const leftOut: SpotTrade[] = [];
    for (const trade of trades) {
      const legs = symbols.legsOf(trade);
      if (legs === null) leftOut.push(trade);
      else entries.push(...legs);
    }
    return { entries, leftOut };
  }
}
