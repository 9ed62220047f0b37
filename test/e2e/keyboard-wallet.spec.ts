// The Wallet page by keyboard alone (after the section is opened): a balance row opens its currency
// drawer, the deposit address is copied, a move to spot is reviewed and done, and a withdrawal is
// prepared step by step with the keyboard on the next meaningful control each time, never on
// <body>; every move checked at the sandbox's own balances and transactions.
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, balanceRow, goTo } from './approvals-sandbox';
import { Bank, expectFocusKept, focusedField, keyTab, tabTo } from './transfers-sandbox';

test('wallet by keyboard: a row opens its drawer, the deposit address is copied, a move to spot, a withdrawal prepared', async ({ page, host }) => {
  test.setTimeout(180_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await goTo(page, 'Wallet');
  const row = balanceRow(page, 'USDT');
  await expect(row).toBeVisible();

  // A row takes the keyboard and opens its drawer, named by its currency.
  await tabTo(page, row);
  await expect(row).toHaveAttribute('aria-label', /^USDT Tether/);
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('currency-drawer');
  const address = drawer.getByTestId('deposit-address-text').first();
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByRole('dialog', { name: 'USDT Tether' })).toBeVisible();
  await expectFocusKept(page);

  // The copy button is named and copies the whole address.
  await tabTo(page, drawer.getByRole('button', { name: 'Copy address' }).first());
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await address.innerText());

  // The drawer's tabs by arrows; a move to spot by Enter, reviewed, done, checked at the sandbox.
  await tabTo(page, keyTab(page, 'Deposit'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(keyTab(page, 'Wallet ↔ Spot')).toBeFocused();
  await expect(keyTab(page, 'Wallet ↔ Spot')).toHaveAttribute('aria-selected', 'true');
  const before = await bank.balance('master', 'USDT');
  await tabTo(page, drawer.getByTestId('transfer-amount').locator('input'));
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  const review = page.getByTestId('transfer-review');
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toBeVisible();
  await expect(review.getByTestId('transfer-confirm')).toBeFocused();
  await shootInBothThemes(page, 'wallet-drawer-transfer-review');
  await page.keyboard.press('Enter');
  await expect(review.getByTestId('transfer-done')).toHaveText('Moved 12.5 USDT to spot');
  await expect(review.getByTestId('transfer-done-close')).toBeFocused();
  const moved = await bank.balance('master', 'USDT');
  expect(moved.wallet.toFixed()).toBe(before.wallet.minus('12.5').toFixed());
  expect(moved.spot.toFixed()).toBe(before.spot.plus('12.5').toFixed());
  await page.keyboard.press('Enter');
  await expect(review).toBeHidden();
  await expect(drawer.getByTestId('transfer-amount').locator('input')).toBeFocused(); // back where it was
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(row).toBeFocused();

  // A withdrawal: the drawer's Withdraw…, the first field in error, then review → confirm → result.
  const lastId = await bank.lastId('master');
  await page.keyboard.press('Enter');
  await tabTo(page, drawer.getByTestId('drawer-withdraw'));
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('withdraw-modal');
  await expect(page.getByRole('dialog', { name: 'Prepare a withdrawal' })).toBeVisible();
  await expectFocusKept(page);
  await tabTo(page, modal.getByTestId('withdraw-amount').locator('input'));
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(modal.getByText('Enter the destination address.')).toBeVisible();
  await expect.poll(() => focusedField(page)).toBe('address');
  await page.keyboard.type(ETH_ADDRESS);
  await expect(modal.getByTestId('withdraw-arrives')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Confirm the withdrawal' })).toBeVisible();
  await expect(modal.getByTestId('withdraw-confirm-address')).toHaveText(ETH_ADDRESS);
  await expect(modal.getByTestId('withdraw-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('withdraw-result')).toHaveAttribute('data-state', /.+/);
  await expect(modal.getByTestId('withdraw-open-approvals')).toBeFocused();
  const created = await bank.transactionsSince('master', lastId);
  expect(created.map((tx) => [tx.type, tx.native.currency, new Decimal(tx.native.amount).toFixed()])).toEqual([['WITHDRAW', 'USDT', '20']]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(row).toBeFocused();
});
