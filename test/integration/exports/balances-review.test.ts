// A balances export reviewed through the real worker thread: handed over in chunks, verified,
// never loaded as transactions, its day answered by reviewBalances exactly as exported (rows,
// total, unpriced currencies); a changed copy is not loaded and has no balances to show. And
// the command line spawned as scripts run it, on the same file.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult } from '../../../preload/contract/history';
import { runBalancesExport } from '../../../main/core/exports/balances-export';
import { ReviewSessions } from '../../../main/core/exports/review/sessions';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { fixtureBalances } from '../../unit/exports/balances-fixture';
import { removeScratch, rewritten, signerOf, testKey, trustOnly } from '../../unit/exports/signed-export';

const ROOT = join(__dirname, '../../..');
const desk = testKey();
const root = mkdtempSync(join(tmpdir(), 'coffer-balances-review-'));
const balances = fixtureBalances();
let exported: ExportResult;
const reviews = new ReviewSessions({ trustedKeys: () => trustOnly(desk), progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot: root });

beforeAll(async () => {
  exported = await runBalancesExport(
    { balances, folder: root, profileName: 'Main desk', account: 'https://api.example.test (API v3)' },
    { signer: signerOf(desk), appVersion: '0.1.0' },
  );
});
afterAll(async () => {
  await reviews.closeAll();
  removeScratch();
  rmSync(root, { recursive: true, force: true });
});

async function review(bytes: Buffer) {
  const { reviewId } = await reviews.begin({ fileName: 'balances.zip', size: bytes.length });
  await reviews.receive(reviewId, [bytes]);
  return reviews.finish(reviewId);
}

describe('reviewing a balances export', () => {
  it('is verified and answers its day as exported, never as transactions', async () => {
    const report = await review(readFileSync(exported.path));
    expect(report).toMatchObject({ verified: true, loaded: true, rows: 4, problems: [] });
    expect(report.manifest?.format).toBe('balances');
    expect(reviews.balances(report.reviewId)).toEqual({
      day: balances.day, closeAt: balances.closeAt, valuationCurrency: 'USDT', scope: 'all',
      rows: balances.rows, totalValue: balances.totalValue, unpriced: ['=HYPERLINK("x")'], notes: [], syncing: false, precision: {},
    });
    expect(() => reviews.rows(report.reviewId, { filter: {}, offset: 0, limit: 10 })).toThrow(/balances, not transactions/);
  });

  it('a copy with a balance changed is not loaded and has no balances to show', async () => {
    const path = await rewritten(exported.path, (entries) => {
      const name = 'balances-2026-08-31.csv';
      entries.set(name, Buffer.from(entries.get(name)!.toString('utf8').replace('BTC,1.23456789', 'BTC,9.23456789')));
    });
    const changed = readFileSync(path);
    const report = await review(changed);
    expect(report.loaded).toBe(false);
    expect(report.verified).toBe(false);
    expect(report.problems.length).toBeGreaterThan(0);
    expect(() => reviews.balances(report.reviewId)).toThrow(/no balances that checked out/);
  });
});

describe('npm run coffer -- verify on a balances export', () => {
  const coffer = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(join(ROOT, 'node_modules/.bin/tsx'), ['main/cli/coffer.ts', ...args], { cwd: ROOT, env: { ...process.env, COFFER_DATA_DIR: join(root, 'data') }, timeout: 60_000 },
        (error, stdout) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout }));
    });

  it('exits 0 with the signer given, 2 without', async () => {
    const copy = join(root, 'copy.zip');
    writeFileSync(copy, readFileSync(exported.path));
    const [trusted, unknown] = await Promise.all([coffer(['verify', copy, '--trust', desk.publicKey]), coffer(['verify', copy])]);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain('Balances at the close of 2026-08-31');
    expect(unknown.code).toBe(2);
  });
});
