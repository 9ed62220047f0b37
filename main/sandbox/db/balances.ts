// Wallet and spot balances per account and currency, TEXT decimals.
import { cachedStatement, type SandboxDb } from './open';

export type BalanceSide = 'wallet' | 'spot';

export interface BalanceRow {
  currency: string;
  available: string;
  reserved: string;
}

export class BalanceRepository {
  private readonly getStatement;
  private readonly upsertStatement;

  constructor(private readonly db: SandboxDb) {
    this.getStatement = db.prepare('SELECT currency, available, reserved FROM balances WHERE account_id = ? AND side = ? AND currency = ?');
    this.upsertStatement = db.prepare(`INSERT INTO balances (account_id, side, currency, available, reserved) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (account_id, side, currency) DO UPDATE SET available = excluded.available, reserved = excluded.reserved`);
  }

  get(accountId: number, side: BalanceSide, currency: string): BalanceRow | undefined {
    return this.getStatement.get(accountId, side, currency) as BalanceRow | undefined;
  }

  all(accountId: number, side: BalanceSide): BalanceRow[] {
    return cachedStatement(this.db, 'SELECT currency, available, reserved FROM balances WHERE account_id = ? AND side = ? ORDER BY currency')
      .all(accountId, side) as BalanceRow[];
  }

  set(accountId: number, side: BalanceSide, currency: string, available: string, reserved: string): void {
    this.upsertStatement.run(accountId, side, currency, available, reserved);
  }
}
