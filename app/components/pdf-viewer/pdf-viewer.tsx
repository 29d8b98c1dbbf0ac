/**
 * The full-text viewer of the paper page (spec sections 2, 4, 8 and 9; DESIGN section 4; issue 9):
 * a toolbar (zoom out, zoom %, zoom in, Fit width, Fit page, page number input of N, highlight,
 * download, close) and a find bar (pdf.js's find controller: query, previous, next, "n of N
 * matches") over pdf.js's own viewer, which draws every page with its text and annotation layers.
 *
 * pdf.js, its worker and its CSS are fetched only when this component mounts (session.ts and
 * pdfjs.ts are dynamic imports), so the paper page's initial JavaScript does not carry them.
 * Zoom: scale 1.2 until the document is open, then the fit rule of zoom.ts, recomputed when the
 * window width changes; the buttons step by 0.2 within 0.5 … 2.0 and are disabled at the limits;
 * 'Fit width' returns to the fit rule and 'Fit page' applies pdf.js's "page-fit" (decision 155).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { VIEWER_MESSAGES, ZOOM } from "../../../shared/constants.ts";
import { saveBytes } from "./download.ts";
import { loadErrorMessage } from "./load-error.ts";
import { PasswordDialog } from "./password-dialog.tsx";
import type { FindResult, PdfSession, SessionEvents } from "./session.ts";
import { canZoomIn, canZoomOut, fitScale, zoomIn, zoomOut, zoomPercent } from "./zoom.ts";

export type PdfViewerProps = {
  /** URL of the PDF, usually the paper's `file_url`; `""` shows 'No PDF file specified.'. */
  url: string;
  /** Document title for the scroll area's accessible name. */
  title?: string;
  /** The reader closed the viewer (Close button, or cancelled the password dialog). */
  onClose: () => void;
};

type LoadState =
  | { kind: "loading" }
  | { kind: "ready"; pages: number }
  | { kind: "error"; message: string };

type Prompt = { retry: boolean; key: number };

const buttonClass =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

const ICONS = {
  minus: "M5 12h14",
  plus: "M12 5v14M5 12h14",
  download: "M12 4v11m-5-5 5 5 5-5M5 20h14",
  close: "M6 6l12 12M18 6 6 18",
  highlight: "M4 20h16M7 16l9-9 3 3-9 9H7z",
  up: "M6 15l6-6 6 6",
  down: "M6 9l6 6 6-6",
};

/** pdf.js's own find-bar wording (its en-US `pdfjs-find-match-count` and `pdfjs-find-not-found`). */
function findMessage(found: FindResult): string {
  if (found.notFound) return "Phrase not found";
  if (found.total === 0) return found.pending ? "Searching…" : "";
  return `${found.current} of ${found.total} ${found.total === 1 ? "match" : "matches"}`;
}

