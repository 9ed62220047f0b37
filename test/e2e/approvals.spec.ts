/// <reference lib="dom" />
// Withdrawal approvals end to end: the real web host, its built-in sandbox over real sockets, real Chromium.
// Prepare → queue with countdown → approve → PENDING → SUCCESS (sandbox clock); reject →
// ROLLED_BACK with the balance restored; the waiting count in the window's title and the
// completion told on the desktop; a withdrawal from "another desktop" appears and expires
// after 61 sandbox minutes; bad input shows clear errors and sends nothing.
import Decimal from '../../preload/contract/decimal';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ETH_ADDRESS, SandboxDesk, approvalRow, goTo, openWithdrawal, recordSentOps } from './approvals-sandbox';
import { confirmWithLastFour, prepareInUi } from './approval-steps';

const HOUR_MS = 60 * 60 * 1000;

function state(row: Locator): Promise<string | null> {
  return row.getAttribute('data-state');
}

/** Records every notification the page raises (the real constructor, watched), once permission is granted. */
async function watchNotifications(page: Page, context: BrowserContext): Promise<() => Promise<string[]>> {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: string[] = [];
    const real = window.Notification;
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    window.Notification = new Proxy(real, {
      construct(target, args: [string, NotificationOptions?]) {
        shown.push(`${args[0]} | ${args[1]?.body ?? ''}`);
        return Reflect.construct(target, args) as object;
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
}

test('prepare → queue with countdown → approve → PENDING, then SUCCESS as the sandbox clock advances', async ({ page, host, context }) => {
  const shown = await watchNotifications(page, context);
  const desk = await SandboxDesk.open(page, host.url);
  const id = await prepareInUi(page, '150');
  expect(id).not.toBe('');
  const row = approvalRow(page, id);
  await expect(page).toHaveTitle(/^\(1\) .* — Coffer$/); // the waiting count, in the tab and the taskbar
  await expect(row.getByTestId('approval-amount')).toHaveText('150.000000 USDT');
  await expect(row.getByTestId('approval-address')).toHaveText(ETH_ADDRESS);
  await expect(row.getByTestId('approval-countdown')).toHaveText(/^(59|60|1:00):\d\d left$|^\d+:\d\d:\d\d left$/);
  const before = await row.getByTestId('approval-countdown').innerText();
  await expect(row.getByTestId('approval-countdown')).not.toHaveText(before, { timeout: 3000 }); // it ticks

  await row.getByTestId('approve').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await expect(row).toHaveAttribute('data-state', 'PENDING');
  expect((await desk.transaction(id)).status).toBe('PENDING');
  await expect(page).toHaveTitle(/^Approvals — Coffer$/);

  await desk.advanceClock(HOUR_MS); // far past the network's confirmations
  await expect(row).toHaveAttribute('data-state', 'SUCCESS', { timeout: 15_000 });
  await expect(row.getByTestId('approval-state')).toHaveText('Completed');
  await expect.poll(shown).toHaveLength(1);
  expect((await shown())[0]).toMatch(new RegExp(`^Withdrawal completed \\| 150(\\.0+)? USDT to the address ending ${ETH_ADDRESS.slice(-4)} \\(transaction ${id}\\)\\.$`));
});

test('reject → ROLLED_BACK and the wallet balance is restored', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const before = await desk.walletAvailable('USDT');
  const id = await prepareInUi(page, '200');
  const held = await desk.walletAvailable('USDT');
  expect(new Decimal(before).minus(held).greaterThanOrEqualTo(200)).toBe(true); // amount + fee reserved

  const row = approvalRow(page, id);
  await row.getByTestId('reject').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await expect(row).toHaveAttribute('data-state', 'ROLLED_BACK');
  expect(await desk.walletAvailable('USDT')).toBe(before);

  await row.getByTestId('prepare-again').click(); // a rejected one can be prepared again, fields copied
  const modal = page.getByTestId('withdraw-modal');
  await expect(modal.getByTestId('withdraw-address').locator('input')).toHaveValue(ETH_ADDRESS);
  await expect(modal.getByTestId('withdraw-amount').locator('input')).toHaveValue('200');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await goTo(page, 'Wallet');
  await page.locator('[data-testid="balance-row"][data-currency="USDT"]').click();
  const shown = await page.getByTestId('drawer-wallet-available').innerText();
  expect(shown.replace(/[, ]|USDT/g, '')).toBe(new Decimal(before).toFixed(6));
});

test('a withdrawal prepared on another desktop appears, and 61 sandbox minutes later shows as rolled back by the service', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Approvals');
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  const id = await desk.prepareWithdrawal({ currency: 'USDT', amount: '75', address: ETH_ADDRESS });
  const row = approvalRow(page, id);
  await expect(row).toHaveAttribute('data-state', 'CREATED', { timeout: 15_000 });
  await expect(row).toContainText('prepared by another desktop or key');
  await expect(row.getByTestId('approval-countdown')).toBeVisible();

  await desk.advanceClock(61 * 60 * 1000);
  await expect(row).toHaveAttribute('data-state', 'EXPIRED', { timeout: 15_000 });
  await expect(row.getByTestId('approval-state')).toHaveText('Rolled back — expired');
  await expect(row.getByTestId('approve')).toHaveCount(0);
  expect(await state(row)).toBe('EXPIRED');
});

test('insufficient funds and a malformed address show clear errors on their fields and send nothing', async ({ page, host }) => {
  const sent = recordSentOps(page); // before the page opens its socket
  const desk = await SandboxDesk.open(page, host.url);
  const before = await desk.walletAvailable('USDT');
  const onSpot = await desk.spotAvailable('USDT');
  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill('0x1234-not-an-address');
  await expect(modal.getByText('This is not a valid Ethereum (ERC20) address.')).toBeVisible(); // as the user types
  await modal.getByTestId('withdraw-amount').locator('input').fill(new Decimal(before).plus(onSpot).plus(1).toFixed());
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByText(/^Insufficient funds: more than the wallet and spot hold together/)).toBeVisible();
  await expect(modal.getByTestId('withdraw-confirm')).toHaveCount(0);

  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await expect(modal.getByText('This is not a valid Ethereum (ERC20) address.')).toHaveCount(0);
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByTestId('withdraw-confirm')).toHaveCount(0);
  expect(sent).toContain('getWalletOverview'); // the recorder sees the page's calls…
  expect(sent).not.toContain('prepareWithdrawal'); // …and no prepare among them
  expect(await desk.walletAvailable('USDT')).toBe(before);
});

