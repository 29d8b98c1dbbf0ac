/**
 * The loaders of a paper's public pages, one for journal and conference papers (issue 20, one
 * paper model; decision 328): the abstract page `{paper page}` and its HTML full text
 * `{paper page}/fulltext` (decision 285). What differs between the two kinds is where the paper
 * belongs, a {@link PaperPlace}: {@link issuePapers} (`/journal/{journal_url}/{paper}`) or
 * {@link proceedingPapers} (`/proceedings/{slug}/{paper}`); the route modules are thin entries
 * that name their place.
 *
 * Both pages find the paper as its API read does (GET /get_journal_paper, readable by the
 * journal's managers while unpublished, decision 260; GET /get_proceeding_paper), after the route
 * parameter rules of decision 210: a malformed or unknown parameter, or a paper of another
 * journal or proceeding, is the 404 page; a failing load renders an empty page with HTTP 503
 * ({@link loadRecordPage}). The loader answers carry the paper page's path (`link`) and where
 * the paper appeared (`source`), so the pages render without knowing the kind. Both answers are
 * in the page's language (the router context's `locale`): the abstract page carries the PDF
 * reader's messages (./reader-catalogue.ts, decision 425), the full text's article is rendered
 * in it (./fulltext-html.ts).
 */
import type { RouterContextProvider } from "react-router";
import { readableBy } from "../../server/features/accounts/access.ts";
import { paperCitations } from "../../server/features/citations/cite.ts";
import { hasFullText, paperFullTextPage } from "../../server/features/fulltext/reader.ts";
import { getJournalPaper, getProceedingPaper } from "../../server/features/papers/queries.ts";
import {
  landingPageLinkHeader,
  signpostedPaper,
} from "../../server/features/signposting/signposting.ts";
import { storedVersion, versionLink } from "../../server/features/updates/versions.ts";
import { paperReaderFigures } from "../../server/features/usage/reader-figures.ts";
import type { AppContext } from "../../server/services/context.ts";
import type {
  PaperCitations,
  PaperDetail,
  PaperReading,
  ProceedingPaperDetail,
  SignedInUser,
} from "../../shared/api.ts";
import { paperLink, proceedingPaperLink } from "../../shared/format.ts";
import {
  parseRouteParams,
  routeId,
  routeJournalUri,
  routeProceedingSlug,
} from "../../shared/route-params.ts";
import type { ReaderFigures } from "../../shared/usage.ts";
import type { FullTextOutline, FullTextPaper } from "../components/fulltext/full-text-page.tsx";
import type { PaperSource } from "../components/paper/paper-heading.tsx";
import { appContext, requestContext } from "../context.ts";
import { articleHtmlSlot } from "./article-html.ts";
import { renderFullText } from "./fulltext-html.ts";
import { fullTextPath } from "./fulltext-meta.ts";
import { loadRecordPage, loadSection } from "./public-load.ts";
import { readerCatalogue } from "./reader-catalogue.ts";

/** Where a paper belongs, and what that decides on its public pages. */
export type PaperPlace<P extends PaperReading> = {
  /** Names the page in the log: "paper", "proceeding paper". */
  what: string;
  /**
   * The paper of the route's parameters as the signed-in `user` (or a reader) may read it;
   * null when a parameter is malformed (decision 210) or there is no such readable paper.
   */
  find: (
    ctx: AppContext,
    user: SignedInUser | null,
    params: Readonly<Record<string, string | undefined>>,
  ) => Promise<P | null>;
  /** The paper page's path, e.g. `/journal/elife/12`. */
  link: (paper: P) => string;
  /** The banner's header text: the journal's name or the proceeding's title. */
  header: (paper: P) => string;
  /** Where the paper appeared: the issue's citation line or the proceeding's, linked. */
  source: (paper: P) => PaperSource;
};

