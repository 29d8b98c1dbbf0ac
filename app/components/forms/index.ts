/**
 * Reusable form pieces for the account pages and the dashboard forms: labelled fields with
 * announced errors, a checkbox, a submit button with a busy label, and form-level messages.
 */
export { CheckboxField } from "./checkbox-field.tsx";
export * from "./field.tsx";
export { FormFooter } from "./form-footer.tsx";
export {
  FormError,
  FormNote,
  FormNotice,
  FormSuccess,
  LiveMessages,
  type Notice,
} from "./form-message.tsx";
export { AccountPasswordField, NewPasswordFields } from "./new-password-fields.tsx";
export { PeopleListField, type Person } from "./people-list-field.tsx";
export { Spinner } from "./spinner.tsx";
export { controlClass, labelClass } from "./styles.ts";
export { SubmitButton } from "./submit-button.tsx";
export { YearSelect } from "./year-select.tsx";
