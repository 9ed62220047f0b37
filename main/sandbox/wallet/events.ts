// In-process notifications from the ledger to the streams (wallet and trading connections).
import type { BalanceSide } from '../db/balances';
import type { TxRow } from '../db/transactions';

export interface BalanceChange {
  accountId: number;
  side: BalanceSide;
  currency: string;
  available: string;
  reserved: string;
}

export interface OrderReport {
  accountId: number;
  /** The order record (wire shape) with report_type: new, suspended, trade, canceled, expired. */
  report: Record<string, unknown>;
}

type Listener<T> = (event: T) => void;

export class SandboxEvents {
  private readonly balanceListeners = new Set<Listener<BalanceChange>>();
  private readonly transactionListeners = new Set<Listener<TxRow>>();
  private readonly orderListeners = new Set<Listener<OrderReport>>();

  onOrder(listener: Listener<OrderReport>): () => void {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  }

  emitOrder(report: OrderReport): void {
    for (const listener of this.orderListeners) listener(report);
  }

  onBalance(listener: Listener<BalanceChange>): () => void {
    this.balanceListeners.add(listener);
    return () => this.balanceListeners.delete(listener);
  }

  onTransaction(listener: Listener<TxRow>): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  emitBalance(change: BalanceChange): void {
    for (const listener of this.balanceListeners) listener(change);
  }

  emitTransaction(row: TxRow): void {
    for (const listener of this.transactionListeners) listener(row);
  }
}
