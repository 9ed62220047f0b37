// The database on a real SQLite file: WAL, numbered migrations applied once, profiles and
// settings repositories, and the data directory rules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../main/db/data-dir';
import { openDatabase } from '../../../main/db/database';
import { COFFER_MIGRATIONS } from '../../../main/db/coffer-migrations';
import { migrate } from '../../../main/db/migrate';
import { createProfilesRepo } from '../../../main/db/profiles-repo';
import { createSettingsRepo, SETTING_KEYS } from '../../../main/db/settings-repo';
import type { Profile } from '../../../preload/contract';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 'p1', name: 'Ops', apiVersion: '3', restUrl: 'https://a.example', streamUrl: 'wss://s.example',
  authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

describe('openDatabase', () => {
  it('creates the file in WAL mode with every migration applied once', () => {
    const db = openDatabase(join(dir, 'nested', 'data'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toEqual(COFFER_MIGRATIONS.map((m) => m.version));
    expect(migrate(db, COFFER_MIGRATIONS)).toEqual([]);
    db.close();
  });

  it('applies only the new migrations, in order', () => {
    const db = new Database(':memory:');
    expect(migrate(db, [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x)' }])).toEqual([1]);
    const later = [
      { version: 3, name: 'three', sql: 'ALTER TABLE a ADD COLUMN z' },
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x)' },
      { version: 2, name: 'two', sql: 'ALTER TABLE a ADD COLUMN y' },
    ];
    expect(migrate(db, later)).toEqual([2, 3]);
    db.close();
  });

  it('rolls a failing migration back entirely', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [{ version: 1, name: 'bad', sql: 'CREATE TABLE ok (x); CREATE TABLE broken (' }])).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'ok'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(0);
    db.close();
  });
});

describe('profiles and settings repositories', () => {
  it('round-trip a profile and list built-in first, then by name', () => {
    const db = openDatabase(dir);
    const repo = createProfilesRepo(db);
    repo.insert(profile({ id: 'b', name: 'beta' }));
    repo.insert(profile({ id: 'a', name: 'Alpha', rights: ['PAY', 'HIST'] }));
    repo.insert(profile({ id: 's', name: 'Sandbox', builtIn: true }));
    expect(repo.list().map((p) => p.id)).toEqual(['s', 'a', 'b']);
    expect(repo.find('a')).toEqual(profile({ id: 'a', name: 'Alpha', rights: ['PAY', 'HIST'] }));
    expect(repo.findByName('ALPHA')?.id).toBe('a');
    expect(repo.findBuiltIn()?.id).toBe('s');
    repo.update({ ...profile({ id: 'a', name: 'Alpha 2' }) });
    expect(repo.find('a')?.name).toBe('Alpha 2');
    expect(repo.remove('a')).toBe(true);
    expect(repo.remove('a')).toBe(false);
    expect(() => repo.insert(profile({ id: 'c', name: 'BETA' }))).toThrow(/UNIQUE/);
    db.close();
  });

  it('store settings', () => {
    const db = openDatabase(dir);
    const settings = createSettingsRepo(db);
    expect(settings.get(SETTING_KEYS.activeProfileId)).toBeNull();
    settings.set(SETTING_KEYS.activeProfileId, 'x');
    settings.set(SETTING_KEYS.activeProfileId, 'y');
    expect(settings.get(SETTING_KEYS.activeProfileId)).toBe('y');
    settings.clear(SETTING_KEYS.activeProfileId);
    expect(settings.get(SETTING_KEYS.activeProfileId)).toBeNull();
    db.close();
  });
});

describe('resolveDataDir', () => {
  it('honours COFFER_DATA_DIR, then the platform app-data directory', () => {
    expect(resolveDataDir({ COFFER_DATA_DIR: '/tmp/x' }, 'linux')).toBe('/tmp/x');
    expect(resolveDataDir({ HOME: '/home/u' }, 'linux')).toBe('/home/u/.config/Coffer');
    expect(resolveDataDir({ HOME: '/home/u', XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe('/cfg/Coffer');
    expect(resolveDataDir({ HOME: '/Users/u' }, 'darwin')).toBe('/Users/u/Library/Application Support/Coffer');
    expect(resolveDataDir({ HOME: 'C:/u', APPDATA: 'C:/u/AppData/Roaming' }, 'win32')).toBe(join('C:/u/AppData/Roaming', 'Coffer'));
  });
});
