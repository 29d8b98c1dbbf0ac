/**
 * pdf.js's own texts in the page's language (issue 32; decision 426). pdf.js marks what it draws
 * inside the pages with Fluent ids (`data-l10n-id`, values in `data-l10n-args`): each page's
 * landmark, the annotation editors' buttons, resize handles, colour picker and alt text badge,
 * a note's icon and date. Its viewer translates them with `GenericL10n`, which reads Fluent files
 * the site does not serve and otherwise falls back to its built-in en-US strings. This is the
 * `l10n` the reader gives `PDFViewer` instead: the same interface (pdf.js's `IL10n`: `get`,
 * `translate`, `pause`, `resume`…) and the same DOM behaviour (a root observed for elements
 * that get an id or new values, as `@fluent/dom`'s `DOMLocalization` does), with the words as
 * catalogue messages ({@link PDFJS_TEXTS}), whose English is pdf.js's en-US text.
 *
 * Only the ids this reader can make pdf.js show are here (pdfjs-dist 6.5: its highlight, pen and
 * image editors, the annotation layer); an id not listed is left as pdf.js wrote it. A pdf.js
 * upgrade must re-check the ids (`grep -o '"pdfjs-[a-z0-9-]*"'` in pdf.mjs and pdf_viewer.mjs).
 */
import type { Translate } from "../../../shared/i18n/translator.ts";

/** What one id gives an element: its text, and attributes (title, aria-label, alt…). */
type Texts = { value?: string; attrs?: Record<string, string> };
type Args = Record<string, unknown>;

const ID = "data-l10n-id";
const ARGS = "data-l10n-args";

const count = (value: unknown) => (typeof value === "number" ? value : Number(value) || 0);
const text = (value: unknown) => (typeof value === "string" ? value : String(value ?? ""));
const title = (value: string): Texts => ({ attrs: { title: value } });
const label = (value: string): Texts => ({ attrs: { "aria-label": value } });

/** pdf.js's ids this reader can show, each in catalogue messages. */
const PDFJS_TEXTS: Record<string, (t: Translate, args: Args) => Texts> = {
  "pdfjs-page-landmark": (t, a) => label(t("Page {page, number}", { page: count(a.page) })),
  // the editors of the reader's tools (highlight, pen, image) and their toolbars
  "pdfjs-editor-highlight-editor": (t) => label(t("Highlight editor")),
  "pdfjs-editor-ink-editor": (t) => label(t("Drawing editor")),
  "pdfjs-editor-stamp-editor": (t) => label(t("Image editor")),
  "pdfjs-editor-remove-highlight-button": (t) => title(t("Remove highlight")),
  "pdfjs-editor-remove-ink-button": (t) => title(t("Remove drawing")),
  "pdfjs-editor-remove-stamp-button": (t) => title(t("Remove image")),
  "pdfjs-highlight-floating-button1": (t) => {
    const name = t("Highlight");
    return { attrs: { title: name, "aria-label": name } };
  },
  "pdfjs-highlight-floating-button-label": (t) => ({ value: t("Highlight") }),
  "pdfjs-editor-resizer-top-left": (t) => label(t("Top left corner — resize")),
  "pdfjs-editor-resizer-top-middle": (t) => label(t("Top middle — resize")),
  "pdfjs-editor-resizer-top-right": (t) => label(t("Top right corner — resize")),
  "pdfjs-editor-resizer-middle-right": (t) => label(t("Middle right — resize")),
  "pdfjs-editor-resizer-bottom-right": (t) => label(t("Bottom right corner — resize")),
  "pdfjs-editor-resizer-bottom-middle": (t) => label(t("Bottom middle — resize")),
  "pdfjs-editor-resizer-bottom-left": (t) => label(t("Bottom left corner — resize")),
  "pdfjs-editor-resizer-middle-left": (t) => label(t("Middle left — resize")),
  "pdfjs-editor-colorpicker-button": (t) => title(t("Change color")),
  "pdfjs-editor-colorpicker-dropdown": (t) => label(t("Color choices")),
  "pdfjs-editor-colorpicker-yellow": (t) => title(t("Yellow")),
  "pdfjs-editor-colorpicker-green": (t) => title(t("Green")),
  "pdfjs-editor-colorpicker-blue": (t) => title(t("Blue")),
  "pdfjs-editor-colorpicker-pink": (t) => title(t("Pink")),
  "pdfjs-editor-colorpicker-red": (t) => title(t("Red")),
  "pdfjs-editor-color-picker-ink-input": (t) => title(t("Change drawing color")),
  // an image's alt text badge (decision 205's images)
  "pdfjs-editor-alt-text-button": (t) => label(t("Alt text")),
  "pdfjs-editor-alt-text-button-label": (t) => ({ value: t("Alt text") }),
  "pdfjs-editor-alt-text-edit-button": (t) => label(t("Edit alt text")),
  "pdfjs-editor-alt-text-decorative-tooltip": (t) => ({ value: t("Marked as decorative") }),
  "pdfjs-editor-new-alt-text-added-button": (t) => label(t("Alt text added")),
  "pdfjs-editor-new-alt-text-added-button-label": (t) => ({ value: t("Alt text added") }),
  "pdfjs-editor-new-alt-text-missing-button": (t) => label(t("Missing alt text")),
  "pdfjs-editor-new-alt-text-missing-button-label": (t) => ({ value: t("Missing alt text") }),
  "pdfjs-editor-new-alt-text-to-review-button": (t) => label(t("Review alt text")),
  "pdfjs-editor-new-alt-text-to-review-button-label": (t) => ({ value: t("Review alt text") }),
  // the PDF's own annotations: a note's icon and its popup's date and button
  "pdfjs-text-annotation-type": (t, a) => ({
    attrs: { alt: t("[{type} Annotation]", { type: text(a.type) }) },
  }),
  "pdfjs-annotation-date-time-string": (t, a) => ({
    value: t("{date, date, short}, {date, time}", { date: new Date(count(a.dateObj)) }),
  }),
  "pdfjs-show-comment-button": (t) => title(t("Show comment")),
};

