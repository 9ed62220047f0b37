// The Orders page against the built-in sandbox, on one host: an order another desk placed at the
// sandbox is reached from the Wallet's Reserved cell and cancelled through its confirmation, and
// the sandbox's own spot balance shows the reserve dropped by exactly what the dialog said it
// frees; then an order placed through the form's review is listed and exists at the sandbox; and
// one whose answer is lost is followed through the pending ledger until found, never sent twice;
// and cancelling every order frees exactly what the sandbox held for them.
// Screenshots of the page, the cancel confirmation, the form and its review, light and dark.
import type { Page } from '@playwright/test';
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { SandboxDesk, goTo } from './approvals-sandbox';
import { Bank, choose, focusedField, input } from './transfers-sandbox';

interface SandboxOrder {
  client_order_id: string;
  symbol: string;
  side: string;
  quantity: string;
  price: string;
  status: string;
}

interface SpotBalance {
  available: string;
  reserved: string;
}

async function spotBalance(bank: Bank, currency: string): Promise<SpotBalance> {
  return (await bank.call('master', 'GET', `/api/3/spot/balance/${currency}`)) as SpotBalance;
}

async function placeAtSandbox(bank: Bank, fields: Record<string, string>): Promise<SandboxOrder> {
  return (await bank.call('master', 'POST', '/api/3/spot/order', new URLSearchParams({ type: 'limit', ...fields }))) as SandboxOrder;
}

/** "Cancel this ETHUSDT order — frees 5.005000 USDT" → 5.005 (the amount named for `currency`). */
function freedIn(sentence: string, currency: string): Decimal {
  const match = new RegExp(`([\\d,]+(?:\\.\\d+)?) ${currency}`).exec(sentence);
  if (!match?.[1]) throw new Error(`no ${currency} amount in “${sentence}”`);
  return new Decimal(match[1].replace(/,/g, ''));
}

/** The place-order form, scrolled whole into the 720-pixel window the shots are judged at. */
async function shootForm(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('place-order').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shootInBothThemes(page, name);
  if (size) await page.setViewportSize(size);
}

