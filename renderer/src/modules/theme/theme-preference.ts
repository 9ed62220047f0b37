// Light or dark: the user's choice when they made one, otherwise whatever the OS prefers.
export const THEME_NAMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const THEME_STORAGE_KEY = 'coffer.theme';

/** A stored value is honoured only when it is one of the theme names. */
export function parseThemePreference(stored: string | null): ThemeName | null {
  return isThemeName(stored) ? stored : null;
}

const isThemeName = (value: string | null): value is ThemeName =>
  value !== null && (THEME_NAMES as readonly string[]).includes(value);

export function resolveTheme(preference: ThemeName | null, osTheme: string | null | undefined): ThemeName {
  if (preference) return preference;
  return osTheme === 'dark' ? 'dark' : 'light';
}

export const otherTheme = (theme: ThemeName): ThemeName => (theme === 'dark' ? 'light' : 'dark');
