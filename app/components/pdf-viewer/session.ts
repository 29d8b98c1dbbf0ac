/**
 * One open PDF in pdf.js's own viewer (`PDFViewer` with `EventBus` and `PDFLinkService`):
 * every page with its canvas, text layer, annotation layer (links, notes, form fields) and
 * annotation editor layer (highlights). Imported lazily by the React component; no React here.
 *
 * Loading (docs/product/screens.md and docs/product/errors.md, docs/product/files.md): range requests (`disableAutoFetch`,
 * `disableStream`) so only the bytes of the pages on screen are fetched from the 206-capable
 * galley route; a protected file asks `events.password` (pdf.js `onPassword` with
 * `PasswordResponses`) until the right password or a cancel; missing fonts only make pdf.js log a
 * warning and fall back, rendering continues. pdf.js's own texts (page landmarks, the editors'
 * buttons) and the spec's 'Failed to load the page.' are in the page's language
 * (`OpenOptions.translate`, ./pdfjs-l10n.ts; decision 426).
 */
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
import type { PDFViewer } from "pdfjs-dist/web/pdf_viewer.mjs";
import { VIEWER_MESSAGES } from "../../../shared/constants.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import {
  annotationKey,
  loadAnnotations,
  type SerializedEditor,
  saveAnnotations,
} from "./annotation-store.ts";
import { loadPdfjs, pdfjsDataUrls, pdfjsImagesUrl } from "./pdfjs.ts";
import { ReaderL10n } from "./pdfjs-l10n.ts";

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
  /** pdf.js's annotation editor mode changed (by a tool button or by pdf.js itself). */
  toolChanged: (tool: EditorTool) => void;
  /** What the editor can do now (pdf.js's "editingstateschanged"). */
  editorStatesChanged: (states: EditorStates) => void;
  /**
   * pdf.js asks for a stamp's alt text (its `AltTextManager` role): resolve with the new alt text,
   * or `null` when the reader cancels. `firstTime` when the image was just added.
   */
  altText: (current: AltTextData, firstTime: boolean) => Promise<AltTextData | null>;
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

/** The reader's tools: pdf.js's editor modes NONE, HIGHLIGHT, INK (pen) and STAMP (image). */
export type EditorTool = "none" | "highlight" | "ink" | "stamp";

/** What the annotation editor reports (subset of pdf.js's "editingstateschanged"). */
export type EditorStates = { canUndo: boolean; canRedo: boolean; hasSelection: boolean };

/** A stamp's alt text as pdf.js keeps it (`editor.altTextData`; docs/product/data.md). */
export type AltTextData = { altText: string; decorative: boolean };

/** One entry of the PDF's outline (bookmarks), with its children. */
export type OutlineItem = {
  title: string;
  dest: unknown;
  url: string | null;
  items: OutlineItem[];
};

