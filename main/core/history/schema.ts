// The history tables, usable on any better-sqlite3 database: a profile's store file or the
// temporary database an export is loaded into for review. Nothing in them names a profile.
//
// Money is never a float. Each amount is kept as its decimal text (what the entry shows) and
// also as three integers: the signed whole part and two 9-digit groups of the fraction (digits
// 1-9 and 10-18). SQLite sums integers exactly in 64 bits, so SUM of each part, recombined with
// decimal.js as whole + frac1 / 10^9 + frac2 / 10^18, is the exact total, at C speed: every part
// sum stays far below 2^63 (a group is under 10^9, a whole part under 10^12, see amount-parts.ts).
// An amount that does not fit (more than 18 decimals, a whole part of 10^12 or more) has NULL
// parts and is added by the query engine with decimal.js instead, so totals stay exact anyway.
//
// Three tables:
// - history_entries: one row per transaction id, every field of the entry;
// - history_text: the lower-cased searched text per row (key: the row's rid), in an FTS5 table with
//   the trigram tokenizer, so a substring of three characters or more is found through its index
//   instead of a scan (a shorter one is scanned there, ~60 bytes a row);
// - history_monthly and history_daily: the part sums per month (and per day) and per value of
//   every list filter, kept by insertEntries (the stores' only writer, sums-writer.ts) in the same
//   transaction as the rows, a batch's changes added once per key (history_daily_currency the
//   same per day and currency only, for what filters no other list); a new database loaded for
//   review is summed once after all its rows instead (bulk-load.ts). A summary or count
//   without a text filter reads the months inside its range, the days of the part-months at its
//   ends and the entries of the part-days only: thousands of sums instead of a million rows.
//   The flows chart reads days (or months, for a long range); the facets come from the months.
import type Database from 'better-sqlite3';
import type { Migration } from '../../db/migrate';

export const HISTORY_TABLE = 'history_entries';
export const SEARCH_TABLE = 'history_text';
/**
 * The searched text in a plain table (rid, search), scanned by a text filter: where versions before
 * the trigram index kept it, and where a database filled once for review keeps it (bulk-load.ts),
 * since indexing a million texts would cost the load seconds and a review searches a few times.
 */
export const PLAIN_SEARCH_TABLE = 'history_search';
const CREATE_PLAIN_SEARCH_TABLE = `CREATE TABLE IF NOT EXISTS ${PLAIN_SEARCH_TABLE} (
    rid    INTEGER PRIMARY KEY,
    search TEXT NOT NULL
  )`;
/** Row keys of ids that are not whole numbers (version 2's ids are UUIDs). */
export const TEXT_IDS_TABLE = 'history_text_ids';
/** Each such id gets a negative key of its own, so it never meets a numeric id's key (rows.ts ridOf). */
export const CREATE_TEXT_IDS = `CREATE TABLE IF NOT EXISTS ${TEXT_IDS_TABLE} (
  id  TEXT PRIMARY KEY,
  rid INTEGER NOT NULL UNIQUE
) WITHOUT ROWID`;
export const DAILY_TABLE = 'history_daily';
export const MONTHLY_TABLE = 'history_monthly';
export const DAILY_CURRENCY_TABLE = 'history_daily_currency';
export const DAY_MS = 86_400_000;
/** The columns whose values the filter menus offer. */
export const FACET_COLUMNS = ['currency', 'type', 'subtype', 'status', 'network'] as const;

/** A sums table: its period column, and the values it keeps sums apart for. */
export interface SumsTable {
  name: string;
  period: 'day' | 'month';
  keys: readonly string[];
}

const EVERY_LIST = ['currency', 'direction', 'type', 'subtype', 'status', 'network'] as const;
export const SUMS_TABLES: readonly SumsTable[] = [
  { name: DAILY_TABLE, period: 'day', keys: EVERY_LIST },
  { name: MONTHLY_TABLE, period: 'month', keys: EVERY_LIST },
  // Per day and currency alone: what the flows chart and deep windows read when no other list is
  // filtered (sums-writer.ts takes a table of two keys for this one).
  { name: DAILY_CURRENCY_TABLE, period: 'day', keys: ['currency', 'direction'] },
];

/** Sums per period (day or month since 1970) and per value of the table's keys. */
function periodTable(table: SumsTable): string {
  // network is '' for an entry without one (a key column cannot be NULL; no filter value is '')
  return `CREATE TABLE IF NOT EXISTS ${table.name} (
    ${table.period} INTEGER NOT NULL,
    ${table.keys.map((key) => `${key} TEXT NOT NULL`).join(',\n    ')},
    n INTEGER NOT NULL,
    aw INTEGER NOT NULL, a1 INTEGER NOT NULL, a2 INTEGER NOT NULL,
    fw INTEGER NOT NULL, f1 INTEGER NOT NULL, f2 INTEGER NOT NULL,
    PRIMARY KEY (${[table.period, ...table.keys].join(', ')})
  ) WITHOUT ROWID`;
}

