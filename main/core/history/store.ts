// A profile's history store: <dataDir>/history/<profileId>.db (store-file.ts), holding the entries
// (schema.ts) and the sync's cursors. Rows and the cursor that covers them are written in one
// transaction, so a kill never leaves rows without their cursor, nor a cursor ahead of its rows:
// the next pass resumes exactly where the last committed page ended.
import type Database from 'better-sqlite3';
import type { HistoryEntry } from '../../../preload/contract/history';
import type { SpotTrade } from '../../exchange/domain';
import type { Migration } from '../../db/migrate';
import { openSqlite, type SqliteOptions } from '../../db/sqlite';
import { PORTFOLIO_MIGRATION } from '../portfolio/tables';
import { createHistoryQuery, insertEntries, type HistoryQuery } from './query';
import { CREATE_TEXT_IDS, HISTORY_ENTRIES_MIGRATION, SEARCH_INDEX_MIGRATION } from './schema';
import { historyStoreFile } from './store-file';
import { TRADE_SYNC_MIGRATION, createLeftOutTrades, type LeftOutTrades } from './trade-store';

export interface TradesLeftOutChange {
  add: readonly SpotTrade[];
  remove: readonly string[];
}

export const HISTORY_STORE_MIGRATIONS: readonly Migration[] = [
  HISTORY_ENTRIES_MIGRATION,
  {
    version: 2,
    name: 'sync state',
    sql: `
      CREATE TABLE history_sync_state (
        singleton        INTEGER PRIMARY KEY CHECK (singleton = 1),
        -- 1 once the first full read has stored the whole history
        initial_done     INTEGER NOT NULL DEFAULT 0,
        -- the first read's cursor: the highest id it stored (ids are read in ascending order)
        id_cursor        TEXT,
        -- reading changes resumes here (updated_at, inclusive); set before the first read starts
        watermark        TEXT,
        -- the first read's estimate of the history's span (createdAt ms), for its time left
        span_oldest_ms   INTEGER,
        span_newest_ms   INTEGER,
        synced_at        TEXT
      );
      INSERT INTO history_sync_state (singleton) VALUES (1);`,
  },
  PORTFOLIO_MIGRATION,
  { version: 4, name: 'text ids', sql: CREATE_TEXT_IDS },
  TRADE_SYNC_MIGRATION,
  SEARCH_INDEX_MIGRATION,
];

export interface SyncCursors {
  initialDone: boolean;
  idCursor: string | null;
  watermark: string | null;
  spanOldestMs: number | null;
  spanNewestMs: number | null;
  syncedAt: string | null;
  /** The trade history's cursor: the highest trade id stored (trades are read by ascending id). */
  tradeCursor: string | null;
  /** True once the trade history has been read to its end. */
  tradesDone: boolean;
}

export interface HistoryStore {
  /** The database file: the exporter opens it read-only in its worker. */
  readonly path: string;
  readonly query: HistoryQuery;
  cursors(): SyncCursors;
  /**
   * Stores a page and moves the cursors it covers, in one transaction; returns the entries written.
   * `leftOut`: trades kept apart (or let go) in the same transaction (trade-store.ts).
   */
  writePage(entries: readonly HistoryEntry[], cursors: Partial<SyncCursors>, leftOut?: TradesLeftOutChange): number;
  /** Moves cursors alone (a pass that found nothing new, the watermark before a first read). */
  saveCursors(cursors: Partial<SyncCursors>): void;
  /** Rows stored (transactions and the legs of trades). */
  stored(): number;
  /** The trades the symbol list could not turn into legs, kept apart until it can. */
  readonly leftOutTrades: LeftOutTrades;
  close(): void;
}

const COLUMNS: Record<keyof SyncCursors, string> = {
  initialDone: 'initial_done',
  idCursor: 'id_cursor',
  watermark: 'watermark',
  spanOldestMs: 'span_oldest_ms',
  spanNewestMs: 'span_newest_ms',
  syncedAt: 'synced_at',
  tradeCursor: 'trade_cursor',
  tradesDone: 'trades_done',
};

interface CursorRow {
  initial_done: number;
  id_cursor: string | null;
  watermark: string | null;
  span_oldest_ms: number | null;
  span_newest_ms: number | null;
  synced_at: string | null;
  trade_cursor: string | null;
  trades_done: number;
}

export function openHistoryStore(dataDir: string, profileId: string, options: SqliteOptions = {}): HistoryStore {
  const path = historyStoreFile(dataDir, profileId);
  const db = openStoreDatabase(path, options);
  try {
    return createHistoryStore(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A connection to a store's file, migrated and set up; the writer thread opens its own with it. */
export function openStoreDatabase(path: string, options: SqliteOptions = {}): Database.Database {
  const db = openSqlite(path, { nativeBinding: options.nativeBinding, migrations: HISTORY_STORE_MIGRATIONS });
  try {
    // A million rows' pages stay in memory for the summaries and windows; NORMAL is durable with WAL
    // except for the last commits on power loss, and a page always commits with its cursor.
    db.pragma('cache_size = -32768');
    db.pragma('synchronous = NORMAL');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function createHistoryStore(db: Database.Database, path: string): HistoryStore {
  const query = createHistoryQuery(db);
  const read = db.prepare('SELECT * FROM history_sync_state WHERE singleton = 1');
  const save = (cursors: Partial<SyncCursors>) => {
    const names = (Object.keys(cursors) as Array<keyof SyncCursors>).filter((name) => cursors[name] !== undefined);
    if (names.length === 0) return;
    const values = names.map((name) => (typeof cursors[name] === 'boolean' ? (cursors[name] ? 1 : 0) : cursors[name]));
    db.prepare(`UPDATE history_sync_state SET ${names.map((name) => `${COLUMNS[name]} = ?`).join(', ')} WHERE singleton = 1`).run(...values);
  };
  const leftOutTrades = createLeftOutTrades(db);
  const writePage = db.transaction((entries: readonly HistoryEntry[], cursors: Partial<SyncCursors>, leftOut?: TradesLeftOutChange) => {
    const written = insertEntries(db, entries);
    if (leftOut !== undefined) leftOutTrades.change(leftOut.add, leftOut.remove);
    save(cursors);
    return written;
  });
  return {
    path,
    query,
    cursors() {
      const row = read.get() as CursorRow;
      return {
        initialDone: row.initial_done === 1, idCursor: row.id_cursor, watermark: row.watermark,
        spanOldestMs: row.span_oldest_ms, spanNewestMs: row.span_newest_ms, syncedAt: row.synced_at,
        tradeCursor: row.trade_cursor, tradesDone: row.trades_done === 1,
      };
    },
    writePage: (entries, cursors, leftOut) => writePage(entries, cursors, leftOut),
    saveCursors: (cursors) => save(cursors),
    stored: () => query.count({}),
    leftOutTrades,
    close: () => db.close(),
  };
}
