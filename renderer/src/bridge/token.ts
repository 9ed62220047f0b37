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

/** Where the page's own location and storage come from (the real window in the app). */
export interface TokenSources {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
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
export function contractSocketUrl(pageUrl: Pick<Location, 'protocol' | 'host'>, path: string, token: string): string {
  const scheme = pageUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${pageUrl.host}${path}?token=${encodeURIComponent(token)}`;
}
