// A data directory written by Coffer 0.1.0 (test/fixtures/data-dir-v0.1.0, made by
// test/fixtures/make-data-dir.ts) opened by today's openers: coffer.db kept its schema_migrations,
// audit.db and withdrawals.db had their version in user_version. After the upgrade every file
// records its migrations in schema_migrations, nothing was run again, the only schema change is the
// migration added since (profiles.shared_account, 0 for every stored profile), no row was lost, the
// audit chain still verifies, and opening again changes nothing.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAuditLog } from '../../../main/core/audit/audit-log';
import { createPendingStore } from '../../../main/core/pending/store';
import { openWithdrawalStore } from '../../../main/core/withdrawals/store';
import { openDatabase } from '../../../main/db/database';
import { ADOPTED_SUFFIX } from '../../../main/db/migrate';
import { createProfilesRepo } from '../../../main/db/profiles-repo';

const FIXTURE_DIR = join(__dirname, '..', '..', 'fixtures', 'data-dir-v0.1.0');
const FILES = ['coffer.db', 'audit.db', 'withdrawals.db'] as const;
type FileName = (typeof FILES)[number];

interface Snapshot {
  /** Every table's rows, except the migration record itself. */
  rows: Record<string, unknown[]>;
  /** The CREATE statements of everything but the migration record. */
  schema: unknown[];
  migrations: unknown[];
  userVersion: unknown;
}

let root: string;
let dataDir: string;
let pristineDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'coffer-upgrade-'));
  dataDir = join(root, 'data');
  pristineDir = join(root, 'pristine');
  for (const dir of [dataDir, pristineDir]) copyFixture(dir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function copyFixture(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of FILES) copyFileSync(join(FIXTURE_DIR, name), join(dir, name));
}

function withRaw<T>(dir: string, name: FileName, read: (db: Database.Database) => T): T {
  const db = new Database(join(dir, name));
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function snapshot(dir: string, name: FileName): Snapshot {
  return withRaw(dir, name, (db) => {
    const objects = db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '%schema_migrations%' ORDER BY type, name")
      .all() as { type: string; name: string; sql: string | null }[];
    const rows: Record<string, unknown[]> = {};
    for (const { name: table } of objects.filter((o) => o.type === 'table')) {
      rows[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
    }
    const hasRecord = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").get() !== undefined;
    return {
      rows,
      schema: objects,
      migrations: hasRecord ? db.prepare('SELECT * FROM schema_migrations ORDER BY version').all() : [],
      userVersion: db.pragma('user_version', { simple: true }),
    };
  });
}

const SHARED_ACCOUNT_MIGRATION = 'profiles say whether other desks use the account';

/**
 * What coffer.db from 0.1.0 becomes through the one migration added since: profiles gain
 * shared_account, 0 on every row. SQLite appends the new column to the table's CREATE text.
 */
function withSharedAccountColumn(before: Snapshot): Snapshot {
  const column = 'shared_account INTEGER NOT NULL DEFAULT 0 CHECK (shared_account IN (0, 1))';
  const schema = (before.schema as { type: string; name: string; sql: string | null }[]).map((object) =>
    object.type === 'table' && object.name === 'profiles' ? { ...object, sql: object.sql?.replace(/\)$/, `, ${column})`) ?? null } : object,
  );
  const profiles = (before.rows.profiles ?? []).map((row) => ({ ...(row as object), shared_account: 0 }));
  return { ...before, schema, rows: { ...before.rows, profiles } };
}

/** Opens and closes every store the way the app does at start-up and quit. */
function openAllAndClose(dir: string): void {
  openDatabase(dir).close();
  openAuditLog(dir).close();
  openWithdrawalStore(dir).close();
}

describe('a data directory from Coffer 0.1.0', () => {
  it('is what the fixture claims: coffer.db on schema_migrations, the others on user_version', () => {
    expect(snapshot(pristineDir, 'coffer.db').migrations).toHaveLength(2);
    expect(snapshot(pristineDir, 'audit.db')).toMatchObject({ migrations: [], userVersion: 1 });
    expect(snapshot(pristineDir, 'withdrawals.db')).toMatchObject({ migrations: [], userVersion: 1 });
    expect(snapshot(pristineDir, 'audit.db').rows.audit_entries).toHaveLength(6);
  });

  it('upgrades in place: migrations recorded one way, none run again, every row and schema kept', () => {
    openAllAndClose(dataDir);
    const coffer = snapshot(dataDir, 'coffer.db');
    const before = snapshot(pristineDir, 'coffer.db');
    expect(coffer.migrations).toEqual([...before.migrations, { version: 3, name: SHARED_ACCOUNT_MIGRATION, applied_at: expect.any(String) }]);
    expect(coffer.userVersion).toBe(0);
    for (const [name, migration] of [['audit.db', 'append-only audit entries'], ['withdrawals.db', 'local withdrawals']] as const) {
      const after = snapshot(dataDir, name);
      expect(after.userVersion).toBe(0);
      expect(after.migrations).toEqual([{ version: 1, name: migration + ADOPTED_SUFFIX, applied_at: expect.any(String) }]);
    }
    for (const name of FILES) {
      const after = snapshot(dataDir, name);
      const pristine = name === 'coffer.db' ? withSharedAccountColumn(snapshot(pristineDir, name)) : snapshot(pristineDir, name);
      expect(after.schema, name).toEqual(pristine.schema);
      expect(after.rows, name).toEqual(pristine.rows);
    }
  });

  it('keeps the audit chain whole, and a new entry continues it', () => {
    const audit = openAuditLog(dataDir, { osUser: 'upgrade-test' });
    expect(audit.verify()).toEqual({ ok: true, count: 6 });
    audit.append({ profileId: 'p-treasury', profileName: 'Treasury EU', action: 'rollback', phase: 'attempt', correlationId: 'c-4', outcome: 'sent', txId: '9002' });
    expect(audit.verify()).toEqual({ ok: true, count: 7 });
    audit.close();
  });

  it('lists the same profiles and finds the pending move and the unsettled withdrawals', () => {
    const db = openDatabase(dataDir);
    const listed = createProfilesRepo(db).list();
    expect(listed.map((p) => [p.id, p.sharedAccount])).toEqual([['p-sandbox', false], ['p-ops', false], ['p-treasury', false]]);
    expect(listed[2]).toMatchObject({ name: 'Treasury EU', apiVersion: '3', authMethod: 'HS256', rights: ['PAY', 'WDR', 'HIST'], hasSecret: true });
    const pending = createPendingStore(db);
    expect(pending.byId('move-1')).toMatchObject({ state: 'found', txIds: ['9001'], settledBy: 'reconciler' });
    expect(pending.claimed('p-treasury', ['9001', '9002'])).toEqual(new Set(['9001']));
    db.close();
    const withdrawals = openWithdrawalStore(dataDir);
    expect(withdrawals.unsettled('p-treasury').map((w) => w.localId).sort()).toEqual(['w-2', 'w-3']);
    expect(withdrawals.byTxId('p-treasury', '9001')).toMatchObject({ localId: 'w-1', state: 'SUCCESS', amount: '0.015' });
    withdrawals.close();
  });

  it('changes nothing when opened a second time', () => {
    openAllAndClose(dataDir);
    const first = FILES.map((name) => snapshot(dataDir, name));
    openAllAndClose(dataDir);
    expect(FILES.map((name) => snapshot(dataDir, name))).toEqual(first);
  });
});
