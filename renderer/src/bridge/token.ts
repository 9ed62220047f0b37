// The web host's per-launch token arrives in the URL fragment (#token=...), which browsers never
// send to a server. It is taken out of the address bar at once and kept in sessionStorage so a
// reload of the same tab still works; a new link (new token) replaces it.
const STORAGE_KEY = 'coffer.hostToken';

/** The token in a location hash such as "#token=abc", or null. */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment.startsWith('/')) return null; // a router path, not a token
  const token = new URLSearchParams(fragment).get('token');
  return token && token.trim() ? token.trim() : null;
}

// Structural slices of Location, History and Storage: the real window in the app, plain objects
// in unit tests (which run under Node, without the DOM types).
interface PageLocation {
  hash: string;
  pathname: string;
  search: string;
}
interface PageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
interface PageHistory {
  readonly state: unknown;
  replaceState(data: unknown, unused: string, url?: string | null): void;
}

/** Where the page's own location and storage come from. */
export interface TokenSources {
  location: PageLocation;
  history: PageHistory;
  storage: PageStorage;
}

/**
 * A link with a new token opened in this same tab changes only the fragment, so the page does
 * not reload by itself. Keep the new token and reload, so the bridge starts over with it.
 * Listens to popstate, which fires before the hash router rewrites the address.
 */
export function reloadOnNewToken(win: {
  addEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
  location: { hash: string; reload(): void };
  sessionStorage: PageStorage;
}): void {
  const onNavigate = () => {
    const token = tokenFromHash(win.location.hash);
    if (!token || token === win.sessionStorage.getItem(STORAGE_KEY)) return;
    win.sessionStorage.setItem(STORAGE_KEY, token);
    win.location.reload();
  };
  win.addEventListener('popstate', onNavigate);
  win.addEventListener('hashchange', onNavigate);
}

/** Take the token from the hash (clearing it from the address bar) or from this tab's storage. */
export function takeHostToken({ location, history, storage }: TokenSources): string | null {
  const fromHash = tokenFromHash(location.hash);
  if (fromHash) {
    storage.setItem(STORAGE_KEY, fromHash);
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return fromHash;
  }
  return storage.getItem(STORAGE_KEY);
}

/** ws://host/contract?token=... for the page's own origin. */
export function contractSocketUrl(pageUrl: { protocol: string; host: string }, path: string, token: string): string {
  const scheme = pageUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${pageUrl.host}${path}?token=${encodeURIComponent(token)}`;
}
