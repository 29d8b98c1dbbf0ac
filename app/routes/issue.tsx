/**
 * Issue page (docs/product/screens.md): the title line `{abbreviation} Vol. {volume} No. {issue} ,{year}`
 * (spelt as the spec writes it), the cover image, the collapsible 'Editorial Board' (collapsed
 * by default, grouped by role) and 'Publication Contents': each paper's title, authors and an
 * 'Open' link to `/journal/{journal_url}/{paperID}`. An unknown journal or issue, or a volume
 * or issue that is not a number, is a 404; a failing load leaves the page empty (docs/product/errors.md).
 */
import { data } from "react-router";
import { getPublication } from "../../server/features/publications/queries.ts";
import type { PublicationDetail } from "../../shared/api.ts";
import { paperLink, publicationLabelIn, volumeNumberIn } from "../../shared/format.ts";
import { formatNumber } from "../../shared/i18n/intl.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { parseRouteParams, routeJournalUri, routeNumberText } from "../../shared/route-params.ts";
import { issueTitleLine } from "../components/journal/issue-title.ts";
import { PaperCollection } from "../components/paper/paper-collection.tsx";
import { PaperList } from "../components/paper/paper-list.tsx";
import { DateText } from "../components/ui/date-text.tsx";
import { Link } from "../components/ui/link.tsx";
import { containerClass, textLinkClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { useLocale, useT } from "../i18n/use-t.tsx";
import { issueJsonLd } from "../lib/json-ld.ts";
import { loadRecordPage } from "../lib/public-load.ts";
import { localeOf, originOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/issue";

type IssuePageData = { publication: PublicationDetail | null; headerText: string };

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // the route parameter rules of decision 210, as GET /get_publication checks them
  const parsed = parseRouteParams(
    { journalUrl: routeJournalUri, volume: routeNumberText, issue: routeNumberText },
    params,
  );
  if (!parsed) throw data(null, { status: 404 });
  const { journalUrl, volume, issue } = parsed;
  const empty: IssuePageData = { publication: null, headerText: "" };
  return loadRecordPage(
    ctx,
    "issue",
    () => getPublication(ctx, journalUrl, volume, issue),
    (publication) => ({ publication, headerText: publication.journal_name }),
    empty,
  );
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  const p = loaderData?.publication;
  if (!p) return pageMeta(matches, t("Issue"), "");
  const title = t("{journal}, {issue}", {
    journal: p.journal_name,
    issue: publicationLabelIn(t, p.volume, p.issue, p.year, p.show_number),
  });
  const papers = t(
    "{count, plural, one {# paper} other {# papers}} in {issue}, free to read in full text.",
    { count: p.papers.length, issue: title },
  );
  const description = p.title ? `${p.title}. ${papers}` : papers;
  return pageMeta(matches, title, description, {
    image: p.cover_img,
    path: location.pathname,
    journal: { uri: p.journal_url, name: p.journal_name },
    jsonLd: issueJsonLd(originOf(matches), p),
  });
}

export default function IssuePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { publication: p } = loaderData;
  if (!p) return <main className={`${containerClass} py-16`} />;
  const label = volumeNumberIn(t, p.volume, p.issue, p.show_number);
  return (
    <PaperCollection
      crumbs={[
        { label: t("Home"), to: "/" },
        { label: t("Journals"), to: "/journals" },
        { label: p.journal_name, to: `/journal/${p.journal_url}` },
        { label },
      ]}
      cover={{
        src: p.cover_img,
        alt: t("Cover of {journal}, {issue}", { journal: p.journal_name, issue: label }),
        placeholder: p.journal_abbreviation,
      }}
      kicker={{ label: p.journal_name, to: `/journal/${p.journal_url}` }}
      title={issueTitleLine(p, t)}
      editors={p.editors}
      papers={{
        id: "contents-title",
        heading: t("Publication Contents"),
        list: (
          <PaperList
            papers={p.papers}
            linkOf={(paper) => paperLink(p.journal_url, paper.paperID)}
            emptyText={t("No papers have been added to this issue yet.")}
          />
        ),
      }}
    >
      {p.title ? <p className="mt-3 font-serif text-xl text-slate-700 italic">{p.title}</p> : null}
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm text-slate-600">
        {/* the issue's publication date (decision 255), not the day it went online */}
        <div>
          <dt className="inline font-semibold text-slate-700">{t("Published:")} </dt>
          <dd className="inline">
            <DateText value={p.publication_date || String(p.year)} />
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-700">{t("Papers:")} </dt>
          <dd className="inline">{formatNumber(p.papers.length, locale)}</dd>
        </div>
      </dl>
      <p className="mt-5">
        <Link to={`/journal/${p.journal_url}`} className={textLinkClass}>
          {t("About this journal and its other issues")}
        </Link>
      </p>
    </PaperCollection>
  );
}

/** Rendered on the server, not hydrated (decision 240). */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