test('an unanswered prepare shows "uncertain — checking", offers nothing to resend, and settles from the service', async ({ page, host }) => {
  test.setTimeout(120_000);
  const sent = recordSentOps(page);
  const desk = await SandboxDesk.open(page, host.url);
  await desk.fault('POST', '/api/3/wallet/crypto/withdraw', 504);
  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await modal.getByTestId('withdraw-amount').locator('input').fill('40');
  await modal.getByTestId('withdraw-review').click();
  await modal.getByTestId('withdraw-submit').click();
  const result = modal.getByTestId('withdraw-result');
  await expect(result).toHaveAttribute('data-state', 'UNCERTAIN');
  await expect(result).toContainText('Uncertain — checking');
  await expect(modal.getByTestId('withdraw-submit')).toHaveCount(0); // no way to send it again from here
  expect(sent.filter((op) => op === 'prepareWithdrawal')).toHaveLength(1);

  await modal.getByTestId('withdraw-open-approvals').click();
  const row = page.locator('[data-testid="approval-row"][data-state="UNCERTAIN"], [data-testid="approval-row"][data-state="REFUSED"]').first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('approve')).toHaveCount(0);
  await expect(row.getByTestId('reject')).toHaveCount(0);
  // The 504 came before the sandbox handled it: after its grace period (30 s) the reconciler
  // proves nothing was created, and the row says so live.
  await expect(row).toHaveAttribute('data-state', 'REFUSED', { timeout: 75_000 });
  expect(sent.filter((op) => op === 'prepareWithdrawal')).toHaveLength(1);
});

test('closing the app mid-approval and opening it again shows the true state', async ({ page, host }) => {
  await SandboxDesk.open(page, host.url);
  const id = await prepareInUi(page, '60');
  await host.restart();
  const desk = await SandboxDesk.open(page, host.url); // the sandbox listens on a new port now
  await goTo(page, 'Approvals');
  const row = approvalRow(page, id);
  await expect(row).toHaveAttribute('data-state', 'CREATED');
  await expect(row).toContainText('prepared by'); // this desktop's own record survived the restart
  await expect(row.getByTestId('approval-countdown')).toBeVisible();
  expect((await desk.transaction(id)).status).toBe('CREATED');
});

test('bulk approve: two selected withdrawals, each confirmed by its last four, both move to PENDING', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const first = await desk.prepareWithdrawal({ currency: 'USDT', amount: '11', address: ETH_ADDRESS });
  const second = await desk.prepareWithdrawal({ currency: 'USDT', amount: '12', address: ETH_ADDRESS });
  await goTo(page, 'Approvals');
  await approvalRow(page, first).getByTestId('approval-select').click();
  await approvalRow(page, second).getByTestId('approval-select').click();
  await page.getByTestId('bulk-approve').click();
  const dialog = page.getByTestId('approval-confirm');
  await expect(dialog.getByTestId('confirm-item')).toHaveCount(2);
  const inputs = dialog.getByTestId('confirm-last-four');
  await inputs.nth(0).locator('input').fill(ETH_ADDRESS.slice(-4));
  await expect(dialog.getByTestId('confirm-submit')).toBeDisabled(); // every address must be confirmed
  await inputs.nth(1).locator('input').fill(ETH_ADDRESS.slice(-4));
  await dialog.getByTestId('confirm-submit').click();
  await expect(approvalRow(page, first)).toHaveAttribute('data-state', 'PENDING');
  await expect(approvalRow(page, second)).toHaveAttribute('data-state', 'PENDING');
  expect((await desk.transaction(first)).status).toBe('PENDING');
});

test('ten minutes before its deadline a waiting withdrawal raises a desktop notification', async ({ page, host, context }) => {
  test.setTimeout(120_000);
  const shown = await watchNotifications(page, context);
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Approvals');
  const id = await desk.prepareWithdrawal({ currency: 'USDT', amount: '33', address: ETH_ADDRESS });
  const row = approvalRow(page, id);
  await expect(row).toHaveAttribute('data-state', 'CREATED', { timeout: 15_000 });
  expect(await shown()).toEqual([]);

  await desk.advanceClock(51 * 60 * 1000);
  await page.getByTestId('approvals-refresh').click(); // a read that tells main the service's time
  // The countdown runs on the service's clock: nine-odd minutes left, marked urgent.
  const countdown = row.getByTestId('approval-countdown');
  await expect(countdown).toContainText(/^\s*[89]:\d\d/);
  await expect(countdown).toHaveAttribute('data-urgent', 'true');
  await expect.poll(shown, { timeout: 60_000 }).toHaveLength(1);
  const [notice] = await shown();
  expect(notice).toMatch(/^Withdrawal expires in [1-9] minutes? \| 33(\.0+)? USDT to 0x52908400098527886E0F7030069857D2E4169EE7/);
  await expect(row).toHaveAttribute('data-state', 'CREATED'); // still waiting: nothing was sent
});
