// Coffer's own daily snapshots of balances (tables.ts): at most one per UTC day per account,
// written in one transaction with its amounts, read back per range of days.
import type Database from 'better-sqlite3';
import Decimal from '../../../preload/contract/decimal';
import { DAY_MS } from '../history/schema';
import { SNAPSHOT_AMOUNTS_TABLE, SNAPSHOTS_TABLE } from './tables';

/** The master account's id in snapshots and allocations. */
export const MASTER_ACCOUNT = 'master';

export interface Snapshot {
  day: number;
  account: string;
  takenMs: number;
  takenAt: string;
  /** Every currency held (≠ 0) when it was taken. */
  amounts: Map<string, Decimal>;
}

interface SnapshotRow {
  day: number;
  account: string;
  taken_ms: number;
  taken_at: string;
  currency: string | null;
  amount: string | null;
}

export class SnapshotBook {
  private readonly exists: Database.Statement;
  private readonly insertHead: Database.Statement;
  private readonly insertAmount: Database.Statement;
  private readonly between: Database.Statement;
  private readonly first: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.exists = db.prepare(`SELECT 1 FROM ${SNAPSHOTS_TABLE} WHERE day = ? AND account = ?`).pluck();
    this.insertHead = db.prepare(`INSERT OR IGNORE INTO ${SNAPSHOTS_TABLE} (day, account, taken_ms, taken_at) VALUES (?, ?, ?, ?)`);
    this.insertAmount = db.prepare(`INSERT INTO ${SNAPSHOT_AMOUNTS_TABLE} (day, account, currency, amount) VALUES (?, ?, ?, ?)`);
    this.between = db.prepare(`SELECT s.day, s.account, s.taken_ms, s.taken_at, a.currency, a.amount FROM ${SNAPSHOTS_TABLE} s
      LEFT JOIN ${SNAPSHOT_AMOUNTS_TABLE} a ON a.day = s.day AND a.account = s.account
      WHERE s.day BETWEEN ? AND ? ORDER BY s.day, s.account`);
    this.first = db.prepare(`SELECT MIN(day) FROM ${SNAPSHOTS_TABLE}`).pluck();
  }

  has(day: number, account: string): boolean {
    return this.exists.get(day, account) !== undefined;
  }

  /** Writes the snapshot unless the account has one for that UTC day; true when written. */
  take(account: string, takenMs: number, amounts: ReadonlyMap<string, Decimal>): boolean {
    const day = Math.floor(takenMs / DAY_MS);
    return this.db.transaction(() => {
      if (this.insertHead.run(day, account, takenMs, new Date(takenMs).toISOString()).changes === 0) return false;
      for (const [currency, amount] of amounts) if (!amount.isZero()) this.insertAmount.run(day, account, currency, amount.toFixed());
      return true;
    }).immediate();
  }

  /** Snapshots of days fromDay..tillDay, by day then account. */
  inRange(fromDay: number, tillDay: number): Snapshot[] {
    const byKey = new Map<string, Snapshot>();
    for (const row of this.between.all(fromDay, tillDay) as SnapshotRow[]) {
      const key = `${row.day}|${row.account}`;
      let snapshot = byKey.get(key);
      if (snapshot === undefined) {
        snapshot = { day: row.day, account: row.account, takenMs: row.taken_ms, takenAt: row.taken_at, amounts: new Map() };
        byKey.set(key, snapshot);
      }
      if (row.currency !== null && row.amount !== null) snapshot.amounts.set(row.currency, new Decimal(row.amount));
    }
    return [...byKey.values()];
  }

  firstDay(): number | null {
    return (this.first.get() as number | null) ?? null;
  }
}