/** A paper of a journal's issue, `/journal/{journal_url}/{paper}`. */
export const issuePapers: PaperPlace<PaperDetail> = {
  what: "paper",
  async find(ctx, user, params) {
    const parsed = parseRouteParams({ journalUrl: routeJournalUri, paper: routeId }, params);
    if (!parsed) return null;
    const visibility = await readableBy(ctx, user, parsed.journalUrl);
    return getJournalPaper(ctx, parsed.journalUrl, parsed.paper, visibility);
  },
  link: (paper) => paperLink(paper.journal_url, paper.paperID),
  header: (paper) => paper.journal_name,
  source: (paper) => ({ label: paper.journal_title, link: paper.issue_link }),
};

/** A paper of a proceeding, `/proceedings/{slug}/{paper}` (decision 090). */
export const proceedingPapers: PaperPlace<ProceedingPaperDetail> = {
  what: "proceeding paper",
  async find(ctx, _user, params) {
    const parsed = parseRouteParams({ slug: routeProceedingSlug, paper: routeId }, params);
    return parsed ? getProceedingPaper(ctx, parsed.slug, parsed.paper) : null;
  },
  link: (paper) => proceedingPaperLink(paper.proceeding_slug, paper.paperID),
  header: (paper) => paper.proceeding_title,
  source: (paper) => ({ label: paper.citation_line, link: paper.proceeding_link }),
};

/** What a paper page's loader gets from React Router (its `LoaderArgs`, in part). */
type PaperLoaderArgs = {
  context: Readonly<RouterContextProvider>;
  params: Readonly<Record<string, string | undefined>>;
};

/**
 * Finds the page's paper with {@link loadRecordPage}: malformed parameters or no paper are the
 * 404 page (thrown), a failed load `empty` with HTTP 503, else `page(paper)`.
 */
async function loadPaperRecord<P extends PaperReading, R, D>(
  place: PaperPlace<P>,
  { context, params }: PaperLoaderArgs,
  what: string,
  find: (ctx: AppContext, paper: P) => Promise<R | null>,
  page: (ctx: AppContext, record: R) => D | Promise<D>,
  empty: D,
) {
  const ctx = context.get(appContext);
  const { user } = context.get(requestContext);
  return loadRecordPage(
    ctx,
    what,
    async () => {
      const paper = await place.find(ctx, user, params);
      return paper ? find(ctx, paper) : null;
    },
    (record) => page(ctx, record),
    empty,
  );
}

/** What the abstract page renders: all empty (and no header) on a failed load. */
export type PaperPageData<P> = {
  paper: P | null;
  headerText: string;
  /** The page's own path, canonical URL and base of the cite panel's files. */
  link: string;
  source: PaperSource | null;
  citations: PaperCitations | null;
  /** Views and downloads up to yesterday; null when they could not be read. */
  usage: ReaderFigures | null;
  /** `{paper page}/fulltext` when the paper has an HTML full text (decision 285), else "". */
  fullText: string;
  /**
   * The PDF reader's compiled messages in the page's language, as JSON (decision 425); `{}`
   * without a PDF.
   */
  readerMessages: string;
};

/** The abstract page's loader: the paper, its cite panel's links, its usage and full text. */
export function loadPaperPage<P extends PaperReading>(place: PaperPlace<P>, args: PaperLoaderArgs) {
  const empty: PaperPageData<P> = {
    paper: null,
    headerText: "",
    link: "",
    source: null,
    citations: null,
    usage: null,
    fullText: "",
    readerMessages: "{}",
  };
  const { locale } = args.context.get(requestContext);
  return loadPaperRecord(
    place,
    args,
    place.what,
    async (_ctx, paper) => paper,
    async (ctx, paper): Promise<PaperPageData<P>> => {
      const link = place.link(paper);
      const id = paper.paperID;
      const fullText = await loadSection(ctx, `${place.what}: full text`, () =>
        hasFullText(ctx, id),
      );
      // FAIR Signposting (decision 470): the links of the paper's landing page, on every
      // language's URL of it, naming the page without a prefix
      const info = args.context.get(requestContext);
      info.setLinkHeader(
        landingPageLinkHeader(signpostedPaper(info.origin, link, paper, fullText === true)),
      );
      return {
        paper,
        headerText: place.header(paper),
        link,
        source: place.source(paper),
        // the panel fetches its references from beside the page (decision 245)
        citations: paperCitations(link),
        usage: await loadSection(ctx, `${place.what}: usage`, () => paperReaderFigures(ctx, id)),
        fullText: fullText ? fullTextPath(link) : "",
        readerMessages: paper.file_url ? readerCatalogue(locale) : "{}",
      };
    },
    empty,
  );
}

