// A refusal in a sub-account's drawer is shown where the user is: the account is frozen at the
// sandbox between opening the drawer and sending, main refuses the transfer on the account (a
// field the drawer does not show), and the refusal appears above the form, the amount kept, the
// account's status read again to Frozen, and the sandbox's balances unchanged.
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { SandboxDesk } from './approvals-sandbox';
import { Bank, choose, input } from './transfers-sandbox';
import { goToSubAccounts, listedId, masterWallet, serviceSubAccounts, subAccountRow, subWallet } from './subaccounts-sandbox';

test('the drawer: a transfer to an account frozen meanwhile is refused in view, the amount kept and the status read again', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const alpha = listedId(await serviceSubAccounts(bank), 'sub-alpha');
  await goToSubAccounts(page);
  await subAccountRow(page, 'sub-alpha@sandbox.test').getByText('sub-alpha@sandbox.test').click();
  const drawer = page.getByTestId('subaccount-drawer');
  await expect(drawer.getByTestId('sub-drawer-status')).toHaveText('Active');
  await drawer.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await choose(page, 'sub-transfer-currency', 'USDT — Tether');
  await input(drawer, 'sub-transfer-amount').fill('25');
  await input(drawer, 'sub-transfer-amount').press('Enter');
  const review = page.getByTestId('sub-review-modal');
  await expect(review.getByTestId('sub-review-amount')).toHaveText('25.000000 USDT');

  // Another desk freezes the account while this one reviews the transfer.
  await bank.call('master', 'POST', '/api/3/sub-account/freeze', new URLSearchParams({ sub_account_ids: alpha }));
  expect((await serviceSubAccounts(bank)).get('sub-alpha@sandbox.test')?.status).toBe('frozen');
  const [masterBefore, alphaBefore] = [await masterWallet(bank, 'USDT'), await subWallet(bank, alpha, 'USDT')];
  await review.getByTestId('sub-review-send').click();

  await expect(review).toBeHidden();
  const refusal = drawer.getByTestId('sub-transfer-error');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Not sent');
  await expect(refusal).toContainText('frozen');
  await expect(refusal).toBeInViewport();
  await expect(input(drawer, 'sub-transfer-amount')).toHaveValue('25');
  await expect(drawer.getByTestId('sub-drawer-status')).toHaveText('Frozen');
  await expect(drawer.getByTestId('sub-transfer-blocked')).toContainText('frozen');
  await expect(drawer.getByTestId('sub-transfer-review')).toBeDisabled();
  await expect(subAccountRow(page, 'sub-alpha@sandbox.test')).toHaveAttribute('data-status', 'frozen');
  await shootInBothThemes(page, 'subaccounts-drawer-refused');

  // Nothing moved at the service.
  expect((await masterWallet(bank, 'USDT')).toFixed()).toBe(masterBefore.toFixed());
  expect((await subWallet(bank, alpha, 'USDT')).toFixed()).toBe(alphaBefore.toFixed());
});
