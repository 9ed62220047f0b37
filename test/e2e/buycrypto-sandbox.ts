// What the buy-crypto spec needs beside the page: the page's parts by test id, the desktop
// notifications the page constructs (recorded by wrapping window.Notification before the app
// loads), the sandbox's own record of the account's orders, and its reply counts.
import { expect, type Locator, type Page } from '@playwright/test';
import { control } from './approvals-sandbox';
import type { Bank } from './transfers-sandbox';

export interface SandboxBuyOrder {
  id: string | number;
  status: string;
  source_amount: string;
  target_amount: string;
  target_code: string;
  wallet_address: string;
  checkout_url: string;
}

export async function goToBuy(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByText('Buy crypto', { exact: true }).click();
  await expect(page.getByTestId('buy-page')).toBeVisible();
}

/** The board's row of one payment method (101 Card, 102 SEPA, 201 Apple Pay in the sandbox). */
export function quoteRow(page: Page, methodId: string): Locator {
  return page.locator(`[data-testid="quote-row"][data-method="${methodId}"]`);
}

export function orderRow(page: Page, id: string): Locator {
  return page.locator(`[data-testid="buy-order-row"][data-id="${id}"]`);
}

/** Call before the app loads: every `new Notification(title, {body})` the page makes is kept. */
export async function recordNotifications(page: Page): Promise<() => Promise<{ title: string; body: string }[]>> {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const seen: { title: string; body: string }[] = [];
    const Recording = function (title: string, options?: NotificationOptions) {
      seen.push({ title, body: options?.body ?? '' });
      return new Real(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
    Object.defineProperty(Recording, 'requestPermission', { value: (...args: []) => Real.requestPermission(...args) });
    Object.defineProperty(window, 'Notification', { value: Recording, configurable: true, writable: true });
    Object.defineProperty(window, '__notifications', { value: seen });
  });
  return () => page.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications.slice());
}

/** The master account's orders at one provider, as the sandbox keeps them. */
export async function sandboxOrders(bank: Bank, providerId: number): Promise<SandboxBuyOrder[]> {
  return (await bank.call('master', 'GET', `/api/3/buy-crypto/provider/${providerId}/order`)) as SandboxBuyOrder[];
}

/** How many buy-crypto requests (quotes, orders, providers) the sandbox has answered. */
export async function buyCryptoReplies(restUrl: string): Promise<number> {
  const stats = (await control(restUrl, 'GET', '/sandbox/stats')) as { areas: Record<string, number> };
  return stats.areas['/api/3/buy-crypto'] ?? 0;
}
