// A few places where naive-ui renders ARIA that assistive technology cannot use, put right once for
// the whole app as elements appear (naive-ui offers no prop for them):
// - a card's header is role="heading" without a level, and wraps its title heading in a second
//   heading together with the header's buttons: the title gets a level, the wrapper loses its
//   role, and a title that already holds an h1–h6 is left to that heading (a drawer's header gets
//   the same treatment should it ever come without the level naive-ui gives it today);
// - an icon is role="img" without a name: an icon nobody named is decoration, hidden from the
//   accessibility tree;
// - a modal, dialog, drawer or alert dialog without a name is named by the title it shows (a
//   dialog's, card's or drawer's header, or the title of the result it holds);
// - a data table's selection checkboxes point aria-labelledby at a label naive-ui never renders:
//   each is named after its row's first cell ("Select BTC"), the header's "Select all rows".
// - a data table's body scrolls (sideways at 200 % zoom, or down in a bounded table) but, when
//   no row or control in it takes the keyboard, no keyboard can scroll it: the body is made a
//   named stop of its own, which the arrow keys then scroll.
// The level is 2 unless an ancestor says otherwise with data-heading-level="3" (a card inside a
// section under an h2, say). A page that names its dialog itself (aria-label, aria-labelledby) or
// names an icon (aria-label, title) is left as it is.

const HEADING_TITLES = '.n-card-header__main[role="heading"]:not([aria-level]), .n-drawer-header__main[role="heading"]:not([aria-level])';
const HEADING_WRAPPERS = '.n-card-header[role="heading"]';
const UNNAMED_ICONS = '.n-icon[role="img"]:not([aria-label]):not([aria-labelledby]):not([aria-hidden]):not([title])';
const UNNAMED_DIALOGS = ':is([role="dialog"], [role="alertdialog"]):not([aria-label]):not([aria-labelledby])';
const DIALOG_TITLES = '.n-dialog__title, .n-card-header__main, .n-drawer-header__main, .n-result-header__title';
const SELECTION_CHECKBOXES = '.n-data-table-td--selection [role="checkbox"], .n-data-table-th--selection [role="checkbox"]';
const TABLE_SCROLLERS = '.n-data-table-base-table-body > .n-scrollbar-container:not([tabindex])';
const KEYBOARD_STOPS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const NAMED_HERE = 'data-coffer-named';
const DEFAULT_LEVEL = 2;

let nextTitleId = 0;

/** The heading level for a title: the nearest data-heading-level above it, else 2. */
export function headingLevel(title: Element): number {
  const wanted = Number(title.closest('[data-heading-level]')?.getAttribute('data-heading-level'));
  return Number.isInteger(wanted) && wanted >= 1 && wanted <= 6 ? wanted : DEFAULT_LEVEL;
}

/** Puts right what is wrong under `root` (the whole document unless told). Idempotent. */
export function patchAria(root: ParentNode = document): void {
  for (const wrapper of root.querySelectorAll(HEADING_WRAPPERS)) wrapper.removeAttribute('role');
  for (const title of root.querySelectorAll(HEADING_TITLES)) {
    if (title.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]')) title.removeAttribute('role');
    else title.setAttribute('aria-level', String(headingLevel(title)));
  }
  for (const icon of root.querySelectorAll(UNNAMED_ICONS)) icon.setAttribute('aria-hidden', 'true');
  for (const dialog of root.querySelectorAll(UNNAMED_DIALOGS)) nameDialog(dialog);
  for (const checkbox of root.querySelectorAll(SELECTION_CHECKBOXES)) nameSelectionCheckbox(checkbox);
  for (const scroller of root.querySelectorAll(TABLE_SCROLLERS)) {
    if (scroller.querySelector(KEYBOARD_STOPS)) continue;
    scroller.setAttribute('tabindex', '0');
    scroller.setAttribute('role', 'group');
    scroller.setAttribute('aria-label', 'Table rows (the arrow keys scroll them)');
  }
}

/** What a table's selection checkbox selects: every row from the header, else its row by its first cell. */
export function selectionLabel(firstCellText: string | null): string {
  if (firstCellText === null) return 'Select all rows';
  const text = firstCellText.replace(/\s+/g, ' ').trim().slice(0, 60);
  return text === '' ? 'Select row' : `Select ${text}`;
}

function nameSelectionCheckbox(checkbox: Element): void {
  const labelledBy = checkbox.getAttribute('aria-labelledby');
  const dangling = labelledBy !== null && checkbox.ownerDocument.getElementById(labelledBy) === null;
  const ours = checkbox.hasAttribute(NAMED_HERE);
  if (!ours && (!dangling || checkbox.hasAttribute('aria-label'))) return;
  if (dangling) checkbox.removeAttribute('aria-labelledby');
  const row = checkbox.closest('tr');
  const header = checkbox.closest('.n-data-table-th--selection') !== null;
  const firstCell = header ? null : (row?.querySelector('td:not(.n-data-table-td--selection)')?.textContent ?? '');
  const label = selectionLabel(firstCell);
  if (checkbox.getAttribute('aria-label') !== label) checkbox.setAttribute('aria-label', label);
  checkbox.setAttribute(NAMED_HERE, '');
}

function nameDialog(dialog: Element): void {
  const title = dialog.querySelector(DIALOG_TITLES);
  if (!title || (title.textContent ?? '').trim() === '') return;
  if (!title.id) title.id = `coffer-dialog-title-${++nextTitleId}`;
  dialog.setAttribute('aria-labelledby', title.id);
}

/** Patches the document now and after changes to its tree, at most once a frame (a burst of
 *  changes, a table's rows say, is patched once); returns the stop. */
export function installAriaPatches(doc: Document = document): () => void {
  patchAria(doc);
  let pending = false;
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (then: () => void) => setTimeout(then, 16);
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    frame(() => {
      pending = false;
      patchAria(doc);
    });
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