export function PdfViewer({ url, title, onClose }: PdfViewerProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const sessionRef = useRef<PdfSession | null>(null);
  const answerRef = useRef<((password: string | null) => void) | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const [firstPageDrawn, setFirstPageDrawn] = useState(false);
  const [scale, setScale] = useState<number>(ZOOM.initial);
  const [page, setPage] = useState(1);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [highlight, setHighlight] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState("");
  const [pageInput, setPageInput] = useState("1");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FindResult | null>(null);
  const lastQueryRef = useRef("");

  // Open the document; everything pdf.js is imported here, on the client, on demand.
  useEffect(() => {
    const container = containerRef.current;
    const viewer = viewerRef.current;
    if (!url) {
      setLoad({ kind: "error", message: VIEWER_MESSAGES.noFile });
      return;
    }
    if (!container || !viewer) return;
    const absoluteUrl = new URL(url, window.location.href).href;
    let disposed = false;
    let session: PdfSession | null = null;
    let promptKey = 0;
    const events: SessionEvents = {
      password: (retry) =>
        new Promise((resolve) => {
          answerRef.current = resolve;
          promptKey += 1;
          setPrompt({ retry, key: promptKey });
        }),
      pageChanged: setPage,
      pageRendered: (_page, failed) => {
        if (!failed) setFirstPageDrawn(true);
      },
      highlightChanged: setHighlight,
      findChanged: setFound,
    };
    setLoad({ kind: "loading" });
    setFirstPageDrawn(false);
    (async () => {
      try {
        const { openPdf } = await import("./session.ts");
        if (disposed) return;
        session = await openPdf({ container, viewer, url, scale: ZOOM.initial, events });
        if (disposed) {
          session.destroy();
          return;
        }
        sessionRef.current = session;
        const pages = await session.loaded;
        if (disposed) return;
        setPage(1);
        setLoad({ kind: "ready", pages });
      } catch (error) {
        if (disposed) return;
        if ((error as Error)?.name === "PasswordCancelled") {
          onCloseRef.current();
          return;
        }
        console.error(error);
        setLoad({ kind: "error", message: loadErrorMessage(error, absoluteUrl) });
      }
    })();
    return () => {
      disposed = true;
      answerRef.current?.(null);
      answerRef.current = null;
      session?.destroy();
      sessionRef.current = null;
    };
  }, [url]);

  const ready = load.kind === "ready";

  // Spec section 4: once loaded, fit the window; again whenever the window width changes (a
  // height-only resize, such as a phone's address bar sliding away, keeps the reader's zoom).
  useEffect(() => {
    if (!ready) return;
    let width = window.innerWidth;
    setScale(fitScale(width));
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setScale(fitScale(width));
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [ready]);

  useEffect(() => {
    sessionRef.current?.setScale(scale);
  }, [scale]);

  useEffect(() => {
    setPageInput(String(page));
  }, [page]);

  // The viewer opens in view, and keyboard readers land in the document: arrow keys and
  // Page Down scroll it at once.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: "start" });
    containerRef.current?.focus({ preventScroll: true });
  }, []);

  const answer = useCallback((password: string | null) => {
    const resolve = answerRef.current;
    answerRef.current = null;
    setPrompt(null);
    resolve?.(password);
  }, []);

  const onZoomIn = () => {
    const next = zoomIn(scale);
    setScale(next);
    if (!canZoomIn(next)) zoomOutRef.current?.focus();
  };
  const onZoomOut = () => {
    const next = zoomOut(scale);
    setScale(next);
    if (!canZoomOut(next)) zoomInRef.current?.focus();
  };

  // Decision 155: 'Fit width' is the spec's fit rule for the current window, even below the
  // buttons' 0.5 floor; 'Fit page' is pdf.js's "page-fit" for the page on screen.
  const onFitWidth = () => setScale(fitScale(window.innerWidth));
  const onFitPage = () => {
    const fit = sessionRef.current?.fitPage();
    if (fit) setScale(fit);
  };

  const onPageSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = Number(pageInput);
    const pages = load.kind === "ready" ? load.pages : 0;
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages) {
      sessionRef.current?.goToPage(wanted);
      setPage(wanted);
    } else setPageInput(String(page));
  };

  const runFind = (text: string, previous: boolean) => {
    const again = text === lastQueryRef.current && text !== "";
    lastQueryRef.current = text;
    if (!text) setFound(null);
    sessionRef.current?.find(text, again, previous);
  };

  const onDownload = async () => {
    const session = sessionRef.current;
    if (!session) return;
    setDownloading(true);
    setNotice("");
    try {
      saveBytes(await session.data());
    } catch (error) {
      console.error(error);
      setNotice(VIEWER_MESSAGES.loadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const onToggleHighlight = () => {
    const next = !highlight;
    setHighlight(next);
    sessionRef.current?.setHighlight(next);
  };

  let status: { text: string; alert: boolean } | null = null;
  if (load.kind === "loading") status = { text: VIEWER_MESSAGES.loading, alert: false };
  else if (load.kind === "error") status = { text: load.message, alert: true };
  else if (load.pages === 0) status = { text: VIEWER_MESSAGES.noPage, alert: true };
  else if (!firstPageDrawn) status = { text: VIEWER_MESSAGES.pageLoading, alert: false };

  return (
    <section
      ref={sectionRef}
      aria-label="Full text (PDF)"
      className="scroll-mt-2 overflow-hidden border-y border-slate-300 bg-slate-200 sm:rounded-lg sm:border-x"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-slate-300 bg-white px-2 py-2 sm:gap-x-4 sm:px-3">
        <div className="flex items-center gap-1">
          <button
            ref={zoomOutRef}
            type="button"
            className={buttonClass}
            aria-label="Zoom out"
            title="Zoom out"
            disabled={!ready || !canZoomOut(scale)}
            onClick={onZoomOut}
          >
            <Icon d={ICONS.minus} />
          </button>
          <output
            aria-label="Zoom level"
            aria-live="polite"
            className="w-12 text-center text-sm tabular-nums text-slate-700 sm:w-14"
          >
            {zoomPercent(scale)}
          </output>
          <button
            ref={zoomInRef}
            type="button"
            className={buttonClass}
            aria-label="Zoom in"
            title="Zoom in"
            disabled={!ready || !canZoomIn(scale)}
            onClick={onZoomIn}
          >
            <Icon d={ICONS.plus} />
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={buttonClass}
            disabled={!ready}
            onClick={onFitWidth}
            title="Fit the page width to the window"
          >
            Fit width
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={!ready}
            onClick={onFitPage}
            title="Show the whole page"
          >
            Fit page
          </button>
        </div>
        <form
          className="flex items-center gap-1 text-sm tabular-nums text-slate-700"
          onSubmit={onPageSubmit}
        >
          <label htmlFor="pdf-page-input" className="max-sm:sr-only">
            Page
          </label>
          <input
            id="pdf-page-input"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            aria-label={ready ? `Page number, of ${load.pages}` : "Page number"}
            className="h-9 w-12 rounded border border-slate-300 px-1 text-center"
            disabled={!ready || load.pages === 0}
            value={pageInput}
            onChange={(e) => setPageInput(e.target.value)}
            onBlur={() => setPageInput(String(page))}
          />
          <span data-testid="pdf-page-count">
            {ready && load.pages > 0 ? `of ${load.pages}` : "\u00a0"}
          </span>
        </form>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            className={`${buttonClass} aria-pressed:border-amber-500 aria-pressed:bg-amber-100`}
            aria-pressed={highlight}
            disabled={!ready || !firstPageDrawn}
            onClick={onToggleHighlight}
            title="Highlight text: select text to mark it"
          >
            <Icon d={ICONS.highlight} />
            <span className="max-sm:sr-only">Highlight</span>
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={!ready || downloading}
            onClick={onDownload}
            title="Download the PDF (document.pdf)"
          >
            <Icon d={ICONS.download} />
            <span className="max-sm:sr-only">Download</span>
          </button>
          <button type="button" className={buttonClass} onClick={onClose} title="Close the PDF">
            <Icon d={ICONS.close} />
            <span className="max-sm:sr-only">Close</span>
          </button>
        </div>
      </div>
      <search aria-label="Find in document">
        <form
          className="flex flex-wrap items-center gap-1 border-b border-slate-300 bg-white px-2 py-2 sm:px-3"
          onSubmit={(e) => {
            e.preventDefault();
            runFind(query, false);
          }}
        >
          <input
            type="search"
            aria-label="Find in document"
            placeholder="Find in document…"
            className="h-9 min-w-0 flex-1 rounded border border-slate-300 px-2 text-sm sm:max-w-72"
            disabled={!ready}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              runFind(e.target.value, false);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                runFind(query, e.shiftKey);
              }
            }}
          />
          <button
            type="button"
            className={buttonClass}
            aria-label="Previous match"
            title="Previous match (Shift+Enter)"
            disabled={!ready || !found?.total}
            onClick={() => runFind(query, true)}
          >
            <Icon d={ICONS.up} />
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-label="Next match"
            title="Next match (Enter)"
            disabled={!ready || !found?.total}
            onClick={() => runFind(query, false)}
          >
            <Icon d={ICONS.down} />
          </button>
          <output
            aria-live="polite"
            data-testid="pdf-find-count"
            className="text-sm text-slate-700"
          >
            {query && found ? findMessage(found) : ""}
          </output>
        </form>
      </search>
      {notice ? (
        <p role="alert" className="bg-red-50 px-3 py-2 text-sm text-red-800">
          {notice}
        </p>
      ) : null}
      <div className="relative h-[calc(100dvh-12rem)] min-h-80">
        {/* pdf.js accepts only a <div> as its container, so the region role is given here. */}
        {/* biome-ignore lint/a11y/useSemanticElements: see above */}
        <div
          ref={containerRef}
          // A scroll area must be reachable by keyboard to be scrolled without a mouse
          // (WCAG 2.1.1; axe "scrollable-region-focusable").
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          role="region"
          aria-label={title ? `PDF pages of ${title}` : "PDF pages"}
          aria-busy={!ready || !firstPageDrawn}
          className="absolute inset-0 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <div ref={viewerRef} className="pdfViewer" />
        </div>
        {status ? (
          <div className="pointer-events-none absolute inset-x-0 top-6 flex justify-center px-4">
            <p
              role={status.alert ? "alert" : "status"}
              className={`rounded-md px-4 py-3 text-center text-sm shadow ${
                status.alert ? "bg-red-50 text-red-800" : "bg-white text-slate-700"
              }`}
            >
              {status.text}
            </p>
          </div>
        ) : null}
      </div>
      {prompt ? (
        <PasswordDialog
          key={prompt.key}
          retry={prompt.retry}
          onSubmit={(password) => answer(password)}
          onCancel={() => answer(null)}
        />
      ) : null}
    </section>
  );
}
