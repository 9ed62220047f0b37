// A manual shot, outside the timed e2e suite: a reviewer's host (no profile, no sandbox) opens a
// year-end balances export from a desk it does not know, and the Review page is shot in both
// themes (test-results/screenshots/{light,dark}-review-balances.png). Run after a build:
//   npx electron-vite build && npx tsx test/e2e/shots/review-balances.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect } from '@playwright/test';
import config from '../../../playwright.config';
import { balancesExportFile, YEAR_END_ROWS } from '../balances-export-file';
import { startCofferHost } from '../fixtures';
import { shootInBothThemes } from '../screenshots';

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'coffer-shot-balances-'));
  const reviewer = await startCofferHost(join(work, 'data'), { COFFER_NO_SANDBOX: '1' });
  const browser = await chromium.launch(config.use?.launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(reviewer.url);
    const started = Date.now();
    await page.getByTestId('open-export-review').click();
    await page.getByTestId('review-file').setInputFiles(await balancesExportFile(work));
    await expect(page.getByTestId('review-verdict')).toHaveAttribute('data-kind', 'unknownSigner', { timeout: 20_000 });
    await expect(page.getByTestId('review-balances-sentence')).toHaveText('Balances at the close of 2025-12-31 in USDT, master and sub-accounts');
    await expect(page.getByTestId('review-balances-row')).toHaveCount(YEAR_END_ROWS);
    await expect(page.getByTestId('review-balances-total')).toHaveText('684,644.90114565080000339107');
    await shootInBothThemes(page, 'review-balances');
    console.log(`review-balances: opened, checked and shot in ${Date.now() - started} ms`);
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
