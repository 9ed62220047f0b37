// The profiles table is the last line against a password in a URL reaching coffer.db: the
// repository refuses to write one, whoever asks, and its error does not quote it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/database';
import { createProfilesRepo } from '../../../main/db/profiles-repo';
import type { Profile } from '../../../preload/contract';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-repo-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 'p1', name: 'Ops', apiVersion: '3', restUrl: 'https://a.example', streamUrl: 'wss://s.example',
  authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

describe('profiles repository', () => {
  it('never writes a URL carrying credentials, on insert or update', () => {
    const db = openDatabase(dir);
    const repo = createProfilesRepo(db);
    const leaky = [
      { restUrl: 'https://ops:REPO-SECRET@a.example' },
      { streamUrl: 'wss://REPO-SECRET@s.example' },
      { restUrl: 'http://ops:REPO SECRET@bad host' },
    ];
    for (const overrides of leaky) {
      expect(() => repo.insert(profile(overrides))).toThrow(/carrying credentials is never stored/);
      try {
        repo.insert(profile(overrides));
      } catch (error) {
        expect(String(error)).not.toMatch(/REPO|ops/);
      }
    }
    repo.insert(profile());
    for (const overrides of leaky) expect(() => repo.update(profile(overrides))).toThrow(/never stored/);
    expect(repo.find('p1')).toMatchObject({ restUrl: 'https://a.example', streamUrl: 'wss://s.example' });
    db.close();
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes('REPO-SECRET'), file).toBe(false);
  });
});

describe('the API version column', () => {
  it('loads a stored version 2 profile as version 2, and refuses a version it does not know by column', () => {
    const db = openDatabase(dir);
    const repo = createProfilesRepo(db);
    repo.insert(profile({ id: 'v2', name: 'Old-style', apiVersion: '2' }));
    repo.insert(profile());
    expect(repo.find('v2')?.apiVersion).toBe('2');
    expect(repo.list().map((stored) => [stored.id, stored.apiVersion])).toEqual([['v2', '2'], ['p1', '3']]); // by name
    db.prepare("UPDATE profiles SET api_version = '4' WHERE id = 'v2'").run();
    expect(() => repo.find('v2')).toThrow(/profiles\.api_version holds an unknown value: 4/);
    db.close();
  });
});

describe('the shared-account column', () => {
  it('round-trips the setting through insert and update, and refuses a value that is not 0 or 1', () => {
    const db = openDatabase(dir);
    const repo = createProfilesRepo(db);
    repo.insert(profile({ id: 'shared', name: 'Shared', sharedAccount: true }));
    repo.insert(profile());
    expect(repo.list().map((stored) => [stored.id, stored.sharedAccount])).toEqual([['p1', false], ['shared', true]]);
    repo.update(profile({ id: 'shared', name: 'Shared', sharedAccount: false }));
    expect(repo.find('shared')?.sharedAccount).toBe(false);
    expect(db.prepare("SELECT shared_account FROM profiles WHERE id = 'shared'").pluck().get()).toBe(0);
    expect(() => db.prepare("UPDATE profiles SET shared_account = 2 WHERE id = 'p1'").run()).toThrow(/CHECK constraint/);
    db.close();
  });

  it('is 0 for a row written without it, as every profile stored before the setting existed', () => {
    const db = openDatabase(dir);
    db.prepare(
      `INSERT INTO profiles (id, name, api_version, rest_url, stream_url, auth_method, public_key, created_at, updated_at)
       VALUES ('old', 'Old', '3', 'https://a.example', 'wss://s.example', 'HS256', 'pk', '', '')`,
    ).run();
    expect(createProfilesRepo(db).find('old')?.sharedAccount).toBe(false);
    db.close();
  });
});
