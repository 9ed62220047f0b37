// Both themes as naive-ui draws them with our overrides: every text colour reaches 4.5:1 on the
// surfaces it is drawn on, and every control outline and the focus ring 3:1 (WCAG 2.2 AA).
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, type GlobalTheme } from 'naive-ui';
import { AA_NON_TEXT, AA_TEXT, composite, contrastRatio, parseColor } from '../../../../renderer/src/modules/theme/contrast';
import { FOCUS_RING, LEAST_TEXT_OPACITY, THEME_OVERRIDES } from '../../../../renderer/src/modules/theme/theme-overrides';
import { themeCssVariables } from '../../../../renderer/src/modules/theme/theme-css-variables';
import { DONUT_COLORS } from '../../../../renderer/src/modules/wallet/use-holdings-chart-config';

type Vars = Record<string, string>;
const BASES = { light: lightTheme, dark: darkTheme } as const;
const STATES = ['Info', 'Success', 'Warning', 'Error'] as const;

/** naive-ui's own resolution: common vars with our overrides, then a component's vars from them
 *  with the component's overrides on top. */
function resolve(theme: keyof typeof BASES) {
  const base = BASES[theme] as GlobalTheme & Record<string, { self?: (common: Vars) => Vars }>;
  const overrides = THEME_OVERRIDES[theme] as Record<string, Vars>;
  const common = { ...(base.common as unknown as Vars), ...overrides.common };
  const component = (name: string): Vars => ({ ...base[name]!.self!(common), ...(overrides[name] ?? {}) });
  return { common, component };
}

/** [what, foreground, background, least ratio]; a translucent background is laid over `under`. */
type Pair = [string, string, string, number, string?];

function pairsOf(theme: keyof typeof BASES): Pair[] {
  const { common, component } = resolve(theme);
  const surfaces = { body: common.bodyColor!, card: common.cardColor!, modal: common.modalColor!, popover: common.popoverColor! };
  const pairs: Pair[] = [];
  for (const [surface, background] of Object.entries(surfaces)) {
    for (const text of ['textColor1', 'textColor2', 'textColor3']) pairs.push([`${text} on ${surface}`, common[text]!, background, AA_TEXT]);
    pairs.push([`focus ring on ${surface}`, FOCUS_RING[theme], background, AA_NON_TEXT]);
    if (surface === 'popover') continue;
    for (const state of ['primary', 'info', 'success', 'warning', 'error']) pairs.push([`${state} text on ${surface}`, common[`${state}Color`]!, background, AA_TEXT]);
  }
  for (const surface of ['body', 'card'] as const) {
    const seen = composite(parseColor(common.textColor2!), parseColor(surfaces[surface]));
    const dimmed = `rgba(${seen.r}, ${seen.g}, ${seen.b}, ${LEAST_TEXT_OPACITY})`;
    pairs.push([`body text at opacity ${LEAST_TEXT_OPACITY} on ${surface}`, dimmed, surfaces[surface], AA_TEXT]);
  }
  const input = component('Input');
  for (const surface of ['card', 'modal'] as const) pairs.push([`placeholder on ${surface}`, input.placeholderColor!, input.color!, AA_TEXT, surfaces[surface]]);
  const tag = component('Tag');
  const button = component('Button');
  const alert = component('Alert');
  for (const state of ['Primary', ...STATES]) {
    for (const surface of ['body', 'card', 'modal'] as const) pairs.push([`${state} tag on ${surface}`, tag[`textColor${state}`]!, tag[`color${state}`]!, AA_TEXT, surfaces[surface]]);
    pairs.push([`${state} button`, button[`textColor${state}`]!, button[`color${state}`]!, AA_TEXT]);
  }
  pairs.push(['default tag', tag.textColor!, tag.color!, AA_TEXT, surfaces.card]);
  for (const state of STATES) {
    pairs.push([`${state} alert text`, alert[`contentTextColor${state}`]!, alert[`color${state}`]!, AA_TEXT, surfaces.card]);
    pairs.push([`${state} alert title`, alert[`titleTextColor${state}`]!, alert[`color${state}`]!, AA_TEXT, surfaces.card]);
  }
  const tooltip = component('Tooltip');
  pairs.push(['tooltip', tooltip.textColor!, tooltip.color!, AA_TEXT]);
  const table = component('DataTable');
  pairs.push(['table header', table.thTextColor!, table.thColor!, AA_TEXT, surfaces.card]);
  pairs.push(['table cell', table.tdTextColor!, table.tdColor!, AA_TEXT, surfaces.card]);
  const checkbox = component('Checkbox');
  pairs.push(['checkbox outline', checkbox.border!.replace(/^1px solid /, ''), surfaces.card, AA_NON_TEXT]);
  pairs.push(['switch rail', component('Switch').railColor!, surfaces.card, AA_NON_TEXT, surfaces.card]);
  return pairs;
}

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  it.each(pairsOf(theme))('%s reaches its ratio', (_what, foreground, background, least, under) => {
    const backdrop = under ?? (theme === 'dark' ? '#101014' : '#ffffff');
    expect(contrastRatio(foreground, background, backdrop)).toBeGreaterThanOrEqual(least);
  });

  it('gives our own styles the same muted text and focus colour as naive-ui', () => {
    const { common } = resolve(theme);
    const css = themeCssVariables(common as never, theme);
    expect(css['--coffer-text-muted']).toBe(common.textColor3);
    expect(css['--coffer-focus']).toBe(FOCUS_RING[theme]);
    // the state colours checked above on every surface
    expect([css['--coffer-positive'], css['--coffer-negative'], css['--coffer-warning']]).toEqual([common.successColor, common.errorColor, common.warningColor]);
  });
});

describe('the holdings donut', () => {
  it.each(DONUT_COLORS)('slice %s stands 3:1 against a light and a dark card', (slice) => {
    for (const theme of ['light', 'dark'] as const) {
      const card = resolve(theme).common.cardColor!;
      expect(contrastRatio(slice, card)).toBeGreaterThanOrEqual(AA_NON_TEXT);
    }
  });
});
