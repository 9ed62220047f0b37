// Opens coffer.db (profiles, settings, pending money moves) in the data directory.
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { COFFER_MIGRATIONS } from './coffer-migrations';
import { openSqlite, type SqliteOptions } from './sqlite';

export const DB_FILE_NAME = 'coffer.db';

export type OpenDatabaseOptions = SqliteOptions;

export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Database.Database {
  return openSqlite(join(dataDir, DB_FILE_NAME), { nativeBinding: options.nativeBinding, migrations: COFFER_MIGRATIONS });
}
