// The account's transaction history.
import type { Transaction, TransactionFilter } from '../domain';

export interface HistoryCalls {
  /** Every matching transaction exactly once, oldest first, walking cursors. */
  transactions(filter?: TransactionFilter): AsyncIterable<Transaction>;
  transaction(id: string): Promise<Transaction>;
  /** The newest transaction's id (null for an empty history): what a money move is matched after. */
  newestTransactionId(): Promise<string | null>;
}
