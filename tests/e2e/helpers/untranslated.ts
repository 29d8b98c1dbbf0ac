/**
 * Texts of a page that escaped the message catalogues (issue 32; decision 382). The page is
 * shown in the pseudo-locale, where every catalogue text is accented and bracketed
 * (`[!!Ŝēàŕćĥ!!]`, server/i18n/po.ts), so what is left in plain Latin letters is either content
 * (a journal's name, a title, an author, a reference: anything stored in the catalogue's tables
 * or read from a paper's JATS) or a text that never went through `t`.
 *
 * {@link pageTexts} reads, in the browser, every text node of the document (the screen-reader
 * only ones too) and the texts people hear or see in attributes (`aria-label`, `title`, `alt`,
 * `placeholder`, a button's value), the `<title>` and the meta description;
 * {@link escapedTexts} removes from each the pseudo-localized parts, the content found in
 * {@link ContentIndex}, and what is neither words nor prose (URLs, addresses, DOIs, numbers,
 * language names in their own language), and reports what still has a word of plain letters.
 */
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { LOCALE_NAMES } from "../../../shared/i18n/locales.ts";

/**
 * The site's content, as plain strings, to tell content from escaped interface texts: `values`
 * (up to 20,000 characters, longest first) are cut out of a page's text; `texts` (every value,
 * a full text's body too) tell whether a piece of a page (a search snippet, a shortened
 * description) is a part of one.
 */
export type ContentIndex = { values: string[]; texts: string[] };

/** Tables whose text columns are the catalogue's content. */
const CONTENT_TABLES = [
  "journals",
  "publications",
  "editors",
  "papers",
  "paper_authors",
  "paper_author_affiliations",
  "paper_references",
  "paper_funding",
  "paper_translations",
  // the search index's texts: a full text's body, whose pieces search snippets show
  "paper_search_content",
  "proceedings",
  "proceeding_events",
  "partners",
  "users",
  "sushi_api_keys",
  "paper_dois",
  "site_settings",
];

/**
 * Every text value of at least two characters in the content tables of the SQLite database at
 * `file`, plus `extra` (e.g. the text nodes of a paper's JATS), whitespace collapsed, longest
 * first (so a long value is removed before a short one inside it).
 */
export function contentIndex(file: string, extra: string[] = []): ContentIndex {
  const db = new DatabaseSync(file, { readOnly: true });
  const values = new Set<string>();
  const texts = new Set<string>();
  try {
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    );
    for (const table of CONTENT_TABLES) {
      if (!tables.has(table)) continue;
      for (const row of db.prepare(`select * from "${table}"`).all()) {
        for (const value of Object.values(row as Record<string, unknown>)) {
          if (typeof value === "string") addValue(values, texts, value);
        }
      }
    }
  } finally {
    db.close();
  }
  for (const value of extra) addValue(values, texts, value);
  return { values: [...values].sort((a, b) => b.length - a.length), texts: [...texts] };
}

function addValue(values: Set<string>, texts: Set<string>, value: string) {
  const text = value.replace(/\s+/g, " ").trim();
  if (text.length < 2) return;
  texts.add(text);
  if (text.length > 20_000) return;
  values.add(text);
  // keywords and affiliations are stored joined; pages show them one by one
  for (const part of text.split(/\s*[;,]\s+|\s*;\s*/)) if (part.length >= 2) values.add(part);
}

