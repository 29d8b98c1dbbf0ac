/**
 * A conference paper's HTML full text `/proceedings/{slug}/{paper}/fulltext` (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md): as a journal paper's
 * (./paper-fulltext.tsx), with the proceeding's citation line linked to the proceeding.
 */
import { data } from "react-router";
import { getProceedingPaper } from "../../server/services/papers/queries.ts";
import { proceedingPaperLink } from "../../shared/format.ts";
import { parseRouteParams, routeId, routeProceedingSlug } from "../../shared/route-params.ts";
import { FullTextPage } from "../components/fulltext/full-text-page.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { loadFullTextPage } from "../lib/fulltext-load.ts";
import { fullTextMeta } from "../lib/fulltext-meta.ts";
import { originOf, siteNameOf } from "../lib/root-data.ts";
import type { Route } from "./+types/proceeding-paper-fulltext";

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const parsed = parseRouteParams({ slug: routeProceedingSlug, paper: routeId }, params);
  if (!parsed) throw data(null, { status: 404 });
  const { slug, paper: paperId } = parsed;
  return loadFullTextPage(
    ctx,
    "proceeding paper full text",
    () => getProceedingPaper(ctx, slug, paperId),
    (paper) => paper.proceeding_title,
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
