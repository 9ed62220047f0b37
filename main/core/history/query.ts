// The query engine over a history table (schema.ts) of any database: a profile's store or an
// export loaded for review. It knows no profile, no service and no clock.
//
// Deep windows: OFFSET 900000 makes SQLite step over 900 000 index entries on every scroll. A
// window near the top (the common case, and the one that changes while the sync writes) is read
// with LIMIT/OFFSET; a deeper one from the filter's ordered row ids, read once into a typed array
// and kept for the last filter until the table changes, so any window after that is one lookup of
// `limit` rows by primary key. Seeking by (time, id) keys would need the key at the offset, which
// only counting to it gives; the id array is 8 bytes a row (8 MB at a million).
import type Database from 'better-sqlite3';
import type {
  CurrencyTotals, HistoryEntry, HistoryFacets, HistoryFilter, HistoryFlows, HistoryRows, HistoryRowsRequest, HistorySummary,
} from '../../../preload/contract/history';
import { filterSql, type FilterSql } from './filter-sql';
import { DAY_MS, foldFlows, type DaySums } from './flows';
import { ENTRY_COLUMNS, entryFromRow, type EntryRow } from './rows';
import { HISTORY_TABLE } from './schema';
import { FlowSums, OVERSIZE_CONDITION, PART_SUMS_SQL, entryOf, type OversizeRow, type PartSums } from './totals';

export { insertEntries } from './rows';

const NEWEST_FIRST = 'ORDER BY created_ms DESC, id_num DESC, id DESC';
const OLDEST_FIRST = 'ORDER BY created_ms ASC, id_num ASC, id ASC';
/** Windows starting above this offset are read from the ordered id array. */
const SHALLOW_OFFSET = 2_000;
const FACET_COLUMNS = { currencies: 'currency', types: 'type', subtypes: 'subtype', statuses: 'status', networks: 'network' } as const;

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
  count(filter: HistoryFilter): number;
}

interface Totals extends PartSums {
  currency: string;
  direction: string;
  oldest: bigint;
  newest: bigint;
}

