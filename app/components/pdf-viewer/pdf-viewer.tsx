/**
 * The full-text viewer of the paper page (docs/product/screens.md, docs/product/states.md, docs/product/errors.md and docs/product/constants.md; docs/product/files.md; issue 9):
 * one toolbar row (zoom out, zoom %, zoom in, page number input of N; outline, Fit width, Fit
 * page, highlight, draw, image, undo, redo, Find, download with annotations; download, close)
 * and a find bar that 'Find' opens (pdf.js's find controller: query, previous, next, "n of N
 * matches") over pdf.js's own viewer, which draws every page with its text and annotation layers.
 * The reader is as tall as the window above the fixed footer; below 1280 px the secondary
 * controls sit in a row 'More tools' opens (docs/decisions/268-reader-viewport-and-compact-toolbar.md).
 *
 * pdf.js, its worker and its CSS are fetched only when this component mounts (session.ts and
 * pdfjs.ts are dynamic imports), so the paper page's initial JavaScript does not carry them.
 * Zoom: scale 1.2 until the document is open, then the fit rule of zoom.ts, recomputed when the
 * window width changes; the buttons step by 0.2 within 0.5 … 2.0 and are disabled at the limits;
 * 'Fit width' returns to the fit rule and 'Fit page' applies pdf.js's "page-fit" (decision 155).
 *
 * Every text is a catalogue message in the page's language (`useT`): the paper page gives the
 * reader its share of the catalogue, which ../paper/reader-root.tsx registers before mounting
 * this (decision 425). The toolbar mirrors in right-to-left languages (logical classes; undo and
 * redo arrows flipped); the pages keep the left-to-right geometry pdf.js draws them in.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { VIEWER_MESSAGES, ZOOM } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { useT } from "../../i18n/use-t.tsx";
import { AltTextDialog } from "./alt-text-dialog.tsx";
import { ANNOTATED_DOWNLOAD_NAME, saveBytes } from "./download.ts";
import { loadErrorMessage } from "./load-error.ts";
import { PasswordDialog } from "./password-dialog.tsx";
import type {
  AltTextData,
  EditorStates,
  EditorTool,
  FindResult,
  OutlineItem,
  PdfSession,
  SessionEvents,
} from "./session.ts";
import { SidePanel } from "./side-panel.tsx";
import { type IconName, ToggleButton, ToolbarButton, toolClass } from "./toolbar-button.tsx";
import { canZoomIn, canZoomOut, fitScale, zoomIn, zoomLevel, zoomOut } from "./zoom.ts";

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

type AltTextRequest = {
  current: AltTextData;
  key: number;
  resolve: (answer: AltTextData | null) => void;
};

/**
 * Screens wide enough to show the side panel beside a fitted page from the start (the fit rule
 * gives a 900 px page from 1000 px up; with the 176 px panel the page needs about 1440 px).
 */
const WIDE_SCREEN = "(min-width: 1440px)";

/** The zoom buttons: the step each takes within 0.5 … 2.0 and whether it can go on from a scale. */
type ZoomDirection = "in" | "out";
const ZOOM_STEPS = {
  out: { label: msg("Zoom out"), icon: "minus", step: zoomOut, can: canZoomOut },
  in: { label: msg("Zoom in"), icon: "plus", step: zoomIn, can: canZoomIn },
} as const;

/** 'Fit width' and 'Fit page' (decision 155), in their order on the toolbar. */
type Fit = "width" | "page";
const FITS: { fit: Fit; text: string; title: string }[] = [
  { fit: "width", text: msg("Fit width"), title: msg("Fit the page width to the window") },
  { fit: "page", text: msg("Fit page"), title: msg("Show the whole page") },
];

/**
 * The image types pdf.js's stamp editor draws (its `SupportedImageMimeTypes`), the `accept` of
 * the Image tool's file picker.
 */
const IMAGE_TYPES =
  "image/apng,image/avif,image/bmp,image/gif,image/jpeg,image/png,image/svg+xml,image/webp,image/x-icon";

