/// <reference lib="dom" />
// One account at a time, and "Live" means live, against the built-in sandbox and a second profile
// whose service is a closed port. The sandbox's own API is the ground truth for which numbers
// belong to the first account. One host serves both cases: the fault case leaves the sandbox as
// it found it, and the switch case ends back on the sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Decimal from '../../preload/contract/decimal';
import { expect, startCofferHost, test, type CofferHost } from './fixtures';
import { shootInBothThemes } from './screenshots';
import { ETH_ADDRESS, SandboxDesk, balanceRow, control, goTo, tab } from './approvals-sandbox';
import { fillProfileForm, goToProfiles, profileCard, profileForm } from './profile-page';
import { goToSubAccounts } from './subaccounts-sandbox';

test.describe.configure({ mode: 'serial' });

let host: CofferHost;
let dataDir: string;
let page: Page;
let desk: SandboxDesk;

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-'));
  host = await startCofferHost(dataDir);
  // A context of its own rather than browser.newPage(): axe-core finishes its audit in a second
  // page of the same context, which a page made by browser.newPage() cannot open.
  page = await (await browser.newContext()).newPage();
  desk = await SandboxDesk.open(page, host.url);
});

test.afterAll(async () => {
  await page?.context().close();
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The master account's balances as the sandbox holds them, each amount written plainly
 *  ("107682.843234"); only amounts long enough not to turn up in a page by chance. */
async function masterAmounts(restUrl: string): Promise<string[]> {
  const accounts = (await control(restUrl, 'GET', '/sandbox/accounts')) as { kind: string; keys: { api_key: string; secret_key: string; rights: string[] }[] }[];
  const key = accounts.find((account) => account.kind === 'master')?.keys.slice().sort((a, b) => b.rights.length - a.rights.length)[0];
  if (!key) throw new Error('the sandbox has no master key');
  const auth = `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`;
  const amounts = new Set<string>();
  for (const side of ['wallet', 'spot']) {
    const response = await fetch(`${restUrl}/api/3/${side}/balance`, { headers: { authorization: auth } });
    const list = (await response.json()) as { available: string; reserved: string }[];
    for (const balance of list) {
      for (const amount of [balance.available, balance.reserved]) {
        const plain = new Decimal(amount).toFixed();
        if (plain.replace(/[.-]/g, '').length >= 6) amounts.add(plain);
      }
    }
  }
  return [...amounts];
}

/** The amounts of `amounts` the page shows now, digit groups and padding aside. */
async function amountsShown(amounts: readonly string[]): Promise<string[]> {
  const text = (await page.locator('body').innerText()).replace(/,/g, '');
  return amounts.filter((amount) => text.includes(amount));
}

async function makeActive(name: string): Promise<void> {
  await goToProfiles(page);
  await profileCard(page, name).getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByTestId('active-profile')).toContainText(name);
}

/** Every state the Wallet's live mark and its withdrawal button take, so a short outage is not
 *  missed between polls. */
async function recordWalletStates(): Promise<void> {
  await page.getByTestId('wallet-page').evaluate((section) => {
    const seen: string[] = [];
    (window as unknown as { walletStates: string[] }).walletStates = seen;
    const record = () => {
      const live = section.querySelector('[data-testid="wallet-live"]')?.textContent ?? '';
      const withdraw = section.querySelector('[data-testid="open-withdraw"]');
      seen.push(`${live.trim()} | withdraw ${withdraw?.hasAttribute('disabled') ? 'off' : 'on'}`);
    };
    new MutationObserver(record).observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const walletStates = () => page.evaluate(() => (window as unknown as { walletStates: string[] }).walletStates);

test('a 503 maintenance fault and a dropped stream each turn the Wallet to "as of … (not live)" with money actions off, and back to live', async () => {
  test.setTimeout(90_000);
  await goTo(page, 'Wallet');
  const live = page.getByTestId('wallet-live');
  await expect(live).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('open-withdraw')).toBeEnabled();
  const [whole = '', fraction = ''] = new Decimal(await desk.walletAvailable('USDT')).toFixed(6).split('.');
  const usdt = `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;

  // Maintenance: the next read of the balances is refused with 503; the stream itself stays up.
  await control(desk.restUrl, 'POST', '/sandbox/faults', { path: '/api/3/wallet/balance', method: 'GET', status: 503, count: 1000 });
  await goTo(page, 'Approvals');
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  await goTo(page, 'Wallet'); // the page reads the balances again when it opens
  await expect(live).toHaveText(/as of \d{2}:\d{2}:\d{2} \S+ \(not live\)/, { timeout: 20_000 });
  await expect(live).toHaveAttribute('data-live', 'false');
  await expect(page.getByTestId('wallet-stale')).toContainText('maintenance');
  await expect(page.getByTestId('wallet-stale').getByRole('button', { name: 'Try again' })).toBeVisible();
  // The status bar may still call the stream live; the page whose read failed does not.
  await expect(page.getByTestId('wallet-page').getByText('Live', { exact: true })).toHaveCount(0);
  await expect(balanceRow(page, 'USDT')).toContainText(usdt); // kept, as of its time
  await expect(page.getByTestId('open-withdraw')).toBeDisabled();
  await shootInBothThemes(page, 'wallet-not-live');
  await balanceRow(page, 'USDT').click();
  const drawer = page.getByTestId('currency-drawer');
  await expect(drawer.getByTestId('drawer-withdraw')).toBeDisabled();
  await tab(page, 'Wallet ↔ Spot').click();
  await expect(drawer.getByTestId('transfer-submit')).toBeDisabled();
  await expect(drawer.getByTestId('transfer-blocked')).toContainText('Not live');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The Transfers page checks amounts against the same kept balances: its forms are off too.
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Transfers', { exact: true }).click();
  await expect(page.getByTestId('transfers-stale')).toContainText('maintenance');
  await expect(page.getByTestId('transfer-forms')).toHaveAttribute('inert', '');
  await goTo(page, 'Wallet');

  // The service is back: the page's own retry reads the balances and it is live again.
  await control(desk.restUrl, 'DELETE', '/sandbox/faults');
  await expect(live).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  await expect(live).toHaveText('Live');
  await expect(page.getByTestId('open-withdraw')).toBeEnabled();

  // A dropped stream: not live, withdrawals off, until it is back.
  await recordWalletStates();
  await desk.dropStreams();
  await expect.poll(async () => (await walletStates()).some((state) => /\(not live\).* \| withdraw off$/.test(state)), { timeout: 15_000 }).toBe(true);
  expect((await walletStates()).filter((state) => state.includes('(not live)') && state.endsWith('withdraw on'))).toEqual([]);
  await expect(live).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('open-withdraw')).toBeEnabled();
});

test('a profile whose service cannot be reached shows nothing of the last one: no balance, no Live, nothing to approve, no sums', async () => {
  test.setTimeout(90_000);
  const withdrawalId = await desk.prepareWithdrawal({ currency: 'USDT', amount: '100', address: ETH_ADDRESS });
  const amounts = await masterAmounts(desk.restUrl);

  // The sandbox's own numbers and its waiting withdrawal, as the check below would find them.
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  await expect.poll(() => amountsShown(amounts)).not.toEqual([]);
  await goTo(page, 'Approvals');
  const waiting = page.locator(`[data-testid="approval-row"][data-id="${withdrawalId}"]`);
  await expect(waiting.getByTestId('approve')).toBeEnabled();

  // A queue whose latest read failed keeps its rows as of then, and offers no decision on them.
  await control(desk.restUrl, 'POST', '/sandbox/faults', { path: '/api/3/wallet/transactions*', method: 'GET', status: 503, count: 1000 });
  await page.getByTestId('approvals-refresh').click();
  await expect(page.getByTestId('approvals-stale')).toContainText('maintenance', { timeout: 20_000 });
  await expect(page.getByTestId('approvals-stale')).toContainText(/shown as of \d{2}:\d{2}:\d{2}/);
  await expect(waiting.getByTestId('approval-blocked')).toHaveText('Not live');
  await expect(page.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  await shootInBothThemes(page, 'approvals-not-live');
  await control(desk.restUrl, 'DELETE', '/sandbox/faults');
  await page.getByTestId('approvals-stale').getByRole('button', { name: 'Try again' }).click();
  await expect(waiting.getByTestId('approve')).toBeEnabled({ timeout: 20_000 });

  const port = await closedPort();
  await goToProfiles(page);
  await page.getByTestId('add-profile').click();
  await fillProfileForm(page, {
    name: 'Closed desk', restUrl: `http://127.0.0.1:${port}`, streamUrl: `ws://127.0.0.1:${port}`, publicKey: 'closed-public', secretKey: 'closed-secret',
    authMethod: 'Basic',
  });
  await page.keyboard.press('Enter');
  await expect(profileForm(page)).toBeHidden({ timeout: 20_000 });
  await makeActive('Closed desk');

  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('wallet-error').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('balance-row')).toHaveCount(0);
  await expect(page.getByTestId('wallet-total')).not.toContainText(/\d/);
  await expect(page.getByTestId('open-withdraw')).toBeDisabled();
  expect(await amountsShown(amounts)).toEqual([]);
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
  await shootInBothThemes(page, 'wallet-unreachable');

  await goTo(page, 'Approvals');
  await expect(page.getByTestId('approvals-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('approvals-error')).toContainText('could not be reached');
  await expect(page.getByTestId('approvals-error').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('approval-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  expect(await amountsShown(amounts)).toEqual([]);
  await shootInBothThemes(page, 'approvals-unreachable');

  await goToSubAccounts(page);
  await expect(page.getByTestId('subaccounts-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('subaccounts-error').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('subaccounts-sum')).toHaveCount(0);
  await expect(page.getByTestId('subaccount-row')).toHaveCount(0);
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
  await shootInBothThemes(page, 'subaccounts-unreachable');

  // Back on the sandbox, its own numbers are read again and live.
  await makeActive('Sandbox');
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  await expect.poll(() => amountsShown(amounts)).not.toEqual([]);
});
