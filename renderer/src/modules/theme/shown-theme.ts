// The theme the app is drawn in. naive-ui's dark theme is fetched the first time dark is asked
// for; until it is there the app stays light, so a page never shows dark overrides on light
// components (and data-theme says dark only once it is drawn dark).
import { computed, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import type { GlobalTheme } from 'naive-ui';
import type { ThemeName } from './theme-preference';

let darkThemeLoad: Promise<GlobalTheme> | null = null;

/** naive-ui's dark theme, fetched once (again after a failed fetch). */
export function loadDarkTheme(): Promise<GlobalTheme> {
  darkThemeLoad ??= import('./dark-theme').then(
    (module) => module.darkTheme,
    (error: unknown) => {
      darkThemeLoad = null;
      throw error;
    },
  );
  return darkThemeLoad;
}

export interface ShownTheme {
  name: ComputedRef<ThemeName>;
  /** What NConfigProvider takes: null for naive-ui's default (light). */
  naiveTheme: ComputedRef<GlobalTheme | null>;
}

export function useShownTheme(wanted: Ref<ThemeName>, load: () => Promise<GlobalTheme> = loadDarkTheme): ShownTheme {
  const dark = shallowRef<GlobalTheme | null>(null);
  watch(
    wanted,
    (theme) => {
      if (theme !== 'dark' || dark.value !== null) return;
      load().then(
        (loaded) => (dark.value = loaded),
        () => undefined, // stays light; the next switch to dark fetches it again
      );
    },
    { immediate: true },
  );
  const name = computed<ThemeName>(() => (wanted.value === 'dark' && dark.value !== null ? 'dark' : 'light'));
  const naiveTheme = computed(() => (name.value === 'dark' ? dark.value : null));
  return { name, naiveTheme };
}
