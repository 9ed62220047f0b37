// Spot trades end to end, on a sub-account that held nothing: the master sends it USDT, it moves
// them to spot and buys SOL with a market order over signed REST. Its profile's History page,
// filtered to trades, lists the trade as one row of what it paid and received, exactly the
// service's quantity × price, with its fee as a line of its own, and the record's drawer tells
// the symbol, side, quantity, price and fee. The Portfolio page then shows neither SOL nor USDT
// held on the day before — never less than nothing. Screenshots of both, light and dark.
import Decimal from '../../preload/contract/decimal';
import { expect, test } from './fixtures';
import { SandboxDesk, control } from './approvals-sandbox';
import { goToSection, historyRows, pickFilter } from './history-sandbox';
import { fillProfileForm, formField, profileCard } from './profile-page';
import { shootInBothThemes } from './screenshots';

interface TradeRecord { id: number; symbol: string; side: string; quantity: string; price: string; fee: string }

/** A signed REST call of the sandbox with a key pair over Basic auth; its JSON answer. */
async function rest<T>(restUrl: string, key: { api_key: string; secret_key: string }, method: string, path: string, body?: Record<string, string>): Promise<T> {
  const response = await fetch(`${restUrl}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** "−32,000.50" → -32000.5: the figure a cell shows, as a number with its sign. */
const figure = (text: string) => new Decimal(text.trim().replace(/,/g, '').replace('−', '-').replace('+', ''));

test('a spot trade on the History page, one row with its fee line and exact amounts, and the bought currency never held less than nothing', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  const master = (await control(desk.restUrl, 'POST', '/sandbox/keys', { rights: ['PAY', 'WDR', 'HIST', 'ORD'] })) as { api_key: string; secret_key: string };
  const [subId] = ((await control(desk.restUrl, 'POST', '/sandbox/sub-accounts', { count: 1 })) as { ids: Array<string | number> }).ids.map(String);
  const trader = (await control(desk.restUrl, 'POST', '/sandbox/keys', { account: subId, rights: ['PAY', 'WDR', 'HIST', 'ORD'], label: 'trader' })) as { api_key: string; secret_key: string };
  await rest(desk.restUrl, master, 'POST', '/api/3/sub-account/transfer', { sub_account_id: subId as string, currency: 'USDT', amount: '500', type: 'to_sub_account' });
  await rest(desk.restUrl, trader, 'POST', '/api/3/wallet/transfer', { currency: 'USDT', amount: '500', source: 'wallet', destination: 'spot' });
  await rest(desk.restUrl, trader, 'POST', '/api/3/spot/order', { symbol: 'SOLUSDT', side: 'buy', type: 'market', quantity: '1.5' });
  const [trade] = await rest<TradeRecord[]>(desk.restUrl, trader, 'GET', '/api/3/spot/history/trade');
  if (trade === undefined) throw new Error('the market order made no trade');

  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, { name: 'Trading desk', restUrl: desk.restUrl, streamUrl: desk.restUrl.replace(/^http/, 'ws'), publicKey: trader.api_key, secretKey: trader.secret_key });
  await formField(page, 'secretKey').press('Enter');
  await profileCard(page, 'Trading desk').getByRole('button', { name: 'Make active' }).click();
  await expect(profileCard(page, 'Trading desk')).toContainText('Active');

  await goToSection(page, 'History');
  await expect(page.getByTestId('sync-strip')).toHaveAttribute('data-phase', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('sync-detail')).toContainText('and 1 trade stored');
  await pickFilter(page, 'types', ['Trade']);
  const rows = historyRows(page);
  await expect(rows).toHaveCount(3);
  // Paid and received in one row, exactly quantity × price of the service's record.
  const whole = rows.nth(0);
  await expect(whole.locator('.kind')).toHaveText('Trade · Spot buy');
  const [paid, received] = (await whole.getByTestId('history-amount').innerText()).split('→');
  expect(paid).toMatch(/USDT\s*$/);
  expect(received).toMatch(/SOL\s*$/);
  expect(figure((paid ?? '').replace('USDT', '')).eq(new Decimal(trade.quantity).times(trade.price).negated())).toBe(true);
  expect(figure((received ?? '').replace('SOL', '')).eq(trade.quantity)).toBe(true);
  await expect(rows.nth(1).getByTestId('history-other-leg')).toHaveText('↳ received leg');
  // The fee, a line of its own in the fee currency.
  const fee = rows.nth(2);
  await expect(fee.locator('.kind')).toHaveText('Trade fee');
  await expect(fee.locator('.code')).toHaveText('USDT');
  expect(figure(await fee.getByTestId('history-amount').innerText()).eq(new Decimal(trade.fee).negated())).toBe(true);
  // The totals of the trades: what the trade moved, per currency.
  const net = async (currency: string) => figure(await page.locator(`[data-testid="totals-row"][data-currency="${currency}"] td`).last().innerText());
  expect((await net('SOL')).eq(trade.quantity)).toBe(true);
  expect((await net('USDT')).eq(new Decimal(trade.quantity).times(trade.price).plus(trade.fee).negated())).toBe(true);
  await shootInBothThemes(page, 'history-trades');

  await whole.click();
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer.locator('[data-field="Symbol"]')).toHaveText('SOLUSDT');
  await expect(drawer.locator('[data-field="Side"]')).toHaveText('Buy');
  await expect(drawer.locator('[data-field="Quantity"]')).toHaveText(new Decimal(trade.quantity).toFixed());
  await expect(drawer.locator('[data-field="Price"]')).toHaveText(new Decimal(trade.price).toFixed());
  await expect(drawer.locator('[data-field="Trade fee"]')).toContainText('USDT');
  await expect(drawer.locator('[data-field="Trade id"]')).toContainText(String(trade.id));
  await shootInBothThemes(page, 'history-trade-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The day before the trade: nothing held, not SOL less than nothing nor USDT.
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Portfolio', { exact: true }).click();
  const balances = page.getByTestId('balances-on-date');
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const dayField = balances.getByTestId('balances-day').locator('input');
  await dayField.fill(day);
  await dayField.press('Enter');
  await expect(balances).toHaveAttribute('data-day', day);
  await expect(balances).toHaveAttribute('data-syncing', 'false', { timeout: 10_000 });
  const amounts = await balances.getByTestId('balances-row').evaluateAll((elements) => elements.map((row) => `${row.getAttribute('data-currency')} ${row.getAttribute('data-amount')}`));
  for (const row of amounts) expect(row).not.toMatch(/ -/);
  expect(amounts.filter((row) => /^(SOL|USDT) /.test(row) && !/ 0(\.0*)?$/.test(row))).toEqual([]);
});
