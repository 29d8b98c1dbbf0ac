/**
 * The route exports of a paper's public pages, journal and conference papers alike (issue 20,
 * decision 328): the abstract page (./paper-reader.tsx) and the HTML full text
 * (../fulltext/full-text-page.tsx), each rendered from its loader's answer
 * (app/lib/paper-load.ts), which says where the paper appeared and where its page is. A failed
 * load (no paper) renders an empty `<main>`.
 *
 * Both pages are rendered on the server and not hydrated (decision 240); the abstract page opens
 * the PDF reader, so its CSP lets pdf.js read back image annotations (decision 266).
 */
import type { MetaDescriptor } from "react-router";
import type { PaperReading } from "../../../shared/api.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";
import { fullTextMeta } from "../../lib/fulltext-meta.ts";
import type { FullTextPageData, PaperPageData } from "../../lib/paper-load.ts";
import { localeOf, originOf, siteNameOf } from "../../lib/root-data.ts";
import type { RouteHandle } from "../../root.tsx";
import { FullTextPage } from "../fulltext/full-text-page.tsx";
import { containerClass } from "../ui/styles.ts";
import { PaperReader } from "./paper-reader.tsx";

/** The `matches` of a route's `meta` arguments, where the root's loader data is read. */
type Matches = Parameters<typeof originOf>[0];

/** The abstract page. A new paper starts in the abstract view (`key`). */
export function PaperPage({
  paper,
  source,
  citations,
  usage,
  fullText,
  readerMessages,
}: PaperPageData<PaperReading>) {
  if (!paper || !source) return <main className={`${containerClass} py-16`} />;
  return (
    <PaperReader
      key={paper.paperID}
      paper={paper}
      source={source}
      citations={citations ?? undefined}
      usage={usage}
      fullTextLink={fullText}
      readerMessages={readerMessages}
    />
  );
}

/**
 * The abstract page's `<head>`: Google Scholar, Dublin Core and the rest, as `describe` writes
 * them for the kind of paper (app/lib/citation-meta.ts). Error pages get their title from the
 * root route's `meta` (decision 045).
 */
export function paperPageMeta<P extends PaperReading>(
  loaderData: PaperPageData<P> | undefined,
  matches: Matches,
  describe: (
    paper: P,
    origin: string,
    siteName: string,
    fullTextPath: string,
    locale: RenderLocale,
  ) => MetaDescriptor[],
): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  if (!loaderData?.paper) return [{ title: siteName }];
  return describe(
    loaderData.paper,
    originOf(matches),
    siteName,
    loaderData.fullText,
    localeOf(matches),
  );
}

/** The abstract page's handle: not hydrated, opens the PDF reader. */
export const paperPageHandle = { hydrate: false, pdfViewer: true } satisfies RouteHandle;

/** The HTML full-text page. */
export function PaperFullTextPage({ paper, text, source, link }: FullTextPageData) {
  if (!paper || !text || !source) return <main className={`${containerClass} py-16`} />;
  return <FullTextPage paper={paper} text={text} source={source} abstractLink={link} />;
}

/** The full-text page's `<head>` (app/lib/fulltext-meta.ts). */
export function fullTextPageMeta(
  loaderData: FullTextPageData | undefined,
  matches: Matches,
): MetaDescriptor[] {
  const siteName = siteNameOf(matches);
  if (!loaderData?.paper) return [{ title: siteName }];
  return fullTextMeta(
    loaderData.paper,
    loaderData.link,
    originOf(matches),
    siteName,
    localeOf(matches),
  );
}

/** The full-text page's handle: not hydrated, it needs no script at all. */
export const fullTextPageHandle = { hydrate: false } satisfies RouteHandle;
