/**
 * 'New password' and 'Confirm new password' of the reset and change-password forms: password
 * inputs that password managers fill as a new password, the length rule as a hint, each with its
 * error (docs/decisions/196-password-reset.md, 198-own-account-screen.md).
 */
import type { UseFormRegisterReturn } from "react-hook-form";
import { MIN_PASSWORD_LENGTH } from "../../../shared/constants.ts";
import { TextField } from "./field.tsx";

export function NewPasswordFields({
  pword,
  cpword,
  errors,
}: {
  /** `register("pword")` and `register("cpword")` of the form. */
  pword: UseFormRegisterReturn;
  cpword: UseFormRegisterReturn;
  errors: { pword?: string | undefined; cpword?: string | undefined };
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.pword}
        {...pword}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.cpword}
        {...cpword}
      />
    </>
  );
}
