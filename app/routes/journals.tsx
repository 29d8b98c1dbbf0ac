/**
 * Journals list (docs/product/screens.md, Journals list page): on the left every journal as a card
 * (image, name, intro, buttons with label and link); on the right the latest journals, each
 * labelled 'New Journal', with its intro and the date it was added. Each column loads on its
 * own and stays empty when its load fails (docs/product/errors.md).
 */

import { listActiveJournals, listLatestJournals } from "../../server/features/journals/queries.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { JournalListCard } from "../components/journal/journal-list-card.tsx";
import { JournalSummary } from "../components/journal/journal-summary.tsx";
import { DateText } from "../components/ui/date-text.tsx";
import { EmptyNote } from "../components/ui/empty-note.tsx";
import { PageHeading } from "../components/ui/heading.tsx";
import { badgeClass, containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { loadSection } from "../lib/public-load.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/journals";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const [journals, latest] = await Promise.all([
    loadSection(ctx, "journals: all journals", () => listActiveJournals(ctx)),
    loadSection(ctx, "journals: new journals", () => listLatestJournals(ctx, 8)),
  ]);
  return { journals, latest };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Journals"),
    t(
      "Every journal we publish, with its scope, its issues and how to submit, and the journals added most recently.",
    ),
  );
}

export default function Journals({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { journals, latest } = loaderData;
  return (
    <main className={`${containerClass} py-10 sm:py-14`}>
      <PageHeading
        kicker={t("Catalogue")}
        title={t("Journals")}
        lead={t(
          "Peer-reviewed journals published in open access: read their issues and papers, or find out how to submit your own work.",
        )}
      />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
        <section aria-label={t("All journals")}>
          {journals?.length === 0 ? (
            <EmptyNote>{t("No journals have been published yet.")}</EmptyNote>
          ) : null}
          {journals ? (
            <ul className="space-y-6">
              {journals.map((journal, i) => (
                <li key={journal.link}>
                  <JournalListCard journal={journal} eager={i < 2} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <aside
          aria-labelledby="new-journals-title"
          className="lg:border-s lg:border-slate-200 lg:ps-10"
        >
          <h2
            id="new-journals-title"
            className="font-sans text-xs font-semibold tracking-[0.16em] text-slate-600 uppercase"
          >
            {t("Recently added")}
          </h2>
          {latest ? (
            <ul className="mt-3 divide-y divide-slate-200" data-testid="new-journals">
              {latest.map((journal) => (
                <li key={journal.link} className="py-5">
                  <span className={badgeClass}>{t("New Journal")}</span>
                  <JournalSummary
                    journal={journal}
                    titleClass="mt-2 text-lg"
                    introClass="mt-1 line-clamp-3"
                  />
                  <p className="mt-2 text-xs text-slate-600">
                    <Trans
                      id="Added <0/>"
                      components={{ 0: <DateText value={journal.date_added} /> }}
                    />
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
