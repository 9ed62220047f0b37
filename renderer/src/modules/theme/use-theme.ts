// The effective theme, and a toggle that remembers the choice in localStorage.
import { computed, ref, type ComputedRef } from 'vue';
import { useOsTheme } from 'naive-ui';
import { otherTheme, parseThemePreference, resolveTheme, THEME_STORAGE_KEY, type ThemeName } from './theme-preference';

const preference = ref<ThemeName | null>(readStoredPreference());

function readStoredPreference(): ThemeName | null {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null; // storage disabled: follow the OS
  }
}

/** Whether the app opens dark, known before any component exists (main.ts waits for the dark
 *  styles then, so the first frame is not drawn light). */
export function opensDark(win: Window = window): boolean {
  const prefersDark = typeof win.matchMedia === 'function' && win.matchMedia('(prefers-color-scheme: dark)').matches;
  return resolveTheme(preference.value, prefersDark ? 'dark' : 'light') === 'dark';
}

export interface ThemeChoice {
  theme: ComputedRef<ThemeName>;
  toggleTheme: () => void;
}

export function useTheme(): ThemeChoice {
  const osTheme = useOsTheme();
  const theme = computed(() => resolveTheme(preference.value, osTheme.value));
  function toggleTheme(): void {
    preference.value = otherTheme(theme.value);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, preference.value);
    } catch {
      // Not remembered across launches; the toggle still works for this session.
    }
  }
  return { theme, toggleTheme };
}
