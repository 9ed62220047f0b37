// Keeps the sums tables (schema.ts) in step with a batch of written rows: each
// row's old values (when its id was stored already) are taken out and its new ones put in, and
// the batch's changes are written once per key. Called inside insertEntries' transaction.
import type Database from 'better-sqlite3';
import { monthOfMs } from './months';
import { DAY_MS, SUMS_TABLES, type SumsTable } from './schema';

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
  values: string[];
  n: number;
  /**
   * Whole parts add up in a plain number while it stays exact (under 2^53, nine thousand of the
   * largest amounts) and are carried into a BigInt beyond that; fraction groups stay below 2^53
   * for nine million rows (10^9 each).
   */
  aw: number;
  awCarried: bigint;
  a1: number;
  a2: number;
  fw: number;
  fwCarried: bigint;
  f1: number;
  f2: number;
}

/** Past this a whole-part sum is carried into its BigInt (any one part is below 10^12). */
const CARRY_AT = 2 ** 52;

const upsertSql = (table: SumsTable) => {
  const columns = [table.period, ...table.keys, 'n', 'aw', 'a1', 'a2', 'fw', 'f1', 'f2'];
  return `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT DO UPDATE SET n = n + excluded.n, aw = aw + excluded.aw, a1 = a1 + excluded.a1, a2 = a2 + excluded.a2,
      fw = fw + excluded.fw, f1 = f1 + excluded.f1, f2 = f2 + excluded.f2`;
};
const emptySql = (table: SumsTable) => {
  const key = [table.period, ...table.keys];
  return `DELETE FROM ${table.name} WHERE (${key.join(', ')}) = (${key.map(() => '?').join(', ')}) AND n = 0`;
};

export class SumsBatch {
  private readonly deltas = SUMS_TABLES.map(() => new Map<string, Delta>());

  add(row: SummedRow, sign: 1 | -1): void {
    const day = Math.floor(row.createdMs / DAY_MS);
    const month = monthOfMs(row.createdMs);
    // One key text per table, built once; a key's values are split out only when it is new.
    const pair = `${row.currency}\u001f${row.direction}`;
    const every = `${pair}\u001f${row.type}\u001f${row.subtype}\u001f${row.status}\u001f${row.network ?? ''}`;
    SUMS_TABLES.forEach((table, i) => {
      const two = table.keys.length === 2;
      this.addTo(this.deltas[i] as Map<string, Delta>, table.period === 'day' ? day : month, two ? pair : every, two, row, sign);
    });
  }

  private addTo(deltas: Map<string, Delta>, period: number, keyText: string, two: boolean, row: SummedRow, sign: 1 | -1): void {
    const key = `${period}\u001f${keyText}`;
    let delta = deltas.get(key);
    if (delta === undefined) {
      const values = two
        ? [row.currency, row.direction]
        : [row.currency, row.direction, row.type, row.subtype, row.status, row.network ?? ''];
      delta = { period, values, n: 0, aw: 0, awCarried: 0n, a1: 0, a2: 0, fw: 0, fwCarried: 0n, f1: 0, f2: 0 };
      deltas.set(key, delta);
    }
    delta.n += sign;
    delta.aw += sign * (row.amountWhole ?? 0);
    delta.a1 += sign * (row.amountFrac1 ?? 0);
    delta.a2 += sign * (row.amountFrac2 ?? 0);
    delta.fw += sign * (row.feeWhole ?? 0);
    delta.f1 += sign * (row.feeFrac1 ?? 0);
    delta.f2 += sign * (row.feeFrac2 ?? 0);
    if (Math.abs(delta.aw) > CARRY_AT) {
      delta.awCarried += BigInt(delta.aw);
      delta.aw = 0;
    }
    if (Math.abs(delta.fw) > CARRY_AT) {
      delta.fwCarried += BigInt(delta.fw);
      delta.fw = 0;
    }
  }

  /** Writes the batch's changes; a key whose count falls to zero is removed (the facets read these tables). */
  write(db: Database.Database): void {
    SUMS_TABLES.forEach((table, i) => {
      const upsert = statementFor(db, upsertSql(table));
      const empty = statementFor(db, emptySql(table));
      for (const delta of (this.deltas[i] as Map<string, Delta>).values()) {
        const aw = delta.awCarried + BigInt(delta.aw);
        const fw = delta.fwCarried + BigInt(delta.fw);
        if (delta.n === 0 && aw === 0n && delta.a1 === 0 && delta.a2 === 0 && fw === 0n && delta.f1 === 0 && delta.f2 === 0) continue;
        upsert.run(delta.period, ...delta.values, delta.n, aw, delta.a1, delta.a2, fw, delta.f1, delta.f2);
        if (delta.n < 0) empty.run(delta.period, ...delta.values);
      }
    });
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
