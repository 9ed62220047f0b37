// Where a refusal from main is shown: the form kit's field-error helper, under the name the forms
// not yet on the kit import.
export { fieldsOf, placeRefusal, type RefusalPlace } from '../form-kit/field-errors';
