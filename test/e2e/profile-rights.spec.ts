// Keys are checked before they are saved, against the built-in sandbox's own keys: a key holding
// only some rights is saved with exactly those rights on its card; a wrong secret is refused on its
// field and stored nowhere; and a key without WDR is told so before any withdrawal form is offered.
import keytar from 'keytar';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { balanceRow, ETH_ADDRESS, goTo, SandboxDesk, tab } from './approvals-sandbox';
import { goToSubAccounts, selectRows, subAccountRow } from './subaccounts-sandbox';
import { goToTransfers } from './transfers-sandbox';
import { shootInBothThemes } from './screenshots';
import { fieldItem, fillProfileForm, formField, profileCard, profileForm } from './profile-page';

/** Fills and submits the profile form for a profile on the built-in sandbox, signing with `secretKey`. */
async function submitSandboxProfile(page: Page, desk: SandboxDesk, name: string, apiKey: string, secretKey: string): Promise<void> {
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name,
    restUrl: desk.restUrl,
    streamUrl: desk.restUrl.replace(/^http/, 'ws'),
    publicKey: apiKey,
    secretKey,
  });
  await formField(page, 'secretKey').press('Enter');
}

test('saving a profile tries its key first and the card shows the rights it holds', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const key = await desk.newKey(['PAY', 'HIST']);
  await submitSandboxProfile(page, desk, 'Read-only desk', key.apiKey, key.secretKey);
  await expect(profileForm(page)).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('.n-message').filter({ hasText: 'Added “Read-only desk”: the service accepted its key' })).toBeVisible();
  const card = profileCard(page, 'Read-only desk');
  await expect(card.locator('.rights .n-tag')).toHaveText(['PAY', 'HIST']);
  await page.reload();
  await expect(profileCard(page, 'Read-only desk').locator('.rights .n-tag')).toHaveText(['PAY', 'HIST'], { timeout: 15_000 });
});

test('a wrong secret is refused on its field, and neither the profile nor the secret is saved', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const names = async () => page.getByTestId('profile-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-profile-name')));
  const before = await names();
  const key = await desk.newKey(['PAY']);
  const wrongSecret = `not-the-secret-${Date.now()}`;
  await submitSandboxProfile(page, desk, 'Wrong secret desk', key.apiKey, wrongSecret);

  const secretItem = fieldItem(page, 'secretKey');
  await expect(secretItem).toContainText('The service refused this key, so it was not saved', { timeout: 15_000 });
  await expect(secretItem).toContainText('(API_1002)');
  await expect(secretItem).not.toContainText(wrongSecret);
  await expect(page.getByTestId('profile-form-alert')).toHaveCount(0);
  await expect(profileForm(page)).toBeVisible(); // the user's input stays for another try
  await expect(page.locator('.n-message').filter({ hasText: 'Added' })).toHaveCount(0);
  await shootInBothThemes(page, 'profile-key-refused');

  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('profile-card').first()).toBeVisible();
  expect(await names()).toEqual(before);
  const stored = await keytar.findCredentials('coffer');
  expect(stored.filter((credential) => credential.password === wrongSecret)).toEqual([]);
});

