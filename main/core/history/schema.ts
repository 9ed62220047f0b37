// The history table, usable on any better-sqlite3 database: a profile's store file or the
// temporary database an export is loaded into for review. Nothing in it names a profile.
//
// Money is never a float. Each amount is kept as its decimal text (what the entry shows) and
// also as three integers: the signed whole part and two 9-digit groups of the fraction (digits
// 1-9 and 10-18). SQLite sums integers exactly in 64 bits, so SUM of each part, recombined with
// decimal.js as whole + frac1 / 10^9 + frac2 / 10^18, is the exact total, at C speed: every part
// sum stays far below 2^63 (a group is under 10^9, a whole part under 10^12, see amount-parts.ts).
// An amount that does not fit (more than 18 decimals, a whole part of 10^12 or more) has NULL
// parts and is added by the query engine with decimal.js instead, so totals stay exact anyway.
import type Database from 'better-sqlite3';
import type { Migration } from '../../db/migrate';

export const HISTORY_TABLE = 'history_entries';

const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS ${HISTORY_TABLE} (
    rid            INTEGER PRIMARY KEY,
    id             TEXT NOT NULL UNIQUE,
    -- the numeric value of id (NULL when it is not a number): rows sort by it, not by its text
    id_num         INTEGER,
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
    buy_crypto     TEXT,
    -- lower-cased address, tx id, hash, comment and id, joined by U+001F: what the text filter searches
    search         TEXT NOT NULL
  )`;

// The newest-first order of the table, scanned backwards; the aggregate index covers every column
// the totals read, so a summary of a currency or a date range never touches the table's rows.
const CREATE_INDEXES = `
  CREATE INDEX IF NOT EXISTS history_order ON ${HISTORY_TABLE} (created_ms, id_num, id);
  CREATE INDEX IF NOT EXISTS history_totals ON ${HISTORY_TABLE} (currency, direction, created_ms,
    amount_whole, amount_frac1, amount_frac2, fee_whole, fee_frac1, fee_frac2);
  CREATE INDEX IF NOT EXISTS history_type ON ${HISTORY_TABLE} (type);
  CREATE INDEX IF NOT EXISTS history_subtype ON ${HISTORY_TABLE} (subtype);
  CREATE INDEX IF NOT EXISTS history_status ON ${HISTORY_TABLE} (status);
  CREATE INDEX IF NOT EXISTS history_network ON ${HISTORY_TABLE} (network);
  CREATE INDEX IF NOT EXISTS history_oversize ON ${HISTORY_TABLE} (created_ms)
    WHERE amount_whole IS NULL OR (fee IS NOT NULL AND fee_whole IS NULL);`;

export const HISTORY_SCHEMA_SQL = `${CREATE_TABLE};\n${CREATE_INDEXES}`;

/** Creates the history table and its indexes when missing (idempotent). */
export function applyHistorySchema(db: Database.Database): void {
  db.exec(HISTORY_SCHEMA_SQL);
}

/** The same schema as version 1 of a migrated file (a profile's store adds its sync state after it). */
export const HISTORY_ENTRIES_MIGRATION: Migration = { version: 1, name: 'history entries', sql: HISTORY_SCHEMA_SQL };
