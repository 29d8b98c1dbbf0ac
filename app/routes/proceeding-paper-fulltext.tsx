/**
 * A conference paper's HTML full text `/proceedings/{slug}/{paper}/fulltext` (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md): as a journal paper's
 * (./paper-fulltext.tsx), with the proceeding's citation line linked to the proceeding.
 */
import { data } from "react-router";
import { paperFullText } from "../../server/services/fulltext/reader.ts";
import { getProceedingPaper } from "../../server/services/papers/queries.ts";
import type { ProceedingPaperDetail } from "../../shared/api.ts";
import { proceedingPaperLink } from "../../shared/format.ts";
import type { FullText } from "../../shared/fulltext.ts";
import { parseRouteParams, routeId, routeProceedingSlug } from "../../shared/route-params.ts";
import { FullTextPage } from "../components/fulltext/full-text-page.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { fullTextMeta } from "../lib/fulltext-meta.ts";
import { loadRecordPage } from "../lib/public-load.ts";
import { originOf, siteNameOf } from "../lib/root-data.ts";
import type { Route } from "./+types/proceeding-paper-fulltext";

type FullTextPageData = {
  paper: ProceedingPaperDetail | null;
  text: FullText | null;
  headerText: string;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const parsed = parseRouteParams({ slug: routeProceedingSlug, paper: routeId }, params);
  if (!parsed) throw data(null, { status: 404 });
  const { slug, paper: paperId } = parsed;
  const empty: FullTextPageData = { paper: null, text: null, headerText: "" };
  return loadRecordPage(
    ctx,
    "proceeding paper full text",
    async () => {
      const paper = await getProceedingPaper(ctx, slug, paperId);
      const text = paper ? await paperFullText(ctx, paper.paperID) : null;
      return paper && text ? { paper, text } : null;
    },
    ({ paper, text }) => ({ paper, text, headerText: paper.proceeding_title }),
    empty,
  );
}

/** Error pages get their title from the root route's `meta` (decision 045). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = siteNameOf(matches);
  const paper = loaderData?.paper;
  if (!paper) return [{ title: siteName }];
  return fullTextMeta(
    paper,
    proceedingPaperLink(paper.proceeding_slug, paper.paperID),
    originOf(matches),
    siteName,
  );
}

export default function ProceedingPaperFullTextPage({ loaderData }: Route.ComponentProps) {
  const { paper, text } = loaderData;
  if (!paper || !text) return <main className={`${containerClass} py-16`} />;
  return (
    <FullTextPage
      paper={paper}
      text={text}
      source={{ label: paper.citation_line, link: paper.proceeding_link }}
      abstractLink={proceedingPaperLink(paper.proceeding_slug, paper.paperID)}
    />
  );
}

/** Rendered on the server, not hydrated (decision 240): it needs no script at all. */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
