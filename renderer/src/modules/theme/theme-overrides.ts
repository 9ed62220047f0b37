// Coffer's palette on top of naive-ui's light and dark themes: a calm green accent.
import type { GlobalThemeOverrides } from 'naive-ui';
import type { ThemeName } from './theme-preference';

const FONT = "Inter, 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif";

export const THEME_OVERRIDES = {
  light: {
    common: {
      fontFamily: FONT,
      primaryColor: '#1f7a5c',
      primaryColorHover: '#268f6c',
      primaryColorPressed: '#17634a',
      primaryColorSuppl: '#268f6c',
      bodyColor: '#f6f7f9',
      borderRadius: '6px',
    },
    Layout: { siderColor: '#ffffff', footerColor: '#ffffff', color: '#f6f7f9' },
    Card: { borderRadius: '10px' },
  },
  dark: {
    common: {
      fontFamily: FONT,
      primaryColor: '#3fb68b',
      primaryColorHover: '#52c79c',
      primaryColorPressed: '#2f9a74',
      primaryColorSuppl: '#52c79c',
      borderRadius: '6px',
    },
    Card: { borderRadius: '10px' },
  },
} as const satisfies Record<ThemeName, GlobalThemeOverrides>;
