// Coffer's palette on top of naive-ui's light and dark themes: a calm green accent. Every colour a
// text is drawn in reaches WCAG AA (4.5:1) on the surfaces it sits on (page, card, modal, popover,
// a tag's own tint), and every border, icon and focus ring 3:1; theme-contrast.test.ts holds the
// palette to that. Body text is dark enough (light enough in dark) that text dimmed with
// `opacity: 0.6` over it still reads at 4.5:1 on a page or a card; dimmer than that, a style uses
// the muted colour (--coffer-text-muted) instead of opacity.
import type { GlobalThemeOverrides } from 'naive-ui';
import type { ThemeName } from './theme-preference';

const FONT = "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif";

/** A state colour and the shades naive-ui asks for with it. */
const shades = (name: 'primary' | 'info' | 'success' | 'warning' | 'error', base: string, hover: string, pressed: string) => ({
  [`${name}Color`]: base,
  [`${name}ColorHover`]: hover,
  [`${name}ColorPressed`]: pressed,
  [`${name}ColorSuppl`]: hover,
});

/** A tag's words in a dark shade on an opaque light tint, so it reads the same on any surface. */
const LIGHT_TAGS = {
  textColorPrimary: '#17634a',
  colorPrimary: '#e2f1eb',
  textColorSuccess: '#146c43',
  colorSuccess: '#e3f3ea',
  textColorInfo: '#1a5aa8',
  colorInfo: '#e6eff9',
  textColorWarning: '#804a00',
  colorWarning: '#fbefdc',
  textColorError: '#ad2439',
  colorError: '#fbe8eb',
};

/** The same in dark: light words on an opaque deep tint, so a tag in a dialog reads as on the page. */
const DARK_TAGS = {
  textColorPrimary: '#7fd6b4',
  colorPrimary: '#1b3329',
  textColorSuccess: '#7fd1a5',
  colorSuccess: '#1d3328',
  textColorInfo: '#8cbcf2',
  colorInfo: '#1e2c3f',
  textColorWarning: '#f0c36e',
  colorWarning: '#3a2f1a',
  textColorError: '#f2a0a8',
  colorError: '#3b2328',
};

export const THEME_OVERRIDES = {
  light: {
    common: {
      fontFamily: FONT,
      ...shades('primary', '#1f7a5c', '#1a6b50', '#155741'),
      ...shades('success', '#18794e', '#146a44', '#105837'),
      ...shades('info', '#1d64c0', '#1a58a8', '#154a8f'),
      ...shades('warning', '#9c5d00', '#885100', '#734400'),
      ...shades('error', '#c42b4b', '#ad2441', '#931d37'),
      bodyColor: '#f6f7f9',
      textColor1: '#0d0f12',
      textColor2: '#111417',
      textColor3: '#5c6268',
      placeholderColor: '#6b7177',
      textColorDisabled: '#8a8f95',
      borderRadius: '6px',
    },
    Layout: { siderColor: '#ffffff', footerColor: '#ffffff', color: '#f6f7f9' },
    Card: { borderRadius: '10px' },
    Tag: LIGHT_TAGS,
    // A control whose outline is all that shows it (an empty box, a switch that is off) is drawn 3:1.
    Checkbox: { border: '1px solid #7d838a', borderDisabled: '1px solid rgb(224, 224, 230)' },
    Radio: { boxShadow: 'inset 0 0 0 1px #7d838a' },
    Switch: { railColor: '#7d838a' },
  },
  dark: {
    common: {
      fontFamily: FONT,
      ...shades('primary', '#3fb68b', '#52c79c', '#2f9a74'),
      textColor1: 'rgba(255, 255, 255, 0.92)',
      textColor2: 'rgba(255, 255, 255, 0.88)',
      textColor3: 'rgba(255, 255, 255, 0.66)',
      placeholderColor: 'rgba(255, 255, 255, 0.6)',
      textColorDisabled: 'rgba(255, 255, 255, 0.5)',
      borderRadius: '6px',
    },
    Card: { borderRadius: '10px' },
    Tag: DARK_TAGS,
    Checkbox: { border: '1px solid rgba(255, 255, 255, 0.5)' },
    Radio: { boxShadow: 'inset 0 0 0 1px rgba(255, 255, 255, 0.5)' },
    Switch: { railColor: 'rgba(255, 255, 255, 0.4)' },
  },
} as const satisfies Record<ThemeName, GlobalThemeOverrides>;

/** The least opacity body text may be dimmed to and still reach AA on a page or a card. */
export const LEAST_TEXT_OPACITY = 0.6;

/** The colour of the keyboard focus ring in each theme (at least 3:1 on every surface). */
export const FOCUS_RING = { light: '#1f7a5c', dark: '#52c79c' } as const satisfies Record<ThemeName, string>;
