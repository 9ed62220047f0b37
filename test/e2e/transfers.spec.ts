// The Transfers page against the built-in sandbox: each kind of move end to end, reviewed before it
// is sent and checked at the sandbox's own balances and transactions; the send's identifier typed
// again; a conversion whose quote goes stale is re-quoted; funds on the wrong side moved from spot,
// exactly the missing amount, before a withdrawal is prepared; a send whose reply is lost settles on
// screen by itself, sent once. Screenshots of every state, light and dark.
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, openWithdrawal, recordSentOps } from './approvals-sandbox';
import { Bank, choose, focusedField, goToTransfers, input, keyTab, quoteValve, shown } from './transfers-sandbox';

test('wallet ↔ spot and a send to another user: errors first, each reviewed, checked at the sandbox, listed in recent movements', async ({ page, host }) => {
  test.setTimeout(180_000); // a dozen audited shots, each light and dark
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  await goToTransfers(page);
  const form = page.getByTestId('wallet-spot-form');
  await expect(page.getByTestId('movements-table').or(page.getByTestId('movements-empty'))).toBeVisible();
  await shootInBothThemes(page, 'transfers-wallet-spot-empty');

  // Nothing is sent while a field is wrong: each error on its field, the keyboard on the first.
  await form.getByTestId('ws-review').click();
  await expect(form.getByText('Choose a currency.')).toBeVisible();
  await choose(page, 'ws-currency', 'USDT — Tether');
  const before = await bank.balance('master', 'USDT');
  await expect(page.getByTestId('ws-balances-wallet')).toHaveText(shown(before.wallet, 6, 'USDT'));
  await input(form, 'ws-amount').fill('1.0000001');
  await choose(page, 'ws-to', 'Wallet');
  await form.getByTestId('ws-review').click();
  await expect(form.getByText('USDT allows at most 6 decimal places.')).toBeVisible();
  await expect(form.getByText('Choose the other side: money moves from one side to the other.')).toBeVisible();
  await expect.poll(() => focusedField(page)).toBe('to');
  await shootInBothThemes(page, 'transfers-field-errors');

  await choose(page, 'ws-to', 'Spot');
  await input(form, 'ws-amount').fill('125.5');
  await shootInBothThemes(page, 'transfers-wallet-spot-filled');
  await input(form, 'ws-amount').press('Enter');
  const review = page.getByTestId('ws-review-modal');
  await expect(review.getByTestId('ws-review-amount')).toHaveText('125.500000 USDT');
  await expect(review.getByTestId('ws-review-direction')).toHaveText('Wallet → Spot');
  await shootInBothThemes(page, 'transfers-wallet-spot-review');
  await review.getByTestId('ws-send').click();
  await expect(review.getByTestId('ws-review-done')).toHaveText('Moved 125.5 USDT to spot');
  const moved = await bank.balance('master', 'USDT');
  expect(moved.wallet.toFixed()).toBe(before.wallet.minus('125.5').toFixed());
  expect(moved.spot.toFixed()).toBe(before.spot.plus('125.5').toFixed());
  await review.getByTestId('ws-review-close').click();
  await expect(page.getByTestId('ws-balances-spot')).toHaveText(shown(moved.spot, 6, 'USDT')); // live from the stream

  // To another user: a currency the service pays out none of, a malformed email.
  await keyTab(page, 'To another user').click();
  const send = page.getByTestId('send-form');
  await shootInBothThemes(page, 'transfers-send-empty');
  await choose(page, 'send-currency', 'EUR — Euro');
  await input(send, 'send-amount').fill('5');
  await input(send, 'send-identifier').fill('alice');
  await input(send, 'send-identifier').press('Enter');
  await expect(send.getByText('Payouts of EUR are switched off by the service, so it cannot be sent to another user.')).toBeVisible();
  await expect(send.getByText('This is not an email address (name@example.com).')).toBeVisible();
  await expect.poll(() => focusedField(page)).toBe('currency');
  await shootInBothThemes(page, 'transfers-send-errors');

  const aliceBefore = await bank.balance('alice', 'USDT');
  await choose(page, 'send-currency', 'USDT — Tether');
  await input(send, 'send-amount').fill('40');
  await input(send, 'send-identifier').fill('alice@sandbox.test');
  await shootInBothThemes(page, 'transfers-send-filled');
  await input(send, 'send-identifier').press('Enter');
  const sendReview = page.getByTestId('send-review');
  await expect(sendReview.getByTestId('send-review-amount')).toHaveText('40.000000 USDT');
  await expect(sendReview.getByTestId('send-review-identifier')).toHaveText('alice@sandbox.test');
  await expect(sendReview).toContainText('cannot be undone');
  await expect(sendReview.getByTestId('send-submit')).toBeDisabled();
  await input(sendReview, 'send-again').fill('alice@sandbox.tesx');
  await expect(sendReview.getByTestId('send-submit')).toBeDisabled();
  await expect(sendReview.getByText('This is not the email above.')).toBeVisible();
  await shootInBothThemes(page, 'transfers-send-review-mismatch');
  await input(sendReview, 'send-again').fill('alice@sandbox.test');
  await expect(sendReview.getByTestId('send-submit')).toBeEnabled();
  await sendReview.getByTestId('send-submit').click();
  await expect(sendReview.getByTestId('send-done')).toContainText('40.000000 USDT went to alice@sandbox.test');
  await shootInBothThemes(page, 'transfers-send-done');
  expect((await bank.balance('alice', 'USDT')).wallet.toFixed()).toBe(aliceBefore.wallet.plus(40).toFixed());
  expect((await bank.balance('master', 'USDT')).wallet.toFixed()).toBe(moved.wallet.minus(40).toFixed());
  await sendReview.getByTestId('send-close').click();
  await expect(sendReview).toBeHidden(); // its focus handed back before the keyboard goes elsewhere

  // Both moves are in recent movements, live, newest first; a row opens the service's record.
  const sentRow = page.locator('[data-testid="movement-row"][data-kind="Sent to a user"]').first();
  await expect(sentRow).toContainText('−40.000000 USDT');
  await expect(page.getByTestId('movement-row').first()).toHaveAttribute('data-kind', 'Sent to a user');
  await expect(page.locator('[data-testid="movement-row"][data-kind="Wallet → spot"]').first()).toContainText('125.500000 USDT');
  await sentRow.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('movement-drawer');
  await expect(drawer.getByTestId('movement-record')).toContainText('40.000000 USDT');
  await expect(drawer.getByTestId('movement-record')).toContainText('WITHDRAW · OFFCHAIN');
  await shootInBothThemes(page, 'transfers-movement-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await choose(page, 'movements-currency', 'BTC — Bitcoin');
  await expect(page.getByTestId('movement-row').first()).toContainText('BTC');
  await expect(page.getByTestId('movement-row').filter({ hasText: 'USDT' })).toHaveCount(0);
  await shootInBothThemes(page, 'transfers-movements-filtered');
});

test('a conversion at a live quote: stale on the form and in the review, re-quoted, then what the service did', async ({ page, host }) => {
  test.setTimeout(120_000);
  const valve = await quoteValve(page);
  const sent = recordSentOps(page);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const [usdtBefore, btcBefore] = [await bank.balance('master', 'USDT'), await bank.balance('master', 'BTC')];
  const lastId = await bank.lastId('master');
  await goToTransfers(page, 'Convert');
  const form = page.getByTestId('convert-form');
  await shootInBothThemes(page, 'transfers-convert-empty');

  await choose(page, 'convert-from', 'USDT — Tether');
  await choose(page, 'convert-to', 'BTC — Bitcoin');
  await input(form, 'convert-pay').fill('100');
  await expect(form.getByTestId('convert-quote-rate')).toContainText(/^1 USDT = [\d.,]+ BTC$/);
  await expect(form.getByTestId('convert-quote-spread')).toHaveText('service spread 0.2 %');
  await expect(input(form, 'convert-receive')).toHaveValue(/^0\.\d{8}$/);
  await shootInBothThemes(page, 'transfers-convert-filled');

  // No newer price reaches the page: the quote ages on screen until it is stale.
  valve.hold(true);
  await expect(form.getByTestId('convert-requote')).toBeVisible({ timeout: 10_000 });
  await expect(form.getByTestId('convert-quote')).toHaveAttribute('data-stale', 'true');
  await expect(form.getByTestId('convert-quote-age')).toHaveText(/^stale · \d+ s old$/);
  await expect(form.getByText('A quote is good for 5 s: get a new one before converting.')).toBeVisible();
  await shootInBothThemes(page, 'transfers-convert-stale');
  await form.getByTestId('convert-requote').click();
  await expect(form.getByTestId('convert-quote')).toHaveAttribute('data-stale', 'false');
  valve.hold(false);

  // The review pins its quote: it goes stale there too, and Convert becomes Re-quote.
  await form.getByTestId('convert-review-open').click();
  const review = page.getByTestId('convert-review');
  await expect(review.getByTestId('convert-review-pay')).toHaveText('100.000000 USDT');
  await shootInBothThemes(page, 'transfers-convert-review');
  const submit = review.getByTestId('convert-submit');
  await expect(submit).toHaveAttribute('data-action', 'requote', { timeout: 10_000 });
  await expect(submit).toHaveText('Re-quote');
  await shootInBothThemes(page, 'transfers-convert-review-stale');
  await submit.click();
  await expect(review.getByTestId('convert-requoted')).toBeVisible();
  await expect(submit).toHaveAttribute('data-action', 'convert');
  await shootInBothThemes(page, 'transfers-convert-requoted');
  // The screenshots take seconds of the quote's five: let it go stale again and convert at once
  // after the next re-quote, so the click never races the quote's age.
  await expect(submit).toHaveAttribute('data-action', 'requote', { timeout: 10_000 });
  await submit.click();
  await expect(submit).toHaveAttribute('data-action', 'convert');
  const expectedText = (await review.getByTestId('convert-review-receive').innerText()).replace(/ expected$/, '');
  await submit.click();

  const result = page.getByTestId('convert-result');
  await expect(result).toHaveAttribute('data-read-back', 'true');
  await expect(result.getByTestId('convert-debited')).toContainText('100.000000 USDT');
  await shootInBothThemes(page, 'transfers-convert-result');
  const [usdtAfter, btcAfter] = [await bank.balance('master', 'USDT'), await bank.balance('master', 'BTC')];
  expect(usdtAfter.wallet.toFixed()).toBe(usdtBefore.wallet.minus(100).toFixed());
  const credited = btcAfter.wallet.minus(btcBefore.wallet);
  await expect(result.getByTestId('convert-credited')).toContainText(shown(credited, 8, 'BTC'));
  const difference = credited.minus(new Decimal(expectedText.replace(/[^\d.]/g, '')));
  await expect(result.getByTestId('convert-difference')).toContainText(difference.isZero() ? '0.00000000 BTC' : shown(difference.abs(), 8, 'BTC'));
  const swaps = await bank.transactionsSince('master', lastId, { types: 'SWAP' });
  expect(swaps.map((tx) => `${tx.native.amount} ${tx.native.currency}`).sort()).toEqual([`${credited.toFixed(8)} BTC`, '100.000000 USDT'].sort());
  const creditedId = (await result.getByTestId('convert-credited').innerText()).match(/tx (\S+)/)?.[1];
  expect(swaps.find((tx) => tx.native.currency === 'BTC')?.id.toString()).toBe(creditedId);
  // Both legs are one row of recent movements, what was paid first.
  const conversionRow = page.locator('[data-testid="movement-row"][data-kind="Conversion"]').first();
  await expect(conversionRow).toContainText(`−100.000000 USDT → +${shown(credited, 8, 'BTC')}`);
  await conversionRow.click();
  await expect(page.getByTestId('movement-drawer').getByTestId('movement-record')).toHaveCount(2);
  await shootInBothThemes(page, 'transfers-movement-conversion');
  expect(sent.filter((op) => op === 'convertFunds')).toHaveLength(1);
  expect(sent.filter((op) => op === 'getConversionQuote').length).toBeGreaterThanOrEqual(2);
});

test('funds on the wrong side: the withdrawal moves exactly the missing amount from spot, then is prepared', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const start = await bank.balance('master', 'USDT');
  const lastId = await bank.lastId('master');
  // The wallet keeps 50 USDT; the rest goes to spot.
  await bank.transfer('master', { currency: 'USDT', amount: start.wallet.minus(50).toFixed(), source: 'wallet', destination: 'spot' });
  const modal = await openWithdrawal(page, 'USDT');
  await input(modal, 'withdraw-address').fill(ETH_ADDRESS);
  await input(modal, 'withdraw-amount').fill('100');
  await expect(modal.getByTestId('withdraw-arrives')).toHaveText('100.000000 USDT');
  const notice = modal.getByTestId('wrong-side');
  await expect(notice.getByTestId('wrong-side-text')).toHaveText('The wallet holds 50.000000 USDT; 55.000000 USDT more is on spot.');
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByTestId('withdraw-confirm')).toBeHidden(); // not before the money is on the wallet
  await shootInBothThemes(page, 'withdraw-wrong-side');

  await notice.getByTestId('wrong-side-move').click();
  await page.getByRole('button', { name: 'Move 55.000000 USDT', exact: true }).click();
  await expect(modal.getByTestId('withdraw-confirm')).toBeVisible();
  const fromSpot = await bank.transactionsSince('master', lastId, { types: 'TRANSFER', subtypes: 'SPOT_TO_WALLET' });
  expect(fromSpot.map((tx) => tx.native.amount)).toEqual(['55.000000']);
  expect((await bank.balance('master', 'USDT')).wallet.toFixed()).toBe('105');
  await modal.getByRole('button', { name: 'Back' }).click();
  await expect(notice).toHaveAttribute('data-state', 'moved');
  await expect(notice.getByTestId('wrong-side-step-move')).toHaveAttribute('data-step-state', 'done');
  await shootInBothThemes(page, 'withdraw-wrong-side-moved');
  await notice.getByTestId('wrong-side-continue').click();
  await modal.getByTestId('withdraw-submit').click();
  await expect(modal.getByTestId('withdraw-result')).toHaveAttribute('data-state', 'CREATED');
  expect((await bank.balance('master', 'USDT')).wallet.toFixed()).toBe('0');
  expect(await bank.transactionsSince('master', lastId, { types: 'TRANSFER', subtypes: 'SPOT_TO_WALLET' })).toHaveLength(1);
});