/** The texts of `id` with `args`, or null for an id this reader does not know. */
function textsOf(t: Translate, id: string, args: Args | null): Texts | null {
  const make = Object.hasOwn(PDFJS_TEXTS, id) ? PDFJS_TEXTS[id] : undefined;
  return make ? make(t, args ?? {}) : null;
}

/** The values an element carries for its id (`data-l10n-args`, JSON), none when unreadable. */
function argsOf(element: Element): Args | null {
  try {
    const parsed: unknown = JSON.parse(element.getAttribute(ARGS) ?? "null");
    return parsed && typeof parsed === "object" ? (parsed as Args) : null;
  } catch {
    return null;
  }
}

/** Writes the texts of `element`'s id into it (its text and its attributes). */
function translateElement(t: Translate, element: Element): void {
  const id = element.getAttribute(ID);
  const texts = id ? textsOf(t, id, argsOf(element)) : null;
  if (!texts) return;
  if (texts.value !== undefined && element.textContent !== texts.value) {
    element.textContent = texts.value;
  }
  for (const [name, value] of Object.entries(texts.attrs ?? {})) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/** Every element with an id in `root`, `root` included. */
function translatables(root: Element): Element[] {
  const found = [...root.querySelectorAll(`[${ID}]`)];
  if (root.hasAttribute(ID)) found.push(root);
  return found;
}

/**
 * The reader's `l10n` for pdf.js's `PDFViewer` (pdf.js's `IL10n`), translating with `t` (the
 * page's language). `translate(root)` translates the root and keeps watching it; `pause` and
 * `resume` bracket pdf.js's own large DOM changes (text layers), as with Fluent: what was
 * changed before the pause is translated, what is added while paused is not looked at.
 */
export class ReaderL10n {
  readonly #t: Translate;
  readonly #lang: string;
  readonly #dir: "ltr" | "rtl";
  readonly #roots = new Set<Element>();
  #observer: MutationObserver | null = null;

  constructor(t: Translate, lang: string, dir: "ltr" | "rtl") {
    this.#t = t;
    this.#lang = lang;
    this.#dir = dir;
  }

  getLanguage(): string {
    return this.#lang;
  }

  getDirection(): string {
    return this.#dir;
  }

  /** The value of `ids` (one id, or several: their values in order), "" for an unknown id. */
  async get(ids: string | string[], args: Args | null = null): Promise<string | string[]> {
    const value = (id: string, a: Args | null) => textsOf(this.#t, id, a)?.value ?? "";
    return Array.isArray(ids) ? ids.map((id) => value(id, null)) : value(ids, args);
  }

  async translate(element: Element): Promise<void> {
    this.#observer ??= new MutationObserver((records) => this.#apply(records));
    this.#roots.add(element);
    this.#observe(element);
    for (const found of translatables(element)) translateElement(this.#t, found);
  }

  async translateOnce(element: Element): Promise<void> {
    for (const found of translatables(element)) translateElement(this.#t, found);
  }

  pause(): void {
    if (!this.#observer) return;
    this.#apply(this.#observer.takeRecords());
    this.#observer.disconnect();
  }

  resume(): void {
    for (const root of this.#roots) this.#observe(root);
  }

  async destroy(): Promise<void> {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#roots.clear();
  }

  #observe(root: Element): void {
    this.#observer?.observe(root, {
      attributes: true,
      attributeFilter: [ID, ARGS],
      childList: true,
      subtree: true,
    });
  }

  #apply(records: MutationRecord[]): void {
    const pending = new Set<Element>();
    for (const record of records) {
      if (record.type === "attributes") {
        if (record.target instanceof Element && record.target.hasAttribute(ID)) {
          pending.add(record.target);
        }
        continue;
      }
      for (const node of record.addedNodes) {
        if (node instanceof Element) for (const found of translatables(node)) pending.add(found);
      }
    }
    for (const element of pending) translateElement(this.#t, element);
  }
}
