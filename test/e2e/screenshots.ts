// Screenshots for a person to look at, in both themes. The app follows the OS theme until the
// user picks one, so emulating the OS preference switches it even under a modal or a drawer's mask.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const SHOTS = 'test-results/screenshots';

/** `${SHOTS}/light-<name>.png` and `dark-<name>.png`, then back to light. Transitions under way
 *  (the theme's colours, a drawer or modal coming in, a message fading in) are run to their end
 *  by the screenshot itself, so nothing waits for them to play out. */
export async function shootInBothThemes(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('.app-root')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${SHOTS}/${theme}-${name}.png`, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
