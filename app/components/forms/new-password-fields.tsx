/**
 * 'New password' and 'Confirm new password' of the reset and change-password forms ('Password'
 * and 'Confirm password' of the registration form): password
 * inputs that password managers fill as a new password, the length rule as a hint, each with its
 * error (docs/decisions/196-password-reset.md, 198-own-account-screen.md). The labels are
 * catalogue messages, shown translated (decision 382). {@link AccountPasswordField} is the other
 * side: the account's existing password, as signing in and confirming the administrator address
 * ask for it.
 */
import type { UseFormRegisterReturn } from "react-hook-form";
import { MIN_PASSWORD_LENGTH } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TextField } from "./field.tsx";

/** A field's props from its form: `register(name)` and its message. */
type FieldProps = UseFormRegisterReturn & { error?: string | undefined };

const NEW_PASSWORD_LABELS = [msg("New password"), msg("Confirm new password")] as const;

export function NewPasswordFields({
  pword,
  cpword,
  labels = NEW_PASSWORD_LABELS,
}: {
  /** `field("pword")` and `field("cpword")` of the form. */
  pword: FieldProps;
  cpword: FieldProps;
  /**
   * The two labels, catalogue messages (`msg`): "Password" and "Confirm password" where an
   * account is created.
   */
  labels?: readonly [string, string];
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t(labels[0])}
        type="password"
        autoComplete="new-password"
        required
        hint={t("{count, plural, one {At least # character.} other {At least # characters.}}", {
          count: MIN_PASSWORD_LENGTH,
        })}
        {...pword}
      />
      <TextField
        label={t(labels[1])}
        type="password"
        autoComplete="new-password"
        required
        {...cpword}
      />
    </>
  );
}

/**
 * 'Password' of the sign-in and administrator-confirmation forms: the account's existing password
 * (required; password managers fill it as the current password, docs/decisions/196-password-reset.md),
 * `field` being the form's `field("pword")`.
 */
export function AccountPasswordField(field: FieldProps) {
  const t = useT();
  return (
    <TextField
      label={t("Password")}
      type="password"
      autoComplete="current-password"
      required
      {...field}
    />
  );
}
