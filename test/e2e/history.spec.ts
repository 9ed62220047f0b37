// History end to end. A desk: a profile's first read of a seeded history shown with its progress
// until it is live, a filter changing the totals and the rows, a record opened, the filtered rows
// exported (Koinly) and the signing key's fingerprint on Settings. Then a reviewer's machine — a
// second host on a fresh data directory, no profile, no sandbox — opens that export: unknown
// signer, the fingerprint compared with the desk's, trusted, verified; the rows browsed, filtered
// and charted; no request beyond the host; and a copy with one amount changed reported as changed.
// Screenshots, light and dark: History with a record open, the export dialog, Settings, and the
// review's verdict over its table.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { E2E_SEEDED_HISTORY, expect, startCofferHost, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { SandboxDesk, control } from './approvals-sandbox';
import { fillProfileForm, formField, profileCard } from './profile-page';
import { goToSection, historyRows, onHost, pickFilter, recordRequests, recordSyncPhases, tamperExport, tradeRows } from './history-sandbox';

test.describe.configure({ mode: 'serial' });

/** Added to the sandbox's own seeded history, so the first read takes long enough to watch. */
const SEEDED = 4_000;
const WORK_DIR = mkdtempSync(join(tmpdir(), 'coffer-e2e-history-'));
/** What the desk made, for the reviewer. */
const made = { exportPath: '', fingerprint: '', rows: 0, currency: '' };

test.afterAll(() => rmSync(WORK_DIR, { recursive: true, force: true }));

