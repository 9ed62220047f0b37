// The query engine over the history tables (schema.ts) of any database: a profile's store or an
// export loaded for review. It knows no profile, no service and no clock.
//
// Sums (summary, count, flows) come per period and currency from the sources filter-sql.ts picks
// (sums.ts): the monthly and daily tables for whole periods without a text filter, the entries
// for the rest.
//
// Deep windows: OFFSET 900000 makes SQLite step over 900 000 index entries on every scroll. A
// window near the top is read with LIMIT/OFFSET. A deeper one seeks by time: the daily sums say
// how many matching rows each day holds, so counting down the days finds the day where the
// offset falls, and the window is read from that day's rows with an offset below one day's count
// (a few milliseconds, nothing held in memory, right after any write). A text filter has no daily
// counts: its ordered row ids are read once into a typed array (8 bytes a row) and kept for the
// last such filter until the tables change, so each window after that is `limit` lookups by key.
import type Database from 'better-sqlite3';
import type {
  CurrencyTotals, HistoryEntry, HistoryFacets, HistoryFilter, HistoryFlows, HistoryRows, HistoryRowsRequest, HistorySummary,
} from '../../../preload/contract/history';
import { CREATE_MATCH_TABLE, entriesWhere, fillMatchSql, filterSql, MATCH_TABLE, type FilterSql } from './filter-sql';
import { bucketFor, foldFlows } from './flows';
import { ENTRY_COLUMN_COUNT, ENTRY_COLUMNS, entryFromValues, type EntryValues } from './rows';
import { DAY_MS, HISTORY_TABLE, MONTHLY_TABLE, SEARCH_TABLE } from './schema';
import { createSumReader } from './sums';
import { FlowSums, entryOf } from './totals';

export { insertEntries } from './rows';

const NEWEST_FIRST = 'ORDER BY created_ms DESC, rid DESC';
const OLDEST_FIRST = 'ORDER BY created_ms ASC, rid ASC';
/** Windows starting above this offset are read from the ordered id array. */
const SHALLOW_OFFSET = 2_000;
/** Charts kept per connection (the page's usual back and forth between a filter and none). */
const KEPT_CHARTS = 4;
const FACETS = { currencies: 'currency', types: 'type', subtypes: 'subtype', statuses: 'status', networks: 'network' } as const;

export interface HistoryQuery {
  summary(filter: HistoryFilter): HistorySummary;
  /** Newest first (ties: higher id first). */
  rows(request: HistoryRowsRequest): HistoryRows;
  flows(filter: HistoryFilter): HistoryFlows;
  /**
   * Oldest first, for exports. better-sqlite3 keeps the connection busy while the iterator is
   * open: read to the end (or return) before using the same connection for anything else.
   */
  iterate(filter: HistoryFilter): IterableIterator<HistoryEntry>;
  /** The matching rows inside `within` (all of them without it), oldest first, as raw arrays of `columns` (an SQL select list over the entries); busy as iterate. */
  select(filter: HistoryFilter, within: TimeRange | undefined, columns: string): IterableIterator<unknown[]>;
  count(filter: HistoryFilter): number;
  /** How many matching rows each day (UTC, days since the epoch) holds, newest day first; days with none left out. */
  dayCounts(filter: HistoryFilter): Array<{ day: number; n: number }>;
}

/** Times in ms since the epoch, both ends included; an end left undefined is open. */
export interface TimeRange {
  fromMs: number | undefined;
  tillMs: number | undefined;
}

/** The part of the filter's own time range inside `within`. */
function narrowed(sql: FilterSql, within: TimeRange | undefined): TimeRange {
  if (within === undefined) return sql;
  const later = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
  const earlier = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
  return { fromMs: later(sql.fromMs, within.fromMs), tillMs: earlier(sql.tillMs, within.tillMs) };
}

