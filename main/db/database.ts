// Opens Coffer's SQLite database (WAL, foreign keys on) and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

export const DB_FILE_NAME = 'coffer.db';

export interface OpenDatabaseOptions {
  /** better-sqlite3's nativeBinding: lets an Electron build and a Node build of the addon coexist. */
  nativeBinding?: string;
}

export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE_NAME), nativeBindingOption(options));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function nativeBindingOption(options: OpenDatabaseOptions): Database.Options {
  const binding = options.nativeBinding ?? process.env.COFFER_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}
