// Keeps the daily and monthly sums tables (schema.ts) in step with a batch of written rows: each
// row's old values (when its id was stored already) are taken out and its new ones put in, and
// the batch's changes are written once per key. Called inside insertEntries' transaction.
import type Database from 'better-sqlite3';
import { monthOfMs } from './months';
import { DAILY_TABLE, DAY_MS, MONTHLY_TABLE } from './schema';

/** What of a row the sums need. */
export interface SummedRow {
  createdMs: number;
  currency: string;
  direction: string;
  type: string;
  subtype: string;
  status: string;
  network: string | null;
  amountWhole: number | null;
  amountFrac1: number | null;
  amountFrac2: number | null;
  feeWhole: number | null;
  feeFrac1: number | null;
  feeFrac2: number | null;
}

interface Delta {
  period: number;
  values: [string, string, string, string, string, string];
  n: number;
  /** Whole parts as BigInt: a batch of a million rows could pass 2^53; fraction groups cannot (10^9 × 9 million). */
  aw: bigint;
  a1: number;
  a2: number;
  fw: bigint;
  f1: number;
  f2: number;
}

const upsertSql = (table: string, period: string) => `
  INSERT INTO ${table} (${period}, currency, direction, type, subtype, status, network, n, aw, a1, a2, fw, f1, f2)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT DO UPDATE SET n = n + excluded.n, aw = aw + excluded.aw, a1 = a1 + excluded.a1, a2 = a2 + excluded.a2,
    fw = fw + excluded.fw, f1 = f1 + excluded.f1, f2 = f2 + excluded.f2`;
const emptySql = (table: string, period: string) =>
  `DELETE FROM ${table} WHERE (${period}, currency, direction, type, subtype, status, network) = (?, ?, ?, ?, ?, ?, ?) AND n = 0`;

export class SumsBatch {
  private readonly daily = new Map<string, Delta>();
  private readonly monthly = new Map<string, Delta>();

  add(row: SummedRow, sign: 1 | -1): void {
    this.addTo(this.daily, Math.floor(row.createdMs / DAY_MS), row, sign);
    this.addTo(this.monthly, monthOfMs(row.createdMs), row, sign);
  }

  private addTo(deltas: Map<string, Delta>, period: number, row: SummedRow, sign: 1 | -1): void {
    const values: Delta['values'] = [row.currency, row.direction, row.type, row.subtype, row.status, row.network ?? ''];
    const key = `${period}\u001f${values.join('\u001f')}`;
    let delta = deltas.get(key);
    if (delta === undefined) {
      delta = { period, values, n: 0, aw: 0n, a1: 0, a2: 0, fw: 0n, f1: 0, f2: 0 };
      deltas.set(key, delta);
    }
    delta.n += sign;
    delta.aw += BigInt(sign * (row.amountWhole ?? 0));
    delta.a1 += sign * (row.amountFrac1 ?? 0);
    delta.a2 += sign * (row.amountFrac2 ?? 0);
    delta.fw += BigInt(sign * (row.feeWhole ?? 0));
    delta.f1 += sign * (row.feeFrac1 ?? 0);
    delta.f2 += sign * (row.feeFrac2 ?? 0);
  }

  /** Writes the batch's changes; a key whose count falls to zero is removed (the facets read these tables). */
  write(db: Database.Database): void {
    for (const [table, period, deltas] of [[DAILY_TABLE, 'day', this.daily], [MONTHLY_TABLE, 'month', this.monthly]] as const) {
      const upsert = statementFor(db, upsertSql(table, period));
      const empty = statementFor(db, emptySql(table, period));
      for (const delta of deltas.values()) {
        if (delta.n === 0 && delta.aw === 0n && delta.a1 === 0 && delta.a2 === 0 && delta.fw === 0n && delta.f1 === 0 && delta.f2 === 0) continue;
        upsert.run(delta.period, ...delta.values, delta.n, delta.aw, delta.a1, delta.a2, delta.fw, delta.f1, delta.f2);
        if (delta.n < 0) empty.run(delta.period, ...delta.values);
      }
    }
  }
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statementFor(db: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (cache === undefined) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement === undefined) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}
