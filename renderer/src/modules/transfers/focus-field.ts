// Puts the keyboard on a form's field by name: the form kit's helper, under the name the forms not
// yet on the kit import.
export { focusField } from '../form-kit/field-errors';
