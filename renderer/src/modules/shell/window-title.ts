// The window's title (the browser tab, the taskbar entry): the page's name and, in front, how many
// withdrawals wait for approval on the active profile — "(3) Wallet — Coffer", as mail clients do —
// so a person working in another window sees that work waits. Nothing in front at zero.
import { waitingCountText } from '../../../../preload/contract/withdrawal-states';

let page = 'Coffer';
let waiting = 0;

export function titleText(pageTitle: string, waitingCount: number): string {
  const count = waitingCountText(waitingCount);
  return count === '' ? pageTitle : `(${count}) ${pageTitle}`;
}

export function showPageTitle(pageTitle: string): void {
  page = pageTitle;
  apply();
}

export function showWaitingCount(count: number): void {
  waiting = count;
  apply();
}

function apply(): void {
  if (typeof document !== 'undefined') document.title = titleText(page, waiting);
}
