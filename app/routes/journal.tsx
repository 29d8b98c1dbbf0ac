/**
 * Journal detail (docs/product/screens.md, Journal detail page): the journal's image, ISSN and optional
 * lines, and the accordion 'About Journal', 'Submission Guidlines', 'Other Guides',
 * 'Publications' (one open at a time, the first open by default; docs/product/states.md), and
 * 'Most read' under the details once its papers have been read (decision 284), and the
 * journal's editorial figures per year where it shows them (decision 406). The journal's
 * name is the banner's header text. An unknown (or, for readers, inactive) journal is a 404;
 * a failing load leaves the page empty (docs/product/errors.md).
 */
import { data } from "react-router";
import { readableBy } from "../../server/features/accounts/access.ts";
import { getJournal } from "../../server/features/journals/queries.ts";
import { listJournalPublications } from "../../server/features/publications/queries.ts";
import { mostRead } from "../../server/features/usage/reader-figures.ts";
import type { JournalDetail, PublicationOption } from "../../shared/api.ts";
import { publicationLabelIn, publicationLink } from "../../shared/format.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { parseRouteParam, routeJournalUri } from "../../shared/route-params.ts";
import type { MostReadPaper } from "../../shared/usage.ts";
import { JournalFacts } from "../components/journal/journal-facts.tsx";
import { MostReadList } from "../components/paper/most-read.tsx";
import { Accordion } from "../components/ui/accordion.tsx";
import { Breadcrumbs } from "../components/ui/breadcrumbs.tsx";
import { ButtonLink } from "../components/ui/button-link.tsx";
import { CoverImage } from "../components/ui/cover-image.tsx";
import { Link } from "../components/ui/link.tsx";
import { PlainText } from "../components/ui/plain-text.tsx";
import { containerClass, kickerClass, textLinkClass } from "../components/ui/styles.ts";
import { PublicWorkflowFiguresList } from "../components/workflow/figures-table.tsx";
import { appContext, requestContext } from "../context.ts";
import { useT } from "../i18n/use-t.tsx";
import { journalJsonLd } from "../lib/json-ld.ts";
import { loadRecordPage, loadSection } from "../lib/public-load.ts";
import { localeOf, originOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/journal";

type JournalPageData = {
  journal: JournalDetail | null;
  publications: PublicationOption[] | null;
  headerText: string;
  /** The journal's papers viewed most over the last 30 days (decision 284). */
  popular: MostReadPaper[] | null;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  // the route parameter rules of decision 210, as GET /get_journal checks them
  if (parseRouteParam(routeJournalUri, params.journalUrl) === null) {
    throw data(null, { status: 404 });
  }
  const publicationsLoad = loadSection(ctx, "journal: publications", async () => {
    return (await listJournalPublications(ctx, params.journalUrl)) ?? [];
  });
  const popularLoad = loadSection(ctx, "journal: most read", () =>
    mostRead(ctx, { journalUri: params.journalUrl }),
  );
  const empty: JournalPageData = {
    journal: null,
    publications: null,
    headerText: "",
    popular: null,
  };
  return loadRecordPage(
    ctx,
    "journal",
    // docs/product/api.md: inactive journals are 404 unless a manager of the journal is signed in.
    async () =>
      getJournal(ctx, params.journalUrl, {
        includeInactive: (await readableBy(ctx, user, params.journalUrl)).includeUnpublished,
      }),
    async (journal) => ({
      journal,
      publications: await publicationsLoad,
      headerText: journal.name,
      popular: await popularLoad,
    }),
    empty,
  );
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const journal = loaderData?.journal;
  if (!journal) return pageMeta(matches, t("Journal"), "");
  const summary =
    journal.intro ||
    t("{journal}: issues, papers and submission guidelines.", { journal: journal.name });
  return pageMeta(matches, journal.name, summary, {
    image: journal.image,
    path: location.pathname,
    journal,
    jsonLd: journalJsonLd(originOf(matches), journal),
  });
}

export default function JournalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { journal, publications, popular } = loaderData;
  if (!journal) return <main className={`${containerClass} py-16`} />;
  const hasImage = Boolean(journal.image);
  // Phone: cover beside the title, then the accordion, then the facts. From `md`: cover and
  // facts in a sidebar, title and accordion beside them (the wrapper is `contents` on phones).
  return (
    <main className={`${containerClass} py-6 sm:py-10`}>
      <Breadcrumbs
        items={[
          { label: t("Home"), to: "/" },
          { label: t("Journals"), to: "/journals" },
          { label: journal.name },
        ]}
      />
      {journal.active ? null : (
        <p className="mb-6 rounded-sm border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t("This journal is inactive: only signed-in managers can see this page.")}
        </p>
      )}
      <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-x-5 gap-y-8 sm:grid-cols-[8rem_minmax(0,1fr)] md:grid-cols-[16rem_minmax(0,1fr)] md:gap-x-10 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-x-14">
        {hasImage ? (
          <CoverImage
            src={journal.image}
            alt={t("Cover of {title}", { title: journal.name })}
            sizes="(min-width: 1024px) 18rem, (min-width: 768px) 16rem, (min-width: 640px) 8rem, 5.5rem"
            eager
            className="col-start-1 row-start-1 w-full shadow-md ring-1 ring-slate-900/10"
          />
        ) : null}
        <div className="contents md:col-start-2 md:row-span-2 md:row-start-1 md:block">
          <header
            className={`row-start-1 self-center md:mb-8 ${hasImage ? "col-start-2" : "col-span-2"}`}
          >
            <p className={kickerClass}>{t("Journal")}</p>
            <h1 className="mt-2 text-2xl leading-tight font-semibold sm:text-4xl">
              {journal.name}
            </h1>
            {journal.abbreviation && journal.abbreviation !== journal.name ? (
              <p className="mt-2 text-slate-600 italic">{journal.abbreviation}</p>
            ) : null}
            {journal.accepts_submissions ? (
              <p className="mt-4">
                <ButtonLink to={`/submit/${journal.uri}`}>{t("Submit a paper")}</ButtonLink>
              </p>
            ) : null}
          </header>
          <div className="col-span-2 row-start-2">
            <Accordion
              items={[
                {
                  key: "about",
                  title: t("About Journal"),
                  content: <Text text={journal.intro} />,
                },
                {
                  key: "submission",
                  title: t("Submission Guidlines"),
                  content: <Text text={journal.sub_guide} />,
                },
                {
                  key: "other",
                  title: t("Other Guides"),
                  content: <Text text={journal.other_guide} />,
                },
                {
                  key: "publications",
                  title: t("Publications"),
                  content: <PublicationLinks journalUri={journal.uri} items={publications} />,
                },
                // the preservation arrangement, when the journal states one (decision 279)
                ...(journal.preservation.trim()
                  ? [
                      {
                        key: "preservation",
                        title: t("Preservation"),
                        content: <Text text={journal.preservation} />,
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        </div>
        <aside
          aria-label={t("Journal details")}
          className={`col-span-2 row-start-3 md:col-span-1 md:col-start-1 ${hasImage ? "md:row-start-2" : "md:row-start-1"}`}
        >
          <JournalFacts journal={journal} />
          {journal.workflow_figures ? (
            <PublicWorkflowFiguresList rows={journal.workflow_figures} />
          ) : null}
          {popular && popular.length > 0 ? (
            <section aria-labelledby="most-read-title" className="mt-8">
              <h2 id="most-read-title" className="mb-3 text-lg font-semibold">
                {t("Most read")}
              </h2>
              <MostReadList papers={popular} />
            </section>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

/**
 * The journal's own text, in its own direction (`dir="auto"`: an English text on an Arabic page
 * reads left to right, its full stop at its end), or the page's message when there is none.
 */
function Text({ text }: { text: string }) {
  const t = useT();
  if (!text.trim()) {
    return <p className="text-slate-600">{t("Nothing has been published here yet.")}</p>;
  }
  return (
    <div dir="auto">
      <PlainText text={text} className="max-w-prose text-slate-700" />
    </div>
  );
}

/**
 * The journal's issues as links to `/journal/{journal_url}/{volume}/{issue}`, by label (the API's
 * `label`, `Vol. 3 No. 2 (2025)`, in the page's language).
 */
function PublicationLinks({
  journalUri,
  items,
}: {
  journalUri: string;
  items: PublicationOption[] | null;
}) {
  const t = useT();
  if (!items) return null;
  if (items.length === 0) {
    return <p className="text-slate-600">{t("No issues have been published yet.")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.value} className="flex flex-wrap items-baseline gap-x-3 py-2.5">
          <Link
            to={publicationLink(journalUri, item.volume, item.issue)}
            className={`font-serif text-lg ${textLinkClass}`}
          >
            {publicationLabelIn(t, item.volume, item.issue, item.year, item.show_number)}
          </Link>
          {item.title ? <span className="text-sm text-slate-600">{item.title}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
