// Charts move only when the system allows it: under prefers-reduced-motion every chart's option is
// drawn with ECharts' animation turned off (first drawing, updates, resizes).
import { readonly, ref, type Ref } from 'vue';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The option as given, or with `animation: false` when motion is to be reduced. */
export function withReducedMotion<T extends object>(option: T, reduce: boolean): T {
  return reduce ? { ...option, animation: false } : option;
}

let shared: Ref<boolean> | null = null;

/** Whether the system asks for less motion, kept up to date as the setting changes. One listener
 *  serves every chart. */
export function usePrefersReducedMotion(win: Pick<Window, 'matchMedia'> | undefined = globalThis.window): Readonly<Ref<boolean>> {
  if (shared) return readonly(shared);
  const reduced = ref(false);
  if (typeof win?.matchMedia === 'function') {
    const query = win.matchMedia(QUERY);
    reduced.value = query.matches;
    query.addEventListener('change', (event) => (reduced.value = event.matches));
  }
  shared = reduced;
  return readonly(reduced);
}

/** For tests: forget the shared listener so the next call reads the given window again. */
export function resetReducedMotionForTests(): void {
  shared = null;
}
