/// <reference lib="dom" />
// The Wallet page against the built-in sandbox: balances side by side in each currency's
// precision, live indicator, search / hide zero / sort, the remembered valuation currency, and
// the currency drawer (deposit address with QR, generate new, check-mine, transfer).
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { ETH_ADDRESS, SandboxDesk, balanceRow, goTo, menuOption } from './approvals-sandbox';
import { keyTab } from './transfers-sandbox';

/** "1234567.500000" → "1,234,567.500000" (only the whole part is grouped). */
function grouped(fixed: string): string {
  const [whole = '', fraction] = fixed.split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

test('balances, valuation, search and the live indicator', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('wallet-live')).toHaveText('Live');
  const usdt = balanceRow(page, 'USDT');
  const available = await desk.walletAvailable('USDT');
  await expect(usdt).toContainText(grouped(new Decimal(available).toFixed(6)));
  await expect(page.getByTestId('wallet-total')).toContainText('USDT');

  await page.getByTestId('balance-search').locator('input').fill('bitc');
  await expect(page.getByTestId('balance-row')).toHaveCount(1);
  await expect(balanceRow(page, 'BTC')).toBeVisible();
  await page.getByTestId('balance-search').locator('input').fill('');

  await page.getByTestId('valuation-select').click();
  await menuOption(page, 'BTC').click();
  await expect(page.getByTestId('wallet-total')).toContainText('BTC');
  await page.reload();
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-total')).toContainText('BTC'); // remembered
  // The streams were up before this page loaded: the status bar still knows they are live.
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-level', 'live');
});

test('the currency drawer: deposit address with QR, a new address, check-mine, and a transfer that updates the balance live', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await balanceRow(page, 'USDT').click();
  const drawer = page.getByTestId('currency-drawer');
  const current = drawer.getByTestId('deposit-address-text').first();
  await expect(current).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(drawer.getByTestId('deposit-qr').first()).toHaveAttribute('src', /^data:image\/png;base64,/);
  const first = await current.innerText();

  await drawer.getByTestId('deposit-generate').click();
  await expect(current).not.toHaveText(first);
  await expect(drawer.getByTestId('deposit-recent')).toContainText(first);
  const generated = await current.innerText();

  await keyTab(page, 'Is this address ours?').click();
  await drawer.getByTestId('check-mine-input').locator('input').fill(generated);
  await drawer.getByTestId('check-mine').click();
  await expect(drawer.getByTestId('check-mine-result')).toContainText('Yes — this address belongs to this account');
  await drawer.getByTestId('check-mine-input').locator('input').fill(ETH_ADDRESS);
  await drawer.getByTestId('check-mine').click();
  await expect(drawer.getByTestId('check-mine-result')).toContainText('No — not one of');

  const before = await desk.walletAvailable('USDT');
  await keyTab(page, 'Wallet ↔ Spot').click();
  await drawer.getByTestId('transfer-amount').locator('input').fill('99999999999');
  await drawer.getByTestId('transfer-submit').click();
  await expect(drawer.getByText(/^More than available/)).toBeVisible();
  await drawer.getByTestId('transfer-amount').locator('input').fill('250');
  await drawer.getByTestId('transfer-submit').click();
  await page.getByRole('button', { name: 'Move 250.000000 USDT' }).click();
  await expect(page.getByTestId('transfer-done')).toHaveText('Moved 250 USDT to spot');
  const after = new Decimal(before).minus(250).toFixed(6);
  expect(new Decimal(await desk.walletAvailable('USDT')).toFixed(6)).toBe(after);
  await expect(drawer.getByTestId('drawer-wallet-available')).toHaveText(`${grouped(after)} USDT`);
});

test('balances follow the wallet stream without polling: another desktop reserves funds and the row changes', async ({ page, host }) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => sent.push(String(payload))));
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  const before = await desk.walletAvailable('USDT');
  const calls = sent.filter((frame) => frame.includes('"getWalletOverview"')).length;
  await desk.prepareWithdrawal({ currency: 'USDT', amount: '100', address: ETH_ADDRESS });
  const after = await desk.walletAvailable('USDT');
  expect(new Decimal(before).minus(after).toFixed()).toBe('105'); // amount + the network fee, reserved
  await expect(balanceRow(page, 'USDT')).toContainText(grouped(new Decimal(after).toFixed(6)));
  expect(sent.filter((frame) => frame.includes('"getWalletOverview"')).length).toBe(calls); // no reload asked for it
});

test('the page says when it is not live, and turns live again when the streams come back', async ({ page, host }) => {
  const desk = await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  const live = page.getByTestId('wallet-live');
  await expect(live).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  // Record every state the indicator takes, so a short outage is not missed between polls.
  await live.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { liveStates: string[] }).liveStates = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await desk.dropStreams();
  await expect.poll(() => page.evaluate(() => (window as unknown as { liveStates: string[] }).liveStates.join('|')), { timeout: 15_000 })
    .toContain('(not live)');
  await expect(live).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
});
