// Where a refusal from main, or a check that failed before any request, is shown and where the
// keyboard goes: on the form's field it names while that field is on screen (the keyboard on that
// field), else in the form's alert at its top (the keyboard on the alert, which is read out). The
// form keeps what was typed.
import { nextTick } from 'vue';
import type { AppError } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { focusInside } from './focus';

/** The field to show the refusal on, or null for the top of the form; with its words. */
export interface RefusalPlace<F extends string> {
  field: F | null;
  message: string;
}

/**
 * `fieldOf` maps the contract's field name to the form's (undefined when the form has no such
 * field); `onScreen` says whether that field is shown now (a drawer may fix the account, a network
 * may have no payment id).
 */
export function placeRefusal<F extends string>(
  error: AppError,
  fieldOf: (contractField: string) => F | undefined,
  onScreen: (field: F) => boolean = () => true,
): RefusalPlace<F> {
  const field = error.field === undefined ? undefined : fieldOf(error.field);
  const message = appErrorText(error);
  return field !== undefined && onScreen(field) ? { field, message } : { field: null, message };
}

/** A field lookup over a fixed list of the form's fields, with the contract's names that differ. */
export function fieldsOf<F extends string>(fields: readonly F[], renamed: Partial<Record<string, F>> = {}): (contractField: string) => F | undefined {
  return (name) => renamed[name] ?? (fields as readonly string[]).find((f) => f === name) as F | undefined;
}

/** The marker of a form's alert (FormAlert.vue) that the keyboard goes to when no field is named. */
export const FORM_ALERT_SELECTOR = '[data-form-alert]';

/**
 * Puts the keyboard on a form's field by name: the element marked data-field="<name>", then the
 * first thing inside it that takes focus. With no field (null), on the form's alert if it shows one.
 */
export async function focusField(root: HTMLElement | null | undefined, field: string | null): Promise<void> {
  if (!root) return;
  await nextTick();
  if (field === null) {
    root.querySelector<HTMLElement>(FORM_ALERT_SELECTOR)?.focus();
    return;
  }
  const holder = root.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (holder) focusInside(holder);
}
