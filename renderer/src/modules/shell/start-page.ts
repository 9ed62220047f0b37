// Where the app opens: where the work is. With a profile active, on the page last used when it is
// one worth coming back to, else on the wallet; with none, on the profiles, to set one up.
/** The route the app opens on, which moves on by itself (StartPage.vue). */
export const START_ROUTE = 'start';
export const LAST_PAGE_KEY = 'coffer.lastPage';
export const WORK_PAGE = 'wallet';
export const SETUP_PAGE = 'profiles';

/** The slice of Storage used here: the real localStorage in the app, a plain object in tests. */
export interface PageMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The route name to open on. */
export function startPageFor(activeProfileId: string | null, lastPage: string | null, restorable: readonly string[]): string {
  if (activeProfileId === null) return SETUP_PAGE;
  return workPageFor(lastPage, restorable);
}

/** The page to open on with a profile active: the last one used when it is one to restore. */
export function workPageFor(lastPage: string | null, restorable: readonly string[]): string {
  return lastPage !== null && restorable.includes(lastPage) ? lastPage : WORK_PAGE;
}

export function readLastPage(memory: PageMemory | undefined): string | null {
  try {
    return memory?.getItem(LAST_PAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled: open on the default
  }
}

/** Remembers a page the app may open on again; other pages leave the last one in place. */
export function rememberPage(memory: PageMemory | undefined, page: unknown, restorable: readonly string[]): void {
  if (typeof page !== 'string' || !restorable.includes(page)) return;
  try {
    memory?.setItem(LAST_PAGE_KEY, page);
  } catch {
    // Not remembered across launches; the app still opens on the wallet.
  }
}

export function browserMemory(): PageMemory | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}
