// The Sub-accounts page against the built-in sandbox: freezing several at once with one already
// frozen (each account's own outcome), a disabled one refused activation and told why, a
// permission change read back from the sandbox's own API, transfers both ways from the drawer
// checked at the sandbox's balances, a sweep over five accounts with one failure injected, and 50
// sub-accounts whose balances load with their progress and no 429 counted at the sandbox.
// Screenshots of the page, the drawer and each dialog, light and dark.
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { SandboxDesk, goTo, tab } from './approvals-sandbox';
import { Bank, choose, goToTransfers, input, shown } from './transfers-sandbox';
import {
  addSubAccounts, goToSubAccounts, listedId, masterWallet, outcomes, replyCounts, resetReplyCounts, selectRows, serviceAcl, serviceSubAccounts,
  subAccountRow, subWallet, watchText,
} from './subaccounts-sandbox';

const SEEDED = 12;

test('freeze several with one already frozen, a disabled one refused activation, permissions changed and read back at the sandbox', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  await goToSubAccounts(page);
  await expect(page.getByTestId('subaccount-row')).toHaveCount(SEEDED);
  await expect(page.getByTestId('totals-progress')).toBeHidden({ timeout: 15_000 });
  await expect(subAccountRow(page, 'sub-gamma@sandbox.test')).toHaveAttribute('data-status', 'disabled');

  // Freeze two active ones and one already frozen: each says what happened to it.
  await selectRows(page, ['sub-beta@sandbox.test', 'sub-eta@sandbox.test', 'sub-epsilon@sandbox.test']);
  await page.getByTestId('action-freeze').click();
  const freeze = page.getByTestId('freeze-dialog');
  await expect(freeze.getByTestId('freeze-effects')).toContainText('Its API keys stop working');
  await expect(freeze.getByTestId('status-confirm')).toHaveText('Freeze 3 sub-accounts');
  await shootInBothThemes(page, 'subaccounts-freeze-confirm');
  await freeze.getByTestId('status-confirm').click();
  await expect(freeze.getByTestId('status-result')).toHaveCount(3);
  expect(await outcomes(freeze.getByTestId('status-result'))).toEqual({
    'sub-beta@sandbox.test': 'done', 'sub-eta@sandbox.test': 'done', 'sub-epsilon@sandbox.test': 'alreadyBlocked',
  });
  await expect(freeze.locator('[data-outcome="alreadyBlocked"]')).toContainText('Already frozen');
  await freeze.getByTestId('status-close').click();
  const listed = await serviceSubAccounts(bank);
  expect(['sub-beta', 'sub-eta', 'sub-epsilon'].map((name) => listed.get(`${name}@sandbox.test`)?.status)).toEqual(['frozen', 'frozen', 'frozen']);
  await expect(subAccountRow(page, 'sub-beta@sandbox.test')).toHaveAttribute('data-status', 'frozen');

  // Activate a disabled one and a frozen one: the disabled one is refused, and says why.
  await selectRows(page, ['sub-gamma@sandbox.test', 'sub-beta@sandbox.test']);
  await page.getByTestId('action-activate').click();
  const activate = page.getByTestId('activate-dialog');
  await expect(activate.getByTestId('status-planned-row').filter({ hasText: 'sub-gamma' })).toContainText('Cannot be activated: the service disabled it');
  await activate.getByTestId('status-confirm').click();
  await expect(activate.getByTestId('status-result')).toHaveCount(2);
  expect(await outcomes(activate.getByTestId('status-result'))).toEqual({ 'sub-gamma@sandbox.test': 'cannotActivate', 'sub-beta@sandbox.test': 'done' });
  await expect(activate.locator('[data-outcome="cannotActivate"]')).toContainText('the service disabled it');
  await shootInBothThemes(page, 'subaccounts-activate-results');
  await activate.getByTestId('status-close').click();
  expect((await serviceSubAccounts(bank)).get('sub-gamma@sandbox.test')?.status).toBe('disable');

  // Permissions: withdrawals off and a new description for two; a frozen one cannot be edited.
  await selectRows(page, ['sub-alpha@sandbox.test', 'sub-delta@sandbox.test', 'sub-theta@sandbox.test']);
  await page.getByTestId('action-acl').click();
  const acl = page.getByTestId('acl-dialog');
  await expect(acl.getByTestId('acl-apply')).toBeDisabled();
  await acl.getByTestId('acl-withdraw-off').click();
  await acl.getByTestId('acl-description-set').click();
  await input(acl, 'acl-description').fill('Payroll desk');
  await expect(acl.getByTestId('acl-preview-row')).toHaveCount(2);
  await expect(acl.getByTestId('acl-preview-row').first()).toContainText('On → Off');
  await expect(acl.getByTestId('acl-blocked-row')).toContainText('sub-theta@sandbox.test');
  await expect(acl.getByTestId('acl-blocked-row')).toContainText('Frozen');
  await shootInBothThemes(page, 'subaccounts-acl-preview');
  await acl.getByTestId('acl-apply').click();
  await expect(acl.getByTestId('acl-result')).toHaveCount(2);
  expect(await outcomes(acl.getByTestId('acl-result'))).toEqual({ 'sub-alpha@sandbox.test': 'done', 'sub-delta@sandbox.test': 'done' });
  const ids = ['sub-alpha', 'sub-delta'].map((name) => listedId(listed, name));
  const read = await serviceAcl(bank, ids);
  expect(read.map((one) => [one.withdraw_enabled, one.deposit_address_generation_enabled, one.description])).toEqual([
    [false, true, 'Payroll desk'],
    [false, true, 'Payroll desk'],
  ]);
  await acl.getByTestId('acl-close').click();
  await expect(subAccountRow(page, 'sub-alpha@sandbox.test')).toContainText('Payroll desk');

  // Each change is in the audit log, before and after, in words.
  await goTo(page, 'Audit log');
  const freezes = page.locator('[data-testid="audit-row"][data-action="subAccountFreeze"]');
  await expect(freezes).toHaveCount(6);
  await expect(freezes.first()).toContainText('Freeze sub-account');
  await expect(page.locator('[data-testid="audit-row"][data-action="subAccountAcl"]').first()).toContainText('Sub-account permissions');
});

