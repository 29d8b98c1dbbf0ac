/**
 * A JATS `<article>` as the {@link FullText} tree the full-text page renders (issue 18,
 * docs/decisions/285-html-full-text-from-jats.md and 286-untrusted-jats.md).
 *
 * Only the JATS vocabulary below is kept, mapped to the renderer's own kinds:
 * - blocks: `p`, `sec`, `list`/`list-item`, `boxed-text`, `disp-quote`, `preformat`/`code`,
 *   `fig` (and `fig-group`), `table-wrap` (and `table-wrap-group`) with an XHTML-model `table`,
 *   `disp-formula`, `def-list`, `fn`, `supplementary-material`/`media` (listed apart);
 * - inline: `italic`, `bold`, `sup`, `sub`, `sc`, `monospace`, `underline`, `ext-link`, `uri`,
 *   `email`, `xref`, `inline-formula`, `break`, MathML (./jats-math.ts), and the content of
 *   phrase elements such as `named-content`, `styled-content`, `abbrev`, `roman`;
 * - anything else is dropped with its content (`script`, HTML, elements of other vocabularies).
 *
 * Links are `http:`/`https:`/`mailto:` or a DOI (made `https://doi.org/…`); anything else is its
 * text only. Ids are the source's, prefixed `ft-`, reduced to `[A-Za-z0-9_-]` and made unique;
 * an `xref` whose target is not in the page is plain text. Language tags are checked.
 */
import type { Element, Node } from "@xmldom/xmldom";
import type {
  Block,
  Cell,
  FullText,
  FullTextNote,
  FullTextPart,
  FullTextReference,
  Inline,
} from "../../../shared/fulltext.ts";
import { inlineText } from "../../../shared/fulltext.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  CDATA,
  child,
  children,
  descendants,
  firstDescendant,
  isElement,
  localName,
  TEXT,
} from "../../import/jats-dom.ts";
import { readReferences, referenceElements } from "../../import/jats-references.ts";
import { mathTree } from "./jats-math.ts";

const XLINK = "http://www.w3.org/1999/xlink";

/** Characters of a reference an in-text citation repeats in its tooltip (decision 285). */
const TOOLTIP_CHARS = 400;

/**
 * Characters all in-text citation tooltips of one galley may repeat together (decision 385):
 * each citation repeats its reference's text, so a file of bare `<xref>`s could make a page
 * hundreds of times its own size. Citations past the budget link to their reference without a
 * tooltip. The corpus's most cited article repeats about 90,000.
 */
export const MAX_TOOLTIP_CHARS = 1_000_000;

/** Supplied files of the galley: the JATS file name (`href`) → its public URL. */
export type GalleyFileUrls = ReadonlyMap<string, string>;

const INLINE_MARKS: Record<string, "em" | "strong" | "sup" | "sub" | "sc" | "mono" | "u"> = {
  italic: "em",
  bold: "strong",
  sup: "sup",
  sub: "sub",
  sc: "sc",
  monospace: "mono",
  underline: "u",
};

/** Phrase elements whose content is kept as is. */
const TRANSPARENT = new Set([
  "named-content",
  "styled-content",
  "abbrev",
  "roman",
  "sans-serif",
  "overline",
  "strike",
  "x",
  "phone",
  "fax",
  "institution",
  "city",
  "country",
  "addr-line",
  "state",
  "postal-code",
  "funding-source",
  "award-id",
  "term",
  "def-head",
  "term-head",
  "target",
  "hi",
  "num",
  "price",
  "milestone-start",
  "chem-struct",
  "related-object",
  "related-article",
  "season",
  "year",
  "month",
  "day",
  "surname",
  "given-names",
  "string-name",
  "name",
  "collab",
  "article-title",
  "source",
  "volume",
  "issue",
  "fpage",
  "lpage",
  "etal",
  "person-group",
  "ruby",
  "rb",
]);

/** Elements that start a block when met inside a paragraph. */
const BLOCKS = new Set([
  "p",
  "sec",
  "list",
  "boxed-text",
  "disp-quote",
  "preformat",
  "code",
  "fig",
  "fig-group",
  "table-wrap",
  "table-wrap-group",
  "disp-formula",
  "disp-formula-group",
  "def-list",
  "supplementary-material",
  "media",
  "statement",
  "speech",
  "verse-group",
  "array",
  "fn",
  "graphic",
  "alternatives",
]);

