/**
 * A conference paper's reading page `/proceedings/{slug}/{paper}` (docs/decisions/090-public-
 * proceedings.md): the journal paper page's body (app/components/paper/paper-reader.tsx) with
 * the proceeding's citation line, linked to the proceeding, above the title; the PDF viewer
 * opens the galley `/proceedings/{slug}/download/{paperID}/{name}.pdf`. The banner shows the
 * proceeding's title.
 *
 * The server-rendered `<head>` carries Google Scholar metadata for a conference paper
 * (`citation_conference_title`, `citation_isbn`…; app/lib/citation-meta.ts) and Dublin Core.
 * A malformed slug or paper id, an unknown one, or a paper of another proceeding (or of a
 * journal) is the 404 page; a failing load renders an empty page with HTTP 503. The journal
 * paper page's loader and page (./paper.tsx, decision 328), for a proceeding's paper.
 */
import { PaperPage, paperPageHandle, paperPageMeta } from "../components/paper/paper-pages.tsx";
import { proceedingPaperMeta } from "../lib/citation-meta.ts";
import { loadPaperPage, proceedingPapers } from "../lib/paper-load.ts";
import type { Route } from "./+types/proceeding-paper";

export const loader = (args: Route.LoaderArgs) => loadPaperPage(proceedingPapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return paperPageMeta(loaderData, matches, proceedingPaperMeta);
}

export default function ProceedingPaperPage({ loaderData }: Route.ComponentProps) {
  return <PaperPage {...loaderData} />;
}

export const handle = paperPageHandle;
