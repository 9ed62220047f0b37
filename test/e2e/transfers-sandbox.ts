// What the transfers spec needs beside the page: the built-in sandbox's own view of each account
// (wallet and spot balances, transactions), read and moved with that account's key straight at
// the sandbox, as another desk would; the Transfers page's fields by the names a user sees; and a
// switch that holds back live quotes on their way to the page, so a quote can be let go stale.
import { expect, type Locator, type Page } from '@playwright/test';
import Decimal from '../../preload/contract/decimal';
import { CONTROL_TOKEN, menuOption } from './approvals-sandbox';

interface AccountRecord {
  kind: string;
  username: string | null;
  keys: { api_key: string; secret_key: string; rights: string[] }[];
}

export interface SandboxTx {
  id: string | number;
  type: string;
  subtype: string;
  status: string;
  created_at: string;
  native: { currency: string; amount: string };
}

export class Bank {
  private constructor(readonly restUrl: string, private readonly auths: Map<string, string>) {}

  /** Every account's strongest key, by username ('master' for the master account). */
  static async open(restUrl: string): Promise<Bank> {
    const response = await fetch(`${restUrl}/sandbox/accounts`, { headers: { 'x-sandbox-token': CONTROL_TOKEN } });
    const accounts = (await response.json()) as AccountRecord[];
    const auths = new Map<string, string>();
    for (const account of accounts) {
      const key = account.keys.slice().sort((a, b) => b.rights.length - a.rights.length)[0];
      const name = account.kind === 'master' ? 'master' : account.username;
      if (key && name) auths.set(name, `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`);
    }
    return new Bank(restUrl, auths);
  }

  async balance(account: string, currency: string): Promise<{ wallet: Decimal; spot: Decimal }> {
    const wallet = (await this.call(account, 'GET', `/api/3/wallet/balance/${currency}`)) as { available: string };
    const spot = (await this.call(account, 'GET', `/api/3/spot/balance/${currency}`)) as { available: string };
    return { wallet: new Decimal(wallet.available), spot: new Decimal(spot.available) };
  }

  async transactions(account: string, query: Record<string, string>): Promise<SandboxTx[]> {
    return (await this.call(account, 'GET', `/api/3/wallet/transactions?${new URLSearchParams(query).toString()}`)) as SandboxTx[];
  }

  /** The id of the account's newest transaction: what comes after it was made since. */
  async lastId(account: string): Promise<number> {
    const [newest] = await this.transactions(account, { order_by: 'id', limit: '1' });
    return Number(newest?.id ?? 0);
  }

  /** The account's transactions made after `lastId`, newest first. */
  async transactionsSince(account: string, lastId: number, query: Record<string, string> = {}): Promise<SandboxTx[]> {
    return this.transactions(account, { ...query, order_by: 'id', id_from: String(lastId + 1) });
  }

  async transfer(account: string, fields: { currency: string; amount: string; source: 'wallet' | 'spot'; destination: 'wallet' | 'spot' }): Promise<void> {
    await this.call(account, 'POST', '/api/3/wallet/transfer', new URLSearchParams(fields));
  }

  /** A request signed with the account's key, its JSON answer; a reply that is not 2xx throws. */
  async call(account: string, method: string, path: string, body?: URLSearchParams): Promise<unknown> {
    const auth = this.auths.get(account);
    if (!auth) throw new Error(`the sandbox has no key for ${account}`);
    const response = await fetch(`${this.restUrl}${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body: body.toString() } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }
}

/** "1234.5" in 6 places with its code, as the page shows money: "1,234.500000 USDT". */
export function shown(amount: Decimal | string, decimals: number, code: string): string {
  const [whole = '', fraction] = new Decimal(amount).toFixed(decimals).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`} ${code}`;
}

export async function goToTransfers(page: Page, kind?: 'Wallet ↔ spot' | 'To another user' | 'Convert'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Transfers', { exact: true }).click();
  await expect(page.getByTestId('transfers-page')).toBeVisible();
  if (kind) await keyTab(page, kind).click();
}

/** Picks an option of a select found by its test id, by the option's exact label. */
export async function choose(page: Page, testid: string, label: string): Promise<void> {
  await page.getByTestId(testid).click();
  await menuOption(page, label).filter({ visible: true }).click();
  // The menu leaves with a transition; the next select's menu would otherwise offer the same label twice.
  await expect(page.locator('.n-base-select-menu').filter({ visible: true })).toHaveCount(0);
}

export function input(scope: Page | Locator, testid: string): Locator {
  return scope.getByTestId(testid).locator('input');
}

/** The data-field of the element that has the keyboard. */
export function focusedField(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field') ?? null);
}

/**
 * Routes the page's contract socket through the test: everything passes, except conversionQuote
 * events while `hold` is on. Call before the page opens the app.
 */
export async function quoteValve(page: Page): Promise<{ hold: (on: boolean) => void }> {
  let holding = false;
  await page.routeWebSocket(/\/contract\?/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (holding && typeof message === 'string' && message.includes('"event":"conversionQuote"')) return;
      socket.send(message);
    });
  });
  return { hold: (on) => (holding = on) };
}

/** A tab of a keyboard tab strip (role tab), by its label. */
export function keyTab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: label, exact: true });
}

/** Presses Tab (Shift+Tab when `back`) until `target` has the keyboard; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** The keyboard is somewhere a person can act from: never dropped on <body> after a dialog step. */
export async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
}

/** Picks a choice of a form-kit select from the keyboard: typing on it filters, Enter picks. */
export async function typeChoice(page: Page, select: Locator, typed: string, label: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(select).toContainText(label);
}
