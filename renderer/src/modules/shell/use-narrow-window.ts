// Whether the window is too narrow for the sidebar beside the page: below 900 CSS pixels, which a
// 1280-pixel window reaches at 150 % zoom and a 1280×720 one at 200 % (640×360).
import { onScopeDispose, ref, type Ref } from 'vue';

export const NARROW_QUERY = '(max-width: 899.98px)';

export function useNarrowWindow(): Ref<boolean> {
  const query = window.matchMedia(NARROW_QUERY);
  const narrow = ref(query.matches);
  const follow = (event: MediaQueryListEvent): void => {
    narrow.value = event.matches;
  };
  query.addEventListener('change', follow);
  onScopeDispose(() => query.removeEventListener('change', follow));
  return narrow;
}
