// The account's transaction history.
import type { RecentFilter, Transaction, TransactionFilter } from '../domain';

export interface HistoryCalls {
  /** Every matching transaction exactly once, oldest first, walking cursors. */
  transactions(filter?: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  /** At most `limit` (1-1000) matching transactions, newest first by creation time (ties: newest id
   *  first): one request, however long the history. */
  recentTransactions(filter: RecentFilter, limit: number): Promise<Transaction[]>;
  /** The newest transaction's id (null for an empty history): what a money move is matched after. */
  newestTransactionId(): Promise<string | null>;
  /**
   * The whole history after `afterId` (from the oldest when undefined), ascending ids, several
   * pages in flight: a first full read, resumable from the last id it stored.
   */
  transactionsAfterId(afterId: string | undefined): AsyncIterable<Transaction>;
  /** Every transaction updated at or after `from` (ISO), in order of update: what changed since a cursor. */
  transactionsUpdatedSince(from: string): AsyncIterable<Transaction>;
  /** The transaction updated last (null for an empty history): where reading the changes starts. */
  lastUpdatedTransaction(): Promise<Transaction | null>;
}
