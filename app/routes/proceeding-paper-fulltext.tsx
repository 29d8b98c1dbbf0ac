/**
 * A conference paper's HTML full text `/proceedings/{slug}/{paper}/fulltext` (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md): as a journal paper's
 * (./paper-fulltext.tsx, the same loader and page), with the proceeding's citation line linked
 * to the proceeding.
 */
import {
  fullTextPageHandle,
  fullTextPageMeta,
  PaperFullTextPage,
} from "../components/paper/paper-pages.tsx";
import { loadFullTextPage, proceedingPapers } from "../lib/paper-load.ts";
import type { Route } from "./+types/proceeding-paper-fulltext";

export const loader = (args: Route.LoaderArgs) => loadFullTextPage(proceedingPapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return fullTextPageMeta(loaderData, matches);
}

export default function ProceedingPaperFullTextPage({ loaderData }: Route.ComponentProps) {
  return <PaperFullTextPage {...loaderData} />;
}

export const handle = fullTextPageHandle;
