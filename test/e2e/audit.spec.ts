// The audit log end to end: a transfer is on the record before it was sent and when it settled,
// filters work, the chain verifies, the CSV export downloads, and a row altered in audit.db by an "attacker" (opening
// the file with better-sqlite3, as anyone with the disk could) is caught by Verify.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { SandboxDesk, goTo, tab } from './approvals-sandbox';

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
  await expect(page.getByTestId('audit-verification')).toContainText(/Chain intact \(\d+ entries\)/);

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
