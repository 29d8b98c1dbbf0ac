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
 * One loader and page for journal and conference papers (app/lib/paper-load.ts, decision 328).
 */
import { PaperPage, paperPageHandle, paperPageMeta } from "../components/paper/paper-pages.tsx";
import { paperMeta } from "../lib/citation-meta.ts";
import { issuePapers, loadPaperPage } from "../lib/paper-load.ts";
import type { Route } from "./+types/paper";

export const loader = (args: Route.LoaderArgs) => loadPaperPage(issuePapers, args);

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return paperPageMeta(loaderData, matches, paperMeta);
}

export default function JournalPaperPage({ loaderData }: Route.ComponentProps) {
  return <PaperPage {...loaderData} />;
}

export const handle = paperPageHandle;
