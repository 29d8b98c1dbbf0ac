/**
 * One open PDF in pdf.js's own viewer (`PDFViewer` with `EventBus` and `PDFLinkService`):
 * every page with its canvas, text layer, annotation layer (links, notes, form fields) and
 * annotation editor layer (highlights). Imported lazily by the React component; no React here.
 *
 * Loading (spec sections 2 and 8, DESIGN section 4): range requests (`disableAutoFetch`,
 * `disableStream`) so only the bytes of the pages on screen are fetched from the 206-capable
 * galley route; a protected file asks `events.password` (pdf.js `onPassword` with
 * `PasswordResponses`) until the right password or a cancel; missing fonts only make pdf.js log a
 * warning and fall back, rendering continues.
 */
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
import type { PDFViewer } from "pdfjs-dist/web/pdf_viewer.mjs";
import { VIEWER_MESSAGES } from "../../../shared/constants.ts";
import { loadPdfjs, pdfjsDataUrls, pdfjsImagesUrl } from "./pdfjs.ts";

/** What the session tells its owner. */
export type SessionEvents = {
  /**
   * The file is protected: resolve with a password to try, or `null` to give up (the load then
   * rejects with {@link PasswordCancelled}). `retry` is true after a wrong password.
   */
  password: (retry: boolean) => Promise<string | null>;
  /** The current page (1-based) changed while scrolling. */
  pageChanged: (page: number) => void;
  /** A page finished drawing; `failed` when pdf.js could not render it. */
  pageRendered: (page: number, failed: boolean) => void;
  /** The highlight editor was switched on or off (by the toggle or by pdf.js itself). */
  highlightChanged: (on: boolean) => void;
  /** The find controller's state: `total` matches, `current` the selected one (1-based, 0 = none). */
  findChanged: (result: FindResult) => void;
};

/** What pdf.js's find controller reports for the current query. */
export type FindResult = {
  /** 1-based index of the selected match, 0 when none is selected. */
  current: number;
  /** Matches found so far in the whole document. */
  total: number;
  /** True once the query is known to have no match at all. */
  notFound: boolean;
  /** True while pages are still being searched. */
  pending: boolean;
};

/**
 * pdf.js's own highlight colours (its viewer's `highlightEditorColors` default in
 * pdfjs-dist/web/pdf_viewer.mjs): `name=#hex` pairs, the `_HCM` ones for high-contrast mode.
 * Without them the highlight editor's telemetry and colour picker read a null map and throw.
 */
export const HIGHLIGHT_COLORS =
  "yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F," +
  "yellow_HCM=#FFFFCC,green_HCM=#53FFBC,blue_HCM=#80EBFF,pink_HCM=#F6B8FF,red_HCM=#C50043";

export type PdfSession = {
  /** Resolves with the page count once the document is open; rejects when it cannot open. */
  loaded: Promise<number>;
  /** Applies a pdf.js scale (1 = 100 %); before the pages exist it is applied when they do. */
  setScale: (scale: number) => void;
  /** The document's bytes as served (all of them, fetching what range loading skipped). */
  data: () => Promise<Uint8Array>;
  /** Switches pdf.js's highlight editor on (mode HIGHLIGHT) or off (mode NONE). */
  setHighlight: (on: boolean) => void;
  /**
   * Applies pdf.js's "page-fit" scale (the current page wholly visible in the container) and
   * returns it; `null` before the pages exist.
   */
  fitPage: () => number | null;
  /** Scrolls to page `page` (1-based); out-of-range numbers are ignored by pdf.js. */
  goToPage: (page: number) => void;
  /**
   * Searches the document (pdf.js `PDFFindController`, case- and diacritic-insensitive): a new
   * `query` selects the first match; `again` moves to the next match, or the previous one when
   * `previous`. An empty query clears the highlights.
   */
  find: (query: string, again: boolean, previous: boolean) => void;
  /** Stops loading and rendering and frees the worker. Safe to call twice. */
  destroy: () => void;
};

/** The reader dismissed the password dialog. */
export class PasswordCancelled extends Error {
  constructor() {
    super("Password entry cancelled");
    this.name = "PasswordCancelled";
  }
}

export type OpenOptions = {
  /** Absolutely positioned scroll container (pdf.js requirement), with `viewer` as its child. */
  container: HTMLDivElement;
  /** The `.pdfViewer` element pages are drawn into. */
  viewer: HTMLDivElement;
  /** URL of the PDF (same origin). */
  url: string;
  /** First scale to draw at (spec: 1.2 until the fit scale is known). */
  scale: number;
  events: SessionEvents;
};

/** Marks a page whose drawing failed with the spec's message (section 8). */
function markFailedPage(pageDiv: HTMLElement | undefined): void {
  if (!pageDiv || pageDiv.querySelector(".athenaeum-page-error")) return;
  const note = document.createElement("p");
  note.className = "athenaeum-page-error";
  note.setAttribute("role", "alert");
  note.textContent = VIEWER_MESSAGES.pageFailed;
  pageDiv.append(note);
}

