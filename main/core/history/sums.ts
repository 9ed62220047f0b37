// Reads the filtered set's part sums per period from the sources filter-sql.ts picks, and the
// exact time range of the set (the sums tables know days and months, not milliseconds).
import type Database from 'better-sqlite3';
import { entriesWhere, periodWhere, sumSources, type FilterSql, type SumSource } from './filter-sql';
import { monthStartMs } from './months';
import { DAILY_CURRENCY_TABLE, DAILY_TABLE, DAY_MS, HISTORY_TABLE, MONTHLY_TABLE } from './schema';
import { OVERSIZE_CONDITION, PART_SUMS_SQL, type OversizeRow, type PartSums } from './totals';

const TABLE_SUMS_SQL = 'SUM(n) AS n, SUM(aw) AS aw, SUM(a1) AS a1, SUM(a2) AS a2, SUM(fw) AS fw, SUM(f1) AS f1, SUM(f2) AS f2';

/** One currency's and direction's sums over one period (a day, or a month of the monthly table). */
export interface PeriodSums extends PartSums {
  currency: string;
  direction: string;
  /** Start of the period, ms. */
  startMs: number;
  source: SumSource['kind'];
  /** Exact first and last times: only rows read from the entries know them. */
  oldest?: bigint;
  newest?: bigint;
}

interface PeriodRow extends PartSums {
  period: bigint;
  currency: string;
  direction: string;
  oldest?: bigint;
  newest?: bigint;
}

export type Prepare = (sql: string) => Database.Statement;

/** The sums table a source of whole periods reads: per currency only, when no other list is filtered. */
function tableOf(sql: FilterSql, kind: 'daily' | 'monthly'): string {
  if (kind === 'monthly') return MONTHLY_TABLE;
  return sql.currencyOnly ? DAILY_CURRENCY_TABLE : DAILY_TABLE;
}

