// Puts the keyboard somewhere meaningful: on an element that takes focus, or on the first thing
// inside it that does (a text input, a select's trigger, a button), skipping what is disabled
// or hidden.
const FOCUSABLE = [
  'input:not([disabled]):not([type="hidden"]):not([tabindex="-1"])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  'button:not([disabled])',
  'a[href]',
  '[tabindex="0"]',
].join(', ');

function shown(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

/** Focuses `el` when it takes focus, else its first focusable descendant; false when none does. */
export function focusInside(el: HTMLElement): boolean {
  const target = el.matches(FOCUSABLE) ? el : Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)).find(shown);
  if (!target) return false;
  target.focus();
  return document.activeElement === target || target.contains(document.activeElement);
}
