// Numbered schema migrations for one SQLite file, recorded in that file's schema_migrations table
// (version, name, applied_at). Each migration runs in its own transaction together with its row,
// so a failing one leaves the file exactly as it was. Append new migrations at the end of a list;
// never edit one that has shipped.
//
// Files written before this table existed in every database kept their version in PRAGMA
// user_version instead (audit.db, withdrawals.db up to Coffer 0.1.0). A user_version above 0 is
// taken over once: rows for 1..user_version are written and user_version goes back to 0, in one
// transaction, so the table stays the only record and nothing is run again.
import { basename } from 'node:path';
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The file was last migrated by a newer Coffer: opening it here could misread or damage it. */
export class SchemaTooNewError extends Error {
  readonly code = 'SCHEMA_TOO_NEW';

  constructor(
    readonly file: string,
    readonly recordedVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `${file} has schema version ${recordedVersion}, but this Coffer knows versions up to ${knownVersion}: ` +
        'it was written by a newer Coffer. Open it with that version (or newer), or restore a backup.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Marks the rows written when a user_version was taken over, so they are not read as fresh runs. */
export const ADOPTED_SUFFIX = ' (recorded from user_version)';

/** Applies every migration the file has not recorded, lowest first; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number[] {
  const ordered = inVersionOrder(migrations);
  const knownVersion = ordered.at(-1)?.version ?? 0;
  const file = db.memory ? ':memory:' : basename(db.name);

  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    adoptUserVersion(db, ordered, file, knownVersion);
  }).immediate();

  const recorded = recordedVersions(db);
  const highest = Math.max(0, ...recorded);
  if (highest > knownVersion) throw new SchemaTooNewError(file, highest, knownVersion);

  const isRecorded = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').pluck();
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const applied: number[] = [];
  for (const migration of ordered) {
    if (recorded.has(migration.version)) continue;
    // IMMEDIATE and checked again inside: a second process opening the same file at the same
    // moment waits for the first and then finds the migration already recorded.
    const ran = db.transaction(() => {
      if (isRecorded.get(migration.version) !== undefined) return false;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
      return true;
    }).immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}

function adoptUserVersion(db: Database.Database, ordered: readonly Migration[], file: string, knownVersion: number): void {
  const legacy = Number(db.pragma('user_version', { simple: true }));
  if (legacy <= 0) return;
  if (legacy > knownVersion) throw new SchemaTooNewError(file, legacy, knownVersion);
  const record = db.prepare('INSERT OR IGNORE INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const now = new Date().toISOString();
  for (const migration of ordered) {
    if (migration.version <= legacy) record.run(migration.version, migration.name + ADOPTED_SUFFIX, now);
  }
  db.pragma('user_version = 0');
}

function recordedVersions(db: Database.Database): Set<number> {
  const versions = db.prepare('SELECT version FROM schema_migrations').pluck().all();
  return new Set(versions.filter((v): v is number => typeof v === 'number'));
}

/** The list sorted by version; a version that is not a positive integer or appears twice is a bug. */
function inVersionOrder(migrations: readonly Migration[]): Migration[] {
  const seen = new Set<number>();
  for (const { version } of migrations) {
    if (!Number.isSafeInteger(version) || version < 1) throw new Error(`Migration version ${version} is not a positive integer`);
    if (seen.has(version)) throw new Error(`Migration version ${version} appears twice`);
    seen.add(version);
  }
  return [...migrations].sort((a, b) => a.version - b.version);
}