export function createSumReader(prepared: Prepare) {
  function read(sql: FilterSql, source: SumSource): PeriodSums[] {
    let rows: PeriodRow[];
    if (source.kind === 'entries') {
      rows = prepared(`SELECT created_ms / ${DAY_MS} AS period, currency, direction, ${PART_SUMS_SQL},
          MIN(created_ms) AS oldest, MAX(created_ms) AS newest FROM ${HISTORY_TABLE} ${entriesWhere(sql, source)}
          GROUP BY period, currency, direction`).safeIntegers(true).all(sql.params) as PeriodRow[];
    } else {
      const [table, column] = [tableOf(sql, source.kind), source.kind === 'daily' ? 'day' : 'month'];
      rows = prepared(`SELECT ${column} AS period, currency, direction, ${TABLE_SUMS_SQL} FROM ${table} ${periodWhere(sql, source)}
          GROUP BY ${column}, currency, direction`).safeIntegers(true).all(sql.params) as PeriodRow[];
    }
    const startOf = source.kind === 'monthly' ? (period: bigint) => monthStartMs(Number(period)) : (period: bigint) => Number(period) * DAY_MS;
    return rows.map((row) => ({ ...row, startMs: startOf(row.period), source: source.kind }));
  }

  /** The exact first (or last) matching time within [fromMs, tillMs]: a month is narrowed to its day first. */
  function edge(sql: FilterSql, row: PeriodSums, which: 'MIN' | 'MAX'): bigint | null {
    let fromMs = row.startMs;
    let tillMs = row.startMs + DAY_MS - 1;
    if (row.source === 'monthly') {
      const month = new Date(row.startMs);
      const endMs = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - 1;
      const day = prepared(`SELECT ${which}(day) FROM ${tableOf(sql, 'daily')} ${periodWhere(sql, { kind: 'daily', first: row.startMs / DAY_MS, last: Math.floor(endMs / DAY_MS) })}`)
        .pluck().get(sql.params) as number | null;
      if (day === null) return null;
      fromMs = day * DAY_MS;
      tillMs = fromMs + DAY_MS - 1;
    }
    return prepared(`SELECT ${which}(created_ms) FROM ${HISTORY_TABLE} ${entriesWhere(sql, { fromMs, tillMs })}`)
      .pluck().safeIntegers(true).get(sql.params) as bigint | null;
  }

  return {
    /** Sums per period: months where whole months fit the range (finest 'month'), else days. */
    periods(sql: FilterSql, finest: 'day' | 'month'): PeriodSums[] {
      return sumSources(sql, finest).flatMap((source) => read(sql, source)).filter((row) => row.n > 0n);
    },

    /**
     * A text filter's sums per currency and direction with their exact first and last times, for
     * a summary: its rows come from the entries, and grouping them by day as well (what periods()
     * does, for the chart) made several thousand groups to sort and return for a dozen totals.
     */
    matchedSums(sql: FilterSql): PeriodSums[] {
      const rows = prepared(`SELECT MIN(created_ms) / ${DAY_MS} AS period, currency, direction, ${PART_SUMS_SQL},
          MIN(created_ms) AS oldest, MAX(created_ms) AS newest FROM ${HISTORY_TABLE} ${entriesWhere(sql)}
          GROUP BY currency, direction`).safeIntegers(true).all(sql.params) as PeriodRow[];
      return rows.map((row) => ({ ...row, startMs: Number(row.period) * DAY_MS, source: 'entries' as const }));
    },

    /** The first and last createdAt of sums that all carry their exact times (matchedSums). */
    exactSpan(periods: readonly PeriodSums[]): { oldest: bigint; newest: bigint } | null {
      let span: { oldest: bigint; newest: bigint } | null = null;
      for (const { oldest, newest } of periods) {
        if (oldest === undefined || newest === undefined) continue;
        span = span === null ? { oldest, newest } : { oldest: oldest < span.oldest ? oldest : span.oldest, newest: newest > span.newest ? newest : span.newest };
      }
      return span;
    },

    /** The filtered set's first and last createdAt (ms); null when nothing matches. */
    timeRange(sql: FilterSql, periods: readonly PeriodSums[]): { oldest: bigint; newest: bigint } | null {
      if (periods.length === 0) return null;
      // Sources never overlap in time, so the first (last) period holds the first (last) match.
      const firstStart = periods.reduce((min, row) => Math.min(min, row.startMs), Number.POSITIVE_INFINITY);
      const lastStart = periods.reduce((max, row) => Math.max(max, row.startMs), Number.NEGATIVE_INFINITY);
      const exact = (start: number, pick: (row: PeriodSums) => bigint | undefined, better: (a: bigint, b: bigint) => boolean) => {
        let best: bigint | undefined;
        for (const row of periods) {
          const value = row.startMs === start ? pick(row) : undefined;
          if (value !== undefined && (best === undefined || better(value, best))) best = value;
        }
        return best;
      };
      const firstRow = periods.find((row) => row.startMs === firstStart) as PeriodSums;
      const lastRow = periods.find((row) => row.startMs === lastStart) as PeriodSums;
      const oldest = exact(firstStart, (row) => row.oldest, (a, b) => a < b) ?? edge(sql, firstRow, 'MIN');
      const newest = exact(lastStart, (row) => row.newest, (a, b) => a > b) ?? edge(sql, lastRow, 'MAX');
      return oldest === null || newest === null ? null : { oldest, newest };
    },

    /** Rows whose amount or fee has no parts, to be added from their text. */
    oversize(sql: FilterSql): OversizeRow[] {
      // The partial index holds only these rows; left to itself the planner may walk another index.
      return prepared(`SELECT currency, direction, created_ms, amount, fee, amount_whole, fee_whole FROM ${HISTORY_TABLE}
        INDEXED BY history_oversize ${entriesWhere(sql, sql, [OVERSIZE_CONDITION])}`).all(sql.params) as OversizeRow[];
    },

    /** Matching rows per day, newest day first (no text filter): where a deep window starts. */
    dayCounts(sql: FilterSql): Array<{ day: number; n: number }> {
      const byDay = new Map<number, number>();
      for (const source of sumSources(sql, 'day')) {
        const rows = source.kind === 'entries'
          ? prepared(`SELECT created_ms / ${DAY_MS} AS day, COUNT(*) AS n FROM ${HISTORY_TABLE} ${entriesWhere(sql, source)} GROUP BY day`).all(sql.params)
          : prepared(`SELECT day, SUM(n) AS n FROM ${tableOf(sql, 'daily')} ${periodWhere(sql, source)} GROUP BY day`).all(sql.params);
        for (const { day, n } of rows as Array<{ day: number; n: number }>) byDay.set(day, (byDay.get(day) ?? 0) + n);
      }
      return [...byDay.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => b - a).map(([day, n]) => ({ day, n }));
    },

    count(sql: FilterSql): number {
      let total = 0;
      for (const source of sumSources(sql, 'month')) {
        const statement = source.kind === 'entries'
          ? prepared(`SELECT COUNT(*) FROM ${HISTORY_TABLE} ${entriesWhere(sql, source)}`)
          : prepared(`SELECT SUM(n) FROM ${tableOf(sql, source.kind)} ${periodWhere(sql, source)}`);
        total += Number(statement.pluck().get(sql.params) ?? 0);
      }
      return total;
    },
  };
}
