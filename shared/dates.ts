/**
 * Partial dates and a paper's one publication date (decision 255).
 *
 * Scholarly dates are as precise as the source: `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (ISO 8601
 * reduced precision, the forms JATS `<pub-date>`, Crossref `<publication_date>` and CSL
 * `date-parts` carry). Issues, papers and their received/accepted dates are stored in that form.
 * Every writer (meta tags, JSON-LD, OAI, JATS, feeds, BibTeX/RIS/CSL, Crossref, DOAJ) reads a
 * paper's date through {@link effectivePaperDate}, so they never disagree.
 *
 * Pure functions, no zod (the form schema `partialDateSchema` is in shared/schemas.ts).
 */
import { msg } from "./i18n/messages.ts";

/** A date as precise as known: a month only with a year, a day only with a month. */
export type PartialDate = { year: number; month?: number; day?: number };

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (shape only; {@link parsePartialDate} checks the calendar). */
export const PARTIAL_DATE_PATTERN = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** Each partial date field's message for a value that is not a date: one whole sentence each. */
const PARTIAL_DATE_MESSAGES = {
  "publication date": msg(
    "Enter the publication date as a year, a year and month or a full date, such as 2019, 2019-06 or 2019-06-15, or leave it empty.",
  ),
  "received date": msg(
    "Enter the received date as a year, a year and month or a full date, such as 2019, 2019-06 or 2019-06-15, or leave it empty.",
  ),
  "accepted date": msg(
    "Enter the accepted date as a year, a year and month or a full date, such as 2019, 2019-06 or 2019-06-15, or leave it empty.",
  ),
} as const;

/** A field holding a partial date. */
export type PartialDateField = keyof typeof PARTIAL_DATE_MESSAGES;

/**
 * The message of a date that is not one, for the field `what` ("publication date"): a catalogue
 * message (decision 382), translated where it is shown.
 */
export function partialDateMessage(what: PartialDateField): string {
  return PARTIAL_DATE_MESSAGES[what];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD` into its parts; null when the text has another shape
 * or names no real day (month 13, 30 February, year 0000).
 */
export function parsePartialDate(text: string | null | undefined): PartialDate | null {
  const match = PARTIAL_DATE_PATTERN.exec((text ?? "").trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1) return null;
  if (match[2] === undefined) return { year };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return { year, month };
  const day = Number(match[3]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True when `text` is a real partial date ({@link parsePartialDate}). */
export function isPartialDate(text: string | null | undefined): boolean {
  return parsePartialDate(text) !== null;
}

/** `{year: 2015, month: 4}` → `2015-04`. */
export function formatPartialDate(date: PartialDate): string {
  const y = String(date.year).padStart(4, "0");
  if (date.month === undefined) return y;
  const m = `${y}-${String(date.month).padStart(2, "0")}`;
  return date.day === undefined ? m : `${m}-${String(date.day).padStart(2, "0")}`;
}

/**
 * A partial date from separate parts as sources give them (JATS `<year>`, `<month>`, `<day>`;
 * months and days with or without a leading zero): as precise as the parts that make a real
 * date, null without a valid year. A day without a month is dropped.
 */
export function partialDateFromParts(
  year: string | number | null | undefined,
  month?: string | number | null,
  day?: string | number | null,
): string | null {
  const y = String(year ?? "").trim();
  if (!/^\d{4}$/.test(y)) return null;
  const m = String(month ?? "").trim();
  if (!/^\d{1,2}$/.test(m)) return parsePartialDate(y) ? y : null;
  const ym = `${y}-${m.padStart(2, "0")}`;
  if (!parsePartialDate(ym)) return parsePartialDate(y) ? y : null;
  const d = String(day ?? "").trim();
  if (!/^\d{1,2}$/.test(d)) return ym;
  const ymd = `${ym}-${d.padStart(2, "0")}`;
  return parsePartialDate(ymd) ? ymd : ym;
}

/** CSL-JSON `date-parts` of a partial date: `[[2015, 4, 15]]`, `[[2015, 4]]`, `[[2015]]`. */
export function dateParts(date: PartialDate): [number[]] {
  const parts = [date.year];
  if (date.month !== undefined) parts.push(date.month);
  if (date.day !== undefined) parts.push(date.day);
  return [parts];
}

/** Where a paper's effective date came from. */
export type PaperDateSource = "paper" | "issue" | "proceeding";

/** A paper's publication date for every writer: its parts, its text and where it came from. */
export type EffectiveDate = PartialDate & {
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  iso: string;
  source: PaperDateSource;
};

/** What {@link effectivePaperDate} reads: the paper's own date and what it was published in. */
export type PaperDateInput = {
  /** `papers.published_on`: the paper's own date, or null. */
  published_on: string | null | undefined;
} & (
  | {
      /** The issue of a journal paper: `publications.publication_date` (null: its year) and `year`. */
      issue: { publication_date: string | null | undefined; year: number };
    }
  | {
      /** The proceeding of a conference paper: its publication year. */
      proceeding: { year: number };
    }
);

/**
 * A paper's publication date (decision 255): its own date when it has a valid one, else its
 * issue's publication date (its year when the issue has none), else, for a conference paper,
 * its proceeding's year.
 */
export function effectivePaperDate(input: PaperDateInput): EffectiveDate {
  const own = parsePartialDate(input.published_on);
  if (own) return { ...own, iso: formatPartialDate(own), source: "paper" };
  if ("issue" in input) {
    const issue = parsePartialDate(input.issue.publication_date) ?? { year: input.issue.year };
    return { ...issue, iso: formatPartialDate(issue), source: "issue" };
  }
  const year = { year: input.proceeding.year };
  return { ...year, iso: formatPartialDate(year), source: "proceeding" };
}

/** An issue's publication date (its year when it has none stored), as a partial date string. */
export function issuePublicationDate(issue: {
  publication_date: string | null | undefined;
  year: number;
}): string {
  const date = parsePartialDate(issue.publication_date);
  return date ? formatPartialDate(date) : String(issue.year);
}
