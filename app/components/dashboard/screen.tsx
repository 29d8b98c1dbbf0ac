/**
 * The frame of the journal, proceeding and partner screens of the dashboard: the page column
 * with its `<h1>` block ({@link DashboardScreen}), the placeholder shown while the browser loads
 * the screen's data ({@link DashboardLoading}, the routes' `HydrateFallback`), the full-page
 * message of a failed load ({@link DashboardFailure}, shown by the routes' ErrorBoundary:
 * app/components/dashboard/screen-route.tsx; the loads themselves: `screenLoader` in
 * app/lib/dashboard-load.ts), and the page metadata ({@link dashboardMeta}). Texts come
 * translated, except those documented as catalogue messages (decision 382).
 */
import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { useT } from "../../i18n/use-t.tsx";
import { localeOf, siteNameOf } from "../../lib/root-data.ts";
import { Spinner } from "../forms/index.ts";
import { PageHeading } from "../ui/heading.tsx";
import { containerClass } from "../ui/styles.ts";
import { PageMessage } from "./page-message.tsx";

export function DashboardScreen({
  title,
  kicker,
  lead,
  actions,
  children,
}: {
  title: ReactNode;
  kicker?: ReactNode;
  lead?: ReactNode;
  /** Links beside the heading, such as 'Create New Journal'. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className={`${containerClass} py-8 sm:py-10`}>
      <PageHeading title={title} kicker={kicker} lead={lead}>
        {actions ? <div className="mt-5 flex flex-wrap gap-3">{actions}</div> : null}
      </PageHeading>
      {children}
    </main>
  );
}

/** The placeholder of a screen whose data loads; `what` is a catalogue message (`msg`). */
export function DashboardLoading({ what }: { what?: string }) {
  const t = useT();
  return (
    <main className={`${containerClass} py-8 sm:py-10`}>
      <p role="status" className="flex items-center gap-2 py-10 text-slate-700">
        <Spinner />
        {what ? t(what) : t("Loading…")}
      </p>
    </main>
  );
}

/** The full-page message of a failed load (docs/product/errors.md), inside the page column. */
export function DashboardFailure({ message }: { message: string }) {
  return (
    <main className={containerClass}>
      <PageMessage message={message} />
    </main>
  );
}

/**
 * `<title>` `{title} · Dashboard | {product}` in the page's language, and `noindex`: a route's
 * meta replaces the frame's, so each screen repeats it. `title` is a catalogue message
 * (`msg("Journals")`) or a name, which shows as it is.
 */
export function dashboardMeta(
  matches: Parameters<typeof siteNameOf>[0],
  title: string,
): MetaDescriptor[] {
  const t = translatorFor(localeOf(matches));
  return [
    {
      title: t("{title} · Dashboard | {product}", {
        title: t(title),
        product: siteNameOf(matches),
      }),
    },
    { name: "robots", content: "noindex" },
  ];
}
