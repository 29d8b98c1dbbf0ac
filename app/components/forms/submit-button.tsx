/**
 * A form's submit button with a busy label (docs/product/states.md, "All forms: idle and submitting":
 * 'Sign in' / 'Signing in...', 'Create' / 'Creating...'). While busy it is disabled, so a form is
 * never sent twice, and shows a spinner beside `busyLabel`.
 *
 * It is also disabled until the page has hydrated: before that a click would submit the bare
 * HTML form (its fields in the URL) instead of the script's call to the API.
 */
import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { type ButtonVariant, buttonClass } from "../ui/styles.ts";
import { Spinner } from "./spinner.tsx";

export function SubmitButton({
  busy,
  busyLabel,
  children,
  variant = "primary",
  className = "",
}: {
  busy: boolean;
  busyLabel: ReactNode;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy || undefined}
      className={buttonClass(variant, `min-h-11 ${className}`)}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
