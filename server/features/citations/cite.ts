/**
 * 'Cite this paper' (issue 6): a paper as a CSL-JSON item, the BibTeX, RIS and CSL-JSON files
 * readers import into a reference manager, and what the paper page's panel needs
 * (docs/decisions/186-cite-this-paper.md). The BibTeX and RIS files are written by ./bibtex.ts
 * and ./ris.ts, which escape each format's syntax (docs/decisions/270-citation-file-writers.md);
 * every text of the item is one line without control characters (the abstract keeps its line
 * breaks), so no format can be broken by what a manager typed.
 *
 * The references in the six styles are formatted by ./format.ts in the citation worker, a child process
 * (./citation-pool.ts), fetched by the panel from `{paper page}/citations.json`, never while a
 * page renders (docs/decisions/245-citations-off-the-page.md). BibTeX and RIS need no CSL engine
 * and stay cheap enough for the request thread. The browser loads none of this.
 */

import type { CslItem, CslName } from "@citation-js/core";
import type {
  PaperAuthorItem,
  PaperCitations,
  PaperDetail,
  ProceedingPaperDetail,
} from "../../../shared/api.ts";
import { dateParts, parsePartialDate } from "../../../shared/dates.ts";
import { fileCallAt } from "../../../shared/file-calls.ts";
import { splitKeywords } from "../../../shared/format.ts";
import { oneLine } from "../../../shared/one-line.ts";
import { isRetraction, STAMPS } from "../../../shared/updates.ts";
import { bibtexEntry } from "./bibtex.ts";
import { risRecord } from "./ris.ts";
import { CITATION_STYLES } from "./style-list.ts";

/** The downloadable formats: file extension → media type and citation-js output format. */
export const CITATION_FILES = {
  bib: { type: "application/x-bibtex", label: "BibTeX" },
  ris: { type: "application/x-research-info-systems", label: "RIS" },
  json: { type: "application/vnd.citationstyles.csl+json", label: "CSL-JSON" },
} as const;

export type CitationFileFormat = keyof typeof CITATION_FILES;

/**
 * The paper's publication date as CSL date parts (decision 255: its own date, else its issue's,
 * else its proceeding's year; shared/dates.ts), `[[2016, 5, 30]]`.
 */
function issued(paper: PaperDetail | ProceedingPaperDetail): [number[]] {
  const date =
    parsePartialDate(paper.publication_date) ??
    parsePartialDate(paper.published_on) ??
    ({ year: paper.year } as const);
  return dateParts(date);
}

/**
 * An author as a CSL name (decision 255): given names and family name (particles kept: "Di
 * Matteo"), or a literal name, never split by guessing.
 */
function cslName(author: PaperAuthorItem): CslName {
  const family = oneLine(author.family_name ?? "");
  if (!family) return { literal: oneLine(author.name) };
  const name: CslName = { family };
  const given = oneLine(author.given_names ?? "");
  if (given) name.given = given;
  const suffix = oneLine(author.suffix ?? "");
  if (suffix) name.suffix = suffix;
  return name;
}

/** Control characters but line breaks and tabs (which JSON would carry, and nothing needs). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Every string of `value` as one line (see {@link oneLine}), deeply. */
function oneLineStrings<T>(value: T): T {
  if (typeof value === "string") return oneLine(value) as T;
  if (Array.isArray(value)) return value.map(oneLineStrings) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oneLineStrings(v)])) as T;
  }
  return value;
}

