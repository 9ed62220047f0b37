// The counted entries' net change (rules.ts) read from the history store's sums, never row by
// row: per day and currency from history_daily in one GROUP BY, and since any moment from the
// entries of that moment's part-day plus the whole days after it. Amounts too long for the integer
// parts (schema.ts) have none in the sums and are added from their text, as the query engine does.
import type Database from 'better-sqlite3';
import Decimal from '../../../preload/contract/decimal';
import type { PortfolioScope } from '../../../preload/contract/portfolio';
import { DAILY_TABLE, DAY_MS, HISTORY_TABLE } from '../history/schema';
import { entryOf, FlowSums, OVERSIZE_CONDITION, PART_SUMS_SQL, type OversizeRow, type PartSums } from '../history/totals';
import type { DailyDeltas } from './reconstruct';
import { countedWhere } from './rules';

const DAILY_SUMS_SQL = 'SUM(n) AS n, SUM(aw) AS aw, SUM(a1) AS a1, SUM(a2) AS a2, SUM(fw) AS fw, SUM(f1) AS f1, SUM(f2) AS f2';

interface SumsRow extends PartSums {
  day: bigint;
  currency: string;
  direction: string;
}

export interface DeltaReader {
  /** Net change per day and currency of the counted entries of days ≥ fromDay. */
  daily(scope: PortfolioScope, fromDay: number): DailyDeltas;
  /** Net change per currency of the counted entries created after `ms` (exclusive) within its UTC day. */
  partDay(scope: PortfolioScope, ms: number): Map<string, Decimal>;
  /** Net change per currency of the counted entries created after `ms` (exclusive). */
  since(scope: PortfolioScope, ms: number): Map<string, Decimal>;
  /** The day of the oldest stored entry, counted or not; null when the store is empty. */
  firstDay(): number | null;
}

const net = (sums: FlowSums): Decimal => sums.in.minus(sums.out).minus(sums.fees);

export function createDeltaReader(db: Database.Database): DeltaReader {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => entryOf(statements, sql, () => db.prepare(sql));
  /** Counted rows without parts created after `afterMs` (and before `beforeMs`). */
  const oversize = (scope: PortfolioScope, afterMs: number, beforeMs = Number.MAX_SAFE_INTEGER): OversizeRow[] =>
    prepared(`SELECT currency, direction, created_ms, amount, fee, amount_whole, fee_whole FROM ${HISTORY_TABLE} INDEXED BY history_oversize
      WHERE ${OVERSIZE_CONDITION} AND ${countedWhere(scope)} AND created_ms > ? AND created_ms < ?`).all([afterMs, beforeMs]) as OversizeRow[];

  return {
    daily(scope, fromDay) {
      const rows = prepared(`SELECT day, currency, direction, ${DAILY_SUMS_SQL} FROM ${DAILY_TABLE}
        WHERE day >= ? AND ${countedWhere(scope)} GROUP BY day, currency, direction`).safeIntegers(true).all(fromDay) as SumsRow[];
      const byDay = new Map<number, Map<string, FlowSums>>();
      for (const row of rows) entryOf(entryOf(byDay, Number(row.day), () => new Map()), row.currency, () => new FlowSums()).addParts(row.direction, row);
      for (const row of oversize(scope, fromDay * DAY_MS - 1)) {
        entryOf(entryOf(byDay, Math.floor(row.created_ms / DAY_MS), () => new Map()), row.currency, () => new FlowSums()).addOversize(row);
      }
      return new Map([...byDay].map(([day, byCurrency]) => [day, new Map([...byCurrency].map(([currency, sums]) => [currency, net(sums)]))]));
    },

    partDay(scope, ms) {
      const day = Math.floor(ms / DAY_MS);
      const rows = prepared(`SELECT currency, direction, ${PART_SUMS_SQL} FROM ${HISTORY_TABLE}
        WHERE created_ms > ? AND created_ms < ? AND ${countedWhere(scope)} GROUP BY currency, direction`).safeIntegers(true).all(ms, (day + 1) * DAY_MS) as SumsRow[];
      const byCurrency = new Map<string, FlowSums>();
      for (const row of rows) entryOf(byCurrency, row.currency, () => new FlowSums()).addParts(row.direction, row);
      for (const row of oversize(scope, ms, (day + 1) * DAY_MS)) entryOf(byCurrency, row.currency, () => new FlowSums()).addOversize(row);
      return new Map([...byCurrency].map(([currency, sums]) => [currency, net(sums)]));
    },

    since(scope, ms) {
      const day = Math.floor(ms / DAY_MS);
      const sums = this.partDay(scope, ms);
      for (const byCurrency of this.daily(scope, day + 1).values()) {
        for (const [currency, delta] of byCurrency) sums.set(currency, (sums.get(currency) ?? new Decimal(0)).plus(delta));
      }
      return sums;
    },

    firstDay() {
      const day = prepared(`SELECT MIN(day) FROM ${DAILY_TABLE} WHERE n > 0`).pluck().get() as number | null;
      return day ?? null;
    },
  };
}
