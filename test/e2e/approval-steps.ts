// Steps of the withdrawal approval flow that more than one spec walks through: prepare a
// withdrawal in the wallet's form up to the approvals queue, and confirm an approval or a
// rejection with the address's last four characters; and the keyboard's own steps (Tab to a
// control, focus kept off <body>).
import { expect, type Locator, type Page } from '@playwright/test';
import { ETH_ADDRESS, openWithdrawal } from './approvals-sandbox';

/** Prepares a USDT withdrawal of `amount` to ETH_ADDRESS; returns the id of its row in the queue. */
export async function prepareInUi(page: Page, amount: string): Promise<string> {
  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await modal.getByTestId('withdraw-amount').locator('input').fill(amount);
  await expect(modal.getByTestId('withdraw-arrives')).toBeVisible(); // the live fee estimate arrived
  await modal.getByTestId('withdraw-review').click();
  await expect(modal.getByTestId('withdraw-confirm-address')).toHaveText(ETH_ADDRESS);
  await modal.getByTestId('withdraw-submit').click();
  await expect(modal.getByTestId('withdraw-result')).toHaveAttribute('data-state', 'CREATED');
  await modal.getByTestId('withdraw-open-approvals').click();
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  const row = page.locator('[data-testid="approval-row"][data-state="CREATED"]').first();
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-id')) ?? '';
}

/** The approve/reject dialog: a wrong last four sends nothing, the right one confirms. */
export async function confirmWithLastFour(page: Page, address: string): Promise<void> {
  const dialog = page.getByTestId('approval-confirm');
  await expect(dialog.getByTestId('confirm-address').first()).toHaveText(address);
  const submit = dialog.getByTestId('confirm-submit');
  await dialog.getByTestId('confirm-last-four').first().locator('input').fill('0000');
  await expect(submit).toBeDisabled(); // a wrong last four sends nothing
  await dialog.getByTestId('confirm-last-four').first().locator('input').fill(address.slice(-4));
  await submit.click();
}

/** Presses Tab (or Shift+Tab) until `target` has focus (with `within`, focus inside it: a widget
 *  such as a select whose focusable part is an inner element); fails when not reached in `max` presses. */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number; within?: boolean } = {}): Promise<void> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  await expect(target).toBeVisible();
  for (let pressed = 0; pressed <= (options.max ?? 40); pressed++) {
    if (await target.evaluate((element, within) => element === document.activeElement || (within && element.contains(document.activeElement)), options.within ?? false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/** Focus is on a control of the page, never dropped to <body> (or nowhere). */
export async function expectFocusKept(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), { message: 'focus fell to <body>' }).not.toMatch(/^(BODY|none)$/);
}
