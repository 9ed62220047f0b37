// What the page-wide keys reach. A page that can be read again registers its refresh with
// useRefreshShortcut while it is mounted (the newest registration wins, so a drawer's own refresh
// can stand in for its page's); the field that `/` focuses carries the attribute
// data-shortcut="search". The key listener itself lives in the shell.
import { onBeforeUnmount, onMounted } from 'vue';

type Refresh = () => unknown;

const refreshers: Refresh[] = [];

export function useRefreshShortcut(refresh: Refresh): void {
  onMounted(() => refreshers.push(refresh));
  onBeforeUnmount(() => {
    const at = refreshers.lastIndexOf(refresh);
    if (at >= 0) refreshers.splice(at, 1);
  });
}

/** Runs the newest registered refresh; false when the page has none. */
export function runRefreshShortcut(): boolean {
  const refresh = refreshers.at(-1);
  if (!refresh) return false;
  void refresh();
  return true;
}

export const SEARCH_FIELD_SELECTOR = '[data-shortcut="search"]';
