// The dark theme's styles are fetched the first time dark is asked for, and the app is drawn dark
// only once they are there.
import { describe, expect, it, vi } from 'vitest';
import { nextTick, ref } from 'vue';
import type { GlobalTheme } from 'naive-ui';
import { loadDarkTheme, useShownTheme } from '../../../../renderer/src/modules/theme/shown-theme';
import type { ThemeName } from '../../../../renderer/src/modules/theme/theme-preference';

const FAKE_DARK = { name: 'dark' } as GlobalTheme;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('useShownTheme', () => {
  it('stays light without fetching anything while light is wanted', () => {
    const load = vi.fn(() => Promise.resolve(FAKE_DARK));
    const shown = useShownTheme(ref<ThemeName>('light'), load);
    expect(shown.name.value).toBe('light');
    expect(shown.naiveTheme.value).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('is drawn dark only once the dark styles have arrived, and fetches them once', async () => {
    const wanted = ref<ThemeName>('light');
    const pending = deferred<GlobalTheme>();
    const load = vi.fn(() => pending.promise);
    const shown = useShownTheme(wanted, load);
    wanted.value = 'dark';
    await nextTick();
    expect(load).toHaveBeenCalledTimes(1);
    expect(shown.name.value).toBe('light');
    pending.resolve(FAKE_DARK);
    await settle();
    expect(shown.name.value).toBe('dark');
    expect(shown.naiveTheme.value).toBe(FAKE_DARK);
    wanted.value = 'light';
    await nextTick();
    expect(shown.name.value).toBe('light');
    expect(shown.naiveTheme.value).toBeNull();
    wanted.value = 'dark';
    await nextTick();
    expect(shown.name.value).toBe('dark');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays light when the fetch fails and tries again at the next switch to dark', async () => {
    const wanted = ref<ThemeName>('dark');
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(FAKE_DARK);
    const shown = useShownTheme(wanted, load);
    await settle();
    expect(shown.name.value).toBe('light');
    wanted.value = 'light';
    await nextTick();
    wanted.value = 'dark';
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(shown.name.value).toBe('dark');
  });
});

describe('loadDarkTheme', () => {
  it("gives naive-ui's dark theme, the same one each time", async () => {
    const theme = await loadDarkTheme();
    expect(theme.name).toBe('dark');
    await expect(loadDarkTheme()).resolves.toBe(theme);
  });
});