export type PdfSession = {
  /** Resolves with the page count once the document is open; rejects when it cannot open. */
  loaded: Promise<number>;
  /** Applies a pdf.js scale (1 = 100 %); before the pages exist it is applied when they do. */
  setScale: (scale: number) => void;
  /** The document's bytes as served (all of them, fetching what range loading skipped). */
  data: () => Promise<Uint8Array>;
  /** Switches pdf.js's annotation editor to `tool` (`"none"`: reading, no editor active). */
  setTool: (tool: EditorTool) => void;
  /**
   * Adds `file` (an image type pdf.js draws: pdf-viewer.tsx `IMAGE_TYPES`) as a new image (pdf.js's stamp editor, centred on
   * the current page), switching to the stamp tool first. The caller picks the file: a file
   * picker opens only during the click that asks for it (the browser's user activation), and
   * switching pdf.js's mode is asynchronous, so the picker cannot wait for it (issue 34).
   */
  addImage: (file: File) => void;
  /** pdf.js's own undo / redo of the annotation editor (history of 128 steps). */
  editingAction: (name: "undo" | "redo") => void;
  /** The document with the reader's annotations written in (pdf.js `saveDocument`). */
  annotatedData: () => Promise<Uint8Array>;
  /** Writes the reader's annotations to this browser's storage now (also done after each change). */
  saveAnnotations: () => Promise<void>;
  /** The PDF's outline (bookmarks); `[]` when it has none. */
  outline: () => Promise<OutlineItem[]>;
  /** Follows an outline entry (an internal destination, or an external link in a new tab). */
  goToOutline: (item: OutlineItem) => void;
  /**
   * Draws page `page` (1-based) into `canvas`, `width` CSS pixels wide (the side panel's
   * thumbnails); resolves when drawn.
   */
  drawThumbnail: (page: number, canvas: HTMLCanvasElement, width: number) => Promise<void>;
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

/** What this module uses of pdf.js's `AnnotationEditor` (not in pdfjs-dist's public types). */
type Editor = {
  id: string;
  div: HTMLElement | null;
  x: number;
  y: number;
  width: number;
  height: number;
  deleted: boolean;
  isEmpty?: () => boolean;
  /** pdf.js's `AnnotationEditorType` of the editor (`AnnotationEditor.mode`). */
  mode: number;
  serialize: (isForCopying?: boolean) => Record<string, unknown> | null;
  hasAltTextData: () => boolean;
  altTextFinish: () => void;
  altTextData: { altText?: string | null; decorative?: boolean } | { cancel: true } | null;
};

/** What this module uses of pdf.js's `AnnotationEditorLayer`. */
type EditorLayer = {
  deserialize: (data: SerializedEditor) => Promise<Editor | null>;
  add: (editor: Editor) => void;
  div: HTMLElement;
  isEmpty: boolean;
};

/** What this module uses of pdf.js's `AnnotationEditorUIManager`. */
type UiManager = {
  getLayer: (pageIndex: number) => EditorLayer | undefined;
  getEditors: (pageIndex: number) => Iterable<Editor>;
  getEditor: (id: string) => Editor | undefined;
  unselectAll: () => void;
  undo: () => void;
  setSelected: (editor: Editor) => void;
  removeEditListeners: () => void;
  addEditListeners: () => void;
};

/**
 * An editor in the form `EditorLayer.deserialize` reads back, or `null` when it has nothing to
 * keep. pdf.js's copy form (`serialize(true)`, what its copy and paste uses) carries a stamp's
 * image as a data URL, but a highlight refuses to be copied (`HighlightEditor.serialize` returns
 * `null` for it), so a highlight is kept in its save form: quad points (or the free highlight's
 * outline points), colour, opacity and thickness, which its `deserialize` reads too. Typed arrays
 * become plain arrays so the record compares and stores as plain data.
 */
function serializeForStore(editor: Editor, highlightMode: number): Record<string, unknown> | null {
  const data =
    editor.serialize(true) ?? (editor.mode === highlightMode ? editor.serialize(false) : null);
  if (!data) return null;
  return JSON.parse(
    JSON.stringify(data, (_key, value: unknown) =>
      ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value,
    ),
  ) as Record<string, unknown>;
}

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
  /** `t` in the page's language, for pdf.js's texts and the page failure. */
  translate: Translate;
};

/** Marks a page whose drawing failed with the spec's message (section 8), in `text`. */
function markFailedPage(pageDiv: HTMLElement | undefined, text: string): void {
  if (!pageDiv || pageDiv.querySelector(".athenaeum-page-error")) return;
  const note = document.createElement("p");
  note.className = "athenaeum-page-error";
  note.setAttribute("role", "alert");
  note.textContent = text;
  pageDiv.append(note);
}

