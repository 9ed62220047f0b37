// The headless exporter, spawned as scripts run it (tsx main/cli/coffer.ts) against a data folder
// with one profile, its history store and a real keyring: export then verify exits 0; a changed
// export 1; an export from another installation's key 2 (until --trust names it); a bad argument
// 64 naming it; a missing file 66.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../../main/core/exports/fingerprint';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { openDatabase } from '../../../main/db/database';
import { createProfilesRepo } from '../../../main/db/profiles-repo';
import { FIXTURE_HISTORY } from '../../unit/exports/fixture';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';

const ROOT = join(__dirname, '../../..');
const root = mkdtempSync(join(tmpdir(), 'coffer-cli-'));
const dataDir = join(root, 'data');
const out = join(root, 'out');
let bus: PrivateBus;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function coffer(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'), ['main/cli/coffer.ts', ...args],
      { cwd: ROOT, env: { ...process.env, ...bus.env, COFFER_DATA_DIR: dataDir, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  bus = await startPrivateBus();
  mkdirSync(out, { recursive: true });
  const db = openDatabase(dataDir);
  const at = '2025-03-01T00:00:00.000Z';
  createProfilesRepo(db).insert({
    id: 'desk-1', name: 'Main desk', apiVersion: '3', restUrl: 'https://api.example.test/api/3', streamUrl: 'wss://api.example.test/api/3/ws',
    authMethod: 'HS256', publicKey: 'public-key-id', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: at, updatedAt: at,
  });
  db.close();
  const storeFile = historyStoreFile(dataDir, 'desk-1');
  mkdirSync(dirname(storeFile), { recursive: true });
  const store = new Database(storeFile);
  applyHistorySchema(store);
  insertEntries(store, FIXTURE_HISTORY);
  store.close();
});
afterAll(async () => {
  await bus?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run coffer', () => {
  let exported: string;

  it('exports a profile by name to the folder given and prints the path; verify exits 0', async () => {
    const run = await coffer(['export', '--profile', 'Main desk', '--format', 'koinly', '--out', out, '--currency', 'BTC,USDT']);
    expect(run.stderr).toMatch(/rows, \d+ bytes, koinly, signed by/);
    expect(run.code).toBe(0);
    exported = run.stdout.trim();
    expect(exported).toMatch(new RegExp(`^${out}/coffer-main-desk-\\d{8}-\\d{6}-koinly\\.zip$`));
    const verified = await coffer(['verify', exported]);
    expect(verified.stdout).toMatch(/^Verified: /);
    expect(verified.stdout).toContain('rows of Main desk at https://api.example.test (API v3), koinly');
    expect(verified.code).toBe(0);
  });

  it('a changed export exits 1, saying what changed', async () => {
    const bytes = readFileSync(exported);
    bytes[120] = (bytes[120] as number) ^ 0x20;
    const tampered = join(out, 'tampered.zip');
    writeFileSync(tampered, bytes);
    const run = await coffer(['verify', tampered]);
    expect(run.stdout).toMatch(/^NOT VERIFIED: .*\n {2}- koinly\.csv /);
    expect(run.code).toBe(1);
  });

  it('another installation exits 2 (the signer is unknown there) until --trust names the key; --json for scripts', async () => {
    const elsewhere = { COFFER_DATA_DIR: join(root, 'elsewhere') };
    const unknown = await coffer(['verify', exported, '--json'], elsewhere);
    expect(unknown.code).toBe(2);
    const report = JSON.parse(unknown.stdout) as { verified: boolean; intact: boolean; problems: Array<{ kind: string }>; signer: { publicKey: string } };
    expect(report).toMatchObject({ verified: false, intact: true, problems: [{ kind: 'unknownKey' }] });
    const trusted = await coffer(['verify', exported, '--trust', report.signer.publicKey], elsewhere);
    expect(trusted.stdout).toContain(`Signed by ${fingerprintOf(report.signer.publicKey)} (given with --trust)`);
    expect(trusted.code).toBe(0);
  });

  it('a bad argument exits 64 naming it; a missing file or profile exits 66', async () => {
    const badFormat = await coffer(['export', '--profile', 'Main desk', '--format', 'xls']);
    expect(badFormat.stderr).toContain('--format must be one of csv, json, koinly, cointracking');
    expect(badFormat.code).toBe(64);
    const [missing, noProfile] = await Promise.all([
      coffer(['verify', join(out, 'nothing-here.zip')]),
      coffer(['export', '--profile', 'Nobody', '--format', 'csv', '--from', '2025-01-01T00:00:00Z']),
    ]);
    expect(missing.stderr).toContain('nothing-here.zip: no such file');
    expect(missing.code).toBe(66);
    expect(noProfile.stderr).toContain('--profile: no profile is named or has the id Nobody');
    expect(noProfile.code).toBe(66);
  });
});