test('a send whose reply is lost is shown uncertain, locks the form, and settles by itself: one transaction at the sandbox', async ({ page, host }) => {
  test.setTimeout(90_000);
  const sent = recordSentOps(page);
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  const bobBefore = await bank.balance('bob', 'USDT');
  const lastId = await bank.lastId('master');
  await desk.fault('POST', '/api/3/wallet/internal/withdraw', 504, 1, true);
  await goToTransfers(page, 'To another user');
  const form = page.getByTestId('send-form');
  await choose(page, 'send-currency', 'USDT — Tether');
  await input(form, 'send-amount').fill('7');
  await form.getByTestId('send-by-username').click();
  await input(form, 'send-identifier').fill('bob');
  await form.getByTestId('send-review-open').click();
  await input(page.getByTestId('send-review'), 'send-again').fill('bob');
  await page.getByTestId('send-submit').click();

  const notice = form.getByTestId('pending-move');
  await expect(notice).toHaveAttribute('data-state', 'uncertain');
  await expect(form.getByTestId('send-review-open')).toBeDisabled();
  await shootInBothThemes(page, 'transfers-send-uncertain');
  await expect(notice).toHaveAttribute('data-state', 'found', { timeout: 45_000 });
  await expect(form.getByTestId('send-review-open')).toBeEnabled();
  await expect(form.getByTestId('send-form-done')).toBeHidden(); // the found notice says it
  await shootInBothThemes(page, 'transfers-send-found');
  expect(sent.filter((op) => op === 'sendToUser')).toHaveLength(1);
  const sends = await bank.transactionsSince('master', lastId, { types: 'WITHDRAW', subtypes: 'OFFCHAIN' });
  expect(sends.map((tx) => `${tx.native.amount} ${tx.native.currency}`)).toEqual(['7.000000 USDT']);
  expect((await bank.balance('bob', 'USDT')).wallet.toFixed()).toBe(bobBefore.wallet.plus(7).toFixed());
});
