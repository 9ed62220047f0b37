/// <reference lib="dom" />
// Wherever the keyboard is, a ring shows it: Tab through the Profiles page, the add-profile form
// and the Wallet page's filters in both themes, and every stop is drawn with a solid outline at
// least 2px wide whose colour stands 3:1 against the surface around it. The controls the ring must
// reach are named: a primary and a secondary button, a text field, a radio button and a switch.
// And under reduced motion a modal and a drawer come in without a transition, while the ARIA
// naive-ui gets wrong (level-less headings, nameless icons and dialogs) is put right.
import type { Locator, Page } from '@playwright/test';
import { goTo } from './approvals-sandbox';
import { expect, test } from './fixtures';
import { openApp, profileForm } from './profile-page';
import { shootInBothThemes } from './screenshots';

/** WCAG's least contrast for a focus ring against what is around it. */
const AA_NON_TEXT = 3;

/** WCAG contrast of two opaque colours as the browser computes them ("rgb(r, g, b)"); the same
 *  formula as the theme's contrast helper, which the unit tests pin. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

interface Stop {
  /** What has focus, for a failure message: tag, classes, name. */
  what: string;
  /** 'none' between the last stop and the first, when focus has left the page for the browser. */
  kind: 'primary-button' | 'button' | 'input' | 'radio' | 'switch' | 'checkbox' | 'link' | 'other' | 'none';
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  /** The first opaque background behind the ring. */
  background: string;
}

/** The focused element's ring: on the element itself, or on the naive-ui control that wraps the
 *  inner element focus sits on (a text field's input, a radio's hidden input, a select's input). */
function readFocus(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const wrappers = ['.n-input', '.n-base-selection', '.n-radio-button', '.n-radio'].map((selector) => focused.closest<HTMLElement>(selector));
    const holder = wrappers.find((element) => element !== null) ?? focused;
    const style = getComputedStyle(holder);
    let background = '';
    for (let element = holder.parentElement; element && !background; element = element.parentElement) {
      const color = getComputedStyle(element).backgroundColor;
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(color)?.[1];
      if (color !== 'transparent' && (alpha === undefined || Number(alpha) === 1)) background = color;
    }
    const classes = focused.className;
    const kind = focused === document.body
      ? 'none'
      : focused.matches('.n-button--primary-type:not(.n-button--secondary):not(.n-button--quaternary):not(.n-button--tertiary):not(.n-button--text-type)')
      ? 'primary-button'
      : focused.matches('.n-button, button')
        ? 'button'
        : focused.closest('.n-radio-button, .n-radio')
          ? 'radio'
          : focused.matches('[role="switch"]')
            ? 'switch'
            : focused.matches('[role="checkbox"], input[type="checkbox"]')
              ? 'checkbox'
              : focused.matches('a[href]')
                ? 'link'
                : focused.matches('input, textarea')
                  ? 'input'
                  : 'other';
    const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40);
    return {
      what: `${focused.tagName.toLowerCase()}.${String(classes).split(' ').slice(0, 3).join('.')} "${name}"`,
      kind,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      background: background || 'rgb(255, 255, 255)',
    };
  });
}

function ringProblem(stop: Stop): string | null {
  if (stop.kind === 'none') return null;
  if (!['solid', 'auto'].includes(stop.outlineStyle) || stop.outlineWidth < 2) return `${stop.what}: outline ${stop.outlineStyle} ${stop.outlineWidth}px`;
  const ratio = contrastRatio(stop.outlineColor, stop.background);
  return ratio >= AA_NON_TEXT ? null : `${stop.what}: ring ${stop.outlineColor} on ${stop.background} is ${ratio.toFixed(2)}:1`;
}

/** Tabs `count` times (stopping early when `until` holds for the stop reached) and returns every stop. */
async function tabThrough(page: Page, count: number, until?: (stop: Stop) => boolean): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let step = 0; step < count; step++) {
    await page.keyboard.press('Tab');
    const stop = await readFocus(page);
    stops.push(stop);
    if (until?.(stop)) break;
  }
  return stops;
}

function expectRings(stops: readonly Stop[]): void {
  const problems = stops.map(ringProblem).filter((problem): problem is string => problem !== null);
  expect(problems, problems.join('\n')).toEqual([]);
}

