// The one way Coffer opens its SQLite files (coffer.db, audit.db, withdrawals.db): the directory
// is created, WAL lets readers go on while a write is in progress, foreign keys are enforced, a
// second process waits up to 5 s for a lock instead of failing, and the file's own migrations
// are brought up to date before anyone reads it.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteNativeBinding } from '../native/native-addons';
import { migrate, type Migration } from './migrate';

export interface SqliteOptions {
  /** better-sqlite3's nativeBinding: lets an Electron build and a Node build of the addon coexist. */
  nativeBinding?: string;
}

export interface OpenSqliteOptions extends SqliteOptions {
  /** This file's numbered migrations. */
  migrations: readonly Migration[];
}

/** Opens (creating if missing) the file and migrates it; a file that cannot be migrated is closed again. */
export function openSqlite(file: string, options: OpenSqliteOptions): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, nativeBindingOption(options));
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    migrate(db, options.migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function nativeBindingOption(options: SqliteOptions): Database.Options {
  const binding = sqliteNativeBinding(options.nativeBinding);
  return binding === undefined ? {} : { nativeBinding: binding };
}
