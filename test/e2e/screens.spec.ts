// Screenshots of every screen, light and dark, into test-results/screenshots/ for a person to
// look at. Each shot also asserts the screen shows what it should, so a blank page fails.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillProfileForm, openApp, profileCard } from './profile-page';

const SHOTS = 'test-results/screenshots';

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const root = page.locator('.app-root');
  if ((await root.getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
  await expect(root).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`screens in the ${theme} theme`, async ({ page, host }) => {
    await openApp(page, host.url);
    await setTheme(page, theme);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/${theme}-profiles.png` });

    await page.getByTestId('add-profile').click();
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.waitForTimeout(300); // modal transition
    await page.screenshot({ path: `${SHOTS}/${theme}-add-profile.png` });

    await page.getByTestId('profile-form').getByLabel('REST base URL').fill('not a url');
    await page.getByTestId('profile-form').getByRole('button', { name: 'Add profile' }).click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await expect(page.getByText('Enter the secret key')).toBeVisible();
    await page.waitForTimeout(300); // feedback transition
    await page.screenshot({ path: `${SHOTS}/${theme}-add-profile-errors.png` });

    await fillProfileForm(page, {
      name: 'Treasury main',
      restUrl: 'https://api.example.com',
      streamUrl: 'wss://api.example.com',
      publicKey: 'pk_live_51HcA9xY2b7Q3s',
      secretKey: `shot-secret-${theme}`,
    });
    await page.keyboard.press('Enter');
    await expect(profileCard(page, 'Treasury main')).toBeVisible();
    await expect(page.getByTestId('profile-form')).toBeHidden();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${theme}-profiles-two.png` });

    await profileCard(page, 'Treasury main').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${theme}-edit-profile.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('profile-form')).toBeHidden();

    await profileCard(page, 'Treasury main').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('dialog').getByText('Remove “Treasury main”?')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${theme}-remove-dialog.png` });
    await page.keyboard.press('Escape');

    await profileCard(page, 'Treasury main').getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByTestId('rename-form')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${theme}-rename.png` });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 900, height: 700 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${theme}-profiles-narrow.png` });

    await host.stop();
    await expect(page.getByTestId('transport-notice')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${theme}-connection-lost.png` });

    await host.restart();
    await page.goto(`${host.origin}/`);
    await expect(page.getByTestId('transport-notice')).toContainText('access link');
    await page.screenshot({ path: `${SHOTS}/${theme}-no-token.png` });
  });
}
