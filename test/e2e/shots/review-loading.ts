// A manual shot, outside the timed e2e suite: a reviewer's host (no profile, no sandbox) opens a
// history export large enough to take a few seconds to store, and the Review page is shot in both
// themes while its rows load (verdict and progress; then the file's first rows) and once every row
// is in, with its totals (test-results/screenshots/{light,dark}-review-{loading,loading-rows,loaded,totals}.png). Run after
// a build:
//   npx electron-vite build && npx tsx test/e2e/shots/review-loading.ts [rows]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect } from '@playwright/test';
import { runExportJob } from '../../../main/core/exports/export-job';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import config from '../../../playwright.config';
import { benchKey, seedHistoryDb } from '../../bench/bench-support';
import { startCofferHost } from '../fixtures';
import { shootInBothThemes } from '../screenshots';

async function historyExport(dir: string, rows: number): Promise<string> {
  seedHistoryDb(dir, rows);
  const key = benchKey();
  const result = await runExportJob(
    { dbPath: join(dir, 'history.db'), filter: {}, format: 'csv', folder: dir, profileName: 'Treasury', account: 'https://api.example.test (API v3)' },
    {
      workerScript: SOURCE_WORKER, appVersion: '0.1.0', progress: () => undefined,
      signer: async () => ({ info: { publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: '' }, sign: key.sign }),
      now: () => new Date('2025-01-01T00:00:00Z'),
    },
  );
  return join(dir, result.fileName);
}

async function main(): Promise<void> {
  const rows = Number.parseInt(process.argv[2] ?? '400000', 10);
  const work = mkdtempSync(join(tmpdir(), 'coffer-shot-review-loading-'));
  const exportPath = await historyExport(work, rows);
  const reviewer = await startCofferHost(join(work, 'data'), { COFFER_NO_SANDBOX: '1' });
  const browser = await chromium.launch(config.use?.launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(reviewer.url);
    await page.getByTestId('open-export-review').click();
    await page.getByTestId('review-file').setInputFiles(exportPath);
    await expect(page.getByTestId('review-loading')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await expect(page.getByTestId('history-totals')).toHaveCount(0);
    await shootInBothThemes(page, 'review-loading');
    await page.getByTestId('history-table').scrollIntoViewIfNeeded();
    await shootInBothThemes(page, 'review-loading-rows');
    await expect(page.getByTestId('history-totals')).toHaveAttribute('data-total', String(rows), { timeout: 120_000 });
    await expect(page.getByTestId('review-loading')).toHaveCount(0);
    await shootInBothThemes(page, 'review-loaded');
    await page.getByTestId('history-totals').scrollIntoViewIfNeeded();
    await shootInBothThemes(page, 'review-totals');
    console.log(`review-loading: ${rows.toLocaleString('en')} rows shot loading and loaded`);
  } finally {
    await browser.close();
    await reviewer.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
