// A sandbox database written before sub-accounts could be 'new' is rebuilt in place: its accounts
// and everything referring to them stay, the new status is accepted, foreign keys hold again.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../main/sandbox/db/migrations';
import { openDatabase } from '../../../main/sandbox/db/open';

describe('sandbox migrations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('upgrades a version 3 database to accept new sub-accounts, keeping rows and foreign keys', () => {
    const file = join(dir, 'v3.sqlite');
    const old = new Database(file);
    for (const sql of MIGRATIONS.slice(0, 3)) old.exec(sql);
    old.pragma('user_version = 3');
    const account = old.prepare(`INSERT INTO accounts (kind, parent_id, email, username, external_id, status, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, 1, 1)`);
    account.run('master', null, 'm@x', 'm', 'ext-m', 'active');
    account.run('sub', 1, 's@x', 's', 'ext-s', 'frozen');
    old.prepare("INSERT INTO balances VALUES (2, 'wallet', 'USDT', '5.000000', '0.000000')").run();
    expect(() => account.run('sub', 1, 'n@x', 'n', 'ext-n', 'new')).toThrow(/CHECK/);
    old.close();

    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(db.prepare('SELECT id, parent_id, status FROM accounts ORDER BY id').all()).toEqual([
        { id: 1, parent_id: null, status: 'active' },
        { id: 2, parent_id: 1, status: 'frozen' },
      ]);
      db.prepare(`INSERT INTO accounts (kind, parent_id, email, username, external_id, status, created_at, updated_at)
        VALUES ('sub', 1, 'n@x', 'n', 'ext-n', 'new', 1, 1)`).run();
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(() => db.prepare("INSERT INTO balances VALUES (99, 'wallet', 'USDT', '1', '0')").run()).toThrow(/FOREIGN KEY/);
      expect(db.prepare('SELECT available FROM balances WHERE account_id = 2').get()).toEqual({ available: '5.000000' });
    } finally {
      db.close();
    }
  });
});