/** Fields every paper has, whatever it was published in. */
function commonFields(paper: PaperDetail | ProceedingPaperDetail, pageUrl: string) {
  const pages = [paper.first_page, paper.last_page].filter(Boolean).join("-");
  const item: Record<string, unknown> = {
    id: `paper-${paper.paperID}`,
    title: paper.title,
    author: paper.authors.map(cslName),
    issued: { "date-parts": issued(paper) },
    URL: pageUrl,
  };
  if (paper.doi) item.DOI = paper.doi;
  if (pages) item.page = pages;
  if (paper.first_page) item["page-first"] = paper.first_page;
  if (paper.publisher) item.publisher = paper.publisher;
  const keywords = splitKeywords(paper.keywords);
  if (keywords.length > 0) item.keyword = keywords.join(", ");
  // CSL's `language`: the paper's BCP 47 tag (decision 441)
  if (paper.language) item.language = paper.language;
  // a retracted paper says so (decision 490): CSL's `status` ("retracted") and a `note` naming
  // the notice, which reference managers show and the BibTeX and RIS files carry
  const retraction = paper.updates.find((u) => isRetraction(u.type));
  if (retraction) {
    item.status = "retracted";
    item.note = `${STAMPS[retraction.type] ?? "Retracted"}: ${retraction.title} (${retraction.date})${
      retraction.doi ? `, https://doi.org/${retraction.doi}` : ""
    }`;
  }
  return item;
}

/**
 * The item as every writer gets it: its strings on one line (the abstract keeps its line
 * breaks, without other control characters).
 */
function finished(item: Record<string, unknown>, abstract: string): CslItem {
  const clean = oneLineStrings(item);
  const text = abstract
    .replace(CONTROL, "")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .trim();
  if (text) clean.abstract = text;
  return clean as CslItem;
}

/**
 * A journal paper as a CSL-JSON `article-journal` item. The issue is left out when the issue
 * has no real number (continuous publication, decision 185).
 * @param pageUrl the paper page's absolute URL.
 */
export function journalPaperItem(paper: PaperDetail, pageUrl: string): CslItem {
  const item: Record<string, unknown> = {
    ...commonFields(paper, pageUrl),
    type: "article-journal",
    "container-title": paper.journal_name,
    volume: paper.volume,
  };
  if (paper.journal_abbreviation) item["container-title-short"] = paper.journal_abbreviation;
  if (paper.show_number) item.issue = paper.issue;
  const issn = paper.issn.match(/\b\d{4}-\d{3}[\dX]\b/i)?.[0];
  if (issn) item.ISSN = issn;
  return finished(item, paper.abstract);
}

/** A conference paper as a CSL-JSON `paper-conference` item of its proceedings. */
export function proceedingPaperItem(paper: ProceedingPaperDetail, pageUrl: string): CslItem {
  const item: Record<string, unknown> = {
    ...commonFields(paper, pageUrl),
    type: "paper-conference",
    "container-title": paper.proceeding_title,
    event: paper.event_name,
  };
  if (paper.event_location) item["event-place"] = paper.event_location;
  if (paper.isbn) item.ISBN = paper.isbn;
  if (paper.issn) item.ISSN = paper.issn;
  return finished(item, paper.abstract);
}

/**
 * The item as a reference-manager file: BibTeX (`bib`), RIS (`ris`) or CSL-JSON (`json`, an
 * array of one item as the CSL specification's JSON schema has it).
 */
export function citationFile(item: CslItem, format: CitationFileFormat): string {
  if (format === "bib") return bibtexEntry(item);
  if (format === "ris") return risRecord(item);
  return `${JSON.stringify([item], null, 2)}\n`;
}

/**
 * What a paper page's 'Cite this paper' panel is rendered with: the six style choices, the URL
 * of their references `{pagePath}/citations.json` and the download links `{pagePath}/cite.bib`,
 * `cite.ris`, `cite.json`. Formats nothing.
 * @param pagePath the paper page's path (`/journal/elife/12`).
 * @throws Error when `{pagePath}/citations.json` is not a call of shared/file-calls.ts (the
 *   path the panel fetches through app/lib/file-fetch.ts).
 */
export function paperCitations(pagePath: string): PaperCitations {
  const references = `${pagePath}/citations.json`;
  if (!fileCallAt("GET", references)) throw new Error(`Not a paper page: ${pagePath}`);
  return {
    styles: CITATION_STYLES.map(({ key, label }) => ({ key, label })),
    references,
    files: (Object.keys(CITATION_FILES) as CitationFileFormat[]).map((format) => ({
      format,
      label: CITATION_FILES[format].label,
      href: `${pagePath}/cite.${format}`,
    })),
    jats: { published: `${pagePath}/jats.xml`, generated: `${pagePath}/jats-1.1.xml` },
  };
}