const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,4}$/;

/** A checked language tag of `el` (`xml:lang`), or null. */
export function languageOf(el: Element | null): string | null {
  const lang = el?.getAttribute("xml:lang") ?? "";
  return LANG.test(lang) ? lang : null;
}

/**
 * A link target the page may carry: `http(s)://` and `mailto:` URLs as given (no spaces or
 * control characters), a DOI (`10.…`, `doi:10.…`, or `type === "doi"`) as `https://doi.org/…`;
 * anything else (`javascript:`, `data:`, relative paths) null.
 */
export function safeHref(raw: string | null | undefined, type?: string | null): string | null {
  const value = (raw ?? "").trim();
  if (!value || value.length > 2000) return null;
  const doi = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i.exec(value);
  if (doi && (type === "doi" || /^(doi:|10\.|https?:\/\/(dx\.)?doi\.org\/)/i.test(value))) {
    return `https://doi.org/${encodeURI(decodeSafe(doi[1] ?? ""))}`;
  }
  if (/[\s<>"]|\p{Cc}/u.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:") {
      return url.href;
    }
  } catch {
    // not an absolute URL
  }
  return null;
}

function decodeSafe(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

function hrefOf(el: Element): string {
  return el.getAttributeNS(XLINK, "href") ?? el.getAttribute("xlink:href") ?? "";
}

/** State of one conversion: the page ids given out and the files supplied. */
class Converter {
  private readonly ids = new Map<string, string>();
  private readonly used = new Set<string>();
  /** The next number to try after each id already given out (so duplicates cost no search). */
  private readonly nextSuffix = new Map<string, number>();
  private readonly emitted = new Set<string>();
  private sections = 0;
  readonly supplements: Extract<Block, { k: "supp" }>[] = [];
  refText = new Map<string, string>();
  /** What is left of {@link MAX_TOOLTIP_CHARS}. */
  private tooltipBudget = MAX_TOOLTIP_CHARS;

  private readonly files: GalleyFileUrls;

  constructor(files: GalleyFileUrls) {
    this.files = files;
  }

  /** The page id of a source id (`ft-…`, unique), given out once per source id. */
  pageId(raw: string | null): string | null {
    if (!raw) return null;
    const known = this.ids.get(raw);
    if (known) return known;
    const wanted = `ft-${raw.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 60)}`;
    let id = wanted;
    if (this.used.has(id)) {
      const base = id.replace(/-\d+$/, "");
      let n = this.nextSuffix.get(base) ?? 2;
      while (this.used.has(`${base}-${n}`)) n += 1;
      id = `${base}-${n}`;
      this.nextSuffix.set(base, n + 1);
    }
    this.used.add(id);
    this.ids.set(raw, id);
    return id;
  }

  /** The tooltip text of the reference `raw` cites, while the galley's budget lasts. */
  private tooltip(raw: string): string | null {
    const text = this.refText.get(raw);
    if (text === undefined || text.length > this.tooltipBudget) return null;
    this.tooltipBudget -= text.length;
    return text;
  }

  /** Marks the id of `el` as present in the page and answers it (a new one when it has none). */
  anchor(el: Element, fallback?: string): string {
    const id =
      this.pageId(el.getAttribute("id")) ?? this.pageId(`${fallback ?? "sec"}-${++this.sections}`);
    this.emitted.add(id ?? "");
    return id ?? "";
  }

  optionalAnchor(el: Element): string | null {
    const raw = el.getAttribute("id");
    if (!raw) return null;
    return this.anchor(el);
  }

  isEmitted(id: string): boolean {
    return this.emitted.has(id);
  }

  fileUrl(href: string): string | null {
    if (!href) return null;
    const name = href.replace(/^.*[/\\]/, "").toLowerCase();
    return this.files.get(name) ?? this.files.get(name.replace(/\.[a-z0-9]+$/, "")) ?? null;
  }

  // -------------------------------------------------------------------------------------------
  // inline

  inline(el: Element): Inline[] {
    const out: Inline[] = [];
    for (let n: Node | null = el.firstChild; n; n = n.nextSibling) this.inlineNode(n, out);
    return squeeze(out);
  }

  private inlineNode(n: Node, out: Inline[]): void {
    if (n.nodeType === TEXT || n.nodeType === CDATA) {
      out.push((n.nodeValue ?? "").replace(/\s+/g, " "));
      return;
    }
    if (!isElement(n)) return;
    const name = localName(n);
    const mark = INLINE_MARKS[name];
    if (mark) {
      out.push({ k: mark, c: this.inline(n) });
    } else if (name === "ext-link" || name === "uri") {
      const href = safeHref(hrefOf(n) || n.textContent, n.getAttribute("ext-link-type"));
      const c = this.inline(n);
      if (href) out.push({ k: "a", href, c: c.length ? c : [href] });
      else append(out, c);
    } else if (name === "email") {
      const address = (n.textContent ?? "").trim();
      const href = /^[^\s@<>"]+@[^\s@<>"]+$/.test(address) ? safeHref(`mailto:${address}`) : null;
      out.push(href ? { k: "a", href, c: [address] } : address);
    } else if (name === "xref") {
      const raw = (n.getAttribute("rid") ?? "").trim().split(/\s+/)[0] ?? "";
      const to = this.pageId(raw);
      const c = this.inline(n);
      out.push(to ? { k: "xref", to, ref: this.tooltip(raw), c } : { k: "em", c });
    } else if (name === "inline-formula") {
      const math = firstDescendant(n, (e) => localName(e) === "math");
      if (math) out.push({ k: "math", m: mathTree(math, false) });
      else {
        const tex = firstDescendant(n, (e) => e.nodeName === "tex-math");
        out.push(tex ? { k: "mono", c: [(tex.textContent ?? "").trim()] } : "");
      }
    } else if (name === "math") {
      out.push({ k: "math", m: mathTree(n, false) });
    } else if (name === "break") {
      out.push({ k: "br" });
    } else if (TRANSPARENT.has(name) || name === "label" || name === "title") {
      append(out, this.inline(n));
    }
    // anything else (inline-graphic, fn, script, foreign elements) is dropped with its content
  }

  // -------------------------------------------------------------------------------------------
  // blocks

  /** The blocks of the element children of `parent`, skipping the names in `skip`. */
  blocks(parent: Element, skip: readonly string[] = ["title", "label", "sec-meta"]): Block[] {
    const out: Block[] = [];
    for (let n: Node | null = parent.firstChild; n; n = n.nextSibling) {
      if (!isElement(n)) continue;
      if (skip.includes(localName(n))) continue;
      append(out, this.block(n));
    }
    return out;
  }

  /** One element as blocks (a paragraph may split around a figure or formula it holds). */
  block(el: Element): Block[] {
    switch (localName(el)) {
      case "p":
      case "statement":
      case "speech":
      case "verse-line":
      case "attrib":
        return this.paragraph(el);
      case "sec":
      case "app":
      case "glossary":
      case "notes":
        return [{ k: "sec", id: this.anchor(el), title: this.titleOf(el), c: this.blocks(el) }];
      case "list":
        return [
          {
            k: "list",
            ordered: !["bullet", "simple", ""].includes(el.getAttribute("list-type") ?? ""),
            items: children(el, "list-item").map((item) => this.blocks(item, ["label"])),
          },
        ];
      case "boxed-text":
        return [
          {
            k: "box",
            id: this.optionalAnchor(el),
            title: this.titleOf(el, true),
            c: this.blocks(el, ["title", "label", "caption"]),
          },
        ];
      case "disp-quote":
      case "verse-group":
        return [{ k: "quote", c: this.blocks(el) }];
      case "preformat":
      case "code":
        return [{ k: "pre", text: (el.textContent ?? "").replace(/^\n+|\s+$/g, "") }];
      case "fig":
        return [this.figure(el)];
      case "fig-group":
      case "table-wrap-group":
      case "disp-formula-group":
      case "alternatives":
      case "caption":
        return this.blocks(el, ["label", "caption", "title"]);
      case "table-wrap":
        return [this.table(el)];
      case "disp-formula":
        return [this.formula(el)];
      case "def-list":
        return [
          {
            k: "defs",
            items: children(el, "def-item").map((item) => ({
              term: termOf(this, child(item, "term")),
              def: defOf(this, child(item, "def")),
            })),
          },
        ];
      case "fn":
        return [this.note(el)];
      case "fn-group":
        return this.blocks(el);
      case "supplementary-material":
      case "media":
        this.supplement(el);
        return [];
      default:
        return [];
    }
  }

  private paragraph(el: Element): Block[] {
    const out: Block[] = [];
    let run: Inline[] = [];
    const flush = () => {
      const c = squeeze(run);
      if (inlineText(c).trim() || c.some((i) => typeof i !== "string")) out.push({ k: "p", c });
      run = [];
    };
    for (let n: Node | null = el.firstChild; n; n = n.nextSibling) {
      if (isElement(n) && BLOCKS.has(localName(n)) && localName(n) !== "p") {
        flush();
        append(out, this.block(n));
      } else if (isElement(n) && localName(n) === "p") {
        flush();
        append(out, this.paragraph(n));
      } else this.inlineNode(n, run);
    }
    flush();
    return out;
  }

  titleOf(el: Element, withLabel = false): Inline[] {
    const title = child(el, "title") ?? child(child(el, "caption"), "title");
    const label = withLabel ? (child(el, "label")?.textContent ?? "").trim() : "";
    const c = title ? this.inline(title) : [];
    return label ? squeeze([`${label} `, ...c]) : c;
  }

  private figure(el: Element): Block {
    const caption = child(el, "caption");
    const graphic = firstDescendant(el, (e) => e.nodeName === "graphic");
    const file = graphic ? hrefOf(graphic).replace(/^.*[/\\]/, "") : "";
    return {
      k: "fig",
      id: this.anchor(el, "fig"),
      label: (child(el, "label")?.textContent ?? "").trim(),
      title: caption ? this.titleOf(el) : [],
      caption: caption ? this.blocks(caption, ["title"]) : [],
      src: this.fileUrl(file),
      file: file.slice(0, 200),
    };
  }

  private table(el: Element): Block {
    const caption = child(el, "caption");
    const table = firstDescendant(el, (e) => e.nodeName === "table");
    const head: Cell[][] = [];
    const body: Cell[][] = [];
    if (table) {
      for (const section of children(table)) {
        const name = localName(section);
        // a header row's cells are headers, whether the file writes th or td (PLOS writes td)
        if (name === "thead") {
          for (const tr of children(section, "tr")) head.push(this.row(tr).map(asHeader));
        } else if (name === "tbody" || name === "tfoot") {
          for (const tr of children(section, "tr")) body.push(this.row(tr));
        } else if (name === "tr") body.push(this.row(section));
      }
    }
    const foot = child(el, "table-wrap-foot");
    return {
      k: "table",
      id: this.anchor(el, "table"),
      label: (child(el, "label")?.textContent ?? "").trim(),
      title: caption ? this.titleOf(el) : [],
      caption: caption ? this.blocks(caption, ["title"]) : [],
      head: head.filter((r) => r.length),
      body: body.filter((r) => r.length),
      foot: foot ? this.blocks(foot) : [],
    };
  }

  private row(tr: Element): Cell[] {
    return children(tr)
      .filter((c) => localName(c) === "td" || localName(c) === "th")
      .map((cell) => ({
        h: localName(cell) === "th",
        colspan: span(cell.getAttribute("colspan")),
        rowspan: span(cell.getAttribute("rowspan")),
        c: this.cellContent(cell),
      }));
  }

  private cellContent(cell: Element): Inline[] {
    const out: Inline[] = [];
    for (let n: Node | null = cell.firstChild; n; n = n.nextSibling) {
      if (isElement(n) && BLOCKS.has(localName(n))) {
        if (out.length) out.push({ k: "br" });
        append(out, this.inline(n));
      } else this.inlineNode(n, out);
    }
    return squeeze(out);
  }

  private formula(el: Element): Block {
    const math = firstDescendant(el, (e) => localName(e) === "math");
    return {
      k: "formula",
      id: this.optionalAnchor(el),
      label: (child(el, "label")?.textContent ?? "").trim(),
      m: math ? mathTree(math, true) : null,
    };
  }

  /** The blocks of `el`, or one paragraph of its inline content when it has none. */
  paragraphOf(el: Element): Block[] {
    const blocks = this.blocks(el);
    if (blocks.length) return blocks;
    const c = this.inline(el);
    return inlineText(c).trim() ? [{ k: "p", c }] : [];
  }

  /** A fresh page id for a part the source gives no id, marked present. */
  freshAnchor(name: string): string {
    const id = this.pageId(`${name}-${++this.sections}`) ?? "";
    this.emitted.add(id);
    return id;
  }

  note(el: Element): Extract<Block, { k: "note" }> {
    return {
      k: "note",
      id: this.optionalAnchor(el),
      label: (child(el, "label")?.textContent ?? "").trim(),
      c: this.blocks(el, ["label"]),
    };
  }

  private supplement(el: Element): void {
    const caption = child(el, "caption");
    const file = hrefOf(el).replace(/^.*[/\\]/, "");
    this.supplements.push({
      k: "supp",
      id: this.anchor(el, "supp"),
      label: (child(el, "label")?.textContent ?? "").trim(),
      title: caption ? this.titleOf(el) : [],
      caption: caption ? this.blocks(caption, ["title"]) : [],
      src: this.fileUrl(file),
      file: file.slice(0, 200),
    });
  }

  /**
   * Xrefs whose target is not in the page become their text (emphasis kept off), in place: the
   * tree is this conversion's own, and copying it cost more than building it (decision 385).
   */
  fixLinks<T>(value: T): T {
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const item = node[i] as Record<string, unknown> | null;
          if (item?.k === "xref" && !this.isEmitted(String(item.to))) {
            node[i] = { k: "em", c: item.c };
          }
          visit(node[i]);
        }
      } else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        for (const key in record) if (key !== "m") visit(record[key]);
      }
    };
    visit(value);
    return value;
  }
}

