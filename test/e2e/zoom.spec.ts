// 200 % zoom: a 1280×720 window zoomed to 200 % lays the app out in 640×360 CSS pixels. There the
// sections fold into a "Sections" menu button; every page is visited from it by keyboard, and on
// each the page itself never scrolls sideways (a table may scroll inside its own box) and no
// amount is cut off.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shootInBothThemes } from './screenshots';

const ZOOMED = { width: 640, height: 360 };
const FIRST_PAGE_TIMEOUT = { timeout: 20_000 };

/** Sidebar order: route (for the shot's name), link text, page heading. */
const PAGES = [
  { name: 'profiles', link: 'Profiles', heading: 'Profiles' },
  { name: 'wallet', link: 'Wallet', heading: 'Wallet' },
  { name: 'transfers', link: 'Transfers', heading: 'Transfers' },
  { name: 'orders', link: 'Orders', heading: 'Orders' },
  { name: 'buy', link: 'Buy crypto', heading: 'Buy crypto' },
  { name: 'subaccounts', link: 'Sub-accounts', heading: 'Sub-accounts' },
  { name: 'history', link: 'History', heading: 'History' },
  { name: 'portfolio', link: 'Portfolio', heading: 'Portfolio' },
  { name: 'approvals', link: 'Approvals', heading: 'Approvals' },
  { name: 'audit', link: 'Audit log', heading: 'Audit log' },
  { name: 'review', link: 'Review', heading: 'Review an export' },
  { name: 'settings', link: 'Settings', heading: 'Settings' },
] as const;

/** Classes the pages give their figures. */
const AMOUNTS = '.amount, .num, .number, .figure, .cell-amount';

/** What sticks out: the document or the page area wider than the window (with the elements that
 *  reach past its right edge), and figures cut off by a box that hides its overflow. */
function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate((amountSelector) => {
    const problems: string[] = [];
    const name = (el: Element): string => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const classes = [...el.classList].slice(0, 3).join('.');
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${classes ? `.${classes}` : ''}`;
    };
    const scrollsSideways = (el: Element): boolean => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`document ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window`);
    const main = document.querySelector('main');
    if (!main) return ['no <main>'];
    const area = main.closest('.n-scrollbar-container') ?? main.parentElement ?? main;
    if (area.scrollWidth > area.clientWidth + 1) {
      const edge = area.getBoundingClientRect().right + 1;
      const sticking = [...main.querySelectorAll('*')].filter((el) => {
        if (el.getBoundingClientRect().right <= edge) return false;
        // Only the outermost: its parent still fits, or scrolls it inside itself.
        const parent = el.parentElement;
        return !parent || parent === main || parent.getBoundingClientRect().right <= edge || scrollsSideways(parent);
      });
      const inScroller = (el: Element): boolean => {
        for (let up = el.parentElement; up && up !== main; up = up.parentElement) if (scrollsSideways(up)) return true;
        return false;
      };
      const culprits = sticking.filter((el) => !inScroller(el)).slice(0, 5).map((el) => `${name(el)} to ${Math.round(el.getBoundingClientRect().right)}px`);
      problems.push(`page area ${area.scrollWidth}px wide in ${area.clientWidth}px: ${culprits.join(', ')}`);
    }
    for (const el of main.querySelectorAll(amountSelector)) {
      if (!el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)} "${el.textContent?.trim()}" cut: ${el.scrollWidth}px in ${el.clientWidth}px`);
        continue;
      }
      const box = el.getBoundingClientRect();
      for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') break; // scrolls inside its own box: reachable
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) problems.push(`${name(el)} "${el.textContent?.trim()}" cut by ${name(up)}`);
        break;
      }
    }
    return problems;
  }, AMOUNTS);
}

test('at 200 % zoom every page is reached from the Sections menu by keyboard, without sideways scroll or cut amounts', async ({ page, host }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(ZOOMED);
  await page.goto(host.url);
  await expect(page.getByTestId('wallet-page')).toBeVisible(FIRST_PAGE_TIMEOUT);
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Sections' });
  const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');

  // The first Tab of a fresh page reaches the menu button; Escape folds the menu back onto it.
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(links.nth(1)).toBeFocused(); // the current page, Wallet
  await shootInBothThemes(page, 'zoom-sections-menu');
  await page.keyboard.press('Escape');
  await expect(links).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  const problems: string[] = [];
  let current = 1;
  for (const [at, target] of PAGES.entries()) {
    await page.keyboard.press('Enter');
    await expect(links.nth(current)).toBeFocused();
    for (; current < at; current += 1) await page.keyboard.press('Tab');
    for (; current > at; current -= 1) await page.keyboard.press('Shift+Tab');
    await expect(links.nth(at)).toHaveText(new RegExp(`^${target.link}`));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: target.heading, exact: true });
    await expect(heading).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await page.waitForTimeout(300); // a page's first read fills its tables
    const found = await overflowProblems(page);
    problems.push(...found.map((problem) => `${target.name}: ${problem}`));
    await shootInBothThemes(page, `zoom-${target.name}`);
    // Back to the menu button: it stands just before the page's heading.
    await page.keyboard.press('Shift+Tab');
    await expect(menuButton).toBeFocused();
  }
  expect(problems).toEqual([]);

  // The Keyboard dialog fits the zoomed window and scrolls inside itself.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await shootInBothThemes(page, 'zoom-keyboard-help');
  expect(await help.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
});
