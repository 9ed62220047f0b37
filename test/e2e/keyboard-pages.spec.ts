// The read-and-export pages by keyboard alone, on one host against the built-in sandbox: an order
// bought from the best quote (the order is in the sandbox), History's rows walked with the arrows
// and opened with Enter, its export written and signed (the file on disk), a past day's balances
// exported (the file on disk), the audit log exported (the CSV on disk), and the History export
// reviewed (the file chooser opened from the keyboard, the verdict shown). Pages are reached with
// the shell's go keys; every step is a key press, and after every dialog step focus is on a
// control, never on <body>. New states are shot, so axe audits them too.
import { existsSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { SandboxDesk } from './approvals-sandbox';
import { Bank } from './transfers-sandbox';
import { sandboxOrders } from './buycrypto-sandbox';

/** Tab (or Shift+Tab) until `target` has the keyboard; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  const passed: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    passed.push(await page.evaluate(() => {
      const active = document.activeElement;
      return active ? `${active.tagName.toLowerCase()}${active.getAttribute('data-testid') ? `[${active.getAttribute('data-testid')}]` : ''} "${(active.textContent ?? '').trim().slice(0, 20)}"` : 'none';
    }));
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of Tab; focus went through ${passed.join(' → ')}`);
}

/** Focus is on an element, not on the page's body (nor lost with a removed one). */
async function expectFocusOnAControl(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'BODY')).not.toBe('BODY');
}

/** The shell's go keys: g, then the page's letter. */
async function visit(page: Page, key: string, testid: string): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press(key);
  await expect(page.getByTestId(testid)).toBeVisible();
}

/** Opens a select from the keyboard and walks its options with the arrow keys until `label` is
 *  the highlighted one, then picks it with Enter. */
async function pickWithArrows(page: Page, select: Locator, label: string): Promise<void> {
  const menu = page.locator('.n-base-select-menu').filter({ visible: true });
  await tabTo(page, select);
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const pending = menu.locator('.n-base-select-option--pending');
  for (let presses = 0; presses < 80 && !(await pending.innerText().catch(() => '')).startsWith(label); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(pending).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(select).toContainText(label);
}

test('buy, browse and export History, export a day’s balances and the audit log, and review the export, by keyboard alone', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);

  // Buy: the pair and the amount typed, the best quote's Buy pressed, the order created.
  await visit(page, 'b', 'buy-page');
  await pickWithArrows(page, page.getByTestId('buy-source'), 'EUR');
  await pickWithArrows(page, page.getByTestId('buy-target'), 'BTC');
  await tabTo(page, page.getByTestId('buy-amount').locator('input'));
  await page.keyboard.type('100');
  const best = page.locator('[data-testid="quote-row"][data-best="true"]');
  await expect(best).toHaveCount(1);
  await tabTo(page, best.getByTestId('quote-buy'));
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const review = page.getByTestId('buy-review');
  await expect(review).toBeVisible();
  await expectFocusOnAControl(page);
  await tabTo(page, review.getByTestId('buy-confirm'));
  await page.keyboard.press('Enter');
  await (await popup).close();
  await expect(review.getByTestId('buy-done')).toBeVisible();
  await expect(review.getByTestId('buy-close')).toBeFocused();
  const [order] = await sandboxOrders(bank, 1);
  expect(order?.source_amount).toBe('100.00');
  await page.keyboard.press('Enter');
  await expect(review).toHaveCount(0);
  await expectFocusOnAControl(page);

  // History: the rows walked with the arrows, one opened with Enter and closed with Escape.
  await visit(page, 'h', 'history-page');
  await expect(page.getByTestId('sync-strip')).toHaveAttribute('data-phase', 'live', { timeout: 30_000 });
  const scroller = page.getByTestId('history-scroller');
  await tabTo(page, scroller);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = page.locator('[data-testid="history-row"][aria-selected="true"]');
  await expect(chosen).toHaveAttribute('data-index', '1');
  const id = await chosen.getAttribute('data-id');
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer.locator('[data-field="Transaction id"]')).toContainText(id ?? '—');
  await expectFocusOnAControl(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(scroller).toBeFocused();

  // History's export: opened, written and signed, closed, all from the keyboard.
  await tabTo(page, page.getByTestId('open-export'), { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await expectFocusOnAControl(page);
  await tabTo(page, dialog.getByTestId('export-start'));
  await page.keyboard.press('Enter');
  const result = dialog.getByTestId('export-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('export-close')).toBeFocused();
  const written = await result.getByTestId('export-path').innerText();
  const fingerprint = await result.getByTestId('export-fingerprint').getAttribute('data-fingerprint');
  expect(existsSync(written)).toBe(true);
  expect(fingerprint).toMatch(/^([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
  await shootInBothThemes(page, 'history-export-done');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expectFocusOnAControl(page);

  // A past day's balances typed in, exported and signed, from the keyboard.
  await visit(page, 'p', 'portfolio-page');
  const balances = page.getByTestId('balances-on-date');
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  // The day field takes the keyboard as a whole first; Enter puts the caret in its text.
  await tabTo(page, balances.getByTestId('balances-day'), { back: true });
  await page.keyboard.press('Enter');
  await expect(balances.getByTestId('balances-day').locator('input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
  await expect(balances).toHaveAttribute('data-day', day);
  await expect(balances).toHaveAttribute('data-syncing', 'false', { timeout: 20_000 });
  await expect(balances.getByTestId('balances-export')).toBeEnabled();
  await tabTo(page, balances.getByTestId('balances-export'));
  await page.keyboard.press('Enter');
  const balancesDialog = page.getByTestId('balances-export-dialog');
  await expect(balancesDialog).toBeVisible();
  await expectFocusOnAControl(page);
  await tabTo(page, balancesDialog.getByTestId('balances-export-start'));
  await page.keyboard.press('Enter');
  await expect(balancesDialog.getByTestId('balances-export-close')).toBeFocused({ timeout: 20_000 });
  expect(existsSync(await balancesDialog.getByTestId('balances-export-path').innerText())).toBe(true);
  await page.keyboard.press('Enter');
  await expect(balancesDialog).toHaveCount(0);
  await expectFocusOnAControl(page);

  // The audit log exported as CSV from the keyboard, the file holding the order's entry.
  await visit(page, 'u', 'audit-page');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await tabTo(page, page.getByTestId('audit-export'));
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('hash');
  expect(csv).toContain(String(order?.id));

  // The export reviewed: the file chooser opened with Enter, the verdict shown.
  await visit(page, 'r', 'review-page');
  await tabTo(page, page.getByTestId('review-choose'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(written);
  const verdict = page.getByTestId('review-verdict');
  await expect(verdict).toHaveAttribute('data-kind', 'verified', { timeout: 20_000 });
  await expectFocusOnAControl(page);
});
