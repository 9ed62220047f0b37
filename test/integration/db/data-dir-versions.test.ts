// The data directory across app versions, as the app opens it at start (createCore) and as a
// profile's history store is opened: an upgraded Coffer takes a directory an older one wrote
// (Coffer 0.1.0's files, and a history store one migration behind) and migrates it with every row
// kept; a downgraded Coffer refuses a directory a newer one migrated, naming the file and both
// versions, and writes nothing at all. (Each file's own upgrade path is in upgrade.test.ts, the
// runner's rules in test/unit/db/migrate.test.ts, the history index's in search-index.test.ts.)
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../preload/contract';
import { AUDIT_MIGRATIONS } from '../../../main/core/audit/schema';
import { createCore } from '../../../main/core/app';
import { INSERT_ENTRY_SQL, ridOf, rowOf, searchTextOf } from '../../../main/core/history/rows';
import { HISTORY_TABLE, SEARCH_INDEX_MIGRATION, SEARCH_TABLE } from '../../../main/core/history/schema';
import { HISTORY_STORE_MIGRATIONS, openHistoryStore } from '../../../main/core/history/store';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { openWithdrawalStore, WITHDRAWALS_MIGRATIONS } from '../../../main/core/withdrawals/store';
import { COFFER_MIGRATIONS } from '../../../main/db/coffer-migrations';
import { SchemaTooNewError } from '../../../main/db/migrate';
import { openSqlite } from '../../../main/db/sqlite';
import type { SecretStore } from '../../../main/keychain/secret-store';
import { historyRows } from '../../support/history-rows';

const FIXTURE_DIR = join(__dirname, '..', '..', 'fixtures', 'data-dir-v0.1.0');
const PROFILE = 'p-treasury';
const HISTORY_ROWS = historyRows(120);
const latest = (migrations: readonly { version: number }[]) => Math.max(...migrations.map((m) => m.version));

/** No keychain entry: the active profile stays idle (NO_SECRET) and nothing reaches a network. */
const emptyKeychain: SecretStore = { get: async () => null, set: async () => undefined, delete: async () => false };

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'coffer-data-dir-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir);
  for (const name of readdirSync(FIXTURE_DIR)) copyFileSync(join(FIXTURE_DIR, name), join(dataDir, name));
  keepOnLoopback();
  writeOlderHistoryStore();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The active profile's streams start with the core: pointed at a closed loopback port, nothing leaves the machine. */
function keepOnLoopback(): void {
  const db = new Database(join(dataDir, 'coffer.db'));
  db.prepare("UPDATE profiles SET rest_url = 'http://127.0.0.1:9', stream_url = 'ws://127.0.0.1:9' WHERE rest_url LIKE 'https:%'").run();
  db.close();
}

/** A history store as the version before the search index left it: entries and their text in a plain table. */
function writeOlderHistoryStore(): void {
  const earlier = HISTORY_STORE_MIGRATIONS.filter((migration) => migration.version < SEARCH_INDEX_MIGRATION.version);
  const db = openSqlite(historyStoreFile(dataDir, PROFILE), { migrations: earlier });
  const insertEntry = db.prepare(INSERT_ENTRY_SQL);
  const insertText = db.prepare('INSERT INTO history_search (rid, search) VALUES (?, ?)');
  db.transaction(() => {
    for (const row of HISTORY_ROWS) {
      const rid = ridOf(db, row);
      insertEntry.run(rowOf(rid, row).values);
      insertText.run(rid, searchTextOf(row));
    }
  })();
  db.close();
}