test('a desk syncs its history with progress, filters it, opens a record and exports it signed', async ({ page, host }) => {
  test.setTimeout(90_000);
  const phases = await recordSyncPhases(page);
  const desk = await SandboxDesk.open(page, host.url);
  await control(desk.restUrl, 'POST', '/sandbox/seed-transactions', { count: SEEDED });
  // The first read of a new profile, slowed a little per page, so its progress stays on screen.
  await control(desk.restUrl, 'POST', '/sandbox/faults', { path: '/api/3/wallet/transactions*', method: 'GET', latency_ms: 800 });
  const key = await desk.newKey(['PAY', 'WDR', 'HIST', 'ORD']);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, { name: 'History desk', restUrl: desk.restUrl, streamUrl: desk.restUrl.replace(/^http/, 'ws'), publicKey: key.apiKey, secretKey: key.secretKey });
  await formField(page, 'secretKey').press('Enter');
  await profileCard(page, 'History desk').getByRole('button', { name: 'Make active' }).click();
  await expect(profileCard(page, 'History desk')).toContainText('Active');

  await goToSection(page, 'History');
  const strip = page.getByTestId('sync-strip');
  await expect(strip).toHaveAttribute('data-phase', 'initial');
  await expect(page.getByTestId('sync-progress')).toBeVisible();
  await expect(page.getByTestId('sync-detail')).toContainText(/[\d,]+ transactions? stored, reading… · [\d,]+ records\/s/);
  await control(desk.restUrl, 'DELETE', '/sandbox/faults');
  await expect(strip).toHaveAttribute('data-phase', 'live', { timeout: 30_000 });
  await expect(strip).toContainText('Up to date · live');
  const seen = await phases();
  const reads = seen.filter((entry) => entry.phase === 'initial').map((entry) => entry.read);
  expect(reads.length).toBeGreaterThan(1);
  expect(reads).toEqual([...reads].sort((a, b) => a - b));
  // Every transaction of the account: the sandbox's own history and the ones seeded here.
  const stored = Number(await strip.getAttribute('data-stored'));
  expect(stored).toBe(E2E_SEEDED_HISTORY + SEEDED);

  // The whole history (the transactions, and the spot trades' legs and fee lines), then one
  // currency: fewer rows, and every total row is that currency's.
  const rows = stored + await tradeRows(desk.restUrl, key);
  const totals = page.getByTestId('history-totals');
  await expect(totals).toHaveAttribute('data-total', String(rows));
  await expect(page.getByTestId('history-table')).toHaveAttribute('data-total', String(rows));
  const busiest = page.getByTestId('totals-row').first();
  made.currency = (await busiest.getAttribute('data-currency')) ?? '';
  await pickFilter(page, 'currencies', [made.currency]);
  await expect(page.getByTestId('totals-row')).toHaveCount(1);
  await expect(totals).not.toHaveAttribute('data-total', String(rows));
  const filtered = Number(await totals.getAttribute('data-total'));
  expect(filtered).toBeLessThan(rows);
  await expect(page.getByTestId('history-table')).toHaveAttribute('data-total', String(filtered));
  // The totals count completed rows unless the others are ticked in, and say so.
  const rowsCounted = async () => Number((await busiest.locator('td').first().innerText()).replace(/,/g, ''));
  await expect.poll(rowsCounted).toBeLessThan(filtered);
  const completed = await rowsCounted();
  await expect(page.getByTestId('totals-caption')).toHaveText(`Totals count completed rows only: ${completed.toLocaleString('en-US')} of the ${filtered.toLocaleString('en-US')} rows listed.`);
  await page.getByTestId('totals-include-unsettled').click();
  await expect.poll(rowsCounted).toBe(filtered);
  await expect(page.getByTestId('totals-caption')).toContainText('failed and rolled-back ones included');
  await page.getByTestId('totals-include-unsettled').click();
  await expect.poll(rowsCounted).toBe(completed);
  await expect(historyRows(page).first()).toBeVisible();
  for (const currency of await historyRows(page).locator('.code').allInnerTexts()) expect(currency).toBe(made.currency);
  await expect(page.getByTestId('flows-chart')).toHaveAttribute('data-currency', made.currency);

  // The keyboard moves the selection; Enter opens the record.
  await page.getByTestId('history-scroller').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="history-row"][aria-selected="true"]')).toHaveAttribute('data-index', '1');
  const secondId = await historyRows(page).nth(1).getAttribute('data-id');
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer.locator('[data-field="Transaction id"]')).toContainText(secondId ?? '—');
  await expect(drawer.locator('[data-field="Amount"]')).toContainText(made.currency);
  await shootInBothThemes(page, 'history-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByTestId('open-export').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-rows')).toHaveText(filtered.toLocaleString('en-US'));
  await expect(dialog.getByTestId('export-filter')).toHaveText(made.currency);
  await dialog.locator('[data-format="koinly"]').click();
  // In the browser the file goes to Coffer's export folder, named before it is written; no folder dialog.
  const folder = await dialog.getByTestId('export-folder-path').innerText();
  expect(folder).toMatch(/\/exports$/);
  await expect(dialog.getByTestId('export-folder-browser-note')).toBeVisible();
  await expect(dialog.getByTestId('export-folder-choose')).toHaveCount(0);
  await shootInBothThemes(page, 'history-export');
  await dialog.getByTestId('export-start').click();
  const result = dialog.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-rows', String(filtered), { timeout: 20_000 });
  const written = await result.getByTestId('export-path').innerText();
  made.fingerprint = (await result.getByTestId('export-fingerprint').getAttribute('data-fingerprint')) ?? '';
  made.rows = filtered;
  expect(written.startsWith(`${folder}/`) && written.endsWith('.zip')).toBe(true);
  // Kept outside the desk's data directory, which goes with its host, for the reviewer.
  made.exportPath = join(WORK_DIR, basename(written));
  copyFileSync(written, made.exportPath);
  expect(made.fingerprint).toMatch(/^([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
  await result.getByTestId('export-close').click();

  await goToSection(page, 'Settings');
  await expect(page.getByTestId('signing-fingerprint')).toHaveAttribute('data-fingerprint', made.fingerprint);
  await expect(page.locator('[data-testid="trusted-desk"][data-own="true"]')).toContainText(made.fingerprint);
  await shootInBothThemes(page, 'settings');
});

test('a reviewer with no profile and no network opens the export: trusted after comparing, verified, browsed; a changed copy is caught', async ({ page }) => {
  test.setTimeout(60_000);
  expect(made.exportPath, 'the desk’s export').not.toBe('');
  const dataDir = mkdtempSync(join(WORK_DIR, 'reviewer-'));
  const reviewer = await startCofferHost(dataDir, { COFFER_NO_SANDBOX: '1' });
  const requests = recordRequests(page);
  try {
    await page.goto(reviewer.url);
    await expect(page.getByTestId('profiles-page')).toBeVisible();
    await page.getByTestId('open-export-review').click();
    await page.getByTestId('review-file').setInputFiles(made.exportPath);

    const verdict = page.getByTestId('review-verdict');
    await expect(verdict).toHaveAttribute('data-kind', 'unknownSigner', { timeout: 20_000 });
    await expect(verdict).toContainText('signed by a desk this computer does not know');
    await expect(page.getByTestId('review-manifest').locator('[data-fact="Rows"]')).toHaveText(made.rows.toLocaleString('en-US'));
    await expect(page.getByTestId('review-manifest').locator('[data-fact="Format"]')).toHaveText('Koinly');
    await page.getByTestId('trust-desk').click();
    const trust = page.getByTestId('trust-dialog');
    // What the reviewer compares, read out by the desk from its Settings page.
    await expect(trust.getByTestId('trust-fingerprint')).toHaveAttribute('data-fingerprint', made.fingerprint);
    await trust.getByTestId('trust-label').locator('input').fill('History desk');
    await trust.getByTestId('trust-confirm').click();
    await expect(verdict).toHaveAttribute('data-kind', 'verified');
    await expect(verdict).toContainText('Verified: signed by History desk');

    // Every row stored: the totals count them all (none is shown while they load).
    await expect(page.getByTestId('review-page')).toHaveAttribute('data-rows', 'complete');
    const totals = page.getByTestId('history-totals');
    await expect(totals).toHaveAttribute('data-total', String(made.rows));
    await expect(page.getByTestId('totals-row')).toHaveCount(1);
    await expect(page.getByTestId('flows-chart')).toHaveAttribute('data-currency', made.currency);
    expect(Number(await page.getByTestId('flows-chart').getAttribute('data-points'))).toBeGreaterThan(0);
    await expect(historyRows(page).first()).toBeVisible();
    // Tall enough for the verdict, the manifest and the first rows of the table in one picture.
    await page.setViewportSize({ width: 1280, height: 1180 });
    await shootInBothThemes(page, 'review-verified');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('filter-direction').getByRole('button', { name: 'Money out', exact: true }).click();
    await expect(totals).not.toHaveAttribute('data-total', new RegExp(`^(${made.rows})?$`));
    const outgoing = Number(await totals.getAttribute('data-total'));
    expect(outgoing).toBeLessThan(made.rows);
    await expect(page.getByTestId('history-table')).toHaveAttribute('data-total', /\d+/);
    for (const amount of await historyRows(page).getByTestId('history-amount').allInnerTexts()) expect(amount).toMatch(/^−/);

    const tampered = join(WORK_DIR, 'tampered.zip');
    const changed = await tamperExport(made.exportPath, tampered);
    await page.getByTestId('review-file').setInputFiles(tampered);
    await expect(verdict).toHaveAttribute('data-kind', 'problems', { timeout: 20_000 });
    await expect(verdict).toContainText('Changed after it was signed');
    await expect(page.getByTestId('review-problems')).toContainText(/changed/i);
    await expect(page.getByTestId('review-not-loaded')).toBeVisible();
    expect(changed.after).not.toBe(changed.before);

    const offHost = requests.filter((url) => !onHost(url, reviewer.origin));
    expect(offHost, 'requests beyond the host').toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
  } finally {
    await reviewer.stop();
  }
});
