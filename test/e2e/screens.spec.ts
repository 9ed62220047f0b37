// Screenshots of every screen, light and dark, into test-results/screenshots/ for a person to
// look at. Each shot also asserts the screen shows what it should, so a blank page fails.
import { expect, test } from './fixtures';
import { fillProfileForm, openApp, profileCard } from './profile-page';
import { shootInBothThemes } from './screenshots';

// One walk through the profile screens; each is shot in both themes where it stands.
test('screens in both themes', async ({ page, host }) => {
  // Eleven states, each shot and audited by axe twice: longer than one flow on a loaded machine.
  test.setTimeout(150_000);
  await openApp(page, host.url);
  await shootInBothThemes(page, 'profiles');

  await page.getByTestId('add-profile').click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await shootInBothThemes(page, 'add-profile');

  await page.getByTestId('profile-form').getByLabel('REST base URL').fill('not a url');
  await page.getByTestId('profile-form').getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await expect(page.getByText('Enter the secret key')).toBeVisible();
  await shootInBothThemes(page, 'add-profile-errors');

  await fillProfileForm(page, {
    name: 'Treasury main',
    restUrl: 'https://api.example.com',
    streamUrl: 'wss://api.example.com',
    publicKey: 'pk_live_51HcA9xY2b7Q3s',
    secretKey: 'shot-secret',
  });
  await page.keyboard.press('Enter');
  await expect(profileCard(page, 'Treasury main')).toBeVisible();
  await expect(page.getByTestId('profile-form')).toBeHidden();
  await shootInBothThemes(page, 'profiles-two');

  await profileCard(page, 'Treasury main').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await shootInBothThemes(page, 'edit-profile');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-form')).toBeHidden();

  await profileCard(page, 'Treasury main').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog').getByText('Remove “Treasury main”?')).toBeVisible();
  await shootInBothThemes(page, 'remove-dialog');
  await page.keyboard.press('Escape');

  await profileCard(page, 'Treasury main').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByTestId('rename-form')).toBeVisible();
  await shootInBothThemes(page, 'rename');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 900, height: 700 });
  await page.waitForTimeout(200);
  await shootInBothThemes(page, 'profiles-narrow');

  await host.stop();
  await expect(page.getByTestId('transport-notice')).toBeVisible();
  await shootInBothThemes(page, 'connection-lost');

  await host.restart();
  await page.goto(`${host.origin}/`);
  await expect(page.getByTestId('transport-notice')).toContainText('access link');
  await shootInBothThemes(page, 'no-token');
});
