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
 * journal) is the 404 page; a failing load renders an empty page with HTTP 503.
 */
import { data } from "react-router";
import { paperCitations } from "../../server/services/citation/cite.ts";
import { hasFullText } from "../../server/services/fulltext/reader.ts";
import { getProceedingPaper } from "../../server/services/papers/queries.ts";
import { paperReaderFigures } from "../../server/services/usage/reader-figures.ts";
import type { PaperCitations, ProceedingPaperDetail } from "../../shared/api.ts";
import { proceedingPaperLink } from "../../shared/format.ts";
import { parseRouteParams, routeId, routeProceedingSlug } from "../../shared/route-params.ts";
import type { ReaderFigures } from "../../shared/usage.ts";
import { PaperReader } from "../components/paper/paper-reader.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext } from "../context.ts";
import { proceedingPaperMeta } from "../lib/citation-meta.ts";
import { fullTextPath } from "../lib/fulltext-meta.ts";
import { loadRecordPage, loadSection } from "../lib/public-load.ts";
import { originOf, siteNameOf } from "../lib/root-data.ts";
import type { Route } from "./+types/proceeding-paper";

type ProceedingPaperPageData = {
  paper: ProceedingPaperDetail | null;
  headerText: string;
  citations: PaperCitations | null;
  /** Views and downloads up to yesterday; null when they could not be read. */
  usage: ReaderFigures | null;
  /** `{paper page}/fulltext` when the paper has an HTML full text (decision 285), else "". */
  fullText: string;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // the route parameter rules of decision 210, as GET /get_proceeding_paper checks them
  const parsed = parseRouteParams({ slug: routeProceedingSlug, paper: routeId }, params);
  if (!parsed) throw data(null, { status: 404 });
  const { slug, paper: paperId } = parsed;
  const empty: ProceedingPaperPageData = {
    paper: null,
    headerText: "",
    citations: null,
    usage: null,
    fullText: "",
  };
  return loadRecordPage(
    ctx,
    "proceeding paper",
    () => getProceedingPaper(ctx, slug, paperId),
    // the panel fetches its references from beside the page (decision 245)
    async (paper) => ({
      paper,
      headerText: paper.proceeding_title,
      citations: paperCitations(proceedingPaperLink(paper.proceeding_slug, paper.paperID)),
      usage: await loadSection(ctx, "paper: usage", () => paperReaderFigures(ctx, paper.paperID)),
      fullText: (await loadSection(ctx, "paper: full text", () => hasFullText(ctx, paper.paperID)))
        ? fullTextPath(proceedingPaperLink(paper.proceeding_slug, paper.paperID))
        : "",
    }),
    empty,
  );
}

/** Error pages get their title from the root route's `meta` (decision 045). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = siteNameOf(matches);
  const paper = loaderData?.paper;
  if (!paper) return [{ title: siteName }];
  return proceedingPaperMeta(paper, originOf(matches), siteName, loaderData.fullText);
}

export default function ProceedingPaperPage({ loaderData }: Route.ComponentProps) {
  const { paper, citations, usage, fullText } = loaderData;
  if (!paper) return <main className={`${containerClass} py-16`} />;
  // A new paper starts in the abstract view.
  return (
    <PaperReader
      key={paper.paperID}
      paper={paper}
      source={{ label: paper.citation_line, link: paper.proceeding_link }}
      citations={citations ?? undefined}
      usage={usage}
      fullTextLink={fullText}
    />
  );
}

/**
 * Rendered on the server, not hydrated (decision 240); opens the PDF reader, so its CSP lets
 * pdf.js read back image annotations (decision 266).
 */
export const handle = {
  hydrate: false,
  pdfViewer: true,
} satisfies import("../root.tsx").RouteHandle;
