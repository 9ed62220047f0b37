// Portfolio end to end on the built-in sandbox (its seeded 90 days of history and candles): the
// net worth chart has days to draw and a shorter range draws fewer; one currency's chart and its
// market's candles with volume; today's allocation as a donut, then a treemap, with a table whose
// shares add up to 100 %; the balances at the close of a day 30 days ago equal, currency by
// currency, today's balances taken back through the sandbox's own transactions read over REST;
// that day exported, the file verified and signed by the key the result names. Screenshots of the
// whole page, light and dark, before the export.
import { existsSync } from 'node:fs';
import Decimal from '../../preload/contract/decimal';
import { verifyExport } from '../../main/core/exports/verify';
import { expect, test } from './fixtures';
import { SandboxDesk } from './approvals-sandbox';
import { HoldingsReader } from './portfolio-sandbox';
import { shootInBothThemes } from './screenshots';

const number = async (locator: import('@playwright/test').Locator, name: string) => Number((await locator.getAttribute(name)) ?? 'NaN');

test('portfolio: net worth by range, a currency and its candles, allocation, a past day’s balances equal to the history, exported signed', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const reader = await HoldingsReader.open(desk);
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Portfolio', { exact: true }).click();
  await expect(page.getByTestId('portfolio-page')).toBeVisible();

  // Net worth: from the first of the sandbox's ninety days of history, drawn on a canvas; one week draws at most eight days.
  const netWorth = page.getByTestId('net-worth');
  await expect(netWorth).toHaveAttribute('data-range', 'All');
  await expect.poll(() => number(netWorth, 'data-points'), { timeout: 15_000 }).toBeGreaterThanOrEqual(85);
  await expect(netWorth.locator('canvas')).toBeVisible();
  await netWorth.getByRole('button', { name: '1W' }).click();
  await expect(netWorth).toHaveAttribute('data-range', '1W');
  const week = await number(netWorth, 'data-points');
  expect(week).toBeGreaterThan(0);
  expect(week).toBeLessThanOrEqual(8);

  // One currency's amount and value, and its market's candles with their volume.
  const currency = page.getByTestId('currency-chart');
  await expect.poll(() => number(currency, 'data-points')).toBeGreaterThan(0);
  await expect(currency.locator('canvas')).toBeVisible();
  const candles = page.getByTestId('candles-chart');
  await expect.poll(() => number(candles, 'data-candles'), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await number(candles, 'data-volume')).toBe(await number(candles, 'data-candles'));
  await expect(candles).toHaveAttribute('data-symbol', /\w+/);
  await expect(candles.locator('canvas')).toBeVisible();

  // Allocation: a donut, then a treemap, and the table's shares adding up to exactly 100 %.
  const allocation = page.getByTestId('allocation');
  await expect.poll(() => number(allocation, 'data-slices')).toBeGreaterThan(1);
  await expect(allocation.locator('canvas')).toBeVisible();
  await allocation.getByText('Treemap', { exact: true }).click();
  await expect(allocation).toHaveAttribute('data-shape', 'treemap');
  const shares = await allocation.getByTestId('allocation-row').locator('td:last-child').allInnerTexts();
  const sum = shares.filter((text) => text.endsWith('%')).reduce((total, text) => total.plus(text.replace(' %', '')), new Decimal(0));
  expect(sum.toFixed(2)).toBe('100.00');

  // The balances at the close of a day 30 days ago, against the sandbox's own record.
  const day = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const balances = page.getByTestId('balances-on-date');
  const dayField = balances.getByTestId('balances-day').locator('input');
  await dayField.fill(day);
  await dayField.press('Enter');
  await expect(balances).toHaveAttribute('data-day', day);
  await expect(balances).toHaveAttribute('data-syncing', 'false', { timeout: 10_000 });
  const rows = balances.getByTestId('balances-row');
  await expect.poll(() => rows.count()).toBeGreaterThan(2);
  const expected = await reader.atClose(`${day}T23:59:59.999Z`);
  const shown = await rows.evaluateAll((elements) => elements.map((row) => ({ code: row.getAttribute('data-currency') ?? '', amount: row.getAttribute('data-amount') ?? '' })));
  for (const { code, amount } of shown) expect({ code, amount: new Decimal(amount).toFixed() }).toEqual({ code, amount: (expected.get(code) ?? new Decimal(0)).toFixed() });
  const held = [...expected].filter(([, amount]) => !amount.isZero()).map(([code]) => code);
  expect(shown.map((row) => row.code).sort()).toEqual(held.sort());

  // The whole page at once, all of the past drawn, before the export's dialog covers it.
  await netWorth.getByRole('button', { name: 'All' }).click();
  await expect.poll(() => number(netWorth, 'data-points')).toBeGreaterThanOrEqual(85);
  await page.setViewportSize({ width: 1280, height: 2100 });
  await shootInBothThemes(page, 'portfolio');

  // Exported: the file exists, every byte checks out, and the signer is the key the result names.
  await balances.getByTestId('balances-export').click();
  const dialog = page.getByTestId('balances-export-dialog');
  await dialog.getByTestId('balances-export-start').click();
  const path = await dialog.getByTestId('balances-export-path').innerText({ timeout: 10_000 });
  expect(existsSync(path)).toBe(true);
  const fingerprint = await dialog.getByTestId('balances-export-fingerprint').getAttribute('data-fingerprint');
  const verification = await verifyExport(path, []);
  expect(verification.problems.filter((problem) => problem.kind !== 'unknownKey')).toEqual([]);
  expect(verification.intact).toBe(true);
  expect(verification.signer?.fingerprint).toBe(fingerprint);
});
