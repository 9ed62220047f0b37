// Puts the keyboard on a form's field by name: the element marked data-field="<name>", then the
// first thing inside it that takes focus (a text input, or a select's trigger).
import { nextTick } from 'vue';

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export async function focusField(root: HTMLElement | null | undefined, field: string | null): Promise<void> {
  if (!root || field === null) return;
  await nextTick();
  root.querySelector(`[data-field="${field}"]`)?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}
