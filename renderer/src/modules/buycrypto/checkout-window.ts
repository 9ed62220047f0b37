// Opening a provider's checkout: always `window.open(url, '_blank')`. In Electron main routes that
// call to the system browser (the app window never navigates) and answers it with null, so null
// means nothing there; in a browser, null means the tab was blocked and the person must open it.
import type { AppInfo } from '../../../../preload/contract';

export type CheckoutOpened = 'opened' | 'blocked';

export type OpenWindow = (url: string, target: string) => { opener: unknown } | null;

/** `transport` as getAppInfo tells it; unknown yet, a null answer is taken as a blocked tab. */
export function openCheckout(url: string, transport: AppInfo['transport'] | undefined, open: OpenWindow = (u, t) => window.open(u, t)): CheckoutOpened {
  const tab = open(url, '_blank');
  if (transport === 'electron') return 'opened';
  if (tab === null) return 'blocked';
  tab.opener = null; // the provider's page gets no handle on this one
  return 'opened';
}