const CREATE_ENTRIES_TABLE = `
  CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
    -- the transaction's id as a number (the service's ids are whole numbers): the row's key, and
    -- its order among rows of one time, with no second index to keep
    rid            INTEGER PRIMARY KEY,
    -- the id as the service wrote it
    id             TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    created_ms     INTEGER NOT NULL,
    updated_at     TEXT NOT NULL,
    type           TEXT NOT NULL,
    subtype        TEXT NOT NULL,
    status         TEXT NOT NULL,
    direction      TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    currency       TEXT NOT NULL,
    amount         TEXT NOT NULL,
    amount_whole   INTEGER,
    amount_frac1   INTEGER,
    amount_frac2   INTEGER,
    fee            TEXT,
    fee_whole      INTEGER,
    fee_frac1      INTEGER,
    fee_frac2      INTEGER,
    network        TEXT,
    address        TEXT,
    payment_id     TEXT,
    hash           TEXT,
    tx_id          TEXT,
    operation_id   TEXT,
    offchain_id    TEXT,
    operation_type TEXT,
    confirmations  INTEGER,
    comment        TEXT,
    buy_crypto     TEXT
  )`;

// Address, tx id, hash, comment and id, lower-cased and joined by U+001F; the rowid is the
// entry's rid. detail=none: a GLOB is answered from the trigrams' row lists and each candidate's
// text checked against the pattern, so positions need not be kept (a smaller, faster-written index).
// The text is lower-cased before it is written, so the tokenizer need not fold case; no ranking
// is asked for, so no column sizes are kept (columnsize=0: one write less a row).
// automerge 16: a page of 1,000 rows makes a small segment; merging them in larger steps writes
// each posting fewer times, at no measurable cost to a search.
const CREATE_SEARCH_TABLE = `
  CREATE VIRTUAL TABLE IF NOT EXISTS ${SEARCH_TABLE} USING fts5(search, tokenize = 'trigram case_sensitive 1', detail = none, columnsize = 0);
  INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('automerge', 16)`;

const CREATE_SUMS_TABLES = SUMS_TABLES.map(periodTable).join(';\n  ');

/** The tables alone (a bulk load makes the indexes after its rows, bulk-load.ts). */
export const CREATE_TABLES = `${CREATE_ENTRIES_TABLE};\n${CREATE_SEARCH_TABLE};\n  ${CREATE_SUMS_TABLES}`;
/** The tables of a database filled once and then only read (bulk-load.ts): the searched text in a plain table. */
export const CREATE_LOADED_TABLES = `${CREATE_ENTRIES_TABLE};\n  ${CREATE_PLAIN_SEARCH_TABLE};\n  ${CREATE_SUMS_TABLES}`;


// The newest-first order (scanned backwards; every index ends with the row's key, so this one
// is ordered by time, then id), and the few rows whose amounts have no parts. The
// monthly table's value indexes serve the facets (one seek per distinct value); a write changes
// them only when a month sees a new combination of values, so they cost the sync next to nothing.
export const CREATE_INDEXES = `
  CREATE INDEX IF NOT EXISTS history_order ON ${HISTORY_TABLE} (created_ms);
  CREATE INDEX IF NOT EXISTS history_oversize ON ${HISTORY_TABLE} (created_ms)
    WHERE amount_whole IS NULL OR (fee IS NOT NULL AND fee_whole IS NULL);
  ${FACET_COLUMNS.map((column) => `CREATE INDEX IF NOT EXISTS history_monthly_${column} ON ${MONTHLY_TABLE} (${column})`).join(';\n  ')}`;

export const HISTORY_SCHEMA_SQL = `${CREATE_TABLES};\n${CREATE_INDEXES};`;

/** Creates the history tables, indexes and triggers when missing (idempotent). */
export function applyHistorySchema(db: Database.Database): void {
  db.exec(HISTORY_SCHEMA_SQL);
  db.exec(CREATE_TEXT_IDS);
}

/**
 * Version 1 of a migrated file (a profile's store adds its sync state after it): the schema as it
 * shipped, with the searched text in a plain table; SEARCH_INDEX_MIGRATION moves it into the index.
 */
export const HISTORY_ENTRIES_MIGRATION: Migration = {
  version: 1,
  name: 'history entries',
  sql: `${CREATE_ENTRIES_TABLE};
  ${CREATE_PLAIN_SEARCH_TABLE};
  ${CREATE_SUMS_TABLES};\n${CREATE_INDEXES};`,
};

/**
 * The searched text moved from the plain table into the trigram index, once, in the migration's
 * transaction: a store written by an earlier version is indexed as it is opened (seconds for a
 * million rows), and a kill meanwhile leaves it as it was.
 */
export const SEARCH_INDEX_MIGRATION: Migration = {
  version: 6,
  name: 'search index',
  sql: `${CREATE_SEARCH_TABLE};
  INSERT INTO ${SEARCH_TABLE} (rowid, search) SELECT rid, search FROM ${PLAIN_SEARCH_TABLE};
  DROP TABLE ${PLAIN_SEARCH_TABLE};`,
};
