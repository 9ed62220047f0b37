// What the sub-accounts spec needs beside the page: the sandbox's own view of the master's
// sub-accounts (ids, statuses, permissions), read with the master key straight at the sandbox;
// the controls that add sub-accounts and count the service's replies by status; and the page's
// rows and dialogs by the names a user sees.
import { expect, type Locator, type Page } from '@playwright/test';
import Decimal from '../../preload/contract/decimal';
import { control } from './approvals-sandbox';
import type { ServiceAcl, ServiceSub } from '../integration/subaccounts/harness';
import type { Bank } from './transfers-sandbox';

/** The master's sub-accounts as the service lists them, by email. */
export async function serviceSubAccounts(bank: Bank): Promise<Map<string, ServiceSub>> {
  const reply = (await bank.call('master', 'GET', '/api/3/sub-account')) as { result: ServiceSub[] };
  return new Map(reply.result.map((sub) => [sub.email, sub]));
}

/** The service's id of a sub-account, by its name (the part of its email before @). */
export function listedId(listed: Map<string, ServiceSub>, name: string): string {
  const id = listed.get(`${name}@sandbox.test`)?.sub_account_id;
  if (id === undefined) throw new Error(`the sandbox lists no ${name}`);
  return id;
}

export async function serviceAcl(bank: Bank, ids: string[]): Promise<ServiceAcl[]> {
  const query = new URLSearchParams({ sub_account_ids: ids.join(',') });
  return ((await bank.call('master', 'GET', `/api/3/sub-account/acl?${query.toString()}`)) as { result: ServiceAcl[] }).result;
}

interface ServiceBalance {
  currency: string;
  available: string;
}

/** A sub-account's wallet available in one currency, read with the master key (not the per-IP wallet budget the app uses). */
export async function subWallet(bank: Bank, id: string, currency: string): Promise<Decimal> {
  const reply = (await bank.call('master', 'GET', `/api/3/sub-account/balance/${id}`)) as { result: { wallet: ServiceBalance[] } };
  return new Decimal(reply.result.wallet.find((b) => b.currency === currency)?.available ?? '0');
}

/** The master wallet's available balance in one currency, in one request. */
export async function masterWallet(bank: Bank, currency: string): Promise<Decimal> {
  return new Decimal(((await bank.call('master', 'GET', `/api/3/wallet/balance/${currency}`)) as ServiceBalance).available);
}

/** `count` more active sub-accounts, each with `funding` in its wallet. */
export async function addSubAccounts(restUrl: string, count: number, funding: Record<string, string>): Promise<void> {
  await control(restUrl, 'POST', '/sandbox/sub-accounts', { count, funding });
}

/** The service's replies to /api/ paths by HTTP status since the last reset. */
export async function replyCounts(restUrl: string): Promise<Record<string, number>> {
  return ((await control(restUrl, 'GET', '/sandbox/stats')) as { responses: Record<string, number> }).responses;
}

export async function resetReplyCounts(restUrl: string): Promise<void> {
  await control(restUrl, 'DELETE', '/sandbox/stats');
}

export async function goToSubAccounts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Sub-accounts', { exact: true }).click();
  await expect(page.getByTestId('subaccounts-page')).toBeVisible();
}

export function subAccountRow(page: Page, email: string): Locator {
  return page.getByTestId('subaccount-row').filter({ hasText: email });
}

/** Ticks the rows of these accounts (and only them). */
export async function selectRows(page: Page, emails: string[]): Promise<void> {
  const clear = page.getByTestId('selection-clear');
  if (await clear.isVisible()) await clear.click();
  for (const email of emails) await subAccountRow(page, email).locator('.n-checkbox').click();
  await expect(page.getByTestId('selection-count')).toHaveText(`${emails.length} sub-account${emails.length === 1 ? '' : 's'} selected`);
}

/** Each result row of a dialog's outcome table: its account's email, its outcome code. */
export async function outcomes(rows: Locator): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const row of await rows.all()) {
    const email = (await row.locator('td').first().locator('div').first().innerText()).trim();
    found[email] = (await row.getAttribute('data-outcome')) ?? '';
  }
  return found;
}

/**
 * Every text the element with this test id shows from now on, in order (collected in the page,
 * so a state too short-lived for polling is still seen); call the result to read them.
 */
export async function watchText(page: Page, testid: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[`watched-${id}`] = seen;
    new MutationObserver(() => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, testid);
  return () => page.evaluate((id) => (window as unknown as Record<string, string[]>)[`watched-${id}`] ?? [], testid);
}
