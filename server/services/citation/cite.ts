/**
 * 'Cite this paper' (issue 6): a paper as a CSL-JSON item, the BibTeX, RIS and CSL-JSON files
 * readers import into a reference manager, and what the paper page's panel needs, all produced
 * by citation-js (`@citation-js/core` with its BibTeX and RIS plugins), never by hand
 * (docs/decisions/186-cite-this-paper.md).
 *
 * The references in the six styles are formatted by ./format.ts in the citation worker, a child process
 * (./citation-pool.ts), fetched by the panel from `{paper page}/citations.json`, never while a
 * page renders (docs/decisions/245-citations-off-the-page.md). BibTeX and RIS need no CSL engine
 * and stay cheap enough for the request thread. The browser loads none of this.
 */
import { Cite, type CslItem, type CslName } from "@citation-js/core";
import { parse as parseName } from "@citation-js/name";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import type { PaperCitations, PaperDetail, ProceedingPaperDetail } from "../../../shared/api.ts";
import { splitKeywords } from "../../../shared/format.ts";
import { CITATION_STYLES } from "./style-list.ts";

/** The downloadable formats: file extension → media type and citation-js output format. */
export const CITATION_FILES = {
  bib: { type: "application/x-bibtex", label: "BibTeX" },
  ris: { type: "application/x-research-info-systems", label: "RIS" },
  json: { type: "application/vnd.citationstyles.csl+json", label: "CSL-JSON" },
} as const;

export type CitationFileFormat = keyof typeof CITATION_FILES;

/** `2016-05-30` → `[2016, 5, 30]`, `2009-06` → `[2009, 6]`, else the year alone. */
function dateParts(date: string, year: number): number[] {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date);
  if (!match) return [year];
  return [match[1], match[2], match[3]].filter(Boolean).map(Number);
}

/** A stored author name ("Djoko T. Iskandar") as CSL given/family parts. */
function cslName(name: string): CslName {
  const parsed = parseName(name);
  return parsed.family ? parsed : { literal: name };
}

/** Fields every paper has, whatever it was published in. */
function commonFields(paper: PaperDetail | ProceedingPaperDetail, pageUrl: string) {
  const pages = [paper.first_page, paper.last_page].filter(Boolean).join("-");
  const item: Record<string, unknown> = {
    id: `paper-${paper.paperID}`,
    title: paper.title,
    author: paper.authors.map((a) => cslName(a.name)),
    issued: { "date-parts": [dateParts(paper.published_on, paper.year)] },
    URL: pageUrl,
  };
  if (paper.doi) item.DOI = paper.doi;
  if (pages) item.page = pages;
  if (paper.publisher) item.publisher = paper.publisher;
  const keywords = splitKeywords(paper.keywords);
  if (keywords.length > 0) item.keyword = keywords.join(", ");
  return item;
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
  return item as CslItem;
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
  return item as CslItem;
}

/**
 * The item as a reference-manager file: BibTeX (`bib`), RIS (`ris`) or CSL-JSON (`json`, an
 * array of one item as the CSL specification's JSON schema has it).
 */
export function citationFile(item: CslItem, format: CitationFileFormat): string {
  const cite = new Cite(item);
  if (format === "bib") return cite.format("bibtex");
  if (format === "ris") return cite.format("ris");
  return `${JSON.stringify([item], null, 2)}\n`;
}

/**
 * What a paper page's 'Cite this paper' panel is rendered with: the six style choices, the URL
 * of their references `{pagePath}/citations.json` and the download links `{pagePath}/cite.bib`,
 * `cite.ris`, `cite.json`. Formats nothing.
 * @param pagePath the paper page's path (`/journal/elife/12`).
 */
export function paperCitations(pagePath: string): PaperCitations {
  return {
    styles: CITATION_STYLES.map(({ key, label }) => ({ key, label })),
    references: `${pagePath}/citations.json`,
    files: (Object.keys(CITATION_FILES) as CitationFileFormat[]).map((format) => ({
      format,
      label: CITATION_FILES[format].label,
      href: `${pagePath}/cite.${format}`,
    })),
  };
}
