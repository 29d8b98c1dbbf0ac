/**
 * 'New password' and 'Confirm new password' of the reset and change-password forms ('Password'
 * and 'Confirm password' of the registration form): password
 * inputs that password managers fill as a new password, the length rule as a hint, each with its
 * error (docs/decisions/196-password-reset.md, 198-own-account-screen.md).
 */
import type { UseFormRegisterReturn } from "react-hook-form";
import { MIN_PASSWORD_LENGTH } from "../../../shared/constants.ts";
import { TextField } from "./field.tsx";

/** A field's props from its form: `register(name)` and its message. */
type FieldProps = UseFormRegisterReturn & { error?: string | undefined };

export function NewPasswordFields({
  pword,
  cpword,
  labels = ["New password", "Confirm new password"],
}: {
  /** `field("pword")` and `field("cpword")` of the form. */
  pword: FieldProps;
  cpword: FieldProps;
  /** The two labels: "Password" and "Confirm password" where an account is created. */
  labels?: readonly [string, string];
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        {...pword}
      />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        required
        {...cpword}
      />
    </>
  );
}
