// Where the keyboard goes as a dialog moves on a step: a dialog's focus trap puts it on its first
// control (the close button) when it opens, and a step that replaces the focused button (confirm →
// outcome) would drop it to the page's body. Each step names the control its user acts on next.
import { nextTick } from 'vue';

/** Once the dialog's body is rendered, focuses the body itself (no selector) or the first of the
 *  selectors, in their order, that matches inside it. */
export async function focusIn(root: () => HTMLElement | null, ...selectors: string[]): Promise<void> {
  await nextTick();
  const body = root();
  if (body === null) return;
  if (selectors.length === 0) {
    body.focus();
    return;
  }
  for (const selector of selectors) {
    const found = body.querySelector<HTMLElement>(selector);
    if (found) {
      found.focus();
      return;
    }
  }
}
