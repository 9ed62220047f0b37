// The shell by keyboard alone: the sections walked with Tab from the top of the page and opened
// with Enter, the page-wide keys (g + letter, /, r, ?) and the Keyboard dialog. After every move
// focus is on something, never on <body>: the new page's heading, or where it was.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';

/** The sections in sidebar order: link text, go key, the page's heading. */
const SECTIONS = [
  { link: 'Profiles', key: 'o', heading: 'Profiles' },
  { link: 'Wallet', key: 'w', heading: 'Wallet' },
  { link: 'Transfers', key: 't', heading: 'Transfers' },
  { link: 'Orders', key: 'd', heading: 'Orders' },
  { link: 'Buy crypto', key: 'b', heading: 'Buy crypto' },
  { link: 'Sub-accounts', key: 's', heading: 'Sub-accounts' },
  { link: 'History', key: 'h', heading: 'History' },
  { link: 'Portfolio', key: 'p', heading: 'Portfolio' },
  { link: 'Approvals', key: 'a', heading: 'Approvals' },
  { link: 'Audit log', key: 'u', heading: 'Audit log' },
  { link: 'Review', key: 'r', heading: 'Review an export' },
  { link: 'Settings', key: ',', heading: 'Settings' },
] as const;

const FIRST_PAGE_TIMEOUT = { timeout: 20_000 };

function sections(page: Page) {
  return page.getByRole('navigation', { name: 'Sections' });
}

async function expectOnPage(page: Page, heading: string, link: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading, exact: true });
  await expect(h1).toBeFocused();
  await expect(page).toHaveTitle(`${link} — Coffer`);
  await expect(sections(page).getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(sections(page).locator('[aria-current="page"]')).toHaveCount(1);
}

async function expectFocusNotOnBody(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
}

test('every section is reached with Tab from the top and opened with Enter; focus lands on its heading', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('wallet-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  const links = sections(page).getByRole('link');
  await expect(links).toHaveCount(SECTIONS.length);

  for (const [at, section] of SECTIONS.entries()) {
    // A fresh load leaves focus at the top of the document, as a browser does.
    await page.reload();
    await expect(page.locator('main h1')).toBeVisible(FIRST_PAGE_TIMEOUT);
    for (let tab = 0; tab <= at; tab += 1) await page.keyboard.press('Tab');
    await expect(links.nth(at)).toBeFocused();
    await expect(links.nth(at)).toContainText(section.link);
    if (section.link === 'Transfers') await shootInBothThemes(page, 'sidebar-focus');
    await page.keyboard.press('Enter');
    await expectOnPage(page, section.heading, section.link);
  }
});

test('the page keys go to each page, focus the search field, read again and open the Keyboard dialog', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('wallet-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  await page.keyboard.press('Tab'); // onto the first section link: from here on only keys

  for (const section of [...SECTIONS].reverse()) {
    await page.keyboard.press('g');
    await page.keyboard.press(section.key);
    await expectOnPage(page, section.heading, section.link);
  }

  // On Profiles: ? opens the Keyboard dialog with focus inside; Escape closes it and focus goes back.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(help.getByRole('row')).toHaveCount(SECTIONS.length + 5);
  await expect(help).toContainText('Go to Audit log');
  // Inside the dialog the page keys are the dialog's: g w does not leave it.
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(help).toBeVisible();
  await expect(page).toHaveTitle('Profiles — Coffer');
  await shootInBothThemes(page, 'keyboard-help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeFocused();

  // The status bar's button opens the same dialog; Enter on Close puts focus back on the button.
  const button = page.getByRole('contentinfo').getByRole('button', { name: 'Keyboard shortcuts (?)' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(help).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(help).toBeHidden();
  await expect(button).toBeFocused();

  // r reads the page again, or says there is nothing to read, and leaves focus where it was.
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expectOnPage(page, 'Wallet', 'Wallet');
  await page.keyboard.press('r');
  await expect(page.getByTestId('live-polite')).toHaveText(/^(Reading the page again|Nothing to read again on this page)$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeFocused();

  // / focuses the page's marked search field when it has one, and otherwise says so; focus stays on something.
  await page.keyboard.press('/');
  if ((await page.locator('[data-shortcut="search"]').count()) > 0) {
    await expect(page.locator('[data-shortcut="search"] input, input[data-shortcut="search"]').first()).toBeFocused();
  } else {
    await expect(page.getByTestId('live-polite')).toHaveText('This page has no search field');
  }
  await expectFocusNotOnBody(page);

  // Keys typed into a field are the field's: g t types, it does not go to Transfers.
  const search = page.getByPlaceholder('Search currency');
  await search.focus();
  await page.keyboard.type('gt');
  await expect(search).toHaveValue('gt');
  await expect(page).toHaveTitle('Wallet — Coffer');
  // Nor in a select box, which may search on the letters typed on it.
  await page.locator('main .n-base-selection').first().focus();
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await page.keyboard.press('Escape');
  await expect(page).toHaveTitle('Wallet — Coffer');
  await expectFocusNotOnBody(page);
});