function asHeader(cell: Cell): Cell {
  return { ...cell, h: true };
}

function termOf(cv: Converter, term: Element | null): Inline[] {
  return term ? cv.inline(term) : [];
}

function defOf(cv: Converter, def: Element | null): Block[] {
  return def ? cv.blocks(def) : [];
}

function span(value: string | null): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), 100) : 1;
}

/** Appends `items` to `out` one by one (a spread of a long list would overflow the stack). */
function append<T>(out: T[], items: readonly T[]): void {
  for (const item of items) out.push(item);
}

/**
 * Joins adjacent strings (each run once, so a paragraph of many small text nodes costs its
 * length, not its square: decision 385) and trims the run's ends.
 */
function squeeze(items: Inline[]): Inline[] {
  const out: Inline[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 1) out.push(run.join("").replace(/ {2,}/g, " "));
    else if (run.length === 1) out.push(run[0] ?? "");
    run = [];
  };
  for (const item of items) {
    if (typeof item === "string") run.push(item);
    else {
      flush();
      out.push(item);
    }
  }
  flush();
  if (typeof out[0] === "string") out[0] = out[0].trimStart();
  const end = out.length - 1;
  if (typeof out[end] === "string") out[end] = out[end].trimEnd();
  return out.filter((i) => i !== "");
}

