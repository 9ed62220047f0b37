// Where the app opens: with the built-in sandbox profile active, a fresh start lands on the
// wallet, and later starts land on the page last used (when it is worth coming back to).
import { expect, test } from './fixtures';
import { balanceRow, goTo } from './approvals-sandbox';
import { goToProfiles } from './profile-page';
import { shootInBothThemes } from './screenshots';

// The first page waits for main's profile list and the wallet's chunk: slow on a loaded machine.
const FIRST_PAGE_TIMEOUT = { timeout: 20_000 };

test('a fresh start with the sandbox active lands on the wallet', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('wallet-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  await expect(page).toHaveURL(/#\/wallet$/);
  await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
  await expect(page.getByTestId('wallet-live')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
  await expect(balanceRow(page, 'USDT')).toBeVisible();
  await shootInBothThemes(page, 'start-wallet');
});

test('after visiting Approvals, a reload and a new start land on Approvals; Profiles is not restored', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('wallet-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  await goTo(page, 'Approvals');
  await expect(page.getByTestId('approvals-page')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('approvals-page')).toBeVisible();

  // A launch opens the app at its root, not at the last address.
  await page.goto('about:blank');
  await page.goto(host.url);
  await expect(page.getByTestId('approvals-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  await expect(page).toHaveURL(/#\/approvals$/);

  await goToProfiles(page);
  await expect(page.getByTestId('profiles-page')).toBeVisible();
  await page.goto('about:blank');
  await page.goto(host.url);
  await expect(page.getByTestId('approvals-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
});
