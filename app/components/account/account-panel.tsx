/**
 * The frame of the sign-in and registration pages: a centred white panel with a serif heading,
 * narrow enough to read as one column of fields on a phone and on a desktop. `title` and `lead`
 * come translated; `kicker`, the line above the heading naming who the page is for, defaults to
 * the journal managers.
 */
import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t.tsx";
import { kickerClass } from "../ui/styles.ts";

export function AccountPanel({
  title,
  kicker,
  lead,
  width = "max-w-md",
  children,
  footer,
}: {
  title: string;
  /** Who the page is for, translated; default "Journal managers". */
  kicker?: string;
  lead?: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  children: ReactNode;
  /** Line under the panel (a link to the other account page). */
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <main className="px-4 py-10 sm:py-16">
      <div className={`mx-auto w-full ${width}`}>
        <div className="rounded-sm border border-slate-200 bg-white px-5 py-8 shadow-xs sm:px-8">
          <p className={kickerClass}>{kicker ?? t("Journal managers")}</p>
          <h1 className="mt-2 text-2xl leading-tight font-semibold sm:text-3xl">{title}</h1>
          {lead ? <p className="mt-2 text-slate-600">{lead}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <p className="mt-6 text-center text-sm text-slate-700">{footer}</p> : null}
      </div>
    </main>
  );
}
