// The ledger of money moves on screen: a transfer whose reply is lost turns from "uncertain" to
// done by itself and the audit says so; an ambiguous withdrawal shows its candidates, cannot be
// approved, and is settled by a person choosing the right one.
import { expect, test } from './fixtures';
import { fillProfileForm, formField, openApp, profileCard } from './profile-page';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, approvalRow, balanceRow, goTo, openWithdrawal, recordSentOps, tab } from './approvals-sandbox';

test('a transfer whose reply is lost turns from uncertain to done by itself, and the audit says so', async ({ page, context, host }) => {
  test.setTimeout(90_000);
  const sent = recordSentOps(page);
  const desk = await SandboxDesk.open(page, host.url);
  // A second window keeps the audit log open the whole time: it must follow the settlement live.
  const auditPage = await context.newPage();
  await openApp(auditPage, host.url);
  await goTo(auditPage, 'Audit log');
  await goTo(page, 'Wallet');
  await balanceRow(page, 'USDT').click();
  await tab(page, 'Wallet ↔ Spot').click();
  await desk.fault('POST', '/api/3/wallet/transfer', 504, 1, true);
  await page.getByTestId('transfer-amount').locator('input').fill('31.5');
  await page.getByTestId('transfer-submit').click();
  await page.getByRole('button', { name: 'Move 31.500000 USDT' }).click();

  const notice = page.getByTestId('pending-move');
  await expect(notice).toHaveAttribute('data-state', 'uncertain');
  await expect(notice).toContainText('Uncertain — checking');
  const transferRows = auditPage.locator('[data-testid="audit-row"][data-action="transfer"]');
  await expect(transferRows.and(auditPage.locator('[data-outcome="uncertain"]'))).toHaveCount(1);
  await expect(transferRows.and(auditPage.locator('[data-outcome="ok"]'))).toHaveCount(0);
  await expect(page.getByTestId('transfer-submit')).toBeDisabled(); // nothing to send again meanwhile
  await shootInBothThemes(page, 'transfer-uncertain');
  await expect(notice).toHaveAttribute('data-state', 'found', { timeout: 40_000 });
  await expect(notice).toContainText('Found in the history');
  await expect(page.getByText('Moved 31.5 USDT: found in the history')).toBeVisible();
  await expect(page.getByTestId('transfer-submit')).toBeEnabled();
  await shootInBothThemes(page, 'transfer-found');
  expect(sent.filter((op) => op === 'transferFunds')).toHaveLength(1);

  // The audit window was never reloaded by hand: the settlement arrived as an event.
  const settled = transferRows.and(auditPage.locator('[data-outcome="ok"]'));
  await expect(settled).toHaveCount(1);
  await expect(settled).toContainText('reconciled');
});

test('an ambiguous withdrawal is shown with its candidates and cannot be approved until a person links one', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  await desk.fault('POST', '/api/3/wallet/crypto/withdraw', 504, 1, true);
  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await modal.getByTestId('withdraw-amount').locator('input').fill('44');
  await modal.getByTestId('withdraw-review').click();
  await modal.getByTestId('withdraw-submit').click();
  await expect(modal.getByTestId('withdraw-result')).toHaveAttribute('data-state', 'UNCERTAIN');
  // Another desk prepares the very same withdrawal before this one's window has closed.
  const theirs = await desk.prepareWithdrawal({ currency: 'USDT', amount: '44', address: ETH_ADDRESS });
  await modal.getByTestId('withdraw-open-approvals').click();

  const row = page.locator('[data-testid="approval-row"][data-state="UNCERTAIN"]');
  const notice = row.getByTestId('pending-move');
  await expect(notice).toHaveAttribute('data-state', 'ambiguous', { timeout: 40_000 });
  const candidates = notice.getByTestId('move-candidate');
  await expect(candidates).toHaveCount(2);
  await expect(candidates.first()).toContainText('44.000000 USDT');
  await expect(candidates.first()).toContainText(ETH_ADDRESS);
  await expect(row.getByTestId('approve')).toHaveCount(0);
  await expect(approvalRow(page, theirs)).toHaveCount(0); // not offered as a row of its own either
  await expect(row.getByTestId('approval-state')).toHaveText('Needs your decision');
  await shootInBothThemes(page, 'approvals-ambiguous');

  const own = notice.locator(`[data-testid="move-candidate"]:not([data-id="${theirs}"])`);
  const ownId = await own.getAttribute('data-id');
  await own.getByTestId('move-link').click();
  await page.getByRole('button', { name: 'Yes, this one' }).click();
  const linked = approvalRow(page, ownId ?? '');
  await expect(linked).toHaveAttribute('data-state', 'CREATED');
  await expect(linked.getByTestId('approve')).toBeEnabled();
  await expect(linked).toContainText('prepared by');
  // The other desk's withdrawal is back in the queue as its own, prepared elsewhere.
  await expect(approvalRow(page, theirs)).toContainText('another desktop or key');
});

test('a transfer signed with Basic auth that never reached the service stays not seen yet until a person marks it, warned', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const key = await desk.newKey(['PAY', 'WDR', 'HIST', 'ORD']);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name: 'Basic desk', restUrl: desk.restUrl, streamUrl: desk.restUrl.replace(/^http/, 'ws'), publicKey: key.apiKey, secretKey: key.secretKey,
    authMethod: 'Basic', sharedAccount: 'No',
  });
  await formField(page, 'secretKey').press('Enter');
  await profileCard(page, 'Basic desk').getByRole('button', { name: 'Make active' }).click();
  await expect(profileCard(page, 'Basic desk')).toContainText('Active');

  await goTo(page, 'Wallet');
  await balanceRow(page, 'USDT').click();
  await tab(page, 'Wallet ↔ Spot').click();
  await desk.fault('POST', '/api/3/wallet/transfer', 504, 1);
  await page.getByTestId('transfer-amount').locator('input').fill('31.6');
  await page.getByTestId('transfer-submit').click();
  await page.getByRole('button', { name: 'Move 31.600000 USDT' }).click();

  const notice = page.getByTestId('pending-move');
  await expect(notice).toHaveAttribute('data-state', 'uncertain');
  await expect(notice).toContainText('Not seen yet');
  await expect(notice).toContainText('The service may still run it at any time');
  await expect(page.getByTestId('transfer-submit')).toBeDisabled();
  await shootInBothThemes(page, 'transfer-not-seen-yet');

  await notice.getByTestId('move-will-not-happen').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Mark this transfer as will not happen?' });
  await expect(dialog).toContainText('marking it does not stop it');
  await dialog.getByRole('button', { name: 'Mark as will not happen' }).click();
  await expect(notice).toHaveAttribute('data-state', 'absent');
  await expect(notice).toContainText('Marked as will not happen');
  await expect(notice).toContainText('If you send it again, both may go through');
  await expect(page.getByTestId('transfer-submit')).toBeEnabled();
  await shootInBothThemes(page, 'transfer-marked-will-not-happen');
});
