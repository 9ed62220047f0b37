// The main flows a second time on a version 2 profile of the built-in sandbox's account, made from
// the built-in card, in one session that switches v3 → v2 → v3: balances as the sandbox holds
// them, a withdrawal prepared and approved (PENDING) and one rejected (ROLLED_BACK), a wallet → spot
// transfer, a sub-account frozen and activated again; each checked at the sandbox itself.
// Screenshots of the form on Version 2 and of the page with both profiles, light and dark.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, approvalRow, balanceRow, goTo } from './approvals-sandbox';
import { confirmWithLastFour, prepareInUi } from './approval-steps';
import { fieldItem, fillProfileForm, goToProfiles, profileCard, profileForm } from './profile-page';
import { outcomes, selectRows, serviceSubAccounts, goToSubAccounts, subAccountRow } from './subaccounts-sandbox';
import { Bank, choose, goToTransfers, input, shown } from './transfers-sandbox';

const V2_NAME = 'Sandbox (version 2)';

/** A transaction's status as version 2 words it, read at the sandbox by the id the app shows. */
async function v2Status(bank: Bank, id: string): Promise<string> {
  return ((await bank.call('master', 'GET', `/api/2/account/transactions/${encodeURIComponent(id)}`)) as { status: string }).status;
}

async function makeActive(page: Page, name: string, apiVersion: '2' | '3'): Promise<void> {
  await goToProfiles(page);
  await profileCard(page, name).getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByTestId('active-profile')).toContainText(`${name}API v${apiVersion}`);
}

/** The wallet page shows every side of `currency` as the sandbox holds it. */
async function expectBalancesOf(page: Page, bank: Bank, currency: string): Promise<void> {
  await goTo(page, 'Wallet');
  const held = await bank.balance('master', currency);
  const row = balanceRow(page, currency);
  await expect(row).toContainText(shown(held.wallet, 6, '').trim());
  await expect(row).toContainText(shown(held.spot, 6, '').trim());
}

test('a version 2 profile beside version 3: made from the built-in card, the main flows run on it, switched v3 → v2 → v3', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);

  // v3 first: the built-in profile shows the sandbox's balances.
  await expectBalancesOf(page, bank, 'USDT');

  // A version 2 profile of the same account from the built-in card; its rights are checked through v2.
  await goToProfiles(page);
  await profileCard(page, 'Sandbox').getByTestId('add-version-2-profile').click();
  const v2Card = profileCard(page, V2_NAME);
  await expect(v2Card).toContainText('Version 2 · HS256');
  await expect(v2Card.getByTestId('profile-rights')).toContainText('PAY');
  await expect(v2Card.locator('dd.mono').first()).toHaveText(desk.restUrl);
  await shootInBothThemes(page, 'profiles-v2-beside-v3');
  await v2Card.getByRole('button', { name: 'Edit' }).click();
  await expect(profileForm(page).getByRole('radio', { name: 'Version 2' })).toBeChecked();
  await expect(fieldItem(page, 'restUrl')).toContainText('Coffer calls /api/2/… and /api/2/ws/…');
  await page.keyboard.press('Escape');
  await expect(profileForm(page)).toBeHidden();

  // A new profile: Version 2 chosen from the keyboard; the streaming URL left empty follows the REST URL.
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, { name: 'Desk on version 2', restUrl: 'https://api.example.com' });
  await profileForm(page).getByRole('radio', { name: 'Version 3' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(profileForm(page).getByRole('radio', { name: 'Version 2' })).toBeChecked();
  await expect(fieldItem(page, 'restUrl')).toContainText('Coffer calls /api/2/… and /api/2/ws/…');
  await expect(fieldItem(page, 'streamUrl')).toContainText('Left empty: wss://api.example.com');
  await shootInBothThemes(page, 'profile-form-version-2');
  await page.keyboard.press('Escape');
  await expect(profileForm(page)).toBeHidden();

  // v2: balances, then a withdrawal approved (PENDING at the sandbox) and one rejected (rolled back).
  await makeActive(page, V2_NAME, '2');
  await expectBalancesOf(page, bank, 'USDT');
  const approved = await prepareInUi(page, '150');
  await approvalRow(page, approved).getByTestId('approve').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await expect(approvalRow(page, approved)).toHaveAttribute('data-state', 'PENDING');
  expect(await v2Status(bank, approved)).toBe('pending');

  const before = await desk.walletAvailable('USDT');
  const rejected = await prepareInUi(page, '200');
  await approvalRow(page, rejected).getByTestId('reject').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await expect(approvalRow(page, rejected)).toHaveAttribute('data-state', 'ROLLED_BACK');
  expect(await v2Status(bank, rejected)).toBe('failed'); // version 2's word for rolled back
  expect(await desk.walletAvailable('USDT')).toBe(before);

  // v2: wallet → spot, checked at the sandbox.
  await goToTransfers(page);
  const form = page.getByTestId('wallet-spot-form');
  await choose(page, 'ws-currency', 'USDT — Tether');
  const held = await bank.balance('master', 'USDT');
  await choose(page, 'ws-to', 'Spot');
  await input(form, 'ws-amount').fill('42.5');
  await input(form, 'ws-amount').press('Enter');
  const review = page.getByTestId('ws-review-modal');
  await expect(review.getByTestId('ws-review-direction')).toHaveText('Wallet → Spot');
  await review.getByTestId('ws-send').click();
  await expect(review.getByTestId('ws-review-done')).toHaveText('Moved 42.5 USDT to spot');
  const moved = await bank.balance('master', 'USDT');
  expect(moved.wallet.toFixed()).toBe(held.wallet.minus('42.5').toFixed());
  expect(moved.spot.toFixed()).toBe(held.spot.plus('42.5').toFixed());
  await review.getByTestId('ws-review-close').click();

  // v2: a sub-account frozen, then activated again.
  await goToSubAccounts(page);
  const alpha = 'sub-alpha@sandbox.test';
  await expect(subAccountRow(page, alpha)).toHaveAttribute('data-status', 'active');
  await selectRows(page, [alpha]);
  await page.getByTestId('action-freeze').click();
  const freeze = page.getByTestId('freeze-dialog');
  await freeze.getByTestId('status-confirm').click();
  await expect(freeze.getByTestId('status-result')).toHaveCount(1);
  expect(await outcomes(freeze.getByTestId('status-result'))).toEqual({ [alpha]: 'done' });
  await freeze.getByTestId('status-close').click();
  expect((await serviceSubAccounts(bank)).get(alpha)?.status).toBe('frozen');
  await expect(subAccountRow(page, alpha)).toHaveAttribute('data-status', 'frozen');
  await selectRows(page, [alpha]);
  await page.getByTestId('action-activate').click();
  const activate = page.getByTestId('activate-dialog');
  await activate.getByTestId('status-confirm').click();
  await expect(activate.getByTestId('status-result')).toHaveCount(1);
  expect(await outcomes(activate.getByTestId('status-result'))).toEqual({ [alpha]: 'done' });
  await activate.getByTestId('status-close').click();
  expect((await serviceSubAccounts(bank)).get(alpha)?.status).toBe('active');

  // Back to v3 in the same session: the same account, with what v2 did.
  await makeActive(page, 'Sandbox', '3');
  await expectBalancesOf(page, bank, 'USDT');
});
