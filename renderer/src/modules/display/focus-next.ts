// After a dialog's step replaces the control that had the keyboard (a confirm button giving way to
// the result), focus would fall to <body>; the step's next meaningful control takes it instead.
import { nextTick, type ComponentPublicInstance } from 'vue';

type Focusable = HTMLElement | ComponentPublicInstance | null | undefined;

function elementOf(target: Focusable): HTMLElement | null {
  if (!target) return null;
  if (target instanceof HTMLElement) return target;
  const element: unknown = target.$el;
  return element instanceof HTMLElement ? element : null;
}

/** Focuses `target` once the DOM shows the new step; a getter is read after the render. */
export async function focusNext(target: Focusable | (() => Focusable)): Promise<void> {
  await nextTick();
  const element = elementOf(typeof target === 'function' ? target() : target);
  element?.focus();
}