/**
 * The full text of `article` (already checked by ./jats-read.ts), figures and supplementary
 * files linked to the supplied files in `files`.
 */
export function jatsFullText(article: Element, files: GalleyFileUrls = new Map()): FullText {
  const cv = new Converter(files);
  const front = child(article, "front");
  const meta = child(front, "article-meta");
  const back = child(article, "back");

  // references first: in-text citations show their text
  const references: FullTextReference[] = [];
  // each reference's element by its id (the first of a repeated id), found in one pass
  const refElements = new Map<string, Element>();
  for (const el of referenceElements(article)) {
    const raw = el.getAttribute("id");
    if (raw && !refElements.has(raw)) refElements.set(raw, el);
  }
  for (const ref of readReferences(article)) {
    const el = ref.refId ? refElements.get(ref.refId) : undefined;
    const id = el ? cv.anchor(el, "ref") : cv.freshAnchor("ref");
    if (ref.refId) cv.refText.set(ref.refId, ref.citation.slice(0, TOOLTIP_CHARS));
    references.push({
      id,
      label: ref.label ?? "",
      text: ref.citation,
      doi: ref.doi ? safeHref(ref.doi, "doi") : null,
      pmid: ref.pmid && /^\d{1,10}$/.test(ref.pmid) ? ref.pmid : null,
      url: safeHref(ref.url),
    });
  }

  const abstracts = children(meta, "abstract");
  const main = abstracts.find((a) => !a.getAttribute("abstract-type")) ?? null;
  const abstract = main ? cv.blocks(main).filter((b) => !isDoiParagraph(b)) : [];
  const summaries: FullTextPart[] = abstracts
    .filter((a) => a !== main && a.getAttribute("abstract-type") !== "toc")
    .map((a) => ({
      id: cv.anchor(a, "summary"),
      title: inlineText(cv.titleOf(a)) || "Summary",
      c: cv.blocks(a).filter((b) => !isDoiParagraph(b)),
    }));

  const body = child(article, "body");
  const bodyBlocks = body ? cv.blocks(body) : [];
  const floats = child(article, "floats-group");
  const floatBlocks = floats ? cv.blocks(floats) : [];

  const parts: FullTextPart[] = [];
  const footnotes: FullTextNote[] = [];
  const part = (el: Element, fallback: string) =>
    parts.push({
      id: cv.anchor(el, "back"),
      title: inlineText(cv.titleOf(el)) || fallback,
      c: cv.blocks(el),
    });
  for (const el of children(back)) {
    const name = localName(el);
    if (name === "ack") part(el, "Acknowledgements");
    else if (name === "sec" || name === "notes" || name === "glossary") part(el, "Notes");
    else if (name === "app-group") part(el, "Appendix");
    else if (name === "fn-group") {
      if (child(el, "title")) part(el, "Notes");
      else {
        for (const fn of children(el, "fn")) {
          const note = cv.note(fn);
          footnotes.push({ ...note, id: note.id ?? cv.freshAnchor("fn") });
        }
      }
    }
  }
  frontParts(cv, meta, parts);

  const tree: FullText = {
    lang: languageOf(article),
    abstract,
    summaries,
    body: bodyBlocks,
    floats: floatBlocks,
    back: parts,
    footnotes,
    references,
    supplements: cv.supplements,
  };
  return cv.fixLinks(tree);
}