export function createHistoryQuery(db: Database.Database): HistoryQuery {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => entryOf(statements, sql, () => db.prepare(sql));
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  /** Changes when anyone writes the file: another connection (data_version) or this one (total_changes). */
  const version = () => `${String(dataVersion.get())}:${String(ownChanges.get())}`;

  let facets: { version: string; value: HistoryFacets } | null = null;
  let counted: { version: string; key: string; total: number } | null = null;
  let ordered: { version: string; key: string; rids: Float64Array } | null = null;

  const and = (sql: FilterSql, condition: string) => (sql.where === '' ? `WHERE ${condition}` : `${sql.where} AND ${condition}`);

  function oversize(sql: FilterSql): OversizeRow[] {
    // The partial index holds only these rows; left to itself the planner may walk a filter's index instead.
    return prepared(`SELECT currency, direction, created_ms, amount, fee, amount_whole, fee_whole FROM ${HISTORY_TABLE}
      INDEXED BY history_oversize ${and(sql, OVERSIZE_CONDITION)}`).all(sql.params) as OversizeRow[];
  }

  function currentFacets(): HistoryFacets {
    const now = version();
    if (facets?.version === now) return facets.value;
    const distinct = (column: string) =>
      // A loose index scan: one index seek per distinct value instead of reading every row.
      prepared(`WITH RECURSIVE seen(value) AS (
          SELECT MIN(${column}) FROM ${HISTORY_TABLE}
          UNION ALL SELECT (SELECT MIN(${column}) FROM ${HISTORY_TABLE} WHERE ${column} > seen.value) FROM seen WHERE seen.value IS NOT NULL
        ) SELECT value FROM seen WHERE value IS NOT NULL`).pluck().all() as string[];
    const value = Object.fromEntries(Object.entries(FACET_COLUMNS).map(([name, column]) => [name, distinct(column)])) as unknown as HistoryFacets;
    facets = { version: now, value };
    return value;
  }

  function count(filter: HistoryFilter): number {
    const sql = filterSql(filter);
    const now = version();
    if (counted?.version === now && counted.key === sql.key) return counted.total;
    const total = Number(prepared(`SELECT COUNT(*) FROM ${HISTORY_TABLE} ${sql.where}`).pluck().get(sql.params));
    counted = { version: now, key: sql.key, total };
    return total;
  }

  function orderedIds(sql: FilterSql): Float64Array {
    const now = version();
    if (ordered?.version === now && ordered.key === sql.key) return ordered.rids;
    const rids = Float64Array.from(prepared(`SELECT rid FROM ${HISTORY_TABLE} ${sql.where} ${NEWEST_FIRST}`).pluck().all(sql.params) as number[]);
    ordered = { version: now, key: sql.key, rids };
    return rids;
  }

  function window(sql: FilterSql, offset: number, limit: number): EntryRow[] {
    if (offset <= SHALLOW_OFFSET) {
      return prepared(`SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} ${sql.where} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`)
        .all({ ...sql.params, limit, offset }) as EntryRow[];
    }
    const rids = orderedIds(sql).subarray(offset, offset + limit);
    if (rids.length === 0) return [];
    const found = prepared(`SELECT rid, ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} WHERE rid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(Array.from(rids))) as Array<EntryRow & { rid: number }>;
    const byRid = new Map(found.map((row) => [row.rid, row]));
    return Array.from(rids, (rid) => byRid.get(rid)).filter((row): row is EntryRow & { rid: number } => row !== undefined);
  }

  return {
    summary(filter) {
      const sql = filterSql(filter);
      const groups = prepared(`SELECT currency, direction, ${PART_SUMS_SQL}, MIN(created_ms) AS oldest, MAX(created_ms) AS newest
        FROM ${HISTORY_TABLE} ${sql.where} GROUP BY currency, direction`).safeIntegers(true).all(sql.params) as Totals[];
      const byCurrency = new Map<string, FlowSums>();
      let total = 0;
      let oldest: bigint | null = null;
      let newest: bigint | null = null;
      for (const group of groups) {
        entryOf(byCurrency, group.currency, () => new FlowSums()).addParts(group.direction, group);
        total += Number(group.n);
        if (oldest === null || group.oldest < oldest) oldest = group.oldest;
        if (newest === null || group.newest > newest) newest = group.newest;
      }
      if (total > 0) for (const row of oversize(sql)) byCurrency.get(row.currency)?.addOversize(row);
      const totals: CurrencyTotals[] = [...byCurrency.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([currency, sums]) => ({
          currency, count: sums.count, in: sums.in.toFixed(), out: sums.out.toFixed(), fees: sums.fees.toFixed(),
          net: sums.in.minus(sums.out).minus(sums.fees).toFixed(),
        }));
      const iso = (ms: bigint | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
      return { total, totals, oldestAt: iso(oldest), newestAt: iso(newest), facets: currentFacets() };
    },

    rows({ filter, offset, limit }) {
      const sql = filterSql(filter);
      const total = count(filter);
      return { rows: offset >= total ? [] : window(sql, offset, limit).map(entryFromRow), total };
    },

    flows(filter) {
      const sql = filterSql(filter);
      const days = prepared(`SELECT currency, direction, created_ms / ${DAY_MS} AS day, ${PART_SUMS_SQL}
        FROM ${HISTORY_TABLE} ${sql.where} GROUP BY currency, direction, day`).safeIntegers(true).all(sql.params) as DaySums[];
      if (days.length === 0) return foldFlows([], [], null);
      // Buckets are whole days or more: the range's first and last days are all they need.
      const dayNumbers = days.map((row) => Number(row.day));
      const range = {
        oldestMs: dayNumbers.reduce((a, b) => Math.min(a, b)) * DAY_MS,
        newestMs: dayNumbers.reduce((a, b) => Math.max(a, b)) * DAY_MS,
      };
      return foldFlows(days, oversize(sql), range);
    },

    *iterate(filter) {
      const sql = filterSql(filter);
      // A statement of its own: two exports may iterate at once.
      const rows = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE} ${sql.where} ${OLDEST_FIRST}`).iterate(sql.params) as IterableIterator<EntryRow>;
      for (const row of rows) yield entryFromRow(row);
    },

    count,
  };
}
