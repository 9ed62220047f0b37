// Opening a provider's checkout: always `window.open(url, '_blank')`. In Electron main routes that
// call to the system browser (the app window never navigates) and answers it with null, so null
// means nothing there; in a browser, null means the tab was blocked and the person must open it.
export type CheckoutOpened = 'opened' | 'blocked';

export interface CheckoutWindow {
  open(url: string, target: string): { opener: unknown } | null;
  /** Present only in Electron, put there by the preload. */
  coffer?: unknown;
}

export function openCheckout(url: string, win: CheckoutWindow = window): CheckoutOpened {
  const tab = win.open(url, '_blank');
  if (win.coffer !== undefined) return 'opened';
  if (tab === null) return 'blocked';
  tab.opener = null; // the provider's page gets no handle on this one
  return 'opened';
}
