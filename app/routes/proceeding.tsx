/**
 * A proceeding's public page `/proceedings/{slug}` (docs/decisions/090-public-proceedings.md),
 * laid out like the issue page: the cover; title and sub title; the event's name, dates and
 * location; publisher, ISBN, ISSN and year when present; the introduction (plain text,
 * paragraphs kept); the collapsible 'Editorial Board' grouped by role (collapsed by default, the
 * issue page's component); and the papers, each with title, author names and an 'Open' link to
 * `/proceedings/{slug}/{paperID}`. The banner shows the proceeding's title (`headerText`).
 * A malformed or unknown slug is the 404 page; a failing load leaves the page empty with
 * HTTP 503 (docs/product/errors.md, as the issue page).
 */
import { data } from "react-router";
import { getProceedingPage } from "../../server/features/proceedings/queries.ts";
import type { ProceedingDetail } from "../../shared/api.ts";
import { formatNumber } from "../../shared/i18n/intl.ts";
import { type Translate, translatorFor } from "../../shared/i18n/translator.ts";
import { parseRouteParam, routeProceedingSlug } from "../../shared/route-params.ts";
import { PaperCollection } from "../components/paper/paper-collection.tsx";
import { PaperList } from "../components/paper/paper-list.tsx";
import { EventLine } from "../components/proceedings/event-line.tsx";
import { TitledSection } from "../components/ui/heading.tsx";
import { PlainText } from "../components/ui/plain-text.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { useLocale, useT } from "../i18n/use-t.tsx";
import { proceedingJsonLd } from "../lib/json-ld.ts";
import { loadRecordPage } from "../lib/public-load.ts";
import { localeOf, originOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/proceeding";

type ProceedingPageData = { proceeding: ProceedingDetail | null; headerText: string };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // the route parameter rules of decision 210, as GET /get_proceeding_page checks them
  if (parseRouteParam(routeProceedingSlug, params.slug) === null) {
    throw data(null, { status: 404 });
  }
  const empty: ProceedingPageData = { proceeding: null, headerText: "" };
  return loadRecordPage(
    ctx,
    "proceeding",
    () => getProceedingPage(ctx, params.slug),
    (proceeding) => ({ proceeding, headerText: proceeding.title }),
    empty,
  );
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const p = loaderData?.proceeding;
  if (!p) return pageMeta(matches, t("Proceedings"), "");
  const event = p.event_location
    ? t("{event}, {location}, {start} to {end}.", {
        event: p.event_name,
        location: p.event_location,
        start: p.event_start_date,
        end: p.event_end_date,
      })
    : t("{event}, {start} to {end}.", {
        event: p.event_name,
        start: p.event_start_date,
        end: p.event_end_date,
      });
  const papers = t("{count, plural, one {# paper} other {# papers}}, free to read in full text.", {
    count: p.papers.length,
  });
  const description = `${event} ${papers} ${p.intro}`;
  return pageMeta(matches, p.title, description, {
    image: p.cover_img,
    path: location.pathname,
    jsonLd: proceedingJsonLd(originOf(matches), p),
  });
}

export default function ProceedingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { proceeding: p } = loaderData;
  if (!p) return <main className={`${containerClass} py-16`} />;
  return (
    <PaperCollection
      crumbs={[
        { label: t("Home"), to: "/" },
        { label: t("Proceedings"), to: "/proceedings" },
        { label: p.event_name },
      ]}
      cover={{
        src: p.cover_img,
        alt: t("Cover of {title}", { title: p.title }),
        placeholder: p.event_name,
      }}
      kicker={{ label: t("Conference Proceedings"), to: "/proceedings" }}
      title={p.title}
      titleClassName="break-words"
      intro={
        p.intro.trim() ? (
          <TitledSection
            headingId="intro-title"
            className="mt-10 max-w-3xl"
            title={t("Introduction")}
          >
            <PlainText text={p.intro} className="mt-3 text-[1.05rem] text-slate-800" />
          </TitledSection>
        ) : null
      }
      editors={p.editors}
      editorsEmptyText={t("No editors are listed for this proceeding.")}
      papers={{
        id: "papers-title",
        heading: t("Papers"),
        list: (
          <PaperList
            papers={p.papers}
            linkOf={(paper) => paper.link}
            details={(paper) =>
              paper.first_page ? (
                <p className="mt-1 text-sm text-slate-500">{pageRange(paper, t)}</p>
              ) : null
            }
            emptyText={t("No papers have been added to this proceeding yet.")}
          />
        ),
      }}
    >
      {p.sub_title ? (
        <p className="mt-3 font-serif text-xl break-words text-slate-700 italic">{p.sub_title}</p>
      ) : null}
      <EventLine
        name={p.event_name}
        start={p.event_start_date}
        end={p.event_end_date}
        className="mt-4 font-semibold text-brand-800"
      />
      <Facts proceeding={p} />
    </PaperCollection>
  );
}

/** A paper's pages in its proceeding: `Pages 12–19`, or `Page 12` for a one-page paper. */
function pageRange(paper: { first_page: string; last_page: string }, t: Translate): string {
  return paper.last_page && paper.last_page !== paper.first_page
    ? t("Pages {first}–{last}", { first: paper.first_page, last: paper.last_page })
    : t("Page {first}", { first: paper.first_page });
}

/**
 * Location, publisher, ISBN, ISSN, year and number of papers; a fact without a value is left
 * out, and so is the location when the sub title already gives it (as the corpus import does).
 */
function Facts({ proceeding: p }: { proceeding: ProceedingDetail }) {
  const t = useT();
  const locale = useLocale();
  const facts: [string, string][] = [
    [t("Location"), p.event_location === p.sub_title ? "" : p.event_location],
    [t("Publisher"), p.publisher],
    [t("ISBN"), p.isbn],
    [t("ISSN"), p.issn],
    [t("Year"), p.year ? String(p.year) : ""],
    [t("Papers"), formatNumber(p.papers.length, locale)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm text-slate-600">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
