// Opens one of the service-owned SQLite files (audit.db, withdrawals.db) and brings its schema up
// to date with numbered migrations tracked in PRAGMA user_version. Each file evolves on its own,
// apart from coffer.db, so the audit log can be copied or inspected without the rest.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export interface FileMigration {
  version: number;
  sql: string;
}

export interface OpenVersionedOptions {
  /** better-sqlite3's nativeBinding (an Electron build and a Node build can coexist). */
  nativeBinding?: string;
}

export function openVersionedDatabase(
  file: string,
  migrations: readonly FileMigration[],
  options: OpenVersionedOptions = {},
): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const binding = options.nativeBinding ?? process.env.COFFER_SQLITE_BINDING;
  const db = new Database(file, binding ? { nativeBinding: binding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  try {
    applyMigrations(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Applies every migration above the file's user_version, each in its own transaction. */
export function applyMigrations(db: Database.Database, migrations: readonly FileMigration[]): number {
  let current = Number(db.pragma('user_version', { simple: true }));
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      // PRAGMA takes no bound parameters; the version is an integer from our own table.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    })();
    current = migration.version;
  }
  return current;
}
