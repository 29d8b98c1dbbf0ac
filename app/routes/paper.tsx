/**
 * Paper reading page `/journal/{journal_url}/{paper}` (docs/product/screens.md, Paper reading page; states
 * of section 4; messages of section 8): the journal's name in the banner, the journal title line
 * (linked to the issue), the paper's title, authors with their affiliations, DOI, abstract and
 * keywords; 'Open Full Text (PDF)' switches the abstract view to the PDF viewer and its 'Close'
 * switches back (app/components/paper/paper-reader.tsx, shared with conference papers).
 *
 * The server-rendered `<head>` carries Google Scholar and Dublin Core metadata (app/lib/
 * citation-meta.ts). A non-numeric or unknown paper id, or a paper of another journal, is the
 * 404 page; a failing load renders an empty page (docs/product/errors.md, 'Page Not Loading').
 * Signed-in managers also see papers of unpublished issues (the dashboard's 'Open' links here).
 */
import { data } from "react-router";
import { readableBy } from "../../server/services/access.ts";
import { paperCitations } from "../../server/services/citation/cite.ts";
import { hasFullText } from "../../server/services/fulltext/reader.ts";
import { getJournalPaper } from "../../server/services/papers/queries.ts";
import { paperReaderFigures } from "../../server/services/usage/reader-figures.ts";
import type { PaperCitations, PaperDetail } from "../../shared/api.ts";
import { paperLink } from "../../shared/format.ts";
import { parseRouteParams, routeId, routeJournalUri } from "../../shared/route-params.ts";
import type { ReaderFigures } from "../../shared/usage.ts";
import { PaperReader } from "../components/paper/paper-reader.tsx";
import { containerClass } from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { paperMeta } from "../lib/citation-meta.ts";
import { fullTextPath } from "../lib/fulltext-meta.ts";
import { loadRecordPage, loadSection } from "../lib/public-load.ts";
import { originOf, siteNameOf } from "../lib/root-data.ts";
import type { Route } from "./+types/paper";

type PaperPageData = {
  paper: PaperDetail | null;
  headerText: string;
  citations: PaperCitations | null;
  /** Views and downloads up to yesterday; null when they could not be read. */
  usage: ReaderFigures | null;
  /** `{paper page}/fulltext` when the paper has an HTML full text (decision 285), else "". */
  fullText: string;
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  // the route parameter rules of decision 210, as GET /get_journal_paper checks them
  const parsed = parseRouteParams({ journalUrl: routeJournalUri, paper: routeId }, params);
  if (!parsed) throw data(null, { status: 404 });
  const { journalUrl, paper: paperId } = parsed;
  const empty: PaperPageData = {
    paper: null,
    headerText: "",
    citations: null,
    usage: null,
    fullText: "",
  };
  return loadRecordPage(
    ctx,
    "paper",
    async () => getJournalPaper(ctx, journalUrl, paperId, await readableBy(ctx, user, journalUrl)),
    // the panel fetches its references from beside the page (decision 245)
    async (paper) => ({
      paper,
      headerText: paper.journal_name,
      citations: paperCitations(paperLink(paper.journal_url, paper.paperID)),
      usage: await loadSection(ctx, "paper: usage", () => paperReaderFigures(ctx, paper.paperID)),
      fullText: (await loadSection(ctx, "paper: full text", () => hasFullText(ctx, paper.paperID)))
        ? fullTextPath(paperLink(paper.journal_url, paper.paperID))
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
  return paperMeta(paper, originOf(matches), siteName, loaderData.fullText);
}

export default function PaperPage({ loaderData }: Route.ComponentProps) {
  const { paper, citations, usage, fullText } = loaderData;
  if (!paper) return <main className={`${containerClass} py-16`} />;
  // A new paper starts in the abstract view.
  return (
    <PaperReader
      key={paper.paperID}
      paper={paper}
      source={{ label: paper.journal_title, link: paper.issue_link }}
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
