// Hostile exports opened for review the way the app opens them (review-probe.ts, a process of its
// own): each is refused with a verdict saying why, within 5 s, the process growing by at most
// 200 MiB. Any key can sign, so each file carries a valid signature by a key nobody trusts:
// one 256 MiB line in transactions.csv, an entry claiming 64 KiB that inflates to 2 GiB, and one
// claiming 2 GiB. The files are built streaming and stay small (a few MB at most).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../unit/exports/signed-export';
import { bombExport, longLineExport, MiB } from './hostile-archives';
import type { ProbeOutcome } from './review-probe';

const ROOT = join(__dirname, '../../..');
const LIMIT_MS = 5_000;
const LIMIT_GROWTH_BYTES = 200 * MiB;

const root = mkdtempSync(join(tmpdir(), 'coffer-hostile-review-'));
const reviewRoot = join(root, 'reviews');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function probe(path: string): Promise<ProbeOutcome> {
  return new Promise((resolve, reject) => {
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'), ['test/integration/exports/review-probe.ts', path, reviewRoot],
      { cwd: ROOT, timeout: 60_000, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => (error === null ? resolve(JSON.parse(stdout) as ProbeOutcome) : reject(new Error(`${error.message}\n${stderr}`))),
    );
  });
}

function expectBounded(outcome: ProbeOutcome, what: string): void {
  const growth = outcome.peakRssBytes - outcome.rssBeforeBytes;
  console.log(`${what}: refused in ${outcome.ms.toFixed(0)} ms, peak RSS ${(outcome.peakRssBytes / MiB).toFixed(0)} MiB (+${(growth / MiB).toFixed(0)} MiB)`);
  expect(outcome.ms).toBeLessThanOrEqual(LIMIT_MS);
  expect(growth).toBeLessThanOrEqual(LIMIT_GROWTH_BYTES);
  // The review's temporary folder went with it.
  expect(readdirSync(reviewRoot)).toEqual([]);
}

describe('a hostile export in review', () => {
  const key = testKey();
  const longLine = join(root, 'long-line.zip');
  const smallClaim = join(root, 'bomb-small-claim.zip');
  const hugeClaim = join(root, 'bomb-huge-claim.zip');

  beforeAll(async () => {
    mkdirSync(reviewRoot);
    await longLineExport(longLine, key, 256 * MiB);
    await bombExport(smallClaim, key, 64 * 1024, 2048);
    await bombExport(hugeClaim, key, 2048 * MiB, 2048);
  }, 120_000);

  it('one 256 MiB line in a signed, intact transactions.csv: refused at the record cap, naming the file and the record', { timeout: 120_000 }, async () => {
    expect(statSync(longLine).size).toBeLessThan(4 * MiB);
    const outcome = await probe(longLine);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.report?.loaded).toBe(false);
    expect(outcome.report?.problems).toContainEqual({
      kind: 'notExport',
      message: 'Its rows cannot be read: transactions.csv, record 2: the record is longer than 1,048,576 characters, far more than an export holds',
    });
    expectBounded(outcome, '256 MiB line');
  });

  it('an entry claiming 64 KiB that inflates to 2 GiB: cut off just past its claim', { timeout: 120_000 }, async () => {
    expect(statSync(smallClaim).size).toBeLessThan(4 * MiB);
    const outcome = await probe(smallClaim);
    expect(outcome.report?.loaded).toBe(false);
    expect(outcome.report?.problems).toEqual([
      { kind: 'fileChanged', message: 'transactions.csv holds more data than the archive says — it is not the file that was signed' },
      { kind: 'unknownKey', message: expect.stringMatching(/^Signed by a key this installation does not trust/) },
    ]);
    expectBounded(outcome, '2 GiB bomb claiming 64 KiB');
  });

  it('an entry claiming 2 GiB: refused from the archive directory, before anything is inflated', { timeout: 120_000 }, async () => {
    const outcome = await probe(hugeClaim);
    expect(outcome.report?.loaded).toBe(false);
    expect(outcome.report?.problems).toEqual([
      {
        kind: 'notExport',
        // 2 GiB and the manifest's and signature's few hundred bytes.
        message: expect.stringMatching(/^This file is not a Coffer export: The archive says its files unpack to 2,147,48\d,\d{3} bytes, more than an export holds \(1,073,741,824 at most\)$/),
      },
    ]);
    expectBounded(outcome, '2 GiB bomb claiming 2 GiB');
  });
});