/** What a full-text page renders: all empty (and no header) on a failed load. */
export type FullTextPageData = {
  paper: FullTextPaper | null;
  /** The full text's language and contents; its article's HTML goes beside (decision 319). */
  text: FullTextOutline | null;
  headerText: string;
  /** The paper's abstract page. */
  link: string;
  source: PaperSource | null;
};

/**
 * The full-text page's loader: the paper, found as its abstract page finds it, and its JATS
 * galley's article rendered (`paperFullTextPage`: in a JATS worker, or {@link renderFullText}
 * here); the 404 page when the paper has no JATS galley.
 */
export function loadFullTextPage<P extends PaperReading>(
  place: PaperPlace<P>,
  args: PaperLoaderArgs,
) {
  const empty: FullTextPageData = {
    paper: null,
    text: null,
    headerText: "",
    link: "",
    source: null,
  };
  return loadPaperRecord(
    place,
    args,
    `${place.what} full text`,
    async (ctx, paper) => {
      // a removal withdraws the full text with the PDF (decision 490)
      // rendered in a JATS worker thread, or here without a pool (decision 530)
      const text = paper.files_removed
        ? null
        : await paperFullTextPage(
            ctx,
            paper.paperID,
            args.context.get(requestContext).locale,
            renderFullText,
          );
      return text ? { paper, text } : null;
    },
    (_ctx, { paper, text }): FullTextPageData => {
      const { html, ...outline } = text;
      args.context.set(articleHtmlSlot, html);
      return {
        paper: {
          title: paper.title,
          authors: paper.authors,
          doi: paper.doi,
          abstract: paper.abstract,
          file_url: paper.file_url,
          updates: paper.updates,
        },
        text: outline,
        headerText: place.header(paper),
        link: place.link(paper),
        source: place.source(paper),
      };
    },
    empty,
  );
}

/** An earlier version of a paper as its page shows it (decision 490). */
export type VersionPageData = {
  paper: PaperReading | null;
  version: {
    version: number;
    date: string;
    note: string;
    title: string;
    abstract: string;
    keywords: string;
    doi: string;
    authors: string[];
    /** `{version page}/download.pdf`, or `""` without a PDF (or when the files were removed). */
    pdf: string;
  } | null;
  headerText: string;
  /** The paper's page (the current version). */
  link: string;
  source: PaperSource | null;
};

/**
 * The loader of `{paper page}/version/{n}` (issue 33, decision 490): the paper, found as its
 * page finds it, and its earlier version `n`; the 404 page for a malformed `n`, the current
 * version or one the paper never had.
 */
export function loadVersionPage<P extends PaperReading>(
  place: PaperPlace<P>,
  args: PaperLoaderArgs,
) {
  const empty: VersionPageData = {
    paper: null,
    version: null,
    headerText: "",
    link: "",
    source: null,
  };
  return loadPaperRecord(
    place,
    args,
    `${place.what} version`,
    async (ctx, paper) => {
      const parsed = parseRouteParams({ version: routeId }, args.params);
      const version = parsed ? await storedVersion(ctx.db, paper.paperID, parsed.version) : null;
      return version ? { paper, version } : null;
    },
    (_ctx, { paper, version }): VersionPageData => {
      const link = place.link(paper);
      return {
        paper,
        version: {
          version: version.version,
          date: version.date,
          note: version.note,
          title: version.title,
          abstract: version.abstract,
          keywords: version.keywords,
          doi: version.doi,
          authors: version.authors,
          pdf:
            version.file && !paper.files_removed
              ? `${versionLink(link, version.version)}/download.pdf`
              : "",
        },
        headerText: place.header(paper),
        link,
        source: place.source(paper),
      };
    },
    empty,
  );
}
