/**
 * Messages of a whole form (docs/product/errors.md: "forms show it below the form"): {@link FormError}
 * for a failed submission, announced at once (`role="alert"`), {@link FormSuccess} for a
 * successful one (`role="status"`), and {@link FormNote} for something the manager should know
 * about what was saved (a PDF whose text was cut, decision 271); {@link FormNotice} shows a
 * {@link Notice}, the answer of a form that reports success and failure alike. All render nothing
 * without a message.
 */
import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t.tsx";

/** A message as given, a text translated (decision 382: carried texts are shown translated). */
function useShown(message: ReactNode): ReactNode {
  const t = useT();
  return typeof message === "string" ? t(message) : message;
}

export function FormError({
  message,
  className = "",
}: {
  message?: ReactNode;
  className?: string;
}) {
  const shown = useShown(message);
  if (!message) return null;
  return (
    <div
      role="alert"
      className={`rounded-sm border border-red-200 border-s-4 border-s-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ${className}`}
    >
      {shown}
    </div>
  );
}

export function FormSuccess({
  message,
  children,
  className = "",
}: {
  message?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const shown = useShown(message);
  if (!message) return null;
  return (
    <div
      role="status"
      className={`rounded-sm border border-emerald-200 border-s-4 border-s-emerald-700 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ${className}`}
    >
      <p className="font-semibold">{shown}</p>
      {children}
    </div>
  );
}

export function FormNote({ message, className = "" }: { message?: ReactNode; className?: string }) {
  const shown = useShown(message);
  if (!message) return null;
  return (
    <p
      className={`rounded-sm border border-amber-200 border-s-4 border-s-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 ${className}`}
    >
      {shown}
    </p>
  );
}

/** The message shown below a form: `ok` picks success or error styling. */
export type Notice = { ok: boolean; msg: string } | null;

/** A notice as a success or an error message; nothing without one. */
export function FormNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.ok ? <FormSuccess message={notice.msg} /> : <FormError message={notice.msg} />;
}
