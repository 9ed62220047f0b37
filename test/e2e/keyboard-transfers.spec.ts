// The Transfers page by keyboard alone (after the section is opened): the kinds of move by arrows
// on their tab strip, currencies picked by typing their code and Enter, each move reviewed with the
// keyboard on its confirming control and its result's Close, never on <body>; every move checked
// at the sandbox's own balances.
import { expect, test } from './fixtures';
import { SandboxDesk } from './approvals-sandbox';
import { Bank, expectFocusKept, goToTransfers, input, keyTab, tabTo, typeChoice } from './transfers-sandbox';

test('transfers by keyboard: wallet ↔ spot, a send to another user and a conversion, each checked at the sandbox', async ({ page, host }) => {
  test.setTimeout(180_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  await goToTransfers(page);

  // Wallet ↔ spot: the currency typed, the amount, Enter to review, Enter to move.
  const ws = page.getByTestId('wallet-spot-form');
  await typeChoice(page, ws.getByTestId('ws-currency'), 'usdt', 'USDT — Tether');
  const before = await bank.balance('master', 'USDT');
  await tabTo(page, input(ws, 'ws-amount'));
  await page.keyboard.type('7.25');
  await page.keyboard.press('Enter');
  const wsReview = page.getByTestId('ws-review-modal');
  await expect(page.getByRole('dialog', { name: 'Review the transfer' })).toBeVisible();
  await expect(wsReview.getByTestId('ws-send')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wsReview.getByTestId('ws-review-done')).toHaveText('Moved 7.25 USDT to spot');
  await expect(wsReview.getByTestId('ws-review-close')).toBeFocused();
  const moved = await bank.balance('master', 'USDT');
  expect(moved.wallet.toFixed()).toBe(before.wallet.minus('7.25').toFixed());
  expect(moved.spot.toFixed()).toBe(before.spot.plus('7.25').toFixed());
  await page.keyboard.press('Enter');
  await expect(wsReview).toBeHidden();
  await expectFocusKept(page);

  // To another user: the next tab by arrow; the identifier typed again in the review.
  await tabTo(page, keyTab(page, 'Wallet ↔ spot'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(keyTab(page, 'To another user')).toBeFocused();
  const send = page.getByTestId('send-form');
  await typeChoice(page, send.getByTestId('send-currency'), 'USDT', 'USDT — Tether');
  await tabTo(page, input(send, 'send-amount'));
  await page.keyboard.type('3');
  await tabTo(page, input(send, 'send-identifier'));
  await page.keyboard.type('alice@sandbox.test');
  const aliceBefore = await bank.balance('alice', 'USDT');
  await page.keyboard.press('Enter');
  const sendReview = page.getByTestId('send-review');
  await expect(page.getByRole('dialog', { name: 'Review: send to another user' })).toBeVisible();
  await expect(input(sendReview, 'send-again')).toBeFocused();
  await page.keyboard.type('alice@sandbox.test');
  await page.keyboard.press('Enter');
  await expect(sendReview.getByTestId('send-done')).toContainText('3.000000 USDT went to alice@sandbox.test');
  await expect(sendReview.getByTestId('send-close')).toBeFocused();
  expect((await bank.balance('alice', 'USDT')).wallet.toFixed()).toBe(aliceBefore.wallet.plus(3).toFixed());
  expect((await bank.balance('master', 'USDT')).wallet.toFixed()).toBe(moved.wallet.minus(3).toFixed());
  await page.keyboard.press('Enter');
  await expect(sendReview).toBeHidden();
  await expectFocusKept(page);

  // Convert: "BTC" typed picks BTC; the review opens on Convert; the result replaces the form's top.
  await tabTo(page, keyTab(page, 'To another user'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(keyTab(page, 'Convert')).toBeFocused();
  const convert = page.getByTestId('convert-form');
  await typeChoice(page, convert.getByTestId('convert-from'), 'usdt', 'USDT — Tether');
  await typeChoice(page, convert.getByTestId('convert-to'), 'BTC', 'BTC — Bitcoin');
  await tabTo(page, input(convert, 'convert-pay'));
  await page.keyboard.type('50');
  await expect(convert.getByTestId('convert-quote-rate')).toContainText(/^1 USDT = [\d.,]+ BTC$/);
  const [usdtBefore, btcBefore] = [await bank.balance('master', 'USDT'), await bank.balance('master', 'BTC')];
  await page.keyboard.press('Enter');
  const convertReview = page.getByTestId('convert-review');
  await expect(page.getByRole('dialog', { name: 'Review the conversion' })).toBeVisible();
  await expect(convertReview.getByTestId('convert-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(convert.getByTestId('convert-result')).toBeVisible();
  await expectFocusKept(page);
  expect((await bank.balance('master', 'USDT')).wallet.toFixed()).toBe(usdtBefore.wallet.minus(50).toFixed());
  expect((await bank.balance('master', 'BTC')).wallet.greaterThan(btcBefore.wallet)).toBe(true);
});
