/**
 * Labels and small text rules used on pages and in API answers alike.
 */

import { formatDate } from "./i18n/intl.ts";
import { DEFAULT_LOCALE, type RenderLocale } from "./i18n/locales.ts";
import type { Translate } from "./i18n/translator.ts";

/** Issue label of docs/product/api.md: `Vol. 3 No. 2 (2025)`. */
export function publicationLabel(
  volume: string,
  number: string,
  year: number | string,
  showNumber: boolean | number,
): string {
  return `${volumeNumber(volume, number, showNumber)} (${year})`;
}

/**
 * `Vol. 3 No. 2`, or `Vol. 5` for an issue without a real number (continuous publication,
 * decision 185: its number keys the URL but is never claimed, as OJS's issue identification).
 */
export function volumeNumber(volume: string, number: string, showNumber: boolean | number): string {
  return showNumber ? `Vol. ${volume} No. ${number}` : `Vol. ${volume}`;
}

/**
 * {@link volumeNumber} in the reader's language (`t`, issue 32): `Vol. 3 No. 2` in English. The
 * API's `label` values stay {@link volumeNumber}'s, as docs/product/api.md gives them; pages show
 * this one.
 */
export function volumeNumberIn(
  t: Translate,
  volume: string,
  number: string,
  showNumber: boolean | number,
): string {
  return showNumber
    ? t("Vol. {volume} No. {number}", { volume, number })
    : t("Vol. {volume}", { volume });
}

/** {@link publicationLabel} in the reader's language (`t`): `Vol. 3 No. 2 (2025)` in English. */
export function publicationLabelIn(
  t: Translate,
  volume: string,
  number: string,
  year: number | string,
  showNumber: boolean | number,
): string {
  return showNumber
    ? t("Vol. {volume} No. {number} ({year})", { volume, number, year: String(year) })
    : t("Vol. {volume} ({year})", { volume, year: String(year) });
}

/** A {@link publicationLabel} at the end of a text (`PLOS ONE Vol. 3 No. 2 (2025)`). */
const LABEL_AT_END = /Vol\. (\S+?)(?: No\. (\S+?))? \((\d+)\)$/;

/**
 * `text` (an issue label the API gives as one string, `Vol. 3 No. 2 (2025)`, alone or after the
 * journal's name) with that label in the reader's language ({@link publicationLabelIn}); any
 * other text unchanged. For the shapes of docs/product/api.md that carry the label only as a
 * string (the featured issue, the latest issues, a search hit).
 */
export function localizeIssueLabel(t: Translate, text: string): string {
  const found = LABEL_AT_END.exec(text);
  if (!found) return text;
  const [label, volume = "", number, year = ""] = found;
  const local = publicationLabelIn(t, volume, number ?? "", year, number !== undefined);
  return `${text.slice(0, text.length - label.length)}${local}`;
}

/** Public link of an issue page: `/journal/{uri}/{volume}/{number}` (docs/product/screens.md). */
export function publicationLink(journalUri: string, volume: string, number: string): string {
  return `/journal/${journalUri}/${encodeURIComponent(volume)}/${encodeURIComponent(number)}`;
}

/** The Atom feed of one journal's newest papers: `/journal/{uri}/feed.xml` (decision 187). */
export function journalFeedLink(journalUri: string): string {
  return `/journal/${journalUri}/feed.xml`;
}

/** The site's Atom feed of new journal and conference papers. */
export const SITE_FEED_PATH = "/feed.xml";

/** Public link of a paper page: `/journal/{uri}/{paperID}` (docs/product/screens.md). */
export function paperLink(journalUri: string, paperId: number): string {
  return `/journal/${journalUri}/${paperId}`;
}

/** Public link of the proceedings list and of one proceeding: `/proceedings/{slug}`. */
export function proceedingLink(slug: string): string {
  return `/proceedings/${slug}`;
}

/** Public link of a conference paper's page: `/proceedings/{slug}/{paperID}`. */
export function proceedingPaperLink(slug: string, paperId: number): string {
  return `/proceedings/${slug}/${paperId}`;
}

/**
 * How a conference paper cites its proceeding: `{title} ({event name}), {year}`, the event
 * name left out when the title already holds it (`Proceedings of PLDI '09, 2009`).
 */
export function proceedingCitationLine(title: string, eventName: string, year: number): string {
  const event = eventName && !title.includes(eventName) ? ` (${eventName})` : "";
  return `${title}${event}, ${year}`;
}

/**
 * URL-safe slug of a title for file names: lower-case ASCII letters, digits and `-`, at most
 * `max` characters, never empty (`document`).
 */
export function slugify(text: string, max = 60): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
  return slug || "document";
}

/** Keywords as typed in the single Keywords field (comma- or semicolon-separated), trimmed. */
export function splitKeywords(keywords: string | null | undefined): string[] {
  if (!keywords) return [];
  return keywords
    .split(/[;,]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

/** Several affiliations are stored joined with "; " in the single institution field. */
export function splitInstitutions(institution: string | null | undefined): string[] {
  if (!institution) return [];
  return institution
    .split(/;\s+/)
    .map((i) => i.trim())
    .filter(Boolean);
}

/**
 * Human date such as `21 November 2026` (UTC) from `YYYY-MM-DD`, `YYYY-MM` or a timestamp, in
 * `locale` (English unless given; shared/i18n/intl.ts).
 */
export function humanDate(
  value: string | null | undefined,
  locale: RenderLocale = DEFAULT_LOCALE,
): string {
  return formatDate(value, locale);
}

/** Every ISSN (`1234-567X`) found in the journal's ISSN line, in order, without repeats. */
export function issnList(issnLine: string): string[] {
  return [...new Set(issnLine.toUpperCase().match(/\b\d{4}-\d{3}[\dX]\b/g) ?? [])];
}

/**
 * The paper forms' note on a PDF whose text was cut at the limits of one paper (issue 15,
 * docs/decisions/271-bounded-work-per-paper.md): which pages search reads, and the limits.
 * @param textPages pages, from the first, the kept text comes from; null when unknown.
 * @param pageCount the PDF's pages; null when unknown.
 * @param limits `MAX_PDF_TEXT_KB` and `MAX_PDF_PAGES` as configured.
 */
export function pdfTextNote(
  textPages: number | null,
  pageCount: number | null,
  limits: { maxTextKb: number; maxPages: number },
): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const pages =
    textPages === null
      ? ""
      : textPages <= 1
        ? ` (page 1${pageCount ? ` of ${n(pageCount)}` : ""})`
        : ` (pages 1–${n(textPages)}${pageCount ? ` of ${n(pageCount)}` : ""})`;
  return `Only the first part of this PDF's text${pages} is searchable: the site keeps at most ${n(limits.maxTextKb)} KB of text and ${n(limits.maxPages)} pages of one paper.`;
}