async function waitLive(page: Page): Promise<void> {
  await expect(page.getByTestId('orders-page').getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
}

test('orders end to end: one cancelled from the Wallet’s Reserved cell for exactly what it held, one placed through its review, one whose answer is lost placed once, then all cancelled', async ({ page, host }) => {
  test.setTimeout(180_000); // eight audited shots, each light and dark
  const desk = await SandboxDesk.open(page, host.url);
  const bank = await Bank.open(desk.restUrl);
  // Another desk's orders, far from the market so they rest: one holds USDT, one holds BTC.
  const resting = await placeAtSandbox(bank, { symbol: 'ETHUSDT', side: 'buy', quantity: '0.5', price: '10.00' });
  const btcSell = await placeAtSandbox(bank, { symbol: 'BTCUSDT', side: 'sell', quantity: '0.001', price: '9000000.0' });
  expect(resting.status).toBe('new');

  await test.step('cancel from the Wallet’s Reserved cell, checked at the sandbox', async () => {
    await goTo(page, 'Wallet');
    const link = page.getByRole('link', { name: /^Reserved [\d,.]+ USDT — show the orders holding it$/ });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await link.focus();
    await page.keyboard.press('Enter');
    const orders = page.getByTestId('orders-page');
    await expect(orders).toBeVisible();
    await expect(page.getByTestId('orders-filter')).toContainText('Showing the orders holding USDT');
    await waitLive(page);
    const row = orders.locator(`[data-testid="order-row"][data-order="${resting.client_order_id}"]`);
    await expect(row).toBeVisible();
    // Only orders holding USDT are listed (the demo's seeded ones among them); the BTC-holding sell is not.
    await expect(orders.locator(`[data-testid="order-row"][data-order="${btcSell.client_order_id}"]`)).toHaveCount(0);
    for (const held of await orders.getByTestId('order-holds').allInnerTexts()) expect(held).toMatch(/ USDT$/);
    await shootInBothThemes(page, 'orders-page-filtered');

    const cancel = row.getByRole('button', { name: /^Cancel the buy of 0\.5/ });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cancel-dialog');
    const heading = dialog.getByRole('heading', { level: 2 });
    await expect(heading).toContainText('Cancel this ETHUSDT order — frees');
    const frees = freedIn(await heading.innerText(), 'USDT');
    await shootInBothThemes(page, 'orders-cancel-confirm');

    const before = await spotBalance(bank, 'USDT');
    await dialog.getByTestId('cancel-confirm').click();
    await expect(dialog.getByTestId('cancel-outcome')).toHaveAttribute('data-state', 'canceled');
    const result = dialog.getByTestId('cancel-outcome-result');
    await expect(result).toContainText('Cancelled — freed');
    expect(freedIn(await result.innerText(), 'USDT').toFixed()).toBe(frees.toFixed());
    const after = await spotBalance(bank, 'USDT');
    expect(new Decimal(before.reserved).minus(after.reserved).toFixed()).toBe(frees.toFixed());
    expect(new Decimal(after.available).minus(before.available).toFixed()).toBe(frees.toFixed());
    await shootInBothThemes(page, 'orders-cancel-done');
    await dialog.getByTestId('cancel-close').click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    const gone = (await bank.call('master', 'GET', '/api/3/spot/order')) as SandboxOrder[];
    expect(gone.map((o) => o.client_order_id)).not.toContain(resting.client_order_id);
  });

  await test.step('place a limit order through its review: listed, and at the sandbox', async () => {
    const orders = page.getByTestId('orders-page');
    await orders.getByTestId('orders-filter-clear').click();
    await expect(orders.getByTestId('orders-filter')).toBeHidden();
    await expect(orders.locator('[data-testid="orders-group"][data-symbol="BTCUSDT"]')).toBeVisible();
    await shootInBothThemes(page, 'orders-page');

    const form = page.getByTestId('place-order');
    await form.scrollIntoViewIfNeeded();
    await choose(page, 'place-symbol', 'ETHUSDT — ETH priced in USDT');
    await input(form, 'place-quantity').fill('0.12345');
    await input(form, 'place-price').fill('12.005');
    await expect(form.getByText('The quantity goes in steps of 0.0001 ETH: use 0.1234 or 0.1235.')).toBeVisible();
    await expect(form.getByText('The price goes in steps of 0.01 USDT: use 12.00 or 12.01.')).toBeVisible();
    await form.getByTestId('place-review-open').click();
    await expect.poll(() => focusedField(page)).toBe('quantity');
    await shootForm(page, 'orders-place-errors');

    // Main's refusal naming a field is shown on it, with the keyboard there.
    await input(form, 'place-quantity').fill('99999');
    await input(form, 'place-price').fill('12.01');
    await form.getByTestId('place-review-open').click();
    await expect(form.locator('[data-field="quantity"]')).toContainText(/This order needs [\d.]+ USDT .*, but [\d.]+ USDT is available on the spot balance/);
    await expect.poll(() => focusedField(page)).toBe('quantity');
    await expect(page.getByTestId('place-review')).toBeHidden();

    await input(form, 'place-quantity').fill('0.1234');
    await expect(form.locator('[data-field="quantity"]')).not.toContainText('This order needs');
    await shootForm(page, 'orders-place-form');
    await input(form, 'place-price').press('Enter');
    const review = page.getByTestId('place-review');
    await expect(review.getByTestId('place-review-quantity')).toHaveText('0.123400000 ETH');
    await expect(review.getByTestId('place-review-price')).toHaveText('12.01 USDT per ETH');
    await expect(review.getByTestId('place-review-notional')).toContainText('USDT');
    await expect(review.getByTestId('place-review-conversion')).toBeVisible();
    await shootInBothThemes(page, 'orders-place-review');
    await review.getByTestId('place-submit').click();
    await expect(review.getByTestId('place-review-done')).toContainText('Buy 0.123400000 ETH at 12.01 USDT on ETHUSDT');
    await review.getByTestId('place-close').click();
    await expect(review).toBeHidden();

    const listed = orders.locator('[data-testid="orders-group"][data-symbol="ETHUSDT"] [data-testid="order-row"]').filter({ hasText: '0.123400000 ETH' });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('12.01 USDT');
    const active = (await bank.call('master', 'GET', '/api/3/spot/order?symbol=ETHUSDT')) as SandboxOrder[];
    const placed = active.filter((o) => new Decimal(o.quantity).eq('0.1234') && new Decimal(o.price).eq('12.01'));
    expect(placed.map((o) => o.side)).toEqual(['buy']);
    expect(await listed.getAttribute('data-order')).toBe(placed[0]?.client_order_id);

    // A market order has no price field: its review names the book's estimate and when it was read.
    await form.getByTestId('place-type-market').click();
    await expect(input(form, 'place-price')).toHaveCount(0);
    await input(form, 'place-quantity').fill('0.01');
    await input(form, 'place-quantity').press('Enter');
    await expect(review.getByTestId('place-review-price')).toHaveText(/^about [\d,.]+ USDT per ETH, estimated from the order book at \d\d:\d\d:\d\d UTC$/);
    await review.getByRole('button', { name: 'Back' }).click();
    await expect(review).toBeHidden();
    await expect.poll(() => focusedField(page)).toBe('quantity'); // back where Enter opened it
    await form.getByTestId('place-type-limit').click();
  });

  await test.step('an order whose answer is lost: the ledger’s notice, the form locked, sent once', async () => {
    const form = page.getByTestId('place-order');
    await desk.fault('POST', '/api/3/spot/order', 504, 1, true); // placed at the sandbox, the reply lost
    await input(form, 'place-quantity').fill('0.2');
    await input(form, 'place-price').fill('11.00');
    await input(form, 'place-price').press('Enter');
    const review = page.getByTestId('place-review');
    await review.getByTestId('place-submit').click();
    await expect(review).toBeHidden();
    const notice = form.getByTestId('pending-move');
    await expect(notice).toBeVisible();
    await expect(form.getByTestId('place-review-open')).toBeDisabled();
    await shootForm(page, 'orders-place-uncertain');
    await expect(notice).toHaveAttribute('data-state', 'found', { timeout: 30_000 });
    await expect(notice).toContainText('The order went through');
    await expect(form.getByTestId('place-review-open')).toBeEnabled();
    await expect(input(form, 'place-quantity')).toHaveValue(''); // not offered to be placed again
    const active = (await bank.call('master', 'GET', '/api/3/spot/order?symbol=ETHUSDT')) as SandboxOrder[];
    expect(active.filter((o) => new Decimal(o.quantity).eq('0.2') && new Decimal(o.price).eq('11'))).toHaveLength(1);
  });

  await test.step('cancel every order: one confirmation naming each currency freed, every outcome shown', async () => {
    const orders = page.getByTestId('orders-page');
    const count = (await bank.call('master', 'GET', '/api/3/spot/order') as SandboxOrder[]).length;
    await orders.getByTestId('orders-cancel-all').click();
    const dialog = page.getByTestId('cancel-dialog');
    const heading = dialog.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(new RegExp(`^Cancel all ${count} orders — frees `));
    // Each currency the confirmation names is exactly what the sandbox holds for the orders.
    const named = [...(await heading.innerText()).matchAll(/([\d,]+(?:\.\d+)?) ([A-Z]+)/g)].map(([, amount = '', code = '']) => ({ code, amount: new Decimal(amount.replace(/,/g, '')) }));
    expect(named.map((n) => n.code)).toContain('USDT');
    for (const { code, amount } of named) expect(new Decimal((await spotBalance(bank, code)).reserved).toFixed(), code).toBe(amount.toFixed());
    await dialog.getByTestId('cancel-confirm').click();
    await expect(dialog.getByTestId('cancel-outcome')).toHaveCount(count);
    await expect(dialog.locator('[data-testid="cancel-outcome"][data-state="canceled"]')).toHaveCount(count);
    await dialog.getByTestId('cancel-close').click();
    await expect(orders.getByTestId('orders-empty')).toHaveText('No active orders.');
    expect(await bank.call('master', 'GET', '/api/3/spot/order')).toEqual([]);
    for (const { code } of named) expect(new Decimal((await spotBalance(bank, code)).reserved).isZero(), code).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });
});
