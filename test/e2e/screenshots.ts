// Screenshots for a person to look at, in both themes. The app follows the OS theme until the
// user picks one, so emulating the OS preference switches it even under a modal or a drawer's mask.
import type { Page } from '@playwright/test';
import { auditAccessibility, AXE_REPORT_ONLY, blockingFindings, describeFindings } from './axe-audit';
import { expect } from './fixtures';

export const SHOTS = 'test-results/screenshots';

/** The desktop size screens are judged at. The specs run at 1280×800 so forms fit; a shot taken
 *  at that default size is taken at this one instead, so what is looked at is what a 720-pixel
 *  screen shows. A spec that chose another size on purpose (a tall page, a narrow window) keeps it. */
const SHOT_SIZE = { width: 1280, height: 720 };
const SPEC_SIZE = { width: 1280, height: 800 };

/** `${SHOTS}/light-<name>.png` and `dark-<name>.png`, then back to light. Transitions under way
 *  (the theme's colours, a drawer or modal coming in, a message fading in) are run to their end
 *  by the screenshot itself, so nothing waits for them to play out. */
export async function shootInBothThemes(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const atSpecSize = size?.width === SPEC_SIZE.width && size.height === SPEC_SIZE.height;
  if (atSpecSize) await page.setViewportSize(SHOT_SIZE);
  try {
    await shoot(page, name);
  } finally {
    if (atSpecSize) await page.setViewportSize(SPEC_SIZE);
  }
}

/** ECharts draws on a canvas and animates its first drawing, a resize and a change of colours over
 *  up to a second; the screenshot's own animation control does not reach a canvas, so a page with a
 *  chart is given that second before it is shot. */
const CHART_ANIMATION_MS = 1_000;

async function letChartsSettle(page: Page): Promise<void> {
  if ((await page.locator('canvas').count()) > 0) await page.waitForTimeout(CHART_ANIMATION_MS);
}

/** Every shot is also audited with axe in its theme, after the screenshot has run transitions to
 *  their end (a modal fading in would otherwise be measured at half its contrast). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  const motion = (await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)) ? 'reduce' : 'no-preference';
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    // Under reduced motion a toast or drawer on its way in or out is at its end state at once,
    // so axe never measures text half faded.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expect(page.locator('.app-root')).toHaveAttribute('data-theme', theme);
    await letChartsSettle(page);
    await page.screenshot({ path: `${SHOTS}/${theme}-${name}.png`, animations: 'disabled' });
    const blocking = blockingFindings(await auditAccessibility(page, name, theme));
    if (blocking.length > 0) problems.push(describeFindings(name, theme, blocking));
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: motion });
  if (!AXE_REPORT_ONLY) expect(problems, problems.join('\n')).toEqual([]);
}
