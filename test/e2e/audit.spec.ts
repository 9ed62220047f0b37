// The audit log end to end: a transfer is on the record before it was sent and when it settled,
// filters work, the chain verifies, the CSV export downloads, and a row altered in audit.db by an "attacker" (opening
// the file with better-sqlite3, as anyone with the disk could) is caught by Verify. On a large log,
// export and verify show their real progress, one at a time, and a clear result; screenshots of
// both, light and dark, go to test-results/screenshots/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { seedAuditLog } from '../unit/audit/seed-audit';
import { expect, test } from './fixtures';
import { SandboxDesk, goTo, tab } from './approvals-sandbox';
import { shootInBothThemes } from './screenshots';


test('the audit log lists a transfer before and after it was sent, filters, exports CSV, verifies, and catches an altered row', async ({ page, host }) => {
  await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await page.locator('[data-testid="balance-row"][data-currency="USDT"]').click();
  await tab(page, 'Wallet ↔ Spot').click();
  await page.getByTestId('transfer-amount').locator('input').fill('12.5');
  await page.getByTestId('transfer-submit').click();
  await page.getByRole('button', { name: 'Move 12.500000 USDT' }).click();
  await expect(page.getByText('Moved 12.5 USDT to spot')).toBeVisible();
  await page.getByTestId('transfer-done-close').click(); // the review ends on its outcome
  await page.keyboard.press('Escape'); // close the drawer
  await expect(page.getByTestId('currency-drawer')).toBeHidden();

  await goTo(page, 'Audit log');
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('[data-testid="audit-row"][data-action="transfer"][data-outcome="ok"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="audit-row"][data-action="transfer"][data-outcome="sent"]')).toHaveCount(1);

  await page.getByTestId('audit-text').locator('input').fill('no-such-thing-anywhere');
  await expect(page.getByTestId('audit-table')).toContainText('No Data');
  await page.getByTestId('audit-text').locator('input').fill('');
  await expect(rows.first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('hash');
  expect(csv).toContain('12.5');

  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verification')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('audit-verification')).toContainText(/Chain intact \([\d,]+ entries\)/);

  // The attacker: lower the transferred amount in the first entry, bypassing the triggers.
  const db = new Database(join(host.dataDir, 'audit.db'));
  try {
    const first = db.prepare("SELECT id FROM audit_entries WHERE action = 'transfer' ORDER BY id LIMIT 1").get() as { id: number };
    db.exec('DROP TRIGGER audit_entries_no_update');
    db.prepare("UPDATE audit_entries SET amount = '1.5' WHERE id = ?").run(first.id);
    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verification')).toHaveAttribute('data-ok', 'false');
    await expect(page.getByTestId('audit-verification')).toContainText(`Chain broken at entry #${first.id}`);
  } finally {
    db.close();
  }
});

/** Starts watching for the task to have done some but not all of its entries, with both buttons
 *  disabled meanwhile; resolves 'midway' then, or 'ended' if the task ends first. Watch before the
 *  click: a check of a few hundred thousand entries can be over in a second. */
function watchMidway(page: Page, task: 'verify' | 'export'): Promise<string> {
  return page.evaluate(
    (kind) =>
      new Promise<string>((resolve) => {
        let started = false;
        const observer = new MutationObserver(() => {
          const panel = document.querySelector('[data-testid="audit-progress"]');
          if (panel === null) {
            if (started) finish('ended');
            return;
          }
          started = panel.getAttribute('data-task') === kind;
          const [done, total] = [Number(panel.getAttribute('data-done')), Number(panel.getAttribute('data-total'))];
          const buttons = ['audit-verify', 'audit-export'].map((id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`));
          if (started && done > 0 && done < total && buttons.every((button) => button?.disabled === true)) finish('midway');
        });
        function finish(seen: string): void {
          observer.disconnect();
          resolve(seen);
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    task,
  );
}

/** Relays the page's contract socket, and can hold what the host sends: once a message that
 *  `stopAfter` accepts has gone through, later ones wait, so the page keeps showing the state that
 *  message gave it (a task midway) while screenshots are taken. */
async function holdableSocket(page: Page): Promise<{ holdAfter(stopAfter: (message: unknown) => boolean): void; release(): void }> {
  let stopAfter: ((message: unknown) => boolean) | null = null;
  let holding = false;
  const held: (() => void)[] = [];
  await page.routeWebSocket(/\/contract/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (holding) return void held.push(() => ws.send(message));
      ws.send(message);
      if (stopAfter !== null && stopAfter(JSON.parse(String(message)))) holding = true;
    });
  });
  return {
    holdAfter: (predicate) => void (stopAfter = predicate),
    release() {
      stopAfter = null;
      holding = false;
      for (const send of held.splice(0)) send();
    },
  };
}

/** Some but not all of the task's entries done, as a progress event or an export chunk says. */
function partway(message: unknown): boolean {
  const m = message as { event?: string; payload?: { done?: number; total?: number }; result?: { value?: { done?: number; total?: number; next?: unknown } } };
  const progress = m.event === 'auditVerifyProgress' ? m.payload : m.result?.value?.next ? m.result.value : undefined;
  return progress?.done !== undefined && progress.total !== undefined && progress.done > 0 && progress.done < progress.total;
}

// Fifteen chunks of a thousand for each task: the socket hold freezes the page midway whatever the
// size, so more entries only add chunks to relay through Playwright's socket route, not proof.
const SEEDED = 15_000;

test('a large log shows real progress while it verifies and exports, one task at a time', async ({ page, host }) => {
  test.setTimeout(180_000);
  seedAuditLog(host.dataDir, SEEDED);
  const socket = await holdableSocket(page);
  await SandboxDesk.open(page, host.url);
  await goTo(page, 'Audit log');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  const verify = page.getByTestId('audit-verify');
  const exportButton = page.getByTestId('audit-export');

  const verifying = watchMidway(page, 'verify');
  socket.holdAfter(partway);
  await verify.click();
  expect(await verifying, 'the check seen midway, both buttons disabled').toBe('midway');
  await shootInBothThemes(page, 'audit-verifying');
  socket.release();
  await expect(page.getByTestId('audit-progress')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('audit-verification')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('audit-verification')).toContainText(/Chain intact \(15,0\d\d entries\)/);
  await expect(exportButton).toBeEnabled();
  await page.mouse.move(0, 0);
  await shootInBothThemes(page, 'audit-verified');

  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  const exporting = watchMidway(page, 'export');
  socket.holdAfter(partway);
  await exportButton.click();
  expect(await exporting, 'the export seen midway, both buttons disabled').toBe('midway');
  await shootInBothThemes(page, 'audit-exporting');
  socket.release();
  const download = await downloading;
  await expect(page.getByTestId('audit-exported')).toContainText(/Exported 15,0\d\d entries/);
  const exported = Number(await page.getByTestId('audit-exported').getAttribute('data-count'));
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n').length - 2).toBe(exported);
  await expect(verify).toBeEnabled();
  await shootInBothThemes(page, 'audit-exported');
});