test('the drawer: transfers both ways with max, reviewed, checked at the sandbox and listed; deposit address; a frozen account offers no send', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const beta = listedId(await serviceSubAccounts(bank), 'sub-beta');
  const [masterBefore, betaBefore] = [await masterWallet(bank, 'USDT'), await subWallet(bank, beta, 'USDT')];
  await goToSubAccounts(page);
  await subAccountRow(page, 'sub-beta@sandbox.test').getByText('sub-beta@sandbox.test').click();
  const drawer = page.getByTestId('subaccount-drawer');
  await expect(drawer.locator('[data-testid="sub-balance-row"][data-currency="USDT"]').getByTestId('sub-balance-wallet')).toHaveText(shown(betaBefore, 6, '').trim());
  // Values are computed from rates: each in USDT's two decimals, never the division's long tail.
  const values = await drawer.getByTestId('sub-balance-value').allInnerTexts();
  expect(values.length).toBeGreaterThan(1);
  for (const value of values) expect(value).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await shootInBothThemes(page, 'subaccounts-drawer');

  // Master → sub-account: reviewed in words, then checked at the sandbox.
  await drawer.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await choose(page, 'sub-transfer-currency', 'USDT — Tether');
  await expect(drawer.getByTestId('sub-transfer-master-available')).toHaveText(shown(masterBefore, 6, 'USDT'));
  await input(drawer, 'sub-transfer-amount').fill('150');
  await input(drawer, 'sub-transfer-amount').press('Enter');
  const review = page.getByTestId('sub-review-modal');
  await expect(review.getByTestId('sub-review-amount')).toHaveText('150.000000 USDT');
  await expect(review.getByTestId('sub-review-from')).toHaveText('Master account’s wallet');
  await expect(review.getByTestId('sub-review-to')).toHaveText('sub-beta@sandbox.test’s wallet');
  await shootInBothThemes(page, 'subaccounts-drawer-review');
  await review.getByTestId('sub-review-send').click();
  await expect(review.getByTestId('sub-review-done')).toHaveText('Moved 150 USDT to sub-beta@sandbox.test');
  await review.getByTestId('sub-review-close').click();
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.minus(150).toFixed());
  expect((await subWallet(bank, beta, 'USDT')).toFixed()).toBe(betaBefore.plus(150).toFixed());

  // Sub-account → master, everything it holds (Max), read fresh after the first move.
  const betaNow = betaBefore.plus(150);
  await drawer.getByTestId('sub-direction-fromSub').click();
  await expect(drawer.getByTestId('sub-transfer-sub-available')).toHaveText(shown(betaNow, 6, 'USDT'));
  await drawer.getByTestId('sub-transfer-amount-max').click();
  await drawer.getByTestId('sub-transfer-review').click();
  await expect(review.getByTestId('sub-review-amount')).toHaveText(shown(betaNow, 6, 'USDT'));
  await expect(review.getByTestId('sub-review-from')).toHaveText('sub-beta@sandbox.test’s wallet');
  await review.getByTestId('sub-review-send').click();
  await expect(review.getByTestId('sub-review-done')).toHaveText(`Moved ${betaNow.toFixed()} USDT from sub-beta@sandbox.test to the master account`);
  await review.getByTestId('sub-review-close').click();
  expect((await subWallet(bank, beta, 'USDT')).toFixed()).toBe('0');
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.plus(betaBefore).toFixed());

  // Both are in the transfers Coffer sent with it; the deposit address with its QR code.
  await tab(page, 'Transfers from Coffer').click();
  await expect(drawer.getByTestId('sub-history-row')).toHaveCount(2);
  await expect(drawer.getByTestId('sub-history-row').first()).toContainText('Sub-account → master');
  await tab(page, 'Deposit address').click();
  await choose(page, 'sub-deposit-currency', 'USDT — Tether');
  await expect(drawer.getByTestId('deposit-qr')).toBeVisible();
  await expect(drawer.getByTestId('deposit-address-text')).not.toBeEmpty();
  await page.keyboard.press('Escape');
  await expect(page.locator('.n-drawer')).toHaveCount(0); // gone, its focus handed back
  await expect(subAccountRow(page, 'sub-beta@sandbox.test')).toBeFocused(); // the keyboard is back where it was

  // A frozen account, opened from the keyboard: transfers refused, nothing to send.
  await subAccountRow(page, 'sub-epsilon@sandbox.test').focus();
  await page.keyboard.press('Enter');
  await expect(drawer).toHaveAttribute('data-id', listedId(await serviceSubAccounts(bank), 'sub-epsilon'));
  await drawer.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await expect(drawer.getByTestId('sub-transfer-blocked')).toContainText('frozen');
  await expect(drawer.getByTestId('sub-transfer-review')).toHaveCount(0);
  await shootInBothThemes(page, 'subaccounts-drawer-frozen');
  await page.keyboard.press('Escape');

  // The Transfers page offers the same form with the account chosen there.
  await goToTransfers(page);
  await tab(page, 'Sub-account').click();
  await choose(page, 'sub-transfer-account', `sub-alpha@sandbox.test · ${listedId(await serviceSubAccounts(bank), 'sub-alpha')}`);
  await expect(page.getByTestId('transfer-tab-sub-account').getByTestId('sub-transfer-direction')).toBeVisible();
});

