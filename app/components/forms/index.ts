/**
 * Reusable form pieces for the account pages and the dashboard forms: labelled fields with
 * announced errors, a checkbox, a submit button with a busy label, and form-level messages.
 */
export { CheckboxField, type CheckboxFieldProps } from "./checkbox-field.tsx";
export {
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from "./field.tsx";
export { FormError, FormNote, FormSuccess } from "./form-message.tsx";
export { PeopleListField, type Person } from "./people-list-field.tsx";
export { Spinner } from "./spinner.tsx";
export { controlClass, fieldErrorClass, hintClass, labelClass } from "./styles.ts";
export { SubmitButton } from "./submit-button.tsx";
export { YearSelect } from "./year-select.tsx";
