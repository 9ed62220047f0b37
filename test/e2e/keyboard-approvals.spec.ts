// The approvals queue by keyboard alone: one withdrawal approved, one rejected, two approved in
// bulk, each confirmed by typing the address's last four, each outcome read at the sandbox; after
// every decision focus is on the next waiting row (the page's heading once none is left), never on
// <body>; a withdrawal that settles is said in the polite live region. The page is reached with
// its go keys (g, a).
import { expect, test } from './fixtures';
import { ETH_ADDRESS, SandboxDesk, approvalRow } from './approvals-sandbox';
import { expectFocusKept, tabTo } from './approval-steps';
import { shootInBothThemes } from './screenshots';

const LAST_FOUR = ETH_ADDRESS.slice(-4);

test('approve one, reject one and approve two in bulk with the keyboard, each read back at the sandbox', async ({ page, host }) => {
  test.setTimeout(90_000);
  const desk = await SandboxDesk.open(page, host.url);
  const ids: string[] = [];
  for (const amount of ['21', '22', '23', '24']) ids.push(await desk.prepareWithdrawal({ currency: 'USDT', amount, address: ETH_ADDRESS }));
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  const waiting = page.locator('[data-testid="approval-row"][data-state="CREATED"]');
  await expect(waiting).toHaveCount(4);
  const order = await page.getByTestId('approval-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));
  expect([...order].sort()).toEqual([...ids].sort());
  const [first, second, third, fourth] = order.map((id) => approvalRow(page, id));
  if (!first || !second || !third || !fourth) throw new Error('four rows expected');

  // Each row is reached with Tab and named by what it shows: the amount and the address.
  await tabTo(page, first);
  await expect(first).toHaveAccessibleName(new RegExp(`^\\d+\\.0+ USDT ${ETH_ADDRESS}`));
  await expect(first.getByTestId('approval-select')).toHaveAccessibleName(new RegExp(`^Select withdrawal of \\d+\\.0+ USDT to ${ETH_ADDRESS}$`));

  // Approve the first: the dialog is named by its title and opens on the last-four field.
  await tabTo(page, first.getByTestId('approve'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve this withdrawal' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByTestId('confirm-last-four').locator('input');
  await expect(field).toBeFocused();
  await page.keyboard.type('0000');
  await page.keyboard.press('Enter'); // a wrong last four sends nothing and says so beside the field
  await expect(dialog.getByText('Does not match the address’s last four characters.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shootInBothThemes(page, 'approvals-confirm-mismatch');
  expect((await desk.transaction(order[0] ?? '')).status).toBe('CREATED');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(LAST_FOUR);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(first).toHaveAttribute('data-state', 'PENDING');
  await expect(second).toBeFocused(); // the next waiting row, not <body>
  expect((await desk.transaction(order[0] ?? '')).status).toBe('PENDING');
  await expect(page.getByTestId('live-polite')).toHaveText(/^Withdrawal of \d+ USDT to the address ending 9EE7: Approved, sending\.$/);

  // Reject the second, from its own row.
  await tabTo(page, second.getByTestId('reject'));
  await page.keyboard.press('Enter');
  const reject = page.getByRole('dialog', { name: 'Reject this withdrawal' });
  await expect(reject.getByTestId('confirm-last-four').locator('input')).toBeFocused();
  await page.keyboard.type(LAST_FOUR);
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('data-state', 'ROLLED_BACK');
  await expect(third).toBeFocused();
  expect((await desk.transaction(order[1] ?? '')).status).toBe('ROLLED_BACK');

  // The last two in bulk: Space selects the focused row, the arrow moves to the next one.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(fourth).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('approval-select-all')).toContainText('2 selected');
  await tabTo(page, page.getByTestId('bulk-approve'), { back: true });
  await page.keyboard.press('Enter');
  const bulk = page.getByRole('dialog', { name: 'Approve 2 withdrawals' });
  await expect(bulk.getByTestId('confirm-item')).toHaveCount(2);
  await expect(bulk.getByTestId('confirm-last-four').first().locator('input')).toBeFocused();
  await page.keyboard.type(LAST_FOUR);
  await page.keyboard.press('Enter'); // one of two confirmed: nothing is sent yet
  await expect(bulk).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(bulk.getByTestId('confirm-last-four').nth(1).locator('input')).toBeFocused();
  await page.keyboard.type(LAST_FOUR);
  await page.keyboard.press('Enter');
  await expect(third).toHaveAttribute('data-state', 'PENDING');
  await expect(fourth).toHaveAttribute('data-state', 'PENDING');
  // Nothing waits any more: focus is on the page's heading.
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeFocused();
  await expectFocusKept(page);
  expect(await Promise.all(order.map(async (id) => (await desk.transaction(id)).status))).toEqual(['PENDING', 'ROLLED_BACK', 'PENDING', 'PENDING']);

  // Sent ones that complete later are said without moving focus.
  await desk.advanceClock(60 * 60 * 1000);
  await expect(first).toHaveAttribute('data-state', 'SUCCESS', { timeout: 15_000 });
  await expect(page.getByTestId('live-polite')).toHaveText(/: Completed\.$/);
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeFocused();
});
