// The Sub-accounts page by keyboard alone: a row selected with Space, frozen then activated, its
// deposit-address permission switched off, two accounts swept into the master, and a transfer
// from the master made in an account's drawer reached with Enter and its arrow-key tabs; each
// outcome read at the sandbox's own API, and after every dialog step focus is on the control its
// user needs next, never on <body>. The page is reached with its go keys (g, s) and `/` puts the
// keyboard in its search field.
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { SandboxDesk } from './approvals-sandbox';
import { expectFocusKept, tabTo } from './approval-steps';
import { shootInBothThemes } from './screenshots';
import { listedId, masterWallet, serviceAcl, serviceSubAccounts, subAccountRow, subWallet } from './subaccounts-sandbox';
import { Bank, input } from './transfers-sandbox';

test('freeze then activate, an ACL change, a sweep and a drawer transfer, by keyboard, each read back at the sandbox', async ({ page, host }) => {
  test.setTimeout(120_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const listed = await serviceSubAccounts(bank);
  const [alpha, beta] = [listedId(listed, 'sub-alpha'), listedId(listed, 'sub-beta')];
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.getByTestId('subaccounts-page')).toBeVisible();
  // The search field stands once the list has been read; the totals are read after it.
  await expect(page.getByTestId('subaccounts-search')).toBeVisible();
  await expect(page.getByTestId('totals-progress')).toBeHidden({ timeout: 15_000 });
  await page.keyboard.press('/');
  await expect(page.getByTestId('subaccounts-search').locator('input')).toBeFocused();
  const betaRow = subAccountRow(page, 'sub-beta@sandbox.test');

  // A row takes focus, is described by its keys, and Space selects it through its named checkbox.
  await tabTo(page, betaRow, { max: 80 });
  await expect(betaRow).toHaveAccessibleDescription('Enter opens the account, Space selects it.');
  await page.keyboard.press('Space');
  const betaBox = betaRow.getByRole('checkbox', { name: 'Select sub-beta@sandbox.test' });
  await expect(betaBox).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('selection-count')).toHaveText('1 sub-account selected');

  // Freeze: the dialog opens on its confirm button, and its outcome on Close.
  await tabTo(page, page.getByTestId('action-freeze'), { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const freeze = page.getByTestId('freeze-dialog');
  await expect(freeze).toHaveAccessibleName('Freeze 1 sub-account?');
  await expect(freeze.getByTestId('status-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(freeze.getByTestId('status-close')).toBeFocused();
  await expect(freeze).toHaveAccessibleName('Freeze: outcome per account');
  expect((await serviceSubAccounts(bank)).get('sub-beta@sandbox.test')?.status).toBe('frozen');
  await page.keyboard.press('Enter');
  await expect(freeze).toBeHidden();
  // Freeze… is off now (the selection is frozen): focus goes to the selected row instead.
  await expect(betaRow).toBeFocused();

  // Activate it again.
  await tabTo(page, page.getByTestId('action-activate'), { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const activate = page.getByTestId('activate-dialog');
  await expect(activate).toHaveAccessibleName('Activate 1 sub-account?');
  await expect(activate.getByTestId('status-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(activate.getByTestId('status-close')).toBeFocused();
  expect((await serviceSubAccounts(bank)).get('sub-beta@sandbox.test')?.status).toBe('active');
  await page.keyboard.press('Enter');
  await expect(activate).toBeHidden();
  await expectFocusKept(page);
  await expect(betaRow).toHaveAttribute('data-status', 'active');

  // Permissions: deposit-address generation off, chosen with the arrow keys of its radio group.
  await tabTo(page, page.getByTestId('action-acl'), { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const acl = page.getByTestId('acl-dialog');
  await expect(acl).toHaveAccessibleName('Edit permissions of 1 sub-account');
  await expect(acl.getByRole('radiogroup', { name: 'Withdrawals' }).getByRole('radio', { name: 'Keep as is' })).toBeFocused();
  await page.keyboard.press('Tab');
  const deposit = acl.getByRole('radiogroup', { name: 'Deposit-address generation' });
  await expect(deposit.getByRole('radio', { name: 'Keep as is' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(deposit.getByRole('radio', { name: 'Off' })).toBeChecked();
  await tabTo(page, acl.getByTestId('acl-apply'));
  await page.keyboard.press('Enter');
  await expect(acl.getByTestId('acl-close')).toBeFocused();
  await expect(acl).toHaveAccessibleName('Permissions: outcome per account');
  const [aclRead] = await serviceAcl(bank, [beta]);
  expect([aclRead?.withdraw_enabled, aclRead?.deposit_address_generation_enabled]).toEqual([true, false]);
  await page.keyboard.press('Enter');
  await expect(acl).toBeHidden();
  await expectFocusKept(page);

  // Sweep alpha and beta into the master, keeping 10 USDT on each.
  const alphaRow = subAccountRow(page, 'sub-alpha@sandbox.test');
  await tabTo(page, alphaRow, { max: 80 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-count')).toHaveText('2 sub-accounts selected');
  const before = [await subWallet(bank, alpha, 'USDT'), await subWallet(bank, beta, 'USDT')];
  const masterBefore = await masterWallet(bank, 'USDT');
  await tabTo(page, page.getByTestId('action-sweep'), { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const sweep = page.getByTestId('sweep-dialog');
  await expect(sweep).toHaveAccessibleName('Sweep 2 sub-accounts');
  await expect(sweep.getByRole('radio', { name: 'Collect into the master' })).toBeFocused();
  await tabTo(page, sweep.getByTestId('sweep-currency'), { within: true });
  await page.keyboard.type('USDT'); // typing on the closed field opens it with the text as filter
  await page.keyboard.press('Enter');
  await expect(sweep.getByTestId('sweep-currency')).toContainText('USDT — Tether');
  await tabTo(page, input(sweep, 'sweep-amount'));
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(sweep).toHaveAttribute('data-phase', 'preview');
  await expect(sweep.getByTestId('sweep-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sweep).toHaveAttribute('data-phase', 'finished', { timeout: 20_000 });
  await expect(sweep.getByTestId('sweep-close')).toBeFocused();
  expect([(await subWallet(bank, alpha, 'USDT')).toFixed(), (await subWallet(bank, beta, 'USDT')).toFixed()]).toEqual(['10', '10']);
  const swept = before.reduce((sum, balance) => sum.plus(balance.minus(10)), new Decimal(0));
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.plus(swept).toFixed());
  await page.keyboard.press('Enter');
  await expect(sweep).toBeHidden();
  await expectFocusKept(page);

  // A transfer in alpha's drawer: Enter opens it, the arrows pick its Transfer tab.
  await tabTo(page, alphaRow, { max: 80 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'sub-alpha@sandbox.test' });
  await expect(drawer).toBeVisible();
  await tabTo(page, drawer.getByRole('tab', { name: 'Balances' }));
  await page.keyboard.press('ArrowRight');
  await expect(drawer.getByRole('tab', { name: 'Transfer', exact: true })).toBeFocused();
  await expect(drawer.getByRole('tab', { name: 'Transfer', exact: true })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, drawer.getByTestId('sub-transfer-currency'), { within: true });
  await page.keyboard.type('USDT'); // typing on the closed field opens it with the text as filter
  await page.keyboard.press('Enter');
  await expect(drawer.getByTestId('sub-transfer-currency')).toContainText('USDT — Tether');
  await tabTo(page, input(drawer, 'sub-transfer-amount'));
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  const review = page.getByTestId('sub-review-modal');
  await expect(review).toHaveAccessibleName('Review the transfer');
  await expect(review.getByTestId('sub-review-send')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(review.getByTestId('sub-review-close')).toBeFocused();
  await expect(review).toHaveAccessibleName('Transfer done');
  await shootInBothThemes(page, 'subaccounts-transfer-done');
  expect((await subWallet(bank, alpha, 'USDT')).toFixed()).toBe('15');
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.plus(swept).minus(5).toFixed());
  await page.keyboard.press('Enter');
  await expect(review).toBeHidden();
  await expectFocusKept(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(alphaRow).toBeFocused();
});
