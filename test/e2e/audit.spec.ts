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

const SHOTS = 'test-results/screenshots';

test('the audit log lists a transfer before and after it was sent, filters, exports CSV, verifies, and catches an altered row', async ({ page, host }) => {
  await SandboxDesk.open(page, host.url);
  await goTo(page, 'Wallet');
  await page.locator('[data-testid="balance-row"][data-currency="USDT"]').click();
  await tab(page, 'Wallet ↔ Spot').click();
  await page.getByTestId('transfer-amount').locator('input').fill('12.5');
  await page.getByTestId('transfer-submit').click();
  await page.getByRole('button', { name: 'Move 12.500000 USDT' }).click();
  await expect(page.getByText('Moved 12.5 USDT to spot')).toBeVisible();
  await page.keyboard.press('Escape'); // close the drawer

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

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const root = page.locator('.app-root');
  if ((await root.getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
  await expect(root).toHaveAttribute('data-theme', theme);
}

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

/** Relays the page's contract socket, and can hold what the host sends for a moment: the page
 *  keeps showing the state it had (a task's progress) while a screenshot is taken. */
async function holdableSocket(page: Page): Promise<{ hold(): void; release(): void }> {
  let holding = false;
  const held: (() => void)[] = [];
  await page.routeWebSocket(/\/contract/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (holding) held.push(() => ws.send(message));
      else ws.send(message);
    });
  });
  return {
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const send of held.splice(0)) send();
    },
  };
}

const SEEDED = 200_000;

for (const theme of ['light', 'dark'] as const) {
  test(`a large log shows real progress while it verifies and exports, one task at a time (${theme})`, async ({ page, host }) => {
    test.setTimeout(180_000);
    seedAuditLog(host.dataDir, SEEDED);
    const socket = await holdableSocket(page);
    await SandboxDesk.open(page, host.url);
    await setTheme(page, theme);
    await goTo(page, 'Audit log');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    const verify = page.getByTestId('audit-verify');
    const exportButton = page.getByTestId('audit-export');

    const verifying = watchMidway(page, 'verify');
    await verify.click();
    expect(await verifying, 'the check seen midway, both buttons disabled').toBe('midway');
    socket.hold();
    await page.screenshot({ path: `${SHOTS}/${theme}-audit-verifying.png` });
    socket.release();
    await expect(page.getByTestId('audit-progress')).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId('audit-verification')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('audit-verification')).toContainText(/Chain intact \(200,0\d\d entries\)/);
    await expect(exportButton).toBeEnabled();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/${theme}-audit-verified.png` });

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    const exporting = watchMidway(page, 'export');
    await exportButton.click();
    expect(await exporting, 'the export seen midway, both buttons disabled').toBe('midway');
    socket.hold();
    await page.screenshot({ path: `${SHOTS}/${theme}-audit-exporting.png` });
    socket.release();
    const download = await downloading;
    await expect(page.getByTestId('audit-exported')).toContainText(/Exported 200,0\d\d entries/);
    const exported = Number(await page.getByTestId('audit-exported').getAttribute('data-count'));
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n').length - 2).toBe(exported);
    await expect(verify).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/${theme}-audit-exported.png` });
  });
}
