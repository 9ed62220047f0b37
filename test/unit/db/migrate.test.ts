// The migration runner on real SQLite files: what a fresh file gets, what a failure leaves, how a
// file from a newer Coffer is refused, and how a version kept in PRAGMA user_version is taken over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADOPTED_SUFFIX, migrate, SchemaTooNewError, type Migration } from '../../../main/db/migrate';
import { openSqlite } from '../../../main/db/sqlite';

const NOTES: Migration = { version: 1, name: 'notes', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)' };
const TAGS: Migration = { version: 2, name: 'tags', sql: 'CREATE TABLE tags (note_id INTEGER NOT NULL REFERENCES notes (id), tag TEXT NOT NULL)' };
const NOTE_TIME: Migration = { version: 3, name: 'note time', sql: "ALTER TABLE notes ADD COLUMN at TEXT NOT NULL DEFAULT ''" };
const MIGRATIONS: readonly Migration[] = [NOTES, TAGS, NOTE_TIME];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-migrate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const recorded = (db: Database.Database) =>
  db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
const userVersion = (db: Database.Database) => db.pragma('user_version', { simple: true });

describe('migrate', () => {
  it('gives a fresh file every migration, in order, each recorded once', () => {
    const db = openSqlite(join(dir, 'a', 'fresh.db'), { migrations: [...MIGRATIONS].reverse() });
    expect(recorded(db)).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    expect(tables(db)).toEqual(['notes', 'schema_migrations', 'tags']);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    db.close();
  });

  it('rolls a failing migration back and leaves the recorded version where it was', () => {
    const db = new Database(join(dir, 'fail.db'));
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO notes (text) VALUES ('kept')").run();
    const broken = { version: 2, name: 'broken', sql: 'CREATE TABLE half (x); INSERT INTO notes (text) VALUES (NULL)' };
    expect(() => migrate(db, [NOTES, broken, NOTE_TIME])).toThrow(/NOT NULL/);
    expect(recorded(db).map((r) => r.version)).toEqual([1]);
    expect(tables(db)).toEqual(['notes', 'schema_migrations']);
    expect(db.prepare('SELECT text FROM notes').pluck().all()).toEqual(['kept']);
    expect(migrate(db, MIGRATIONS)).toEqual([2, 3]);
    db.close();
  });

  it('refuses a file recorded by a newer Coffer, naming the file and both versions, and changes nothing', () => {
    const file = join(dir, 'newer.db');
    openSqlite(file, { migrations: MIGRATIONS }).close();
    let error: unknown;
    try {
      openSqlite(file, { migrations: MIGRATIONS.slice(0, 2) });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({ code: 'SCHEMA_TOO_NEW', file: 'newer.db', recordedVersion: 3, knownVersion: 2 });
    expect((error as Error).message).toMatch(/newer\.db has schema version 3, but this Coffer knows versions up to 2/);
    const db = new Database(file);
    expect(recorded(db).map((r) => r.version)).toEqual([1, 2, 3]);
    db.close();
  });

  it('takes a user_version over once: rows for each version, user_version back to 0, nothing run again', () => {
    const db = new Database(join(dir, 'legacy.db'));
    db.exec(`${NOTES.sql}; ${TAGS.sql}`);
    db.pragma('user_version = 2');
    expect(migrate(db, MIGRATIONS)).toEqual([3]);
    expect(recorded(db)).toEqual([
      { version: 1, name: 'notes' + ADOPTED_SUFFIX },
      { version: 2, name: 'tags' + ADOPTED_SUFFIX },
      { version: 3, name: 'note time' },
    ]);
    expect(userVersion(db)).toBe(0);
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    db.close();
  });

  it('refuses a user_version above every known migration without touching the file', () => {
    const db = new Database(join(dir, 'legacy-newer.db'));
    db.pragma('user_version = 7');
    expect(() => migrate(db, MIGRATIONS)).toThrow(SchemaTooNewError);
    expect(userVersion(db)).toBe(7);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('rejects a list with a repeated or non-integer version before touching the file', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [NOTES, { ...TAGS, version: 1 }])).toThrow(/appears twice/);
    expect(() => migrate(db, [{ ...NOTES, version: 1.5 }])).toThrow(/not a positive integer/);
    expect(tables(db)).toEqual([]);
    db.close();
  });
});