test('every keyboard stop on the Profiles page, its form and the Wallet filters shows a ring of 3:1 in both themes', async ({ page, host }) => {
  test.setTimeout(180_000); // a few hundred key presses, each stop read back from the page
  // Colours change over a transition when the theme flips; with reduced motion they change at once,
  // so the surface behind a ring is read in its final colour.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openApp(page, host.url);
  const kinds = new Set<Stop['kind']>();

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('.app-root')).toHaveAttribute('data-theme', theme);
    // Forty stops from wherever focus is (the sidebar, the header, the cards' buttons), then on to "Add profile".
    const pageStops = [...(await tabThrough(page, 40)), ...(await tabThrough(page, 60, (stop) => stop.what.includes('Add profile')))];
    expectRings(pageStops);
    pageStops.forEach((stop) => kinds.add(stop.kind));
    expect(pageStops.at(-1)?.kind).toBe('primary-button');

    // Enter on "Add profile" opens the form with the name field focused; Tab walks the form.
    await page.keyboard.press('Enter');
    await expect(profileForm(page)).toBeVisible();
    await expect(profileForm(page).getByLabel(/^Name/)).toBeFocused();
    const formStops = [await readFocus(page), ...(await tabThrough(page, 20, (stop) => stop.what.includes('Save') || stop.what.includes('Add profile')))];
    expectRings(formStops);
    formStops.forEach((stop) => kinds.add(stop.kind));
    await page.keyboard.press('Escape');
    await expect(profileForm(page)).toBeHidden();
  }

  // The rings a person sees, in both themes: a primary button, a text field, a radio button.
  await page.emulateMedia({ colorScheme: 'light' });
  await tabThrough(page, 60, (stop) => stop.what.includes('Add profile'));
  await shootInBothThemes(page, 'focus-ring-primary-button');
  await page.keyboard.press('Enter');
  await expect(profileForm(page).getByLabel(/^Name/)).toBeFocused();
  await shootInBothThemes(page, 'focus-ring-input');
  await tabThrough(page, 20, (stop) => stop.kind === 'radio');
  expect((await readFocus(page)).kind).toBe('radio');
  await shootInBothThemes(page, 'focus-ring-radio');
  await page.keyboard.press('Escape');
  await expect(profileForm(page)).toBeHidden();

  // The Wallet's hide-zero switch.
  await goTo(page, 'Wallet');
  await expect(page.getByTestId('hide-zero')).toBeVisible();
  const toSwitch = await tabThrough(page, 80, (stop) => stop.kind === 'switch');
  await expect(page.getByTestId('hide-zero')).toBeFocused();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('.app-root')).toHaveAttribute('data-theme', 'dark');
  const onSwitchDark = await readFocus(page);
  for (const stops of [toSwitch, [onSwitchDark]]) {
    expectRings(stops);
    stops.forEach((stop) => kinds.add(stop.kind));
  }
  expect([...kinds]).toEqual(expect.arrayContaining(['primary-button', 'button', 'input', 'radio', 'switch']));
  await shootInBothThemes(page, 'focus-ring-switch');
});

/** Every duration in an element's computed transition-duration, in seconds. */
async function transitionSeconds(element: Locator): Promise<number[]> {
  const durations = await element.evaluate((node) => getComputedStyle(node).transitionDuration);
  return durations.split(',').map((duration) => parseFloat(duration));
}

test('under reduced motion modals and drawers come in without a transition, and naive-ui headings, icons and dialogs carry usable ARIA', async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openApp(page, host.url);

  // A card's header: one heading with a level (its title), not a heading wrapping a heading and buttons.
  const card = page.getByTestId('profile-card').first();
  await expect(card.locator('.n-card-header__main')).toHaveAttribute('aria-level', '2');
  await expect(card.locator('.n-card-header')).not.toHaveAttribute('role', 'heading');
  await expect(page.getByRole('heading', { level: 2, name: /Sandbox/ })).toBeVisible();
  // Icons nobody named are decoration: no image on the page goes without a name.
  await expect(page.locator('[role="img"]:not([aria-hidden="true"]):not([aria-label]):not([aria-labelledby])')).toHaveCount(0);

  // The add-profile modal is named by its title and is in place at once.
  await tabThrough(page, 60, (stop) => stop.what.includes('Add profile'));
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Add profile' });
  await expect(modal).toBeVisible();
  expect((await transitionSeconds(modal)).every((seconds) => seconds === 0)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // A drawer: named by the currency it shows, its header a heading with a level, no transition.
  await goTo(page, 'Wallet');
  // The holdings chart still draws when told to keep still (its option goes through the motion wrapper).
  await expect(page.getByTestId('holdings-chart').locator('canvas')).toBeVisible();
  await page.locator('[data-testid="balance-row"][data-currency="BTC"]').click();
  const drawer = page.getByRole('dialog', { name: /BTC/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.n-drawer-header__main')).toHaveAttribute('aria-level', /^[1-6]$/);
  const durations = await transitionSeconds(drawer);
  expect(durations.length).toBeGreaterThan(0);
  expect(durations.every((seconds) => seconds === 0)).toBe(true);
});
