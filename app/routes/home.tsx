/**
 * Home (docs/product/screens.md, Home page): the four subject cards, 'Latest Research Works and
 * Findings' (the featured latest publication beside the list of latest publications), 'New
 * Journals on {product}', 'Conference Proceedings' (the newest proceedings and a link to
 * `/proceedings`; no section on a site without proceedings, docs/decisions/090-public-
 * proceedings.md) and 'Over 30 {product} Partners'; 'Most read' (the papers viewed most over the
 * last 30 days, docs/decisions/284-usage-figures-for-readers.md) once papers have been read. Each section loads on its own; one whose
 * load fails stays empty and the page still renders (docs/product/errors.md). While the first start
 * imports the corpus, a notice above says how far it has got (docs/decisions/121-…).
 */

import {
  countJournalsBySubject,
  listLatestJournals,
} from "../../server/features/journals/queries.ts";
import { listPartners } from "../../server/features/partners/queries.ts";
import { listProceedings } from "../../server/features/proceedings/queries.ts";
import {
  getLatestPublication,
  listLatestPublications,
} from "../../server/features/publications/queries.ts";
import { mostRead } from "../../server/features/usage/reader-figures.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { FeaturedPublication } from "../components/home/featured-publication.tsx";
import { LatestPublications } from "../components/home/latest-publications.tsx";
import { type CatalogueLoading, LoadingNotice } from "../components/home/loading-notice.tsx";
import { PartnerCarousel } from "../components/home/partner-carousel.tsx";
import { SubjectCards } from "../components/home/subject-cards.tsx";
import { JournalGrid } from "../components/journal/journal-grid.tsx";
import { MostReadList } from "../components/paper/most-read.tsx";
import { ProceedingCard } from "../components/proceedings/proceeding-card.tsx";
import { EmptyNote } from "../components/ui/empty-note.tsx";
import { SectionHeading } from "../components/ui/heading.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { useT } from "../i18n/use-t.tsx";
import { websiteJsonLd } from "../lib/json-ld.ts";
import { loadSection } from "../lib/public-load.ts";
import { localeOf, originOf, pageMeta, siteNameOf, useRootData } from "../lib/root-data.ts";
import type { Route } from "./+types/home";

/** Proceedings shown on the home page; the rest are one click away on `/proceedings`. */
const HOME_PROCEEDINGS = 2;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const [featured, latest, journals, proceedings, partners, subjectCounts, popular] =
    await Promise.all([
      loadSection(ctx, "home: featured publication", () => getLatestPublication(ctx)),
      loadSection(ctx, "home: latest publications", () => listLatestPublications(ctx, 6)),
      loadSection(ctx, "home: new journals", () => listLatestJournals(ctx, 8)),
      loadSection(ctx, "home: proceedings", () => listProceedings(ctx, "public", HOME_PROCEEDINGS)),
      loadSection(ctx, "home: partners", () => listPartners(ctx)),
      loadSection(ctx, "home: subjects", () => countJournalsBySubject(ctx)),
      loadSection(ctx, "home: most read", () => mostRead(ctx, "site")),
    ]);
  const status = ctx.importStatus;
  const loading: CatalogueLoading | null =
    status?.state === "running" ? { done: status.done, total: status.total } : null;
  // null: that section failed to load and stays empty; []: it loaded and has nothing yet.
  return { featured, latest, journals, proceedings, partners, subjectCounts, popular, loading };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return pageMeta(
    matches,
    t("Academic Journals and Open Library"),
    t(
      "Peer-reviewed journals, issues and papers in philosophy, science and technology, and the arts and humanities, free to read in full text.",
    ),
    { path: "/", jsonLd: websiteJsonLd(originOf(matches), siteNameOf(matches)) },
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, latest, journals, proceedings, partners, subjectCounts, popular, loading } =
    loaderData;
  const t = useT();
  const { siteName } = useRootData();
  return (
    <main>
      <h1 className="sr-only">
        {t("{product}: Academic Journals and Open Library", { product: siteName })}
      </h1>
      {loading ? <LoadingNotice loading={loading} /> : null}

      <section aria-labelledby="subjects-title" className={`${containerClass} py-12 sm:py-16`}>
        <SectionHeading id="subjects-title">{t("Browse by subject")}</SectionHeading>
        <SubjectCards counts={subjectCounts} />
      </section>

      <section
        aria-labelledby="latest-title"
        className="border-y border-slate-200 bg-white py-12 sm:py-16"
      >
        <div className={containerClass}>
          <SectionHeading id="latest-title">
            {t("Latest Research Works and Findings")}
          </SectionHeading>
          {latest?.length === 0 && !featured ? (
            <EmptyNote>{t("No issues have been published yet.")}</EmptyNote>
          ) : null}
          <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div>{featured ? <FeaturedPublication publication={featured} /> : null}</div>
            {latest && latest.length > 0 ? (
              <div>
                <h3 className="mb-2 font-sans text-xs font-semibold tracking-[0.16em] text-slate-600 uppercase">
                  {t("Recent issues")}
                </h3>
                <LatestPublications items={latest} />
              </div>
            ) : null}
          </div>
        </div>
      </section>

      {/* 'Most read' (decision 284): only once papers have been read */}
      {popular && popular.length > 0 ? (
        <section aria-labelledby="most-read-title" className={`${containerClass} pt-12 sm:pt-16`}>
          <SectionHeading id="most-read-title">{t("Most read")}</SectionHeading>
          <p className="-mt-2 mb-6 max-w-3xl text-slate-600">
            {t("The papers viewed most over the last 30 days.")}
          </p>
          <MostReadList papers={popular} source />
        </section>
      ) : null}

      <section aria-labelledby="journals-title" className={`${containerClass} py-12 sm:py-16`}>
        <SectionHeading id="journals-title">
          {t("New Journals on {product}", { product: siteName })}
        </SectionHeading>
        {journals?.length === 0 ? (
          <EmptyNote>{t("No journals have been published yet.")}</EmptyNote>
        ) : null}
        {journals ? <JournalGrid journals={journals} /> : null}
      </section>

      {/* A site without proceedings has no proceedings section; a failed load keeps it, empty. */}
      {proceedings?.length === 0 ? null : (
        <section
          aria-labelledby="proceedings-title"
          className="border-t border-slate-200 py-12 sm:py-16"
        >
          <div className={containerClass}>
            <SectionHeading
              id="proceedings-title"
              aside={
                <Link to="/proceedings" className={`text-sm font-semibold ${textLinkClass}`}>
                  {t("All conference proceedings")}
                </Link>
              }
            >
              {t("Conference Proceedings")}
            </SectionHeading>
            <p className="-mt-2 mb-6 max-w-3xl text-slate-600">
              {t("The papers given at academic conferences, published together for each event.")}
            </p>
            {proceedings ? (
              <ul className="grid gap-6 lg:grid-cols-2">
                {proceedings.map((proceeding) => (
                  <li key={proceeding.id}>
                    <ProceedingCard proceeding={proceeding} compact />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>
      )}

      {/* A site without partners yet has no partner section; a failed load keeps it, empty. */}
      {partners?.length === 0 ? null : (
        <section
          aria-labelledby="partners-title"
          className="border-t border-slate-200 bg-white py-12 sm:py-16"
        >
          <div className={containerClass}>
            <SectionHeading id="partners-title">
              {t("Over 30 {product} Partners", { product: siteName })}
            </SectionHeading>
            {partners ? <PartnerCarousel partners={partners} /> : null}
          </div>
        </section>
      )}
    </main>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