test('a sweep over five accounts previewed, then sent with one failure injected: the others done, the failed one listed', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const names = ['sub-alpha', 'sub-beta', 'sub-delta', 'sub-eta', 'sub-mu'];
  const listed = await serviceSubAccounts(bank);
  const ids = names.map((name) => listedId(listed, name));
  const before = await Promise.all(ids.map((id) => subWallet(bank, id, 'USDT')));
  const masterBefore = await masterWallet(bank, 'USDT');
  await goToSubAccounts(page);
  await selectRows(page, [...names, 'sub-theta'].map((name) => `${name}@sandbox.test`));
  await page.getByTestId('action-sweep').click();
  const sweep = page.getByTestId('sweep-dialog');
  await choose(page, 'sweep-currency', 'USDT — Tether');
  await input(sweep, 'sweep-amount').fill('10');
  await shootInBothThemes(page, 'subaccounts-sweep-form');
  await sweep.getByTestId('sweep-preview-open').click();
  await expect(sweep).toHaveAttribute('data-phase', 'preview');
  const amounts = before.map((balance) => balance.minus(10));
  const total = amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
  await expect(sweep.getByTestId('sweep-total')).toHaveText(shown(total, 6, 'USDT'));
  await expect(sweep.locator('[data-testid="sweep-preview-row"].not-sent')).toContainText('frozen');
  await expect(sweep.getByTestId('sweep-confirm')).toHaveText(`Send 5 transfers (${shown(total, 6, 'USDT')})`);
  await shootInBothThemes(page, 'subaccounts-sweep-preview');

  // The first transfer the service receives is refused; the others still go.
  await desk.fault('POST', '/api/3/sub-account/transfer', 400, 1);
  await sweep.getByTestId('sweep-confirm').click();
  await expect(sweep).toHaveAttribute('data-phase', 'finished', { timeout: 20_000 });
  await expect(sweep.locator('[data-testid="sweep-step"][data-state="done"]')).toHaveCount(4);
  await expect(sweep.getByTestId('sweep-failed-row')).toHaveCount(1);
  const failedId = (await sweep.getByTestId('sweep-failed-row').getAttribute('data-id')) ?? '';
  await shootInBothThemes(page, 'subaccounts-sweep-outcome');
  const after = await Promise.all(ids.map((id) => subWallet(bank, id, 'USDT')));
  ids.forEach((id, i) => expect(after[i]?.toFixed()).toBe(id === failedId ? before[i]?.toFixed() : '10'));
  const moved = amounts.filter((_, i) => ids[i] !== failedId).reduce((sum, amount) => sum.plus(amount), new Decimal(0));
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.plus(moved).toFixed());
});

