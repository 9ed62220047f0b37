// What the approvals/wallet/audit specs need beside the page: the built-in sandbox's REST URL,
// its test controls (clock advance) and a second "desktop" that signs requests with the master
// key (Basic auth) straight to the sandbox, as another Coffer user would. Loopback only.
import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { openApp, profileCard } from './profile-page';

/** Set before any host starts: the host reads it when it launches its built-in sandbox. */
export const CONTROL_TOKEN = `e2e-${randomBytes(12).toString('hex')}`;
process.env.COFFER_SANDBOX_CONTROL_TOKEN = CONTROL_TOKEN;

/** A valid Ethereum address that is not the account's own. */
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

interface KeyRecord {
  api_key: string;
  secret_key: string;
  rights: string[];
}

export class SandboxDesk {
  private constructor(readonly restUrl: string, private readonly auth: string) {}

  /** Reads the sandbox's URL from the built-in profile card, and the master key from the controls. */
  static async open(page: Page, url: string): Promise<SandboxDesk> {
    await openApp(page, url);
    const restUrl = (await profileCard(page, 'Sandbox').locator('dd.mono').first().innerText()).trim();
    expect(restUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const accounts = (await control(restUrl, 'GET', '/sandbox/accounts')) as { kind: string; keys: KeyRecord[] }[];
    const master = accounts.find((account) => account.kind === 'master');
    const key = master?.keys.slice().sort((a, b) => b.rights.length - a.rights.length)[0];
    if (!key) throw new Error('the sandbox has no master key');
    return new SandboxDesk(restUrl, `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`);
  }

  /** A new key pair of the master account holding only `rights`. */
  async newKey(rights: string[]): Promise<{ apiKey: string; secretKey: string }> {
    const key = (await control(this.restUrl, 'POST', '/sandbox/keys', { rights })) as KeyRecord;
    return { apiKey: key.api_key, secretKey: key.secret_key };
  }

  async advanceClock(ms: number): Promise<void> {
    await control(this.restUrl, 'POST', `/sandbox/clock/advance?ms=${ms}`);
  }

  /** The next `count` requests matching method and path get `status` instead of being handled
   *  (or, with `after`, handled first and then answered `status`: the reply is lost). */
  async fault(method: string, path: string, status: number, count = 1, after = false): Promise<void> {
    const query = new URLSearchParams({ method, path, status: String(status), count: String(count), ...(after ? { after: 'true' } : {}) });
    await control(this.restUrl, 'POST', `/sandbox/faults?${query.toString()}`);
  }

  /** Closes every stream socket the sandbox holds (the clients reconnect on their own). */
  async dropStreams(): Promise<void> {
    await control(this.restUrl, 'POST', '/sandbox/faults?drop_websockets=true');
  }

  /** Another desktop prepares a withdrawal (auto_commit=false); returns the service's id. */
  async prepareWithdrawal(fields: { currency: string; amount: string; address: string }): Promise<string> {
    const body = new URLSearchParams({ ...fields, auto_commit: 'false' });
    const reply = await this.call('POST', '/api/3/wallet/crypto/withdraw', body);
    return (reply as { id: string }).id;
  }

  async walletAvailable(currency: string): Promise<string> {
    const reply = (await this.call('GET', `/api/3/wallet/balance/${currency}`)) as { available: string };
    return reply.available;
  }

  async spotAvailable(currency: string): Promise<string> {
    const reply = (await this.call('GET', `/api/3/spot/balance/${currency}`)) as { available: string };
    return reply.available;
  }

  async transaction(id: string): Promise<{ status: string }> {
    return (await this.call('GET', `/api/3/wallet/transactions/${id}`)) as { status: string };
  }

  private async call(method: string, path: string, body?: URLSearchParams): Promise<unknown> {
    const response = await fetch(`${this.restUrl}${path}`, {
      method,
      headers: { authorization: this.auth, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body: body.toString() } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }
}

/** A test control of the sandbox (/sandbox/…), with the control token; its JSON answer. */
export async function control(restUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'x-sandbox-token': CONTROL_TOKEN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${restUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

export async function goTo(page: Page, section: 'Wallet' | 'Approvals' | 'Audit log'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText(section, { exact: true }).click();
}

export function balanceRow(page: Page, currency: string): Locator {
  return page.locator(`[data-testid="balance-row"][data-currency="${currency}"]`);
}

export function approvalRow(page: Page, id: string): Locator {
  return page.locator(`[data-testid="approval-row"][data-id="${id}"]`);
}

/** Every contract operation the page sent over its WebSocket, in order. */
export function recordSentOps(page: Page): string[] {
  const ops: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const op = (JSON.parse(text) as { op?: unknown }).op;
      if (typeof op === 'string') ops.push(op);
    });
  });
  return ops;
}

/** Opens the withdrawal form for a currency from its wallet row and drawer. */
export async function openWithdrawal(page: Page, currency: string): Promise<Locator> {
  await goTo(page, 'Wallet');
  await balanceRow(page, currency).click();
  await page.getByTestId('drawer-withdraw').click();
  const modal = page.getByTestId('withdraw-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/** A tab by its label: a naive-ui tab (no ARIA role) or a tab of the keyboard tab strip (role tab). */
export function tab(page: Page, label: string): Locator {
  return page.locator('.n-tabs-tab, [role="tab"]', { hasText: label });
}

/** An option of the open naive-ui select menu, by its exact label. */
export function menuOption(page: Page, label: string): Locator {
  return page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${label}$`) });
}
