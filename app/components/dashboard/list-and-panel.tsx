/**
 * The layout of the dashboard's list pages with a side form (Managers: accounts and 'Invite a
 * manager'; Partners: carousel order and 'Add a Partner'): the list section, headed by its title
 * and count, with the last change's notice announced above the list, and the panel beside it
 * (sticky on a wide screen).
 */
import type { ReactNode } from "react";
import { FormNotice, type Notice } from "../forms/index.ts";
import { Card } from "../ui/card.tsx";

export function ListAndPanel({
  headingId,
  heading,
  count,
  notice,
  panel,
  panelFirstOnPhone = false,
  children,
}: {
  headingId: string;
  heading: string;
  /** Shown after the heading in parentheses, e.g. '3 partners'. */
  count: ReactNode;
  notice: Notice;
  panel: ReactNode;
  /** The panel above the list on a phone, so it needs no scrolling past the list. */
  panelFirstOnPhone?: boolean;
  children: ReactNode;
}) {
  const order = panelFirstOnPhone ? "order-first lg:order-none" : "";
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 text-xl font-semibold">
          {heading}{" "}
          <span className="font-sans text-base font-normal text-slate-600">({count})</span>
        </h2>
        <div aria-live="polite" className="empty:hidden mb-4">
          <FormNotice notice={notice} />
        </div>
        {children}
      </section>
      <Card as="section" className={`p-5 lg:sticky lg:top-4 ${order}`.trim()}>
        {panel}
      </Card>
    </div>
  );
}
