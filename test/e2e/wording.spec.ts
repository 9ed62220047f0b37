// One fact, one wording, against the built-in sandbox: a conversion made at the service is one
// signed row "−paid → +received" in Recent movements and in History (and in History's drawer), with
// the amounts the sandbox's own two legs say; a withdrawal waiting for approval reads the same in
// History and Approvals; Buy crypto's first visit and the approve dialog opened from the keyboard
// show no error before the user has acted, and do once they have.
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, approvalRow, goTo } from './approvals-sandbox';
import { goToBuy } from './buycrypto-sandbox';
import { goToSection, historyRows } from './history-sandbox';
import { Bank, choose, goToTransfers, input, shown } from './transfers-sandbox';

interface Leg {
  id: number | string;
  operation_id: string;
  native: { currency: string; amount: string; operation_type?: string };
}

test('a conversion is one signed row in Recent movements and History, as the sandbox recorded its two legs', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const lastId = await bank.lastId('master');
  await goToTransfers(page);
  await expect(page.getByTestId('movements-table').or(page.getByTestId('movements-empty'))).toBeVisible();

  // Made at the service by another desk, so the page learns of it only as the service tells it.
  await bank.call('master', 'POST', '/api/3/wallet/convert', new URLSearchParams({ from_currency: 'USDT', to_currency: 'BTC', amount: '25.37' }));
  const legs = (await bank.transactionsSince('master', lastId, { types: 'SWAP' })) as unknown as Leg[];
  expect(legs).toHaveLength(2);
  const paid = legs.find((leg) => leg.native.operation_type === 'withdraw');
  const received = legs.find((leg) => leg.native.operation_type === 'deposit');
  expect(paid?.native.currency).toBe('USDT');
  expect(received?.native.currency).toBe('BTC');
  expect(paid?.operation_id).toBe(received?.operation_id);
  const whole = `−${shown(paid?.native.amount ?? '', 6, 'USDT')} → +${shown(received?.native.amount ?? '', 8, 'BTC')}`;
  expect(whole).toBe(`−25.370000 USDT → +${shown(received?.native.amount ?? '', 8, 'BTC')}`);

  const movement = page.locator('[data-testid="movement-row"][data-kind="Conversion"]').first();
  await expect(movement.getByTestId('movement-amount')).toHaveText(whole);
  await expect(movement).toHaveAttribute('data-id', `${String(paid?.id)},${String(received?.id)}`);
  await expect(movement).toContainText('Completed');
  await movement.click();
  const records = page.getByTestId('movement-drawer').getByTestId('movement-record-amount');
  await expect(records).toHaveText([`−${shown(paid?.native.amount ?? '', 6, 'USDT')}`, `+${shown(received?.native.amount ?? '', 8, 'BTC')}`]);
  await shootInBothThemes(page, 'wording-movement-conversion');
  await page.keyboard.press('Escape');

  await goToSection(page, 'History');
  await expect(page.getByTestId('sync-strip')).toHaveAttribute('data-phase', 'live', { timeout: 30_000 });
  // Newest first: the two legs on top, the first of them the whole conversion, the second its other leg.
  const ids = [String(paid?.id), String(received?.id)];
  await expect.poll(async () => (await historyRows(page).evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-id') ?? ''))).sort()).toEqual(ids.sort());
  const top = historyRows(page).first();
  await expect(top.locator('[data-conversion="whole"]')).toHaveText(whole);
  await expect(historyRows(page).nth(1).getByTestId('history-other-leg')).toBeVisible();
  await shootInBothThemes(page, 'wording-history-conversion');
  await top.click();
  await expect(page.getByTestId('drawer-amount')).toHaveText(whole);
  await expect(page.getByTestId('history-drawer').locator('[data-field="Other leg"]')).toBeVisible();
});

test('a withdrawal waiting for approval reads the same in History and Approvals', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  const id = await desk.prepareWithdrawal({ currency: 'USDT', amount: '12', address: ETH_ADDRESS });
  await goTo(page, 'Approvals');
  const row = approvalRow(page, id);
  await expect(row.getByTestId('approval-state')).toHaveText('Waiting for approval');
  await goToSection(page, 'History');
  const listed = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
  await expect(listed).toBeVisible({ timeout: 30_000 });
  await expect(listed).toContainText('Waiting for approval');
});

test('no error before the user acts: Buy crypto\'s first visit, and the approve dialog opened from the keyboard', async ({ page, host }) => {
  test.setTimeout(60_000);
  const desk = await SandboxDesk.open(page, host.url);
  await goToBuy(page);
  const fields = page.getByTestId('buy-fields');
  await expect(fields).toBeVisible();
  await choose(page, 'buy-source', 'EUR — Euro');
  await expect(page.getByText('Choose the crypto you want to receive.')).toHaveCount(0);
  await expect(fields.locator('.n-form-item-feedback--error')).toHaveCount(0);
  await shootInBothThemes(page, 'wording-buy-first-visit');
  // Once an amount asks for quotes, the missing choice is said on its field.
  await input(page, 'buy-amount').fill('100');
  await expect(page.getByText('Choose the crypto you want to receive.')).toBeVisible();

  const id = await desk.prepareWithdrawal({ currency: 'USDT', amount: '11', address: ETH_ADDRESS });
  await goTo(page, 'Approvals');
  const approve = approvalRow(page, id).getByTestId('approve');
  await expect(approve).toBeEnabled({ timeout: 15_000 });
  await approve.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('approval-confirm');
  await expect(dialog.getByTestId('confirm-last-four')).toBeVisible();
  await expect(dialog.getByText('Does not match the address’s last four characters.')).toHaveCount(0);
  await shootInBothThemes(page, 'wording-approve-dialog-untouched');
  await dialog.getByTestId('confirm-last-four').locator('input').fill('ZZZZ');
  await expect(dialog.getByText('Does not match the address’s last four characters.')).toBeVisible();
});
