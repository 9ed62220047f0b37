// Screenshots of the wallet, drawer, withdrawal form, approvals queue, confirmation and audit log,
// light and dark, into test-results/screenshots/ for a person to look at. Each shot first checks
// the screen shows what it should, so a blank or broken screen fails; no console errors allowed.
import { expect, test } from './fixtures';
import { ETH_ADDRESS, SandboxDesk, balanceRow, goTo, openWithdrawal, tab } from './approvals-sandbox';
import { shootInBothThemes } from './screenshots';

// One desk walks through every screen once; each screen is shot in both themes where it stands.
test('wallet, approvals and audit screens in both themes', async ({ page, host }) => {
  const problems: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
  page.on('pageerror', (error) => problems.push(error.message));
  const desk = await SandboxDesk.open(page, host.url);
  await desk.prepareWithdrawal({ currency: 'USDT', amount: '1250', address: ETH_ADDRESS });
  await desk.prepareWithdrawal({ currency: 'BTC', amount: '0.015', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });

  await goTo(page, 'Wallet');
  await expect(balanceRow(page, 'BTC')).toBeVisible();
  await expect(page.getByTestId('holdings-chart').locator('canvas')).toBeVisible();
  await shootInBothThemes(page, 'wallet');

  await balanceRow(page, 'USDT').click();
  await expect(page.getByTestId('deposit-qr').first()).toBeVisible();
  await shootInBothThemes(page, 'wallet-drawer-deposit');
  await tab(page, 'Wallet ↔ Spot').click();
  await page.getByTestId('transfer-amount').locator('input').fill('100');
  await shootInBothThemes(page, 'wallet-drawer-transfer');
  await page.keyboard.press('Escape');

  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill('0xnot-valid');
  await modal.getByTestId('withdraw-amount').locator('input').fill('99999999');
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByText(/^Insufficient funds/)).toBeVisible();
  await shootInBothThemes(page, 'withdraw-errors');
  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await modal.getByTestId('withdraw-amount').locator('input').fill('500');
  await modal.getByTestId('withdraw-comment').locator('textarea').fill('Supplier invoice 2026-114');
  await expect(modal.getByTestId('withdraw-arrives')).toBeVisible();
  await shootInBothThemes(page, 'withdraw-form');
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByTestId('withdraw-confirm')).toBeVisible();
  await shootInBothThemes(page, 'withdraw-confirm');
  await modal.getByTestId('withdraw-submit').click();
  await expect(modal.getByTestId('withdraw-result')).toBeVisible();
  await shootInBothThemes(page, 'withdraw-result');
  await modal.getByTestId('withdraw-open-approvals').click();

  await expect(page.locator('[data-testid="approval-row"][data-state="CREATED"]')).toHaveCount(3);
  await shootInBothThemes(page, 'approvals');
  await page.getByTestId('approval-select-all').click();
  await page.getByTestId('bulk-approve').click();
  await expect(page.getByTestId('approval-confirm')).toBeVisible();
  await page.getByTestId('confirm-last-four').first().locator('input').fill('abcd');
  await shootInBothThemes(page, 'approvals-confirm');
  await page.keyboard.press('Escape');

  const first = page.locator('[data-testid="approval-row"][data-state="CREATED"]').first();
  await first.getByTestId('reject').click();
  const address = await page.getByTestId('confirm-address').first().innerText();
  await page.getByTestId('confirm-last-four').first().locator('input').fill(address.slice(-4));
  await page.getByTestId('confirm-submit').click();
  await expect(page.locator('[data-testid="approval-row"][data-state="ROLLED_BACK"]')).toHaveCount(1);
  await shootInBothThemes(page, 'approvals-after-reject');

  await goTo(page, 'Audit log');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verification')).toBeVisible();
  await shootInBothThemes(page, 'audit');
  expect(problems).toEqual([]); // no console or page errors on any screen, under the host's CSP
});
