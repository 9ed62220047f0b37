// The shell around the pages: the connection notices and the remembered theme.
import { expect, test } from './fixtures';
import { openApp } from './profile-page';

test('a page opened without its token is told how to get in, and no socket is opened', async ({ page, host }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto(`${host.origin}/`);
  const notice = page.getByTestId('transport-notice');
  await expect(notice).toContainText('This page needs its access link');
  await expect(notice).toContainText('#token=');
  expect(sockets).toEqual([]);
});

test('a wrong token is refused and the page says so', async ({ page, host }) => {
  await page.goto(`${host.origin}/#token=not-the-token`);
  await expect(page.getByTestId('transport-notice')).toContainText('Coffer cannot be reached');
});

test('when the host goes away the page says so, and a reload of the new link recovers', async ({ page, host }) => {
  await openApp(page, host.url);
  const addProfile = page.getByTestId('add-profile');
  await addProfile.focus();
  await host.stop();
  await expect(page.getByTestId('transport-notice')).toContainText('Connection lost — reconnecting');
  // Named by its title, said once through the assertive live region, and focus left where it was.
  await expect(page.getByRole('region', { name: 'Connection lost — reconnecting…' })).toBeVisible();
  await expect(page.getByTestId('live-assertive')).toHaveText('Connection to Coffer lost. Reconnecting.');
  await expect(addProfile).toBeFocused();
  await host.restart();
  await openApp(page, host.url);
  await expect(page.getByTestId('transport-notice')).toHaveCount(0);
});

test('the theme toggle switches light and dark and is remembered', async ({ page, host }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page, host.url);
  const root = page.locator('.app-root');
  await expect(root).toHaveAttribute('data-theme', 'dark'); // follows the OS at first
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(root).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(root).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate("localStorage.getItem('coffer.theme')")).toBe('light');
});

test('the status bar names the active profile and its API version', async ({ page, host }) => {
  await openApp(page, host.url);
  await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
  await expect(page.getByTestId('active-profile')).toContainText('API v3');
  const connection = page.getByRole('contentinfo').getByTestId('connection-state');
  await expect(connection).toBeVisible();
  // Each stream's state is there for the keyboard too: Enter shows it, Escape hides it.
  await expect(connection).toBeEnabled();
  await connection.focus();
  await page.keyboard.press('Enter');
  await expect(connection).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('stream-details')).toContainText(/\w+: (live|connecting|down)/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stream-details')).toBeHidden();
  await expect(connection).toBeFocused();
});

test('the app runs under the host’s CSP with no console errors or page errors', async ({ page, host }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (reply) => {
    if (reply.status() >= 400) problems.push(`HTTP ${reply.status()}: ${reply.url()}`);
  });
  const response = await page.goto(host.url);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await openApp(page, host.url);
  await page.getByTestId('add-profile').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('theme-toggle').click();
  expect(problems).toEqual([]);
});
