// After a move to another page: the window's title names the page, and focus goes to the page's
// heading (made focusable by script, out of the Tab order), so a screen reader says where the user
// now is and the next Tab starts at the top of the page. A page that put focus somewhere inside
// itself (a field it focuses on arrival) keeps it. The app's first page is left as a fresh page is,
// with nothing focused, so the first Tab reaches the sections at the top.
import { nextTick } from 'vue';
import type { Router } from 'vue-router';
import { START_ROUTE } from './start-page';
import { showPageTitle } from './window-title';

const APP_NAME = 'Coffer';
/** Frames to wait for a page that draws its heading a moment after it mounts. */
const HEADING_WAIT_FRAMES = 30;

export function pageTitle(label: string | undefined): string {
  return label ? `${label} — ${APP_NAME}` : APP_NAME;
}

export function followPageArrivals(router: Router, labelOf: (name: unknown) => string | undefined): void {
  router.afterEach((to, from, failure) => {
    if (failure) return;
    showPageTitle(pageTitle(labelOf(to.name)));
    const firstPage = from.matched.length === 0 || from.name === START_ROUTE;
    if (!firstPage && labelOf(to.name) !== undefined) void nextTick(() => focusHeading(HEADING_WAIT_FRAMES));
  });
}

/** Focus the page's h1 once it stands, unless focus already went into the page or a dialog. */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
  return true;
}

function focusHeading(framesLeft: number): void {
  if (focusIsTaken()) return;
  if (focusPageHeading() || framesLeft <= 0) return;
  requestAnimationFrame(() => focusHeading(framesLeft - 1));
}

function focusIsTaken(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return active.closest('main, [role="dialog"], [role="alertdialog"]') !== null;
}
