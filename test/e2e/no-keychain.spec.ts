// With no OS keychain reachable, adding a profile is refused with a clear alert naming the cause,
// and nothing is saved (the secret is never written anywhere else); the built-in sandbox works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, startCofferHost, test } from './fixtures';
import { balanceRow, goTo } from './approvals-sandbox';
import { goToSection, historyRows } from './history-sandbox';
import { fillProfileForm, goToProfiles, profileCard, profileForm } from './profile-page';

/** The error names its code exactly once, and is no generic internal error. */
async function expectCodeOnce(error: Locator, code: string): Promise<void> {
  const text = await error.innerText();
  expect(text.split(code)).toHaveLength(2);
  expect(text).not.toMatch(/INTERNAL|see the log/);
}

test('without a keychain the form shows the cause in an alert and saves nothing', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-nokeychain-'));
  // No session bus: keytar cannot reach any secret service.
  const host = await startCofferHost(dataDir, { DBUS_SESSION_BUS_ADDRESS: undefined, DISPLAY: undefined });
  try {
    await page.goto(host.url);
    await goToProfiles(page);
    await expect(page.getByTestId('profiles-page')).toBeVisible();
    await page.getByTestId('add-profile').click();
    await fillProfileForm(page, {
      name: 'No keychain',
      restUrl: 'https://api.example.com',
      streamUrl: 'wss://api.example.com',
      publicKey: 'pk',
      secretKey: 'nowhere-to-go',
    });
    await page.keyboard.press('Enter');
    const alert = page.getByTestId('profile-form-alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/keychain|keyring|secret service|session bus/i);
    await expect(alert).toContainText('Code ');
    await expect(alert).not.toContainText('nowhere-to-go');
    await expect(profileForm(page)).toBeVisible(); // the user's input stays for another try
    await page.screenshot({ path: 'test-results/screenshots/light-no-keychain-alert.png' });

    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('profiles-page')).toBeVisible();
    await expect(profileCard(page, 'No keychain')).toHaveCount(0);

    // The built-in sandbox needs no keychain: a new user still lands on a working, live account.
    await expect(profileCard(page, 'Sandbox')).toContainText('Held by the built-in sandbox');
    await goTo(page, 'Wallet');
    await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
    await expect(balanceRow(page, 'USDT')).toBeVisible();

    // Settings and History's export need the signing key from the keychain: both say why it cannot
    // be reached, with the keychain's code once, instead of a generic internal error.
    const cause = 'The OS keychain is unreachable: there is no D-Bus session bus';
    await goToSection(page, 'Settings');
    const keyError = page.getByTestId('signing-key-error');
    await expect(keyError).toContainText(cause);
    await expectCodeOnce(keyError, 'KEYCHAIN_NO_SESSION_BUS');
    await goToSection(page, 'History');
    await expect(historyRows(page).first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('open-export').click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByTestId('export-start')).toBeEnabled();
    await dialog.getByTestId('export-start').click();
    const exportError = dialog.getByTestId('export-error');
    await expect(exportError).toContainText(cause, { timeout: 15_000 });
    await expectCodeOnce(exportError, 'KEYCHAIN_NO_SESSION_BUS');
  } finally {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