test('50 sub-accounts: balances load in the background with their progress, and the sandbox counts no 429', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  await addSubAccounts(desk.restUrl, 50 - SEEDED, { USDT: '12.5', BTC: '0.001' });
  await resetReplyCounts(desk.restUrl);
  const progress = await watchText(page, 'totals-progress');
  await goToSubAccounts(page);
  await expect(page.getByTestId('subaccount-row')).toHaveCount(50);
  await expect(page.getByTestId('subaccounts-summary')).toContainText('50 sub-accounts of 50 counted', { timeout: 20_000 });
  await expect(page.getByTestId('totals-progress')).toBeHidden();
  const shownProgress = await progress();
  expect(shownProgress.length).toBeGreaterThan(1); // it counted up while reading
  for (const text of shownProgress) expect(text).toMatch(/^Reading balances \d+ of 50$/);
  await expect(page.getByTestId('subaccounts-summary')).toContainText('50 sub-accounts of 50 counted');
  await expect(page.getByTestId('value-failed')).toHaveCount(0);
  await shootInBothThemes(page, 'subaccounts-page-50');
  const replies = await replyCounts(desk.restUrl);
  expect(replies['429'] ?? 0).toBe(0);
  expect(replies['200'] ?? 0).toBeGreaterThanOrEqual(50);
});
