/**
 * A journal paper's HTML full text `/journal/{journal_url}/{paper}/fulltext` (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md), made from its JATS galley
 * (app/components/fulltext/full-text-page.tsx). The paper is found as its abstract page finds it
 * (unpublished papers only for their journal's managers, `readableBy`, decision 260); a paper
 * without a JATS galley, or none at all, is the 404 page; a failing load renders an empty page
 * with HTTP 503. In the output cache as every public page (decision 110). One loader and page
 * for journal and conference papers (app/lib/paper-load.ts, decision 328).
 */
import {
  fullTextPageHandle,
  fullTextPageMeta,
  PaperFullTextPage,
} from "../components/paper/paper-pages.tsx";
import { issuePapers, loadFullTextPage } from "../lib/paper-load.ts";
import type { Route } from "./+types/paper-fulltext";

export const loader = (args: Route.LoaderArgs) => loadFullTextPage(issuePapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return fullTextPageMeta(loaderData, matches);
}

export default function JournalPaperFullTextPage({ loaderData }: Route.ComponentProps) {
  return <PaperFullTextPage {...loaderData} />;
}

export const handle = fullTextPageHandle;