/** The text nodes of an XML document (a JATS galley), for {@link contentIndex}'s `extra`. */
export function xmlTexts(xml: string): string[] {
  return xml
    .replace(/<[^>]*>/g, "\n")
    .split("\n")
    .map((t) => t.replace(/&[a-z]+;|&#\d+;/g, " ").trim())
    .filter((t) => t.length >= 2);
}

/** Every text of the page as people read or hear it (see the module docstring). */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const description = document.querySelector('meta[name="description"]');
    if (description) out.push(description.getAttribute("content") ?? "");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template")) continue;
      // a content language's name, from Intl.DisplayNames, not from the catalogues
      if (parent.closest("option[data-language]")) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll(
      "[aria-label], [title], img[alt], [placeholder], input[type=submit][value], input[type=button][value]",
    )) {
      for (const name of ["aria-label", "title", "alt", "placeholder", "value"]) {
        if (name === "value" && !(el instanceof HTMLInputElement)) continue;
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Parts of a text that are neither interface words nor content: links, codes, numbers. */
const NOT_WORDS = [
  /https?:\/\/\S+/g,
  /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g,
  /\b10\.\d{4,9}\/\S+/g,
  /\b\d{4}-\d{3}[\dX]\b/g,
  /\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/g,
  // a date written by Intl: the pseudo-locale's Intl is English (`en-XA`)
  /\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/g,
  // a Creative Commons licence's short label (`CC BY-NC 4.0`, a badge's `BY 3.0`)
  /\b(?:CC0|CC|BY(?:-(?:NC|ND|SA))*)(?: BY(?:-(?:NC|ND|SA))*)? ?\d\.\d\b/g,
  // a file name, and a DOI pattern's `%j.v%v` codes
  /\b[\w.-]+\.(?:mov|mp4|avi|pdf|xml|tiff?|jpe?g|png|gif|docx?|xlsx?|zip|csv|txt)\b/g,
  /%[A-Za-z](?:[.%\w-]*)/g,
];

/**
 * Whether every piece of `text` (its parts between ellipses and pseudo-localized runs) is a
 * piece of one content text: a shortened description, a search snippet between highlights.
 */
function piecesOfContent(text: string, content: ContentIndex): boolean {
  const pieces = text
    .split(/\[!![\s\S]*?!!\]|\[!!|!!\]|…/)
    .map((piece) => piece.replace(/^[\s,.;:()[\]-]+|[\s,.;:()[\]-]+$/g, ""))
    .filter((piece) => /[A-Za-z]{2}/.test(piece));
  return pieces.every((piece) => content.texts.some((value) => value.includes(piece)));
}

/**
 * The texts of `texts` (from {@link pageTexts} on a pseudo-locale page) that hold a word of
 * plain Latin letters that is not content: each is an interface text outside the catalogues.
 * `allowed` adds texts known not to be the interface's (the site's name).
 */
export function escapedTexts(
  texts: string[],
  content: ContentIndex,
  allowed: string[] = [],
): string[] {
  const known = [...allowed, ...Object.values(LOCALE_NAMES)].sort((a, b) => b.length - a.length);
  const escaped = new Set<string>();
  for (const original of texts) {
    let text = original
      .replace(/\s+/g, " ")
      .replace(/\[!![\s\S]*?!!\]/g, " ")
      .replace(/\[!!|!!\]/g, " ");
    if (!/[A-Za-z]{2}/.test(text)) continue;
    if (piecesOfContent(original.replace(/\s+/g, " "), content)) continue;
    text = text.replace(/…/g, " ");
    for (const value of known) if (text.includes(value)) text = text.split(value).join(" ");
    for (const pattern of NOT_WORDS) text = text.replace(pattern, " ");
    if (!/[A-Za-z]{2}/.test(text)) continue;
    for (const value of content.values) {
      if (value.length <= text.length + 200 && text.includes(value)) {
        text = text.split(value).join(" ");
        if (!/[A-Za-z]{2}/.test(text)) break;
      }
    }
    if (!/[A-Za-z]{2}/.test(text)) continue;
    // a text node that is part of one content value (a title split by markup, a search
    // snippet's piece between its highlights and ellipses)
    const rest = text.replace(/^[\s…,.;:()[\]-]+|[\s…,.;:()[\]-]+$/g, "");
    if (content.texts.some((value) => value.includes(rest))) continue;
    // the pseudo-locale leaves v and x as they are: a run of only those is accented text
    if (!(rest.match(/[A-Za-z]{2,}/g) ?? []).some((w) => /[^vVxX]/.test(w))) continue;
    escaped.add(original.replace(/\s+/g, " ").trim().slice(0, 160));
  }
  return [...escaped];
}
