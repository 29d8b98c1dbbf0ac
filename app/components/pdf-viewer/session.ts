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
import type { PDFDocumentLoadingTask } from "pdfjs-dist";
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
};

export type PdfSession = {
  /** Resolves with the page count once the document is open; rejects when it cannot open. */
  loaded: Promise<number>;
  /** Applies a pdf.js scale (1 = 100 %); before the pages exist it is applied when they do. */
  setScale: (scale: number) => void;
  /** The document's bytes as served (all of them, fetching what range loading skipped). */
  data: () => Promise<Uint8Array>;
  /** Switches pdf.js's highlight editor on (mode HIGHLIGHT) or off (mode NONE). */
  setHighlight: (on: boolean) => void;
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
  const pdfViewer: PDFViewer = new components.PDFViewer({
    container,
    viewer,
    eventBus,
    linkService,
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
  eventBus.on("pagesinit", () => {
    pagesReady = true;
    pdfViewer.currentScale = scale;
  });
  eventBus.on("pagechanging", (e: { pageNumber: number }) => events.pageChanged(e.pageNumber));
  eventBus.on("pagerendered", (e: { pageNumber: number; error: unknown }) => {
    if (e.error) markFailedPage(pdfViewer.getPageView(e.pageNumber - 1)?.div);
    events.pageRendered(e.pageNumber, Boolean(e.error));
  });
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
    destroy() {
      if (destroyed) return;
      destroyed = true;
      pdfViewer.setDocument(null);
      linkService.setDocument(null, null);
      void task.destroy();
    },
  };
}
