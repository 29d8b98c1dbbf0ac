/**
 * Messages of a whole form (docs/product/errors.md: "forms show it below the form"): {@link FormError}
 * for a failed submission, announced at once (`role="alert"`), {@link FormSuccess} for a
 * successful one (`role="status"`), and {@link FormNote} for something the manager should know
 * about what was saved (a PDF whose text was cut, decision 271); {@link FormNotice} shows a
 * {@link Notice}, the answer of a form that reports success and failure alike. All render nothing
 * without a message.
 *
 * A success or error message, once shown, is scrolled into view (nearest edge, clear of the fixed
 * footer by the page's scroll padding; WCAG 2.4.11, issue 34). Put it inside a live region that
 * is on the page before the message (`aria-live="polite"`, as {@link LiveMessages} is), so that a
 * screen reader announces it (WCAG 4.1.3 Status Messages).
 */
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useT } from "../../i18n/use-t.tsx";

/** Scrolls the element of `ref` into view each time `message` changes to a non-empty one. */
function useRevealed(ref: RefObject<HTMLElement | null>, message: ReactNode): void {
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [ref, message]);
}

/**
 * A polite live region that stays on the page while messages come and go inside it (hidden
 * while empty), so that each new message is announced.
 */
export function LiveMessages({
  children,
  className = "",
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={`empty:hidden ${className}`.trim()}>
      {children}
    </div>
  );
}

/** A message as given, a text translated (decision 382: carried texts are shown translated). */
function useShown(message: ReactNode): ReactNode {
  const t = useT();
  return typeof message === "string" ? t(message) : message;
}

/**
 * The box of a whole form's success or error message: the message translated when it is a text
 * (decision 382), scrolled into view each time it changes to a non-empty one (issue 34), nothing
 * without one. `role` is "alert" for a failure, "status" for a success; `className` gives the
 * colours; `render` lays the shown message out inside the box.
 */
function RevealedMessage({
  message,
  role,
  className,
  render,
}: {
  message?: ReactNode;
  role: "alert" | "status";
  className: string;
  render: (shown: ReactNode) => ReactNode;
}) {
  const shown = useShown(message);
  const ref = useRef<HTMLDivElement>(null);
  useRevealed(ref, message);
  if (!message) return null;
  return (
    <div ref={ref} role={role} className={className}>
      {render(shown)}
    </div>
  );
}

export function FormError({
  message,
  className = "",
}: {
  message?: ReactNode;
  className?: string;
}) {
  return (
    <RevealedMessage
      message={message}
      role="alert"
      className={`rounded-sm border border-red-200 border-s-4 border-s-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ${className}`}
      render={(shown) => shown}
    />
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
  return (
    <RevealedMessage
      message={message}
      role="status"
      className={`rounded-sm border border-emerald-200 border-s-4 border-s-emerald-700 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ${className}`}
      render={(shown) => (
        <>
          <p className="font-semibold">{shown}</p>
          {children}
        </>
      )}
    />
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
