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
}
