// Every change of balances and transactions goes through Ledger.run: one SQLite transaction, with
// the balance and transaction notifications sent to the streams only after it commits.
import Decimal, { type DecimalValue } from '../decimal';
import type { BalanceRepository, BalanceSide } from '../db/balances';
import type { SandboxDb } from '../db/open';
import type { NewTx, TransactionRepository, TxRow } from '../db/transactions';
import { errors } from '../http/errors';
import type { SandboxEvents } from './events';
import { formatAmount } from './money';

export interface Holding {
  available: Decimal;
  reserved: Decimal;
}

export class LedgerTx {
  /** Balances written in this transaction, with the values last written (what the commit leaves). */
  readonly touchedBalances = new Map<string, { accountId: number; side: BalanceSide; currency: string; available: string; reserved: string }>();
  readonly touchedTransactions = new Set<number>();

  constructor(private readonly balances: BalanceRepository, private readonly transactions: TransactionRepository) {}

  holding(accountId: number, side: BalanceSide, currency: string): Holding {
    const row = this.balances.get(accountId, side, currency);
    return { available: new Decimal(row?.available ?? 0), reserved: new Decimal(row?.reserved ?? 0) };
  }

  /** Adds the deltas; refuses (20001) a change that would make either figure negative. */
  move(accountId: number, side: BalanceSide, currency: string, deltaAvailable: DecimalValue, deltaReserved: DecimalValue = 0): void {
    const current = this.holding(accountId, side, currency);
    const available = current.available.plus(deltaAvailable);
    const reserved = current.reserved.plus(deltaReserved);
    if (available.isNegative() || reserved.isNegative()) throw errors.insufficientFunds();
    const availableText = formatAmount(available, currency);
    const reservedText = formatAmount(reserved, currency);
    this.balances.set(accountId, side, currency, availableText, reservedText);
    this.touchedBalances.set(`${accountId}:${side}:${currency}`, { accountId, side, currency, available: availableText, reserved: reservedText });
  }

  insert(tx: NewTx): number {
    const id = this.transactions.insert(tx);
    this.touchedTransactions.add(id);
    return id;
  }

  update(id: number, changes: Partial<Omit<TxRow, 'id'>>): void {
    this.transactions.update(id, changes);
    this.touchedTransactions.add(id);
  }

  get(id: number): TxRow | undefined {
    return this.transactions.get(id);
  }
}

export class Ledger {
  constructor(
    private readonly db: SandboxDb,
    private readonly balances: BalanceRepository,
    private readonly transactions: TransactionRepository,
    private readonly events: SandboxEvents,
  ) {}

  run<T>(work: (tx: LedgerTx) => T): T {
    const tx = new LedgerTx(this.balances, this.transactions);
    const result = this.db.transaction(() => work(tx))();
    this.announce(tx);
    return result;
  }

  private announce(tx: LedgerTx): void {
    for (const { accountId, side, currency, available, reserved } of tx.touchedBalances.values()) {
      this.events.emitBalance({ accountId, side, currency, available, reserved });
    }
    for (const id of tx.touchedTransactions) {
      const row = this.transactions.get(id);
      if (row) this.events.emitTransaction(row);
    }
  }
}
