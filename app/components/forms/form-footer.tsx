/**
 * The end of a form: its submit button, which shows its busy label while the call runs
 * (docs/product/states.md), and below it the form's message (docs/product/errors.md: "forms
 * show it below the form"): `error`, the message of a failed submission, or `notice`, the
 * answer of a form that reports success as well. `children` follow the message (a link the
 * message calls for, a note about what was saved), inside the same live region, so each is
 * announced when it appears (issue 34).
 */
import type { ReactNode } from "react";
import { FormError, FormNotice, LiveMessages, type Notice } from "./form-message.tsx";
import { SubmitButton } from "./submit-button.tsx";

export function FormFooter({
  busy,
  label,
  busyLabel,
  error,
  notice = null,
  buttonClassName,
  children,
}: {
  busy: boolean;
  /** The button's label, e.g. 'Submit'. */
  label: ReactNode;
  /** The label while busy, e.g. 'Submitting...'. */
  busyLabel: ReactNode;
  error?: ReactNode;
  notice?: Notice;
  /** Widths of the button, e.g. `w-full` on the account pages. */
  buttonClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <SubmitButton busy={busy} busyLabel={busyLabel} className={buttonClassName}>
        {label}
      </SubmitButton>
      <LiveMessages className="space-y-4">
        <FormError message={error} />
        <FormNotice notice={notice} />
        {children}
      </LiveMessages>
    </div>
  );
}