/** eLife ends abstracts with a "DOI: http://dx.doi.org/…" paragraph, not part of the text. */
function isDoiParagraph(block: Block): boolean {
  return block.k === "p" && /^DOI:\s*\S+$/.test(inlineText(block.c).trim());
}

/** Funding, author contributions, competing interests and data availability of the front. */
function frontParts(cv: Converter, meta: Element | null, parts: FullTextPart[]): void {
  const has = (title: string) => parts.some((p) => p.title.toLowerCase() === title.toLowerCase());
  const funding = child(meta, "funding-group");
  if (funding && !has("Funding")) {
    const statement = child(funding, "funding-statement");
    const blocks: Block[] = statement
      ? cv.paragraphOf(statement)
      : children(funding, "award-group").length
        ? [
            {
              k: "list",
              ordered: false,
              items: children(funding, "award-group").map((group) => [
                {
                  k: "p",
                  c: [
                    [
                      (child(group, "funding-source")?.textContent ?? "")
                        .replace(/\s+/g, " ")
                        .trim(),
                      children(group, "award-id")
                        .map((a) => (a.textContent ?? "").trim())
                        .join(", "),
                    ]
                      .filter(Boolean)
                      .join(": "),
                  ],
                },
              ]),
            },
          ]
        : [];
    if (blocks.length)
      parts.push({
        id: cv.anchor(funding, "funding"),
        title: msg("Funding"),
        siteTitle: true,
        c: blocks,
      });
  }
  const notes = child(meta, "author-notes");
  const fnsOf = (type: string) =>
    children(notes, "fn").filter((fn) => fn.getAttribute("fn-type") === type);
  const contributions = fnsOf("con");
  if (contributions.length && notes && !has("Author contributions")) {
    parts.push({
      id: cv.freshAnchor("author-contributions"),
      title: msg("Author contributions"),
      siteTitle: true,
      c: contributions.flatMap((fn) => cv.blocks(fn)),
    });
  }
  const conflicts = fnsOf("conflict").concat(fnsOf("COI-statement"));
  if (conflicts.length && !has("Competing interests")) {
    parts.push({
      id: cv.freshAnchor("competing-interests"),
      title: msg("Competing interests"),
      siteTitle: true,
      c: conflicts.flatMap((fn) => cv.blocks(fn)),
    });
  }
  for (const custom of descendants(meta, "custom-meta")) {
    const name = (child(custom, "meta-name")?.textContent ?? "").trim();
    const value = child(custom, "meta-value");
    if (/^data availability$/i.test(name) && value && !has("Data availability")) {
      parts.push({
        id: cv.freshAnchor("data-availability"),
        title: msg("Data availability"),
        siteTitle: true,
        c: cv.paragraphOf(value),
      });
    }
  }
}