/** Starts loading `url` into the viewer; resolves as soon as pdf.js is ready to fetch. */
export async function openPdf(options: OpenOptions): Promise<PdfSession> {
  const { container, viewer, url, events, translate } = options;
  const { lib, components } = await loadPdfjs();
  const { AnnotationEditorParamsType, AnnotationEditorType, AnnotationMode, PasswordResponses } =
    lib;
  const MODES: Record<EditorTool, number> = {
    none: AnnotationEditorType.NONE,
    highlight: AnnotationEditorType.HIGHLIGHT,
    ink: AnnotationEditorType.INK,
    stamp: AnnotationEditorType.STAMP,
  };
  const toolOf = (mode: number): EditorTool =>
    (Object.keys(MODES) as EditorTool[]).find((tool) => MODES[tool] === mode) ?? "none";

  // pdf.js's editor manager, handed out by PDFViewer once a document is set.
  let uiManager: UiManager | null = null;
  // Images put back from the reader's saved annotations: pdf.js treats an image read from a URL
  // as newly added and would ask for its alt text again on every visit (issue 15).
  const restored = new WeakSet<Editor>();
  // pdf.js's AltTextManager role (web/new_alt_text_manager.js): the dialog is ours (React), the
  // rest is what pdf.js's own manager does around it.
  const altTextManager = {
    async editAltText(manager: UiManager, editor: Editor, firstTime: boolean) {
      if (firstTime && (editor.hasAltTextData() || restored.has(editor))) {
        editor.altTextFinish();
        return;
      }
      manager.removeEditListeners();
      const current = (editor.altTextData ?? {}) as {
        altText?: string | null;
        decorative?: boolean;
      };
      let answer: AltTextData | null = null;
      try {
        answer = await events.altText(
          { altText: current.altText ?? "", decorative: Boolean(current.decorative) },
          firstTime,
        );
      } finally {
        if (!destroyed) {
          editor.altTextData = answer
            ? { altText: answer.altText.trim(), decorative: answer.decorative }
            : { cancel: true };
          manager.addEditListeners();
          editor.altTextFinish();
          manager.setSelected(editor);
          scheduleSave();
          // Focus goes back to the image, as after every dialog (issue 34): the dialog's own
          // return lands on a control that pdf.js has meanwhile hidden, and so on <body>.
          requestAnimationFrame(() => {
            if (!destroyed) editor.div?.focus({ preventScroll: true });
          });
        }
      }
    },
    destroy() {},
  };

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
  // pdf.js's texts (the editors' button titles, aria labels, page landmarks) in the page's
  // language, not GenericL10n's built-in en-US (decision 426); given an `l10n`, PDFViewer leaves
  // translating its container to its owner, done below.
  const root = document.documentElement;
  const l10n = new ReaderL10n(translate, root.lang, root.dir === "rtl" ? "rtl" : "ltr");
  // pdfjs-dist's typings lag behind its options (`enableUpdatedAddImage`, `altTextManager`, …).
  type ViewerOptions = ConstructorParameters<typeof components.PDFViewer>[0];
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
    // Stamps: pdf.js's current image flow, whose alt text button shows the status
    // (missing / review / added) and which asks for the alt text when an image is added.
    enableUpdatedAddImage: true,
    enableNewAltTextWhenAddingImage: true,
    altTextManager,
    imageResourcesPath: pdfjsImagesUrl(lib.version),
    supportsPinchToZoom: false, // the zoom rule is the spec's (zoom.ts), not the gesture's
    // pdfjs-dist types `l10n` as its L10n class; PDFViewer calls only the interface pdf.js
    // defines for it (web/interfaces.js, IL10n), which ReaderL10n implements.
    l10n: l10n as unknown as ViewerOptions["l10n"],
  } as ViewerOptions);
  linkService.setViewer(pdfViewer);
  void l10n.translate(container);

  let scale = options.scale;
  let pagesReady = false;
  let pagesLoaded = false;
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
  });
  // A find started before every page is loaded lost the text of the later pages (its count
  // stopped at pages 1-2 of a 14-page PDF loaded by ranges): the query waits for all of them.
  eventBus.on("pagesloaded", () => {
    pagesLoaded = true;
    runPendingFind();
  });
  eventBus.on("pagechanging", (e: { pageNumber: number }) => events.pageChanged(e.pageNumber));
  // pdf.js makes each page's text layer, and with a drawing tool on each page's editor layer, a
  // Tab stop (tabIndex 0): 38 pages, 38 stops, each taller than the window. The pages' region
  // is the document's one stop (issue 34); the text stays selectable with the caret (caret
  // browsing) and Shift with the arrow keys, which is how a keyboard user highlights, and each
  // annotation (an editor) stays a stop of its own.
  const LAYERS = ".textLayer, .annotationEditorLayer";
  const unstop = (node: Node) => {
    if (!(node instanceof HTMLElement)) return;
    const layers = node.matches(LAYERS) ? [node] : node.querySelectorAll<HTMLElement>(LAYERS);
    for (const layer of layers) if (layer.tabIndex === 0) layer.tabIndex = -1;
  };
  const pageLayers = new MutationObserver((changes) => {
    for (const change of changes) {
      unstop(change.target);
      for (const added of change.addedNodes) unstop(added);
    }
  });
  pageLayers.observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["tabindex"],
  });
  eventBus.on("pagerendered", (e: { pageNumber: number; error: unknown }) => {
    if (e.error) {
      markFailedPage(
        pdfViewer.getPageView(e.pageNumber - 1)?.div,
        translate(VIEWER_MESSAGES.pageFailed),
      );
    }
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
  eventBus.on("annotationeditormodechanged", (e: { mode: number }) => {
    events.toolChanged(toolOf(e.mode));
    scheduleSave();
  });
  eventBus.on(
    "editingstateschanged",
    (e: {
      details: {
        hasSomethingToUndo?: boolean;
        hasSomethingToRedo?: boolean;
        hasSelectedEditor?: boolean;
      };
    }) => {
      const d = e.details;
      if (d.hasSomethingToUndo !== undefined) states.canUndo = d.hasSomethingToUndo;
      if (d.hasSomethingToRedo !== undefined) states.canRedo = d.hasSomethingToRedo;
      if (d.hasSelectedEditor !== undefined) states.hasSelection = d.hasSelectedEditor;
      events.editorStatesChanged({ ...states });
      scheduleSave();
    },
  );
  eventBus.on("annotationeditoruimanager", (e: { uiManager: UiManager }) => {
    uiManager = e.uiManager;
  });

  // The reader's saved annotations (annotation-store.ts): an editor is put back when its page's
  // editor layer first exists (pdf.js creates layers only for pages it draws); until then it stays
  // pending and is still part of what is saved.
  const storeKey = annotationKey(url);
  let fingerprint = "";
  const pending = new Map<number, SerializedEditor[]>();
  let restoredOnce = false;
  const restorePage = async (pageIndex: number) => {
    const editors = pending.get(pageIndex);
    const layer = uiManager?.getLayer(pageIndex);
    if (!editors || !layer) return;
    pending.delete(pageIndex);
    for (const data of editors) {
      try {
        const editor = await layer.deserialize(data);
        if (editor && !destroyed) {
          restored.add(editor);
          layer.add(editor);
        }
      } catch (error) {
        console.warn("A saved annotation could not be restored", error);
      }
    }
    if (destroyed) return;
    // In reading mode pdf.js hides a page's editor layer that was empty when drawn (its
    // `render`), and `add` does not show it again: an image, the one kind drawn inside that
    // layer (drawings and highlights are in the page's draw layer), stayed invisible.
    if (!layer.isEmpty) layer.div.hidden = false;
    uiManager?.unselectAll();
  };
  const layerRendered = new Set<number>();
  eventBus.on("annotationeditorlayerrendered", (e: { pageNumber: number }) => {
    layerRendered.add(e.pageNumber - 1);
    void restorePage(e.pageNumber - 1);
  });
  const snapshot = (): SerializedEditor[] => {
    const list: SerializedEditor[] = [];
    if (!uiManager) return list;
    for (let i = 0; i < pdfViewer.pagesCount; i++) {
      for (const editor of uiManager.getEditors(i)) {
        if (editor.deleted || editor.isEmpty?.()) continue;
        try {
          const data = serializeForStore(editor, AnnotationEditorType.HIGHLIGHT);
          if (data) list.push({ ...data, pageIndex: i });
        } catch (error) {
          // An image still being loaded has no bitmap yet; it is saved on the next change.
          console.warn("An annotation could not be saved yet", error);
        }
      }
    }
    for (const editors of pending.values()) list.push(...editors);
    return list;
  };
  let lastSaved = "";
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const saveNow = async () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    if (!restoredOnce || destroyed || !fingerprint) return;
    const editors = snapshot();
    const json = JSON.stringify(editors);
    if (json === lastSaved) return;
    lastSaved = json;
    await saveAnnotations(storeKey, fingerprint, editors);
  };
  function scheduleSave() {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void saveNow(), 300);
  }
  // Moves and resizes change no editor state pdf.js reports: every pointer or key action in
  // the pages is followed by a (debounced) save, which writes only when something changed.
  const abort = new AbortController();
  // Listened on the document: some changes end outside the pages (leaving the pen tool is what
  // turns its strokes into a drawing; the undo and redo buttons are in the toolbar).
  for (const type of ["pointerup", "keyup", "change"]) {
    document.addEventListener(type, scheduleSave, { signal: abort.signal });
  }
  window.addEventListener("pagehide", () => void saveNow(), { signal: abort.signal });

  // docs/product/states.md: Escape stops keyboard resizing and restores the saved size and position.
  // pdf.js's Escape stops resizing and keeps the new size as one undoable step, so that step is
  // undone at once when the size or position changed.
  type Dims = { x: number; y: number; width: number; height: number };
  const resizeStart = new WeakMap<Editor, Dims>();
  const editorOf = (target: EventTarget | null): Editor | null => {
    const div = (target as HTMLElement | null)?.closest?.(".annotationEditorLayer > [id]");
    return (div && uiManager?.getEditor(div.id)) || null;
  };
  const dimsOf = (e: Editor): Dims => ({ x: e.x, y: e.y, width: e.width, height: e.height });
  container.addEventListener(
    "keydown",
    (event) => {
      const target = event.target as HTMLElement;
      const editor = editorOf(target);
      if (!editor) return;
      if (event.key === "Enter" && target === editor.div) resizeStart.set(editor, dimsOf(editor));
      if (event.key === "Escape" && target.parentElement?.classList.contains("resizers")) {
        const start = resizeStart.get(editor);
        resizeStart.delete(editor);
        if (!start) return;
        // After pdf.js's own Escape handler on the handle (a task later: microtasks would run
        // between this capturing listener and pdf.js's).
        setTimeout(() => {
          const now = dimsOf(editor);
          const moved = (Object.keys(start) as (keyof Dims)[]).some(
            (k) => Math.abs(now[k] - start[k]) > 1e-9,
          );
          if (moved) uiManager?.undo();
          scheduleSave();
        }, 0);
      }
    },
    { capture: true, signal: abort.signal },
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

  let thumbnails: Promise<void> = new Promise((resolve) => {
    eventBus.on("pagerendered", () => resolve(), { once: true });
  });
  const states: EditorStates = { canUndo: false, canRedo: false, hasSelection: false };
  const loaded = task.promise.then(
    async (doc) => {
      if (destroyed) throw new Error("destroyed");
      fingerprint = doc.fingerprints[0] ?? "";
      const saved = await loadAnnotations(storeKey, fingerprint);
      if (destroyed) throw new Error("destroyed");
      for (const data of saved) {
        if (!Number.isInteger(data.pageIndex) || data.pageIndex < 0) continue;
        if (data.pageIndex >= doc.numPages) continue;
        pending.set(data.pageIndex, [...(pending.get(data.pageIndex) ?? []), data]);
      }
      lastSaved = JSON.stringify(saved);
      restoredOnce = true;
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
    setTool(tool) {
      if (!pagesReady || destroyed) return;
      pdfViewer.annotationEditorMode = { mode: MODES[tool] };
    },
    addImage(file) {
      if (!pagesReady || destroyed) return;
      const create = () => {
        eventBus.dispatch("switchannotationeditorparams", {
          source: null,
          type: AnnotationEditorParamsType.CREATE,
          // StampEditor reads `bitmapFile` instead of opening its own picker
          value: { bitmapFile: file },
        });
      };
      if ((pdfViewer.annotationEditorMode as unknown) === AnnotationEditorType.STAMP) create();
      else {
        eventBus.on("annotationeditormodechanged", create, { once: true });
        pdfViewer.annotationEditorMode = { mode: AnnotationEditorType.STAMP };
      }
    },
    editingAction(name) {
      if (destroyed) return;
      eventBus.dispatch("editingaction", { source: null, name });
      scheduleSave();
    },
    async annotatedData() {
      const doc = await loaded.then(() => task.promise);
      // Editors of pages never drawn in this visit are still pending: drawing those pages
      // creates their editor layers, which restores them into the document's storage.
      for (const pageIndex of [...pending.keys()]) {
        const view = pdfViewer.getPageView(pageIndex);
        if (!layerRendered.has(pageIndex)) {
          const drawn = new Promise<void>((resolve) => {
            const onRendered = (e: { pageNumber: number }) => {
              if (e.pageNumber !== pageIndex + 1) return;
              eventBus.off("annotationeditorlayerrendered", onRendered);
              resolve();
            };
            eventBus.on("annotationeditorlayerrendered", onRendered);
          });
          await view?.draw();
          await drawn;
        }
        await restorePage(pageIndex);
      }
      return doc.saveDocument();
    },
    saveAnnotations: saveNow,
    async outline() {
      const doc = await loaded.then(() => task.promise);
      type Raw = { title: string; dest: unknown; url: string | null; items: Raw[] };
      const convert = (items: Raw[] | null): OutlineItem[] =>
        (items ?? []).map((i) => ({
          title: i.title,
          dest: i.dest,
          url: i.url ?? null,
          items: convert(i.items),
        }));
      return convert((await doc.getOutline()) as Raw[] | null);
    },
    goToOutline(item) {
      if (destroyed) return;
      if (item.dest) void linkService.goToDestination(item.dest as string);
      else if (item.url) window.open(item.url, "_blank", "noopener,noreferrer");
    },
    drawThumbnail(pageNumber, canvas, width) {
      // One thumbnail at a time, after the pages on screen: drawing the same page as the viewer
      // at the same moment held back the viewer's own drawing.
      const run = thumbnails.then(async () => {
        const doc = await loaded.then(() => task.promise);
        if (destroyed) return;
        const pdfPage = await doc.getPage(pageNumber);
        const base = pdfPage.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: (width / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        await pdfPage.render({ canvas, viewport, intent: "print" }).promise;
      });
      thumbnails = run.catch(() => {});
      return run;
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
      // start from page index -1 and never select a match; before "pagesloaded" it counts only
      // the pages loaded so far: the query waits for every page.
      pendingFind = () => findNow(query, again, previous);
      if (pagesReady && pagesLoaded) runPendingFind();
    },
    destroy() {
      if (destroyed) return;
      void saveNow();
      destroyed = true;
      pageLayers.disconnect();
      abort.abort();
      findController.setDocument(null as unknown as PDFDocumentProxy); // pdf.js accepts null: reset
      pdfViewer.setDocument(null);
      linkService.setDocument(null, null);
      void task.destroy();
      void l10n.destroy();
    },
  };
}
