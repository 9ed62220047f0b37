// The account's transaction history.
// Ids as cursors: version 3's ids grow with creation, version 2's are UUIDs that order nothing.
// A version 2 adapter therefore makes its cursors of `index` (a number that grows each time a
// record is updated): newestTransactionId() is the newest index, filter.idFrom means
// "index ≥ idFrom", and the walks below go by index (see v2/history.ts).
import type { RecentFilter, Transaction, TransactionFilter } from '../domain';

export interface HistoryCalls {
  /** Every matching transaction exactly once, oldest first, walking cursors.
   *  Version 2: by creation time, or by index from `idFrom`; filters other than one currency are
   *  applied to the records read. */
  transactions(filter?: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  /** At most `limit` (1-1000) matching transactions, newest first by creation time (ties: newest id
   *  first): one request, however long the history. Version 2 filters only one currency itself:
   *  other filters are applied to the newest thousand, so older matches are not found. */
  recentTransactions(filter: RecentFilter, limit: number): Promise<Transaction[]>;
  /** The newest transaction's id (null for an empty history): what a money move is matched after.
   *  Version 2: the newest index, as decimal text; records matched after it are those updated since. */
  newestTransactionId(): Promise<string | null>;
  /**
   * The whole history after `afterId` (from the oldest when undefined), ascending ids, several
   * pages in flight: a first full read, resumable from the last id it stored.
   * Version 2: in order of update, from the first record updated since `afterId`'s record was
   * created (its index may have moved on since it was stored): every later record at least once,
   * records already stored possibly again, `afterId` itself not.
   */
  transactionsAfterId(afterId: string | undefined): AsyncIterable<Transaction>;
  /** Every transaction updated at or after `from` (ISO), in order of update: what changed since a cursor.
   *  Version 2: by index, from the first record updated at or after `from`. */
  transactionsUpdatedSince(from: string): AsyncIterable<Transaction>;
  /** The transaction updated last (null for an empty history): where reading the changes starts. */
  lastUpdatedTransaction(): Promise<Transaction | null>;
}
