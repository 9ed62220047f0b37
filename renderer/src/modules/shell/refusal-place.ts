// Where a refusal from main is shown: on the form's field it names while that field is on screen,
// else at the top of the form, so that no refusal goes unseen. The form keeps what was typed.
import type { AppError } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';

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