/** The annotation tools' toggles: the pdf.js editor mode each switches, its icon, word and tip. */
const ANNOTATION_TOOLS: {
  tool: Exclude<EditorTool, "none">;
  icon: IconName;
  text: string;
  title: string;
}[] = [
  {
    tool: "highlight",
    icon: "highlight",
    text: msg("Highlight"),
    title: msg("Highlight text: select text to mark it"),
  },
  { tool: "ink", icon: "ink", text: msg("Draw"), title: msg("Draw on the page with a pen") },
  { tool: "stamp", icon: "image", text: msg("Image"), title: msg("Add an image to the page") },
];

/** Undo and redo: the editor's history action (also the icon), its name, tip, and what enables it. */
const HISTORY_ACTIONS = [
  { action: "undo", label: msg("Undo"), title: msg("Undo (Ctrl+Z)"), enabledBy: "canUndo" },
  { action: "redo", label: msg("Redo"), title: msg("Redo (Ctrl+Y)"), enabledBy: "canRedo" },
] as const;

/** The find bar's steps back and forth through the matches. */
const FIND_STEPS = [
  {
    previous: true,
    label: msg("Previous match"),
    title: msg("Previous match (Shift+Enter)"),
    icon: "up",
  },
  { previous: false, label: msg("Next match"), title: msg("Next match (Enter)"), icon: "down" },
] as const;

/** pdf.js's own find-bar wording (its en-US `pdfjs-find-match-count` and `pdfjs-find-not-found`). */
function findMessage(found: FindResult, t: Translate): string {
  if (found.notFound) return t("Phrase not found");
  if (found.total === 0) return found.pending ? t("Searching…") : "";
  return t(
    "{total, plural, one {{current, number} of # match} other {{current, number} of # matches}}",
    { total: found.total, current: found.current },
  );
}