/** Starts loading `url` into the viewer; resolves as soon as pdf.js is ready to fetch. */
export async function openPdf(options: OpenOptions): Promise<PdfSession> {
  const { container, viewer, url, events } = options;
  const { lib, components } = await loadPdfjs();
  const { AnnotationEditorType, AnnotationMode, PasswordResponses } = lib;

  const eventBus = new components.EventBus();
  const linkService = new components.PDFLinkService({
    eventBus,
    externalLinkTarget: components.LinkTarget.BLANK,
    externalLinkRel: "noopener noreferrer nofollow",
  });
  const findController = new components.PDFFindController({ eventBus, linkService });
  // pdf.js shows the selected match with the native `element.scrollIntoView`, which in its own
  // full-window viewer scrolls only the viewer; here it also scrolled the page, pushing the
  // toolbar and find bar out of view. The container's scroll is kept, the window's undone.
  const scrollMatch = findController.scrollMatchIntoView.bind(findController);
  findController.scrollMatchIntoView = (match) => {
    const { scrollX, scrollY } = window;
    scrollMatch(match);
    if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  };
  // l10n: PDFViewer's default is pdf.js's GenericL10n with its built-in en-US strings (the
  // editors' button titles, aria labels and alerts), and it translates the container itself.
  const pdfViewer: PDFViewer = new components.PDFViewer({
    container,
    viewer,
    eventBus,
    linkService,
    findController,
    annotationEditorHighlightColors: HIGHLIGHT_COLORS,
    textLayerMode: 1, // TextLayerMode.ENABLE: selectable text over every page
    annotationMode: AnnotationMode.ENABLE_FORMS,
    annotationEditorMode: AnnotationEditorType.NONE, // editor layer present, no tool active
    imageResourcesPath: pdfjsImagesUrl(lib.version),
    supportsPinchToZoom: false, // the zoom rule is the spec's (zoom.ts), not the gesture's
  });
  linkService.setViewer(pdfViewer);

  let scale = options.scale;
  let pagesReady = false;
  let destroyed = false;
  let pendingFind: (() => void) | null = null;
  const runPendingFind = () => {
    const run = pendingFind;
    pendingFind = null;
    run?.();
  };
  const findNow = (query: string, again: boolean, previous: boolean) =>
    eventBus.dispatch("find", {
      source: null,
      type: again ? "again" : "",
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  eventBus.on("pagesinit", () => {
    pagesReady = true;
    pdfViewer.currentScale = scale;
    runPendingFind();
  });
  eventBus.on("pagechanging", (e: { pageNumber: number }) => events.pageChanged(e.pageNumber));
  eventBus.on("pagerendered", (e: { pageNumber: number; error: unknown }) => {
    if (e.error) markFailedPage(pdfViewer.getPageView(e.pageNumber - 1)?.div);
    events.pageRendered(e.pageNumber, Boolean(e.error));
  });
  type Count = { current: number; total: number };
  const report = (count: Count, state: number | null) =>
    events.findChanged({
      current: count.current,
      total: count.total,
      notFound: state === components.FindState.NOT_FOUND,
      pending: state === components.FindState.PENDING,
    });
  let findState: number | null = null;
  eventBus.on("updatefindcontrolstate", (e: { state: number; matchesCount: Count }) => {
    findState = e.state;
    report(e.matchesCount, e.state);
  });
  eventBus.on("updatefindmatchescount", (e: { matchesCount: Count }) =>
    report(e.matchesCount, findState),
  );
  eventBus.on("annotationeditormodechanged", (e: { mode: number }) =>
    events.highlightChanged(e.mode === AnnotationEditorType.HIGHLIGHT),
  );

  // `isEvalSupported` no longer exists in pdf.js 6 (its worker has no eval path at all); it is
  // passed anyway so an older pdf.js would never compile PDF functions with eval.
  const params: DocumentInitParameters & { isEvalSupported: boolean } = {
    url,
    isEvalSupported: false,
    disableAutoFetch: true,
    disableStream: true,
    enableXfa: false,
    ...pdfjsDataUrls(lib.version),
    cMapPacked: true,
  };
  const task: PDFDocumentLoadingTask = lib.getDocument(params);
  let cancelled = false;
  task.onPassword = (update: (password: string) => void, reason: number) => {
    events.password(reason === PasswordResponses.INCORRECT_PASSWORD).then(
      (password) => {
        if (destroyed) return;
        if (password === null) {
          cancelled = true;
          void task.destroy();
        } else update(password);
      },
      () => void task.destroy(),
    );
  };

  const loaded = task.promise.then(
    (doc) => {
      if (destroyed) throw new Error("destroyed");
      pdfViewer.setDocument(doc);
      findController.setDocument(doc);
      linkService.setDocument(doc, null);
      return doc.numPages;
    },
    (error: unknown) => {
      throw cancelled ? new PasswordCancelled() : error;
    },
  );
  loaded.catch(() => {}); // the owner handles it; avoid an unhandled rejection before it does

  return {
    loaded,
    setScale(next) {
      scale = next;
      if (pagesReady && !destroyed) pdfViewer.currentScale = next;
    },
    async data() {
      const doc = await loaded.then(() => task.promise);
      return doc.getData();
    },
    setHighlight(on) {
      if (!pagesReady || destroyed) return;
      pdfViewer.annotationEditorMode = {
        mode: on ? AnnotationEditorType.HIGHLIGHT : AnnotationEditorType.NONE,
      };
    },
    fitPage() {
      if (!pagesReady || destroyed) return null;
      pdfViewer.currentScaleValue = "page-fit";
      scale = pdfViewer.currentScale;
      return scale;
    },
    goToPage(page) {
      if (!pagesReady || destroyed) return;
      if (Number.isInteger(page) && page >= 1 && page <= pdfViewer.pagesCount) {
        pdfViewer.currentPageNumber = page;
      }
    },
    find(query, again, previous) {
      if (destroyed) return;
      // Before "pagesinit" the viewer's current page is 0, and pdf.js's find controller would
      // start from page index -1 and never select a match: the query waits for the pages.
      pendingFind = () => findNow(query, again, previous);
      if (pagesReady) runPendingFind();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      findController.setDocument(null as unknown as PDFDocumentProxy); // pdf.js accepts null: reset
      pdfViewer.setDocument(null);
      linkService.setDocument(null, null);
      void task.destroy();
    },
  };
}