export function createHistoryQuery(db: Database.Database): HistoryQuery {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => entryOf(statements, sql, () => db.prepare(sql));
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  db.exec(CREATE_MATCH_TABLE);
  const clearMatch = db.prepare(`DELETE FROM temp.${MATCH_TABLE}`);
  let fillMatch: Database.Statement | null = null;
  /** Rows this connection wrote to its match table: not a change of the history. */
  let matchChanges = 0;
  /** Changes when anyone writes the file: another connection (data_version) or this one (total_changes). */
  const version = () => `${String(dataVersion.get())}:${String(Number(ownChanges.get()) - matchChanges)}`;
  let matched: { version: string; text: string } | null = null;

  /** The filter's SQL, with its text's matches in the match table (searched again only after a write). */
  function prepare(filter: HistoryFilter): FilterSql {
    const sql = filterSql(filter);
    if (sql.text === undefined) return sql;
    const now = version();
    if (matched?.version === now && matched.text === sql.text) return sql;
    // Both in one transaction: a reader never sees the table half filled.
    db.transaction(() => {
      matchChanges += clearMatch.run().changes;
      // Asked at the first search, not before: a database being loaded gets its tables later.
      fillMatch ??= db.prepare(fillMatchSql(db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(SEARCH_TABLE) !== undefined));
      matchChanges += fillMatch.run({ text: sql.params.text }).changes;
    })();
    matched = { version: now, text: sql.text };
    return sql;
  }

  let facets: { version: string; value: HistoryFacets } | null = null;
  let counted: { version: string; key: string; total: number } | null = null;
  let ordered: { version: string; key: string; rids: Float64Array } | null = null;
  let days: { version: string; key: string; counts: Array<{ day: number; n: number }> } | null = null;
  /** The last few charts read, until the tables change: the page asks again for a filter it had (a cleared one). */
  let charts: Array<{ version: string; key: string; flows: HistoryFlows }> = [];

  const sums = createSumReader(prepared);

  function currentFacets(): HistoryFacets {
    const now = version();
    if (facets?.version === now) return facets.value;
    const distinct = (column: string) =>
      // A loose index scan: one index seek per distinct value instead of reading every row.
      prepared(`WITH RECURSIVE seen(value) AS (
          SELECT MIN(${column}) FROM ${MONTHLY_TABLE}
          UNION ALL SELECT (SELECT MIN(${column}) FROM ${MONTHLY_TABLE} WHERE ${column} > seen.value) FROM seen WHERE seen.value IS NOT NULL
        ) SELECT value FROM seen WHERE value IS NOT NULL AND value <> ''`).pluck().all() as string[];
    const value = Object.fromEntries(Object.entries(FACETS).map(([name, column]) => [name, distinct(column)])) as unknown as HistoryFacets;
    facets = { version: now, value };
    return value;
  }

  function count(filter: HistoryFilter): number {
    const sql = prepare(filter);
    const now = version();
    if (counted?.version === now && counted.key === sql.key) return counted.total;
    const total = sums.count(sql);
    counted = { version: now, key: sql.key, total };
    return total;
  }

  function orderedIds(sql: FilterSql): Float64Array {
    const now = version();
    if (ordered?.version === now && ordered.key === sql.key) return ordered.rids;
    const rids = Float64Array.from(prepared(`SELECT rid FROM ${HISTORY_TABLE} ${entriesWhere(sql)} ${NEWEST_FIRST}`).pluck().all(sql.params) as number[]);
    ordered = { version: now, key: sql.key, rids };
    return rids;
  }

  /** A statement of its own each time: two exports may read at once. */
  function select(filter: HistoryFilter, within: TimeRange | undefined, columns: string): IterableIterator<unknown[]> {
    const sql = prepare(filter);
    return db.prepare(`SELECT ${columns} FROM ${HISTORY_TABLE} ${entriesWhere(sql, narrowed(sql, within))} ${OLDEST_FIRST}`).raw(true).iterate(sql.params) as IterableIterator<unknown[]>;
  }

  function dayCounts(sql: FilterSql): Array<{ day: number; n: number }> {
    const now = version();
    if (days?.version === now && days.key === sql.key) return days.counts;
    days = { version: now, key: sql.key, counts: sums.dayCounts(sql) };
    return days.counts;
  }

  /** Counts down the days to the one holding `offset`, then reads from there (on into older days as needed). */
  function windowByDays(sql: FilterSql, offset: number, limit: number): EntryValues[] {
    const rows: EntryValues[] = [];
    let skip = offset;
    for (const { day, n } of dayCounts(sql)) {
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const range = {
        fromMs: Math.max(day * DAY_MS, sql.fromMs ?? Number.NEGATIVE_INFINITY),
        tillMs: Math.min((day + 1) * DAY_MS - 1, sql.tillMs ?? Number.POSITIVE_INFINITY),
      };
      rows.push(...(prepared(`SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} ${entriesWhere(sql, range)} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`)
        .raw(true).all({ ...sql.params, limit: limit - rows.length, offset: skip }) as EntryValues[]));
      skip = 0;
      if (rows.length >= limit) break;
    }
    return rows;
  }

  function window(sql: FilterSql, offset: number, limit: number): EntryValues[] {
    if (offset <= SHALLOW_OFFSET) {
      return prepared(`SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} ${entriesWhere(sql)} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`)
        .raw(true).all({ ...sql.params, limit, offset }) as EntryValues[];
    }
    if (sql.text === undefined) return windowByDays(sql, offset, limit);
    const rids = orderedIds(sql).subarray(offset, offset + limit);
    if (rids.length === 0) return [];
    // rid follows the entry's columns
    const found = prepared(`SELECT ${ENTRY_COLUMNS}, rid FROM ${HISTORY_TABLE} WHERE rid IN (SELECT value FROM json_each(?))`)
      .raw(true).all(JSON.stringify(Array.from(rids))) as EntryValues[];
    const byRid = new Map(found.map((row) => [row[ENTRY_COLUMN_COUNT] as number, row]));
    return Array.from(rids, (rid) => byRid.get(rid)).filter((row): row is EntryValues => row !== undefined);
  }

  function readFlows(sql: FilterSql): HistoryFlows {
    const months = sums.periods(sql, 'month');
    const range = sums.timeRange(sql, months);
    if (range === null) return { bucket: 'day', series: [] };
    const span = { oldestMs: Number(range.oldest), newestMs: Number(range.newest) };
    const bucket = bucketFor(span.oldestMs, span.newestMs);
    // Months fold into month buckets as they are; days and weeks need the days.
    const periods = bucket === 'month' ? months : sums.periods(sql, 'day');
    return foldFlows(periods, sums.oversize(sql), bucket, span);
  }

  return {
    summary(filter) {
      const sql = prepare(filter);
      const matched = sql.text !== undefined;
      const periods = matched ? sums.matchedSums(sql) : sums.periods(sql, 'month');
      const byCurrency = new Map<string, FlowSums>();
      for (const row of periods) entryOf(byCurrency, row.currency, () => new FlowSums()).addParts(row.direction, row);
      if (periods.length > 0) for (const row of sums.oversize(sql)) byCurrency.get(row.currency)?.addOversize(row);
      const totals: CurrencyTotals[] = [...byCurrency.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([currency, flow]) => ({
          currency, count: flow.count, in: flow.in.toFixed(), out: flow.out.toFixed(), fees: flow.fees.toFixed(),
          net: flow.in.minus(flow.out).minus(flow.fees).toFixed(),
        }));
      const range = matched ? sums.exactSpan(periods) : sums.timeRange(sql, periods);
      const iso = (ms: bigint | undefined) => (ms === undefined ? null : new Date(Number(ms)).toISOString());
      return {
        total: totals.reduce((sum, row) => sum + row.count, 0),
        totals, oldestAt: iso(range?.oldest), newestAt: iso(range?.newest), facets: currentFacets(),
      };
    },

    rows({ filter, offset, limit }) {
      const sql = prepare(filter);
      const total = count(filter);
      return { rows: offset >= total ? [] : window(sql, offset, limit).map(entryFromValues), total };
    },

    flows(filter) {
      const sql = prepare(filter);
      const now = version();
      const kept = charts.find((chart) => chart.version === now && chart.key === sql.key);
      if (kept !== undefined) return kept.flows;
      const flows = readFlows(sql);
      charts = [{ version: now, key: sql.key, flows }, ...charts.filter((chart) => chart.version === now)].slice(0, KEPT_CHARTS);
      return flows;
    },

    *iterate(filter) {
      for (const row of select(filter, undefined, ENTRY_COLUMNS)) yield entryFromValues(row);
    },

    select,
    count,
    dayCounts: (filter) => dayCounts(prepare(filter)),
  };
}
