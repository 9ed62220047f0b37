// Exact amounts and one way of telling time, end to end on a reviewer's host (no profile, no
// sandbox): an export holding an LTC withdrawal of 11.1125 is opened in Review, and the row and
// its drawer say 11.1125 under every filter that shows it, never a figure rounded to the decimals
// of the totals. Then Settings switch the date format and the time zone, and the export's
// creation time on Review follows, naming its zone. The browser runs in New York time, so local
// and UTC differ. Settings are shot in both themes at 1280×720.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startCofferHost, test } from './fixtures';
import { goToSection, historyRows, pickFilter } from './history-sandbox';
import { shootInBothThemes } from './screenshots';
import { EXACT_AMOUNT, EXACT_ID, exactAmountsExport } from './exact-amounts-export';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

/** The filter bar back in full view (a row's drawer scrolls the page), then values picked. */
async function filterBy(page: Page, key: 'currencies' | 'types' | 'statuses', labels: string[]): Promise<void> {
  await page.getByTestId('review-verdict').scrollIntoViewIfNeeded();
  await pickFilter(page, key, labels);
}

async function expectExactEverywhere(page: Page, filter: string): Promise<void> {
  const row = page.locator(`[data-testid="history-row"][data-id="${EXACT_ID}"]`);
  await expect(row.getByTestId('history-amount'), `the row under ${filter}`).toHaveText(`−${EXACT_AMOUNT}`);
  await row.click();
  const amount = page.getByTestId('history-drawer').locator('[data-field="Amount"]');
  await expect(amount, `the drawer under ${filter}`).toHaveText(`${EXACT_AMOUNT} LTC`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('history-drawer')).toHaveCount(0);
  // The drawer gives the keyboard back to the table once it has left; a select opened before then
  // would lose it and close again.
  await expect(page.getByTestId('history-scroller')).toBeFocused();
}

test('Review shows 11.1125 LTC exactly under every filter, and Settings change how its times read', async ({ page }) => {
  test.setTimeout(90_000);
  const work = mkdtempSync(join(tmpdir(), 'coffer-e2e-exact-'));
  const reviewer = await startCofferHost(join(work, 'data'), { COFFER_NO_SANDBOX: '1' });
  try {
    await page.goto(reviewer.url);
    await page.getByTestId('open-export-review').click();
    await page.getByTestId('review-file').setInputFiles(await exactAmountsExport());
    await expect(page.getByTestId('review-verdict')).toHaveAttribute('data-kind', 'unknownSigner', { timeout: 20_000 });
    await expect(page.getByTestId('history-table')).toHaveAttribute('data-total', '5');
    await expect(historyRows(page)).toHaveCount(5);
    // The totals have three decimals (money out 11.113): nothing may be taken from them.
    await expect(page.locator('[data-testid="totals-row"][data-currency="LTC"]')).toContainText('11.113');
    await expectExactEverywhere(page, 'no filter');

    await filterBy(page, 'currencies', ['LTC']);
    await expect(historyRows(page)).toHaveCount(4);
    await expectExactEverywhere(page, 'LTC');
    await filterBy(page, 'statuses', ['Completed']);
    await expect(historyRows(page)).toHaveCount(3);
    await expectExactEverywhere(page, 'LTC, completed');
    await filterBy(page, 'types', ['Withdrawal']);
    await expect(historyRows(page)).toHaveCount(2);
    await expectExactEverywhere(page, 'LTC, completed, withdrawals');
    await page.getByTestId('review-verdict').scrollIntoViewIfNeeded();
    await page.getByTestId('filter-direction').getByRole('button', { name: 'Money out', exact: true }).click();
    await expectExactEverywhere(page, 'LTC, completed, withdrawals, money out');

    // Made at 10:00 UTC: ISO in the computer's zone (New York) until Settings say otherwise.
    const created = page.getByTestId('review-manifest').locator('[data-fact="Created"]');
    await expect(created).toHaveText('2025-03-02 05:00:00 EST');
    await expect(page.getByTestId('history-time-heading')).toHaveText('Time (EST)');

    await goToSection(page, 'Settings');
    await page.getByTestId('time-zone-utc').click();
    await expect(page.getByTestId('time-example')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    await page.getByTestId('date-style-local').click();
    await expect(page.getByTestId('time-example')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2} UTC$/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await shootInBothThemes(page, 'settings-display');

    await goToSection(page, 'Review');
    await expect(created).toHaveText('Mar 2, 2025, 10:00:00 UTC');
    await expect(page.getByTestId('history-time-heading')).toHaveText('Time (UTC)');
    // The choice is kept across a reload.
    await page.reload();
    await goToSection(page, 'Settings');
    await expect(page.getByTestId('time-example')).toContainText(' UTC');
    await expect(page.locator('[data-testid="date-style-local"] input')).toBeChecked();
  } finally {
    await reviewer.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
