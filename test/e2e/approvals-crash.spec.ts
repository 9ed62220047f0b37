// The host killed (SIGKILL) while a prepare, an approval and a rejection are on their way, each held
// in the built-in sandbox: right after the restart the Approvals page shows each withdrawal's true
// state and offers Approve / Reject only where they are true, with no second row for the executed
// prepare; once the ledger has settled what could still land, the rows follow on their own.
// The sandbox runs inside the host, so the kill ends a request held before handling unexecuted and
// keeps one handled before its reply was held.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ETH_ADDRESS, SandboxDesk, approvalRow, control, goTo, openWithdrawal } from './approvals-sandbox';
import { confirmWithLastFour, prepareInUi } from './approval-steps';
import { shootInBothThemes } from './screenshots';

const WITHDRAW = '/api/3/wallet/crypto/withdraw';
/** Longer than the test: a held request ends only with the kill. */
const HELD_MS = 110_000;

interface HeldRule {
  pattern: string;
  method?: string;
  latencyMs?: number;
  remaining?: number;
}

/** Holds the next `method path` in the sandbox: after handling it (executed, reply held) or before
 *  (and any retry is refused unhandled). */
async function hold(desk: SandboxDesk, method: string, path: string, executed: boolean): Promise<void> {
  await control(desk.restUrl, 'POST', '/sandbox/faults', { path, method, latency_ms: HELD_MS, count: 1, after: executed });
  if (!executed) await control(desk.restUrl, 'POST', '/sandbox/faults', { path, method, status: 503 });
}

/** Waits until the sandbox holds every rule's request (a held rule is used up). */
async function untilAllHeld(desk: SandboxDesk): Promise<void> {
  await expect(async () => {
    const { rules } = (await control(desk.restUrl, 'GET', '/sandbox/faults')) as { rules: HeldRule[] };
    expect(rules.filter((rule) => rule.latencyMs === HELD_MS).map((rule) => `${rule.method} ${rule.pattern} ${rule.remaining}`))
      .toEqual(rules.filter((rule) => rule.latencyMs === HELD_MS).map((rule) => `${rule.method} ${rule.pattern} 0`));
  }).toPass({ timeout: 15_000 });
}

/** Prepares in the wallet's form up to the submit; the reply does not come. */
async function submitWithdrawal(page: Page, amount: string): Promise<void> {
  const modal = await openWithdrawal(page, 'USDT');
  await modal.getByTestId('withdraw-address').locator('input').fill(ETH_ADDRESS);
  await modal.getByTestId('withdraw-amount').locator('input').fill(amount);
  await expect(modal.getByTestId('withdraw-arrives')).toBeVisible();
  await modal.getByTestId('withdraw-review').click();
  await modal.getByTestId('withdraw-submit').click();
}

function rowsOfAmount(page: Page, amount: string): Locator {
  return page.getByTestId('approval-row').filter({ has: page.getByTestId('approval-amount').getByText(amount, { exact: true }) });
}

test('SIGKILL mid-prepare, mid-approval and mid-rejection: the Approvals page is right at once after the restart', async ({ page, host }) => {
  test.setTimeout(100_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  let desk = await SandboxDesk.open(page, host.url);
  const approved = await prepareInUi(page, '31');
  const rejected = await prepareInUi(page, '32');

  // The approval never reaches the service; the rejection and the prepare do, their replies lost.
  await hold(desk, 'PUT', `${WITHDRAW}/${approved}`, false);
  await hold(desk, 'DELETE', `${WITHDRAW}/${rejected}`, true);
  await hold(desk, 'POST', WITHDRAW, true);
  await approvalRow(page, approved).getByTestId('approve').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await approvalRow(page, rejected).getByTestId('reject').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await submitWithdrawal(page, '33');
  await untilAllHeld(desk);

  await host.crash();
  desk = await SandboxDesk.open(page, host.url); // the sandbox listens on a new port now
  await goTo(page, 'Approvals');

  const approval = approvalRow(page, approved);
  await expect(approval).toHaveAttribute('data-state', 'COMMITTING');
  await expect(approval.getByTestId('approval-state')).toHaveText('Approval sent — checking');
  await expect(approval.getByTestId('approval-error')).toContainText('checking with the service whether it landed');
  await expect(approval.getByTestId('approve')).toHaveCount(0);
  await expect(approval.getByTestId('reject')).toHaveCount(0);
  expect((await desk.transaction(approved)).status).toBe('CREATED');

  // Rolled back: no longer waiting, so no longer in the queue.
  await expect(approvalRow(page, rejected)).toHaveCount(0);
  expect((await desk.transaction(rejected)).status).toBe('ROLLED_BACK');

  const prepared = rowsOfAmount(page, '33.000000 USDT');
  await expect(prepared).toHaveCount(1);
  await expect(prepared).toHaveAttribute('data-state', 'UNCERTAIN');
  await expect(prepared.getByTestId('approval-state')).toHaveText('Uncertain — checking');
  await expect(prepared.getByTestId('approve')).toHaveCount(0);
  await expect(page.getByText('prepared by another desktop or key')).toHaveCount(0);
  await shootInBothThemes(page, 'approvals-after-crash');

  // The ledger settles both once nothing sent before the kill can still land (40 s after sending).
  await expect(prepared).toHaveAttribute('data-state', 'CREATED', { timeout: 50_000 });
  await expect(prepared).toHaveCount(1);
  await expect(prepared).not.toContainText('another desktop');
  const preparedId = (await prepared.getAttribute('data-id')) ?? '';
  expect((await desk.transaction(preparedId)).status).toBe('CREATED');
  await expect(prepared.getByTestId('approve')).toBeEnabled();

  await expect(approval).toHaveAttribute('data-state', 'CREATED', { timeout: 15_000 });
  await expect(approval.getByTestId('approval-error')).toContainText('never reached the service');
  await approval.getByTestId('approve').click();
  await confirmWithLastFour(page, ETH_ADDRESS);
  await expect(approval).toHaveAttribute('data-state', 'PENDING');
  expect((await desk.transaction(approved)).status).toBe('PENDING');
});