export function PdfViewer({ url, title, onClose }: PdfViewerProps) {
  const t = useT();
  const sectionRef = useRef<HTMLElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const sessionRef = useRef<PdfSession | null>(null);
  const answerRef = useRef<((password: string | null) => void) | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // pdf.js's own texts (its editors' buttons, page landmarks) in the page's language; the
  // language does not change while the reader is open, so the session takes it once.
  const translateRef = useRef(t);

  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const [firstPageDrawn, setFirstPageDrawn] = useState(false);
  const [scale, setScale] = useState<number>(ZOOM.initial);
  const [page, setPage] = useState(1);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [tool, setToolState] = useState<EditorTool>("none");
  const [editorStates, setEditorStates] = useState<EditorStates>({
    canUndo: false,
    canRedo: false,
    hasSelection: false,
  });
  const [altTextRequest, setAltTextRequest] = useState<AltTextRequest | null>(null);
  const [panelOpen, setPanelOpen] = useState(
    () => typeof window !== "undefined" && window.matchMedia(WIDE_SCREEN).matches,
  );
  const [outline, setOutline] = useState<OutlineItem[] | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [notice, setNotice] = useState("");
  const [pageInput, setPageInput] = useState("1");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FindResult | null>(null);
  const lastQueryRef = useRef("");
  // Decision 268: below 1280 px the secondary controls wait in a row 'More tools' opens, and
  // the find bar is a row of its own, opened by 'Find'.
  const [moreOpen, setMoreOpen] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const findInputRef = useRef<HTMLInputElement>(null);

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
      toolChanged: setToolState,
      editorStatesChanged: setEditorStates,
      findChanged: setFound,
      altText: (current) =>
        new Promise((resolve) => {
          promptKey += 1;
          setAltTextRequest({ current, key: promptKey, resolve });
        }),
    };
    setLoad({ kind: "loading" });
    setFirstPageDrawn(false);
    setOutline(null);
    (async () => {
      try {
        const { openPdf } = await import("./session.ts");
        if (disposed) return;
        session = await openPdf({
          container,
          viewer,
          url,
          scale: ZOOM.initial,
          events,
          translate: translateRef.current,
        });
        if (disposed) {
          session.destroy();
          return;
        }
        sessionRef.current = session;
        const pages = await session.loaded;
        if (disposed) return;
        setPage(1);
        setLoad({ kind: "ready", pages });
        session.outline().then(
          (items) => !disposed && setOutline(items),
          () => !disposed && setOutline([]),
        );
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

  // docs/product/states.md: once loaded, fit the window; again whenever the window width changes (a
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

  // The viewer opens in view, its top at the top of the window (it is as tall as the window
  // above the footer; `scrollIntoView` would leave the page's scroll padding above it), and
  // keyboard readers land in the document: arrow keys and Page Down scroll it at once.
  useEffect(() => {
    const section = sectionRef.current;
    if (section) window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY });
    containerRef.current?.focus({ preventScroll: true });
  }, []);

  // An opened find bar takes the keyboard.
  useEffect(() => {
    if (findOpen) findInputRef.current?.focus();
  }, [findOpen]);

  const answer = useCallback((password: string | null) => {
    const resolve = answerRef.current;
    answerRef.current = null;
    setPrompt(null);
    resolve?.(password);
  }, []);

  const zoomRefs = { in: zoomInRef, out: zoomOutRef };
  // A zoom button disabled by its step keeps the keyboard on the toolbar: focus goes to the other.
  const onZoom = (direction: ZoomDirection) => {
    const { step, can } = ZOOM_STEPS[direction];
    const next = step(scale);
    setScale(next);
    if (!can(next)) zoomRefs[direction === "in" ? "out" : "in"].current?.focus();
  };
  const zoomButton = (direction: ZoomDirection) => (
    <ToolbarButton
      ref={zoomRefs[direction]}
      aria-label={t(ZOOM_STEPS[direction].label)}
      title={t(ZOOM_STEPS[direction].label)}
      disabled={!ready || !ZOOM_STEPS[direction].can(scale)}
      onClick={() => onZoom(direction)}
      icon={ZOOM_STEPS[direction].icon}
    />
  );

  // Decision 155: 'Fit width' is the spec's fit rule for the current window, even below the
  // buttons' 0.5 floor; 'Fit page' is pdf.js's "page-fit" for the page on screen.
  const onFit = (fit: Fit) => {
    if (fit === "width") setScale(fitScale(window.innerWidth));
    else {
      const scaled = sessionRef.current?.fitPage();
      if (scaled) setScale(scaled);
    }
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

  /** Saves what `read` gives of the open document under `name`; a failure is the notice. */
  const download = async (read: (session: PdfSession) => Promise<Uint8Array>, name?: string) => {
    const session = sessionRef.current;
    if (!session) return;
    setDownloading(true);
    setNotice("");
    try {
      saveBytes(await read(session), name);
    } catch (error) {
      console.error(error);
      setNotice(VIEWER_MESSAGES.loadFailed);
    } finally {
      setDownloading(false);
    }
  };
  const onDownload = () => download((session) => session.data());
  const onDownloadAnnotated = () =>
    download((session) => session.annotatedData(), ANNOTATED_DOWNLOAD_NAME);

  // A tool button switches pdf.js's editor to its mode, or back to reading when it was on.
  const onTool = (next: EditorTool) => {
    const mode = tool === next ? "none" : next;
    setToolState(mode);
    sessionRef.current?.setTool(mode);
  };
  // The picker opens in the click itself (the browser's user activation lasts only so long,
  // and pdf.js's mode switch is asynchronous); the chosen file then becomes the new image. The
  // input is made for each pick and never put in the page, as pdf.js's stamp editor does: a
  // click on a hidden (display: none) file input in the page now and then opened no picker.
  const pickImage = () => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = IMAGE_TYPES;
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      if (!file) return;
      setToolState("stamp");
      sessionRef.current?.addImage(file);
    });
    input.click();
  };
  const onImage = () => {
    if (tool === "stamp") onTool("stamp");
    else pickImage();
  };

  const answerAltText = (answer: AltTextData | null) => {
    altTextRequest?.resolve(answer);
    setAltTextRequest(null);
  };

  const goToPage = (wanted: number) => {
    sessionRef.current?.goToPage(wanted);
    setPage(wanted);
    if (!window.matchMedia(WIDE_SCREEN).matches) setPanelOpen(false);
  };
  const onOutline = (item: OutlineItem) => {
    sessionRef.current?.goToOutline(item);
    if (!window.matchMedia(WIDE_SCREEN).matches) setPanelOpen(false);
  };
  const drawThumbnail = useCallback(
    (n: number, canvas: HTMLCanvasElement, width: number) =>
      sessionRef.current?.drawThumbnail(n, canvas, width) ?? Promise.resolve(),
    [],
  );
  const editing = ready && firstPageDrawn;

  let status: { text: string; alert: boolean } | null = null;
  if (load.kind === "loading") status = { text: VIEWER_MESSAGES.loading, alert: false };
  else if (load.kind === "error") status = { text: load.message, alert: true };
  else if (load.pages === 0) status = { text: VIEWER_MESSAGES.noPage, alert: true };
  else if (!firstPageDrawn) status = { text: VIEWER_MESSAGES.pageLoading, alert: false };

  return (
    <>
      <section
        ref={sectionRef}
        aria-label={t("Full text (PDF)")}
        // The whole viewport above the fixed footer (decision 268): one toolbar, then the pages.
        className="pdf-reader flex h-[calc(100dvh-var(--spacing-footer))] flex-col overflow-hidden border-y border-slate-300 bg-slate-200 sm:rounded-lg sm:border-x"
      >
        <div
          role="toolbar"
          aria-label={t("PDF tools")}
          className="flex flex-wrap items-center gap-x-1 gap-y-2 border-b border-slate-300 bg-white px-2 py-1.5 sm:gap-x-2 sm:px-3"
        >
          <div className="flex items-center gap-1">
            {zoomButton("out")}
            <output
              aria-label={t("Zoom level")}
              aria-live="polite"
              className="w-11 text-center text-sm tabular-nums text-slate-700 sm:w-14"
            >
              {t("{zoom, number, percent}", { zoom: zoomLevel(scale) })}
            </output>
            {zoomButton("in")}
          </div>
          <form
            className="flex items-center gap-1 text-sm tabular-nums text-slate-700"
            onSubmit={onPageSubmit}
          >
            <label htmlFor="pdf-page-input" className="max-sm:sr-only">
              {t("Page")}
            </label>
            <input
              id="pdf-page-input"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-label={
                ready
                  ? t("Page number, of {pages, number}", { pages: load.pages })
                  : t("Page number")
              }
              className="h-9 w-11 rounded border border-slate-300 px-1 text-center"
              disabled={!ready || load.pages === 0}
              value={pageInput}
              onChange={(e) => setPageInput(e.target.value)}
              onBlur={() => setPageInput(String(page))}
            />
            <span data-testid="pdf-page-count">
              {ready && load.pages > 0 ? t("of {pages, number}", { pages: load.pages }) : "\u00a0"}
            </span>
          </form>
          {/* The secondary controls: in the toolbar's one row from 1280 px up (`xl:contents`);
            below, in a row of their own that 'More tools' opens (decision 268). */}
          <div
            id="pdf-more-tools"
            className={`${moreOpen ? "flex" : "hidden"} flex-wrap items-center gap-1 max-xl:order-1 max-xl:basis-full max-xl:border-t max-xl:border-slate-200 max-xl:pt-2 xl:contents`}
          >
            <ToggleButton
              state="pressed"
              controls="pdf-side-panel"
              open={panelOpen}
              setOpen={setPanelOpen}
              aria-label={t("Outline and pages")}
              title={t("Show or hide the outline and page thumbnails")}
              icon="panel"
            />
            {FITS.map(({ fit, text, title }) => (
              <ToolbarButton
                key={fit}
                disabled={!ready}
                onClick={() => onFit(fit)}
                title={t(title)}
                text={t(text)}
              />
            ))}
            <span className="mx-0.5 h-6 w-px bg-slate-300 max-xl:hidden" aria-hidden="true" />
            {/* biome-ignore lint/a11y/useSemanticElements: a group of toggles, not a fieldset */}
            <div
              role="group"
              aria-label={t("Annotation tools")}
              // longer words than English wrap to a line of their own, within the reader
              className="flex flex-wrap items-center gap-1"
            >
              {ANNOTATION_TOOLS.map((item) => (
                <ToolbarButton
                  key={item.tool}
                  className={toolClass}
                  aria-pressed={tool === item.tool}
                  disabled={!editing}
                  onClick={item.tool === "stamp" ? onImage : () => onTool(item.tool)}
                  title={t(item.title)}
                  icon={item.icon}
                  text={t(item.text)}
                  textClass="xl:sr-only"
                />
              ))}
              {HISTORY_ACTIONS.map(({ action, label, title, enabledBy }) => (
                <ToolbarButton
                  key={action}
                  aria-label={t(label)}
                  title={t(title)}
                  disabled={!editing || !editorStates[enabledBy]}
                  onClick={() => sessionRef.current?.editingAction(action)}
                  icon={action}
                />
              ))}
              {/* after Undo and Redo, which it must never push away, and an icon alone in the
                  one-row toolbar, so that choosing Image does not wrap it (issue 34) */}
              {tool === "stamp" ? (
                <ToolbarButton
                  disabled={!editing}
                  onClick={pickImage}
                  icon="plus"
                  title={t("Add image")}
                  text={t("Add image")}
                  textClass="xl:sr-only"
                />
              ) : null}
            </div>
            <span className="mx-0.5 h-6 w-px bg-slate-300 max-xl:hidden" aria-hidden="true" />
            <ToggleButton
              controls="pdf-find"
              open={findOpen}
              setOpen={setFindOpen}
              title={t("Find in document")}
              disabled={!ready}
              icon="find"
              text={t("Find")}
              textClass="xl:sr-only"
            />
            <ToolbarButton
              disabled={!ready || downloading}
              onClick={onDownloadAnnotated}
              aria-label={t("Download with my annotations")}
              title={t("Download the PDF with my annotations")}
              icon="downloadMarked"
              text={t("With my annotations")}
              textClass="xl:sr-only"
            />
          </div>
          <div className="ms-auto flex items-center gap-1">
            <ToolbarButton
              disabled={!ready || downloading}
              onClick={onDownload}
              title={t("Download the PDF (document.pdf)")}
              icon="download"
              text={t("Download")}
              textClass="max-sm:sr-only"
            />
            <ToolbarButton
              onClick={onClose}
              title={t("Close the PDF")}
              icon="close"
              text={t("Close")}
              textClass="max-sm:sr-only"
            />
            <ToggleButton
              extraClass="xl:hidden"
              controls="pdf-more-tools"
              open={moreOpen}
              setOpen={setMoreOpen}
              aria-label={t("More tools")}
              title={t("Outline, fit, annotation tools, find")}
              icon="more"
            >
              {/* a tool in use is shown on the button while its row is closed */}
              {tool !== "none" && !moreOpen ? (
                <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
              ) : null}
            </ToggleButton>
          </div>
          <search
            id="pdf-find"
            aria-label={t("Find in document")}
            hidden={!findOpen}
            className="order-2 basis-full border-t border-slate-200 pt-2"
          >
            <form
              className="flex flex-wrap items-center gap-1"
              onSubmit={(e) => {
                e.preventDefault();
                runFind(query, false);
              }}
            >
              <input
                ref={findInputRef}
                type="search"
                // what a reader looks for is in the paper's language, not the page's
                dir="auto"
                aria-label={t("Find in document")}
                placeholder={t("Find in document…")}
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
              {FIND_STEPS.map(({ previous, label, title, icon }) => (
                <ToolbarButton
                  key={label}
                  aria-label={t(label)}
                  title={t(title)}
                  disabled={!ready || !found?.total}
                  onClick={() => runFind(query, previous)}
                  icon={icon}
                />
              ))}
              <output
                aria-live="polite"
                data-testid="pdf-find-count"
                dir="auto"
                className="text-sm text-slate-700"
              >
                {query && found ? findMessage(found, t) : ""}
              </output>
            </form>
          </search>
        </div>
        {notice ? (
          <p role="alert" className="bg-red-50 px-3 py-2 text-sm text-red-800">
            {t(notice)}
          </p>
        ) : null}
        <div className="relative flex min-h-0 flex-1">
          <aside
            id="pdf-side-panel"
            aria-label={t("Outline and pages")}
            hidden={!panelOpen}
            className="absolute inset-y-0 start-0 z-20 w-44 border-e border-slate-300 bg-white shadow-lg lg:static lg:shadow-none"
          >
            {panelOpen && ready ? (
              <SidePanel
                outline={outline}
                pages={load.pages}
                currentPage={page}
                onOutline={onOutline}
                onPage={goToPage}
                drawThumbnail={drawThumbnail}
              />
            ) : null}
          </aside>
          <div className="relative min-w-0 flex-1">
            {/* pdf.js accepts only a <div> as its container, so the region role is given here.
              The pages keep pdf.js's left-to-right geometry in every language (its scroll
              and find code measure from the left); the text layer has each run's own direction. */}
            {/* biome-ignore lint/a11y/useSemanticElements: see above */}
            <div
              ref={containerRef}
              // A scroll area must be reachable by keyboard to be scrolled without a mouse
              // (WCAG 2.1.1; axe "scrollable-region-focusable").
              // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
              tabIndex={0}
              role="region"
              dir="ltr"
              aria-label={title ? t("PDF pages of {title}", { title }) : t("PDF pages")}
              aria-busy={!ready || !firstPageDrawn}
              className="absolute inset-0 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <div ref={viewerRef} className="pdfViewer" />
            </div>
          </div>
          {status ? (
            <div className="pointer-events-none absolute inset-x-0 top-6 flex justify-center px-4">
              <p
                role={status.alert ? "alert" : "status"}
                className={`rounded-md px-4 py-3 text-center text-sm shadow ${
                  status.alert ? "bg-red-50 text-red-800" : "bg-white text-slate-700"
                }`}
              >
                {t(status.text)}
              </p>
            </div>
          ) : null}
        </div>
        {altTextRequest ? (
          <AltTextDialog
            key={altTextRequest.key}
            current={altTextRequest.current}
            onSave={answerAltText}
            onCancel={() => answerAltText(null)}
          />
        ) : null}
        {prompt ? (
          <PasswordDialog
            key={prompt.key}
            retry={prompt.retry}
            onSubmit={(password) => answer(password)}
            onCancel={() => answer(null)}
          />
        ) : null}
      </section>
      <KeyboardHelp />
    </>
  );
}

/**
 * The reader's help for keyboard users (issue 34, decision 450), below the reader: the pages are
 * one Tab stop, and a highlight is made by selecting text with the caret (caret browsing) and
 * Shift with the arrow keys while the Highlight tool is on; pdf.js makes the highlight when
 * Shift is released.
 */
function KeyboardHelp() {
  const t = useT();
  return (
    <details className="mt-3 rounded-sm border border-slate-300 bg-white px-4 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-900">
        {t("Using the reader with a keyboard")}
      </summary>
      <ul className="mt-2 list-disc space-y-1.5 ps-5">
        <li>
          {t(
            "Tab moves through the tools, then to the pages, which are one stop: the arrow keys, Page Up and Page Down scroll them.",
          )}
        </li>
        <li>
          {t(
            "To highlight: choose Highlight, turn on caret browsing (F7 in Chrome, Edge and Firefox), move the caret into the text with the arrow keys, then hold Shift and press the arrow keys to select. The highlight is made when you release Shift.",
          )}
        </li>
        <li>
          {t(
            "An image: choose Image and pick a file, then describe it; focus comes back to the image. Tab reaches each annotation; the arrow keys move it, Delete removes it, Ctrl+Z undoes.",
          )}
        </li>
      </ul>
    </details>
  );
}