test('a key without WDR is told before it fills a withdrawal, and no withdrawal form is offered', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  const key = await desk.newKey(['PAY', 'HIST']);
  await submitSandboxProfile(page, desk, 'No withdraw desk', key.apiKey, key.secretKey);
  const card = profileCard(page, 'No withdraw desk');
  await expect(card.locator('.rights .n-tag')).toHaveText(['PAY', 'HIST'], { timeout: 15_000 });
  await card.getByRole('button', { name: 'Make active' }).click();
  await expect(card).toContainText('Active');

  await goTo(page, 'Wallet');
  await expect(balanceRow(page, 'USDT')).toBeVisible({ timeout: 15_000 });
  const note = page.getByTestId('wallet-page').getByTestId('missing-right');
  await expect(note).toContainText('This key lacks the Withdraw right (WDR).');
  await expect(note).toContainText('Preparing a withdrawal needs this right');
  await expect(page.getByTestId('open-withdraw')).toBeDisabled();
  await shootInBothThemes(page, 'wallet-no-withdraw-right');

  // From a currency's drawer too: the dialog says so in place of the form.
  await balanceRow(page, 'USDT').click();
  await page.getByTestId('drawer-withdraw').click();
  const dialog = page.getByTestId('withdraw-modal');
  await expect(dialog.getByTestId('missing-right')).toContainText('This key lacks the Withdraw right (WDR).');
  await expect(dialog.getByTestId('withdraw-address')).toHaveCount(0);
  await expect(dialog.getByTestId('withdraw-review')).toHaveCount(0);

  await page.keyboard.press('Escape');

  // Transfers: the moves that need WDR say so in place of their forms; those the key may make are offered.
  await goToTransfers(page, 'To another user');
  await expect(page.getByTestId('transfer-tab-send').getByTestId('missing-right')).toContainText('This key lacks the Withdraw right (WDR).');
  await tab(page, 'Wallet ↔ spot').click();
  await expect(page.getByTestId('transfer-tab-wallet-spot').getByTestId('missing-right')).toHaveCount(0);
  await expect(page.getByTestId('transfer-tab-wallet-spot').getByRole('button').first()).toBeVisible();

  // Approvals: a withdrawal another desktop prepared is listed, but nothing offers to decide it.
  const waitingId = await desk.prepareWithdrawal({ currency: 'USDT', amount: '100', address: ETH_ADDRESS });
  await goTo(page, 'Approvals');
  await expect(page.getByTestId('missing-right')).toContainText('Approving or rejecting a withdrawal needs this right');
  const waiting = page.locator(`[data-testid="approval-row"][data-id="${waitingId}"]`);
  await expect(waiting.getByTestId('approval-blocked')).toHaveText('Needs the Withdraw right', { timeout: 15_000 });
  await expect(waiting.getByTestId('approve')).toHaveCount(0);
  await expect(page.getByTestId('bulk-approve')).toHaveCount(0);

  // Sub-accounts: sweeps are off and said so in the bar; a sub-account's transfer tab says why instead of a form.
  await goToSubAccounts(page);
  await expect(page.getByTestId('selection-missing-right')).toHaveText(['This key lacks the Withdraw right (WDR): sweeps are off.']);
  await selectRows(page, ['sub-alpha@sandbox.test']);
  await expect(page.getByTestId('action-sweep')).toBeDisabled();
  await expect(page.getByTestId('action-acl')).toBeEnabled(); // PAY is held: permissions stay offered
  await subAccountRow(page, 'sub-beta@sandbox.test').getByText('sub-beta@sandbox.test').click();
  const drawer = page.getByTestId('subaccount-drawer');
  await drawer.getByRole('tab', { name: 'Transfer', exact: true }).click();
  await expect(drawer.getByTestId('missing-right')).toContainText('This key lacks the Withdraw right (WDR).');
  await expect(drawer.getByTestId('sub-transfer-amount')).toHaveCount(0);
});

test('a key for a service that cannot be reached is saved marked not checked, with the reason, and no success is claimed', async ({ page, host }) => {
  await SandboxDesk.open(page, host.url);
  await page.getByTestId('add-profile').click();
  // The discard port: nothing listens, so the key cannot be tried.
  await fillProfileForm(page, { name: 'Offline desk', restUrl: 'http://127.0.0.1:9', streamUrl: 'ws://127.0.0.1:9', publicKey: 'pk', secretKey: 'untried-secret' });
  await formField(page, 'secretKey').press('Enter');
  await expect(profileForm(page)).toBeHidden({ timeout: 30_000 });
  const toast = page.locator('.n-message').filter({ hasText: 'Added “Offline desk”, but its key is not checked' });
  await expect(toast).toContainText('The service could not be reached');
  await expect(toast).toContainText('(NETWORK)');
  await expect(page.locator('.n-message').filter({ hasText: 'accepted its key' })).toHaveCount(0);
  const card = profileCard(page, 'Offline desk');
  await expect(card.getByTestId('rights-failure')).toHaveText(/^\s*Not checked: The service could not be reached\. Check the connection\. \(NETWORK\)\s*$/);
  await expect(card.getByTestId('rights-unknown')).toHaveCount(0); // one reason, not "Not checked yet" beside it
  await expect(card.getByTestId('check-rights')).toBeVisible();
  await shootInBothThemes(page, 'profile-not-checked');
});