function highestRecorded(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Every file under the directory with a hash of its bytes: "nothing written" is this, unchanged. */
function fingerprint(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return files;
}

/** What a newer Coffer leaves: one more migration recorded than this one knows. */
function recordNewerMigration(file: string, known: number): void {
  const db = new Database(file);
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(known + 1, 'from a newer Coffer', '2030-01-01T00:00:00.000Z');
  db.close();
}

async function startAndStop(): Promise<void> {
  const core = await createCore({ dataDir, transport: 'web', secrets: emptyKeychain });
  await core.close();
}

describe('an upgraded Coffer on an older data directory', () => {
  it('starts, migrates every file to the versions it knows, and keeps every row', async () => {
    const core = await createCore({ dataDir, transport: 'web', secrets: emptyKeychain });
    const profiles = await core.dispatch('listProfiles', undefined);
    expect(profiles.ok).toBe(true);
    expect((profiles.ok ? (profiles.value as Profile[]) : []).map((p) => p.id).sort()).toEqual(['p-ops', 'p-sandbox', 'p-treasury']);
    await core.close();

    expect(highestRecorded(join(dataDir, 'coffer.db'))).toBe(latest(COFFER_MIGRATIONS));
    expect(highestRecorded(join(dataDir, 'audit.db'))).toBe(latest(AUDIT_MIGRATIONS));
    expect(highestRecorded(join(dataDir, 'withdrawals.db'))).toBe(latest(WITHDRAWALS_MIGRATIONS));
    const withdrawals = openWithdrawalStore(dataDir);
    expect(withdrawals.unsettled(PROFILE).map((w) => w.localId).sort()).toEqual(['w-2', 'w-3']);
    withdrawals.close();

    const history = openHistoryStore(dataDir, PROFILE);
    const text = HISTORY_ROWS[5]?.id ?? 'missing';
    expect(history.query.count({ text })).toBe(HISTORY_ROWS.filter((row) => searchTextOf(row).includes(text.toLowerCase())).length);
    history.close();
    const file = historyStoreFile(dataDir, PROFILE);
    expect(highestRecorded(file)).toBe(latest(HISTORY_STORE_MIGRATIONS));
    // Every entry and its searched text kept (rows written straight to the file have no totals to count by).
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare(`SELECT id FROM ${HISTORY_TABLE} ORDER BY id`).pluck().all()).toEqual(HISTORY_ROWS.map((row) => row.id).sort());
    expect(raw.prepare(`SELECT COUNT(*) FROM ${SEARCH_TABLE}`).pluck().get()).toBe(HISTORY_ROWS.length);
    raw.close();
  });
});

describe('a downgraded Coffer on a newer data directory', () => {
  const STARTUP_FILES = [
    ['coffer.db', COFFER_MIGRATIONS],
    ['audit.db', AUDIT_MIGRATIONS],
    ['withdrawals.db', WITHDRAWALS_MIGRATIONS],
  ] as const;

  it.each(STARTUP_FILES)('refuses to start when %s was migrated by a newer Coffer, and writes nothing', async (name, migrations) => {
    await startAndStop(); // every file on today's versions first, as a newer Coffer would have found them
    const known = latest(migrations);
    recordNewerMigration(join(dataDir, name), known);
    const before = fingerprint(dataDir);

    const refusal = createCore({ dataDir, transport: 'web', secrets: emptyKeychain });
    await expect(refusal).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(refusal).rejects.toThrow(
      `${name} has schema version ${known + 1}, but this Coffer knows versions up to ${known}: it was written by a newer Coffer.`,
    );
    expect(fingerprint(dataDir)).toEqual(before);
  });

  it('refuses a history store a newer Coffer migrated, and writes nothing', async () => {
    openHistoryStore(dataDir, PROFILE).close();
    const known = latest(HISTORY_STORE_MIGRATIONS);
    recordNewerMigration(historyStoreFile(dataDir, PROFILE), known);
    const before = fingerprint(dataDir);
    expect(() => openHistoryStore(dataDir, PROFILE)).toThrow(SchemaTooNewError);
    expect(() => openHistoryStore(dataDir, PROFILE)).toThrow(`${PROFILE}.db has schema version ${known + 1}`);
    expect(fingerprint(dataDir)).toEqual(before);
  });
});
