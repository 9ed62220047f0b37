// Filling a new, empty history database in one go: an export loaded for review. insertEntries
// keeps the sums tables row by row so that the store answers right after every write; a database
// that is filled once and only read afterwards need not. Here the entries and their search text
// are written plainly (no lookup of a stored row, no sums per row), then each sums table is built
// in one INSERT … SELECT … GROUP BY over the entries' integer parts, which are the very sums
// insertEntries adds up (exact: SQLite adds the integers in 64 bits), and the indexes are made
// once the rows are in. The rows are checked by the same rules (rows.ts rowOf) as insertEntries.
import type Database from 'better-sqlite3';
import type { HistoryEntry } from '../../../preload/contract/history';
import { monthOfMs } from './months';
import { INSERT_ENTRY_SQL, INSERT_PLAIN_SEARCH_SQL, ridOf, rowOf, searchTextOf } from './rows';
import { CREATE_INDEXES, CREATE_LOADED_TABLES, CREATE_TEXT_IDS, DAILY_TABLE, DAY_MS, HISTORY_TABLE, SUMS_TABLES, type SumsTable } from './schema';

export interface BulkLoader {
  /** Writes a batch of entries (into the load's one transaction, committed by finish); returns how many. */
  add(entries: readonly HistoryEntry[]): number;
  /** Builds the sums tables and the indexes and commits; returns the rows loaded in all. */
  finish(): number;
}

/** Rows written by one INSERT: a statement run costs about as much as a few rows, so many rows share one. */
const ROWS_PER_STATEMENT = 64;

/** A single-row INSERT … VALUES (?, …) made to take `rows` rows at once. */
function manyRowsSql(singleRowSql: string, rows: number): string {
  const at = singleRowSql.lastIndexOf('VALUES');
  const tuple = singleRowSql.slice(at + 'VALUES'.length).trim();
  return `${singleRowSql.slice(0, at)}VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}`;
}

/** The month of a day since 1970, by the one rule the sums writer uses (months.ts). */
const MONTH_OF_DAY = 'coffer_month_of_day';
const PART_COLUMNS = ['n', 'aw', 'a1', 'a2', 'fw', 'f1', 'f2'] as const;
/** The entries' part sums, under the sums tables' column names (NULL parts count as 0, as in sums-writer.ts). */
const ENTRY_PART_SUMS = `COUNT(*), COALESCE(SUM(amount_whole), 0), COALESCE(SUM(amount_frac1), 0), COALESCE(SUM(amount_frac2), 0),
  COALESCE(SUM(fee_whole), 0), COALESCE(SUM(fee_frac1), 0), COALESCE(SUM(fee_frac2), 0)`;

/** The daily table from the entries: its keys hold every list, so every other sums table can be summed from it. */
function dailyFromEntriesSql(table: SumsTable): string {
  const keys = table.keys.map((key) => (key === 'network' ? "COALESCE(network, '')" : key));
  return `INSERT INTO ${table.name} (day, ${table.keys.join(', ')}, ${PART_COLUMNS.join(', ')})
    SELECT created_ms / ${DAY_MS}, ${keys.join(', ')}, ${ENTRY_PART_SUMS}
    FROM ${HISTORY_TABLE} GROUP BY 1, ${keys.map((_, i) => i + 2).join(', ')}`;
}

function fromDailySql(table: SumsTable): string {
  const period = table.period === 'day' ? 'day' : `${MONTH_OF_DAY}(day)`;
  return `INSERT INTO ${table.name} (${table.period}, ${table.keys.join(', ')}, ${PART_COLUMNS.join(', ')})
    SELECT ${period} AS period, ${table.keys.join(', ')}, ${PART_COLUMNS.map((column) => `SUM(${column})`).join(', ')}
    FROM ${DAILY_TABLE} GROUP BY period, ${table.keys.join(', ')}`;
}

/**
 * Creates the history tables in `db`, which must not have them yet, and sets the database up as
 * a scratch copy (no journal, no waiting for the disk): a failed load is thrown away, never
 * resumed. The page cache is small and sorts go to temporary files: an export's rows come in
 * order, so a page once filled is seldom read again, and a large cache only held a million rows'
 * pages in memory (128 MiB cache and in-memory sorts: 170 MiB more at the peak, no faster).
 */
export function bulkLoader(db: Database.Database): BulkLoader {
  const existing = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = '${HISTORY_TABLE}'`).get();
  if (existing !== undefined) throw new Error('A bulk load fills a new database only: this one already has history tables');
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('temp_store = FILE');
  db.pragma('cache_size = -8192');
  db.exec(CREATE_LOADED_TABLES);
  db.exec(CREATE_TEXT_IDS);
  const insertEntry = db.prepare(INSERT_ENTRY_SQL);
  const insertSearch = db.prepare(INSERT_PLAIN_SEARCH_SQL);
  const insertEntries = db.prepare(manyRowsSql(INSERT_ENTRY_SQL, ROWS_PER_STATEMENT));
  const insertSearches = db.prepare(manyRowsSql(INSERT_PLAIN_SEARCH_SQL, ROWS_PER_STATEMENT));
  let loaded = 0;

  // One transaction from the first row to the sums and indexes: nothing is committed in between
  // (the file is thrown away when a load fails), so SQLite writes each page once.
  const begin = () => {
    if (!db.inTransaction) db.exec('BEGIN');
  };
  /** One row at a time: names the id a key conflict is about. */
  const addOneByOne = (entries: readonly HistoryEntry[]) => {
    for (const entry of entries) {
      const rid = ridOf(db, entry);
      try {
        insertEntry.run(rowOf(rid, entry).values);
      } catch (error) {
        // Each id once: an export is read from a store keyed by id, so a repeat is a damaged file.
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new Error(`id of history entry ${entry.id} appears more than once`);
        throw error;
      }
      insertSearch.run(rid, searchTextOf(entry));
    }
  };
  // Reused for every statement: the values of ROWS_PER_STATEMENT rows, placed one row after another.
  const entryParams: unknown[] = [];
  const searchParams: unknown[] = [];
  const add = (entries: readonly HistoryEntry[]): number => {
    begin();
    let start = 0;
    for (; start + ROWS_PER_STATEMENT <= entries.length; start += ROWS_PER_STATEMENT) {
      let at = 0;
      for (let i = start; i < start + ROWS_PER_STATEMENT; i += 1) {
        const entry = entries[i] as HistoryEntry;
        const { values } = rowOf(ridOf(db, entry), entry);
        for (const value of values) entryParams[at++] = value;
        searchParams[2 * (i - start)] = values[0];
        searchParams[2 * (i - start) + 1] = searchTextOf(entry);
      }
      try {
        insertEntries.run(entryParams);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        // A failed statement writes none of its rows: written again one by one, the repeat is named.
        addOneByOne(entries.slice(start, start + ROWS_PER_STATEMENT));
        continue;
      }
      insertSearches.run(searchParams);
    }
    addOneByOne(entries.slice(start));
    loaded += entries.length;
    return entries.length;
  };

  const finish = () => {
    begin();
    db.function(MONTH_OF_DAY, { deterministic: true }, (day: unknown) => monthOfMs(Number(day) * DAY_MS));
    for (const table of SUMS_TABLES) if (table.name === DAILY_TABLE) db.exec(dailyFromEntriesSql(table));
    for (const table of SUMS_TABLES) if (table.name !== DAILY_TABLE) db.exec(fromDailySql(table));
    db.exec(CREATE_INDEXES);
    db.exec('COMMIT');
    return loaded;
  };

  return { add: (entries) => add(entries), finish: () => finish() };
}
