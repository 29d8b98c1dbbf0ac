/**
 * A journal paper's HTML full text `/journal/{journal_url}/{paper}/fulltext` (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md), made from its JATS galley
 * (app/components/fulltext/full-text-page.tsx). The paper is found as its abstract page finds it
 * (unpublished papers only for their journal's managers, `readableBy`, decision 260); a paper without a JATS galley, or
 * none at all, is the 404 page; a failing load renders an empty page with HTTP 503. In the output
 * cache as every public page (decision 110).
 */
import { data } from "react-router";
import { readableBy } from "../../server/services/access.ts";
import { getJournalPaper } from "../../server/services/papers/queries.ts";
import { paperLink } from "../../shared/format.ts";
import { parseRouteParams, routeId, routeJournalUri } from "../../shared/route-params.ts";
import { FullTextPage } from "../components/fulltext/full-text-page.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { loadFullTextPage } from "../lib/fulltext-load.ts";
import { fullTextMeta } from "../lib/fulltext-meta.ts";
import { originOf, siteNameOf } from "../lib/root-data.ts";
import type { Route } from "./+types/paper-fulltext";

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  const parsed = parseRouteParams({ journalUrl: routeJournalUri, paper: routeId }, params);
  if (!parsed) throw data(null, { status: 404 });
  const { journalUrl, paper: paperId } = parsed;
  return loadFullTextPage(
    ctx,
    "paper full text",
    async () => getJournalPaper(ctx, journalUrl, paperId, await readableBy(ctx, user, journalUrl)),
    (paper) => paper.journal_name,
  );
}

/** Error pages get their title from the root route's `meta` (decision 045). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = siteNameOf(matches);
  const paper = loaderData?.paper;
  if (!paper) return [{ title: siteName }];
  return fullTextMeta(
    paper,
    paperLink(paper.journal_url, paper.paperID),
    originOf(matches),
    siteName,
  );
}

export default function PaperFullTextPage({ loaderData }: Route.ComponentProps) {
  const { paper, text } = loaderData;
  if (!paper || !text) return <main className={`${containerClass} py-16`} />;
  return (
    <FullTextPage
      paper={paper}
      text={text}
      source={{ label: paper.journal_title, link: paper.issue_link }}
      abstractLink={paperLink(paper.journal_url, paper.paperID)}
    />
  );
}

/** Rendered on the server, not hydrated (decision 240): it needs no script at all. */
export const handle = { hydrate: false } satisfies import("../root.tsx").RouteHandle;
