/**
 * What the scholarly exports read (Crossref deposit XML, DOAJ article XML, generated JATS;
 * issue 16): one record per paper with its venue, people, dates, licence, funding and
 * references, from the columns of decision 255. Links are absolute, on `origin` (`PUBLIC_URL`,
 * else the request's own origin).
 *
 * Rules every writer shares, so they never disagree:
 * - the date is {@link effectivePaperDate} (shared/dates.ts);
 * - a paper with a last page has a page range (`first`–`last`); one with a first page only has
 *   an article number (JATS `elocation-id`, Crossref `item_number`): PLOS `e0115884`, Hindawi
 *   `2657876` (the importer stores an elocation id as `first_page`);
 * - a journal with two ISSNs has `issn` print and `eissn` electronic; a journal with one ISSN
 *   has it electronic (this site publishes online; every one-ISSN journal of the corpus is
 *   online-only), decision 276.
 */

import {
  type EffectiveDate,
  effectivePaperDate,
  issuePublicationDate,
} from "../../../shared/dates.ts";
import { paperLink, proceedingPaperLink, splitKeywords } from "../../../shared/format.ts";
import { DEFAULT_CONTENT_LANGUAGE } from "../../../shared/languages.ts";
import type { UpdateNotice } from "../../../shared/updates.ts";
import type { AppContext } from "../../services/context.ts";
import { galleyUrl, proceedingGalleyUrl } from "../papers/queries.ts";
import {
  type AuthorWithAffiliations,
  type FundingRead,
  fundingOf,
  peopleByPaper,
  type ReferenceRead,
  referencesOf,
  translationsByPaper,
} from "../papers/scholarly.ts";
import { PAPER_RECORD_COLUMNS, papersWithVenues } from "../papers/with-venues.ts";
import { noticesByPaper } from "../updates/notices.ts";

/** A journal as the exports name it. */
export type JournalVenue = {
  kind: "journal";
  id: number;
  uri: string;
  name: string;
  abbreviation: string;
  publisher: string;
  /** Print ISSN, `""` when none. */
  printIssn: string;
  /** Electronic ISSN, `""` when none. */
  electronicIssn: string;
  /** Its primary language, a BCP 47 tag (decision 440). */
  language: string;
  /** The DOI of its update policy page, Crossmark's `crossmark_policy`; `""` when none. */
  updatePolicyDoi: string;
};

/** An issue of a journal. */
export type IssueVenue = {
  id: number;
  volume: string;
  /** `""` for a volume of a continuously publishing journal (decision 185). */
  number: string;
  title: string;
  year: number;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  date: string;
};

/** A proceeding and its conference. */
export type ProceedingVenue = {
  kind: "proceeding";
  id: number;
  slug: string;
  title: string;
  publisher: string;
  isbn: string;
  issn: string;
  year: number;
  event: { name: string; startDate: string; endDate: string; location: string };
  /** The language of its papers unless one says otherwise, a BCP 47 tag (decision 440). */
  language: string;
};

/**
 * A paper's title, abstract and keywords in another language (decision 440); `""` or `[]` for
 * what is not given in it.
 */
export type RecordTranslation = {
  /** A BCP 47 tag (shared/languages.ts). */
  language: string;
  title: string;
  abstract: string;
  keywords: string[];
};

/** One paper with everything the exports write; optional text `""` when absent. */
export type ScholarlyRecord = {
  paperId: number;
  /** The language of its title, abstract, keywords and text: a BCP 47 tag (decision 440). */
  language: string;
  title: string;
  abstract: string;
  keywords: string[];
  /** Its title, abstract and keywords in other languages, in their order. */
  translations: RecordTranslation[];
  doi: string;
  /** A page range, or null (see the module comment). */
  pages: { first: string; last: string } | null;
  /** An article number / elocation id, `""` when the paper has pages or nothing. */
  articleNumber: string;
  date: EffectiveDate;
  receivedOn: string;
  acceptedOn: string;
  licenseUrl: string;
  copyrightHolder: string;
  copyrightYear: number | null;
  fundingStatement: string;
  authors: AuthorWithAffiliations[];
  funding: FundingRead[];
  references: ReferenceRead[];
  /** Absolute URL of the paper's page. */
  pageUrl: string;
  /** Absolute URL of the PDF galley, `""` without one. */
  pdfUrl: string;
  /** Absolute URL of the paper's generated JATS (`{page}/jats.xml`). */
  jatsUrl: string;
  /** Its update notices, newest first (decision 490); each is at `{pageUrl}#notice-{id}`. */
  updates: UpdateNotice[];
} & ({ venue: JournalVenue; issue: IssueVenue } | { venue: ProceedingVenue; issue: null });

/** A record of a journal paper. */
export type JournalRecord = Extract<ScholarlyRecord, { issue: IssueVenue }>;
/** A record of a conference paper. */
export type ProceedingRecord = Extract<ScholarlyRecord, { issue: null }>;

/**
 * The columns a {@link JournalVenue} is read from, on `journals as j` (as in
 * {@link papersWithVenues}); {@link journalVenueOf} reads them.
 */
export const JOURNAL_VENUE_COLUMNS = [
  "j.id as journal_id",
  "j.uri",
  "j.name as journal_name",
  "j.abbreviation",
  "j.publisher",
  "j.issn",
  "j.eissn",
  "j.primary_language as journal_language",
  "j.update_policy_doi",
] as const;

/** The journal of {@link JOURNAL_VENUE_COLUMNS} (null text: none). */
export function journalVenueOf(r: {
  journal_id: number;
  uri: string;
  journal_name: string | null;
  abbreviation: string | null;
  publisher: string | null;
  issn: string | null;
  eissn: string | null;
  journal_language: string | null;
  update_policy_doi?: string | null;
}): JournalVenue {
  return {
    kind: "journal",
    id: r.journal_id,
    uri: r.uri,
    name: r.journal_name ?? "",
    abbreviation: r.abbreviation ?? "",
    publisher: r.publisher ?? "",
    ...issnsOf(r.issn, r.eissn),
    language: r.journal_language ?? DEFAULT_CONTENT_LANGUAGE,
    updatePolicyDoi: r.update_policy_doi ?? "",
  };
}

/** The columns an {@link IssueVenue} is read from, on `publications as pub`. */
export const ISSUE_VENUE_COLUMNS = [
  "pub.id as issue_id",
  "pub.volume",
  "pub.number",
  "pub.show_number",
  "pub.title as issue_title",
  "pub.year as issue_year",
  "pub.publication_date",
] as const;

/** The issue of {@link ISSUE_VENUE_COLUMNS} (null text: none; no number shown: `""`). */
export function issueVenueOf(r: {
  issue_id: number;
  volume: string | null;
  number: string | null;
  show_number: number | null;
  issue_title: string | null;
  issue_year: number | null;
  publication_date: string | null;
}): IssueVenue {
  const year = r.issue_year ?? 0;
  return {
    id: r.issue_id,
    volume: r.volume ?? "",
    number: r.show_number === 0 ? "" : (r.number ?? ""),
    title: r.issue_title ?? "",
    year,
    date: issuePublicationDate({ publication_date: r.publication_date, year }),
  };
}

/**
 * The columns a {@link ProceedingVenue} is read from, on `proceedings as pr` and
 * `proceeding_events as e`.
 */
export const PROCEEDING_VENUE_COLUMNS = [
  "pr.id as proceeding_id",
  "pr.slug",
  "pr.title as proceeding_title",
  "pr.publisher as proceeding_publisher",
  "pr.isbn",
  "pr.issn as proceeding_issn",
  "pr.year as proceeding_year",
  "e.name as event_name",
  "e.start_date",
  "e.end_date",
  "e.location",
  "pr.language as proceeding_language",
] as const;

/** The proceeding and conference of {@link PROCEEDING_VENUE_COLUMNS} (null text: none). */
export function proceedingVenueOf(r: {
  proceeding_id: number;
  slug: string;
  proceeding_title: string | null;
  proceeding_publisher: string | null;
  isbn: string | null;
  proceeding_issn: string | null;
  proceeding_year: number | null;
  event_name: string | null;
  start_date: string | null;
  end_date: string | null;
  location: string | null;
  proceeding_language: string | null;
}): ProceedingVenue {
  return {
    kind: "proceeding",
    id: r.proceeding_id,
    slug: r.slug,
    title: r.proceeding_title ?? "",
    publisher: r.proceeding_publisher ?? "",
    isbn: r.isbn ?? "",
    issn: r.proceeding_issn ?? "",
    year: r.proceeding_year ?? 0,
    event: {
      name: r.event_name ?? "",
      startDate: r.start_date ?? "",
      endDate: r.end_date ?? "",
      location: r.location ?? "",
    },
    language: r.proceeding_language ?? DEFAULT_CONTENT_LANGUAGE,
  };
}

function paperBase(ctx: AppContext) {
  return papersWithVenues(ctx.db).select([
    ...PAPER_RECORD_COLUMNS,
    "p.first_page",
    "p.last_page",
    "p.published_on",
    "p.received_on",
    "p.accepted_on",
    "p.license_url",
    "p.copyright_holder",
    "p.copyright_year",
    "p.funding_statement",
    "p.language",
    "p.position",
    ...ISSUE_VENUE_COLUMNS,
    ...JOURNAL_VENUE_COLUMNS,
    ...PROCEEDING_VENUE_COLUMNS,
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof paperBase>["execute"]>>[number];

/** The journal's ISSNs by medium (module comment). */
export function issnsOf(issn: string | null, eissn: string | null) {
  const a = issn?.trim() ?? "";
  const b = eissn?.trim() ?? "";
  return b ? { printIssn: a, electronicIssn: b } : { printIssn: "", electronicIssn: a };
}

async function toRecords(ctx: AppContext, rows: Row[], origin: string): Promise<ScholarlyRecord[]> {
  const ids = rows.map((r) => r.id);
  const [people, translations, notices] = await Promise.all([
    peopleByPaper(ctx.db, ids),
    translationsByPaper(ctx.db, ids),
    noticesByPaper(ctx.db, ids),
  ]);
  const out: ScholarlyRecord[] = [];
  for (const r of rows) {
    const [funding, references] = await Promise.all([
      fundingOf(ctx.db, r.id),
      referencesOf(ctx.db, r.id),
    ]);
    const first = r.first_page?.trim() ?? "";
    const last = r.last_page?.trim() ?? "";
    const common = {
      paperId: r.id,
      language: r.language,
      title: r.title,
      abstract: r.abstract,
      keywords: splitKeywords(r.keywords),
      translations: (translations.get(r.id) ?? []).map((t) => ({
        ...t,
        keywords: splitKeywords(t.keywords),
      })),
      doi: r.doi ?? "",
      pages: first && last ? { first, last } : null,
      articleNumber: first && !last ? first : "",
      receivedOn: r.received_on ?? "",
      acceptedOn: r.accepted_on ?? "",
      licenseUrl: r.license_url ?? "",
      copyrightHolder: r.copyright_holder ?? "",
      copyrightYear: r.copyright_year,
      fundingStatement: r.funding_statement ?? "",
      authors: people.get(r.id) ?? [],
      funding,
      references,
      updates: notices.get(r.id) ?? [],
    };
    if (r.slug !== null && r.proceeding_id !== null) {
      const page = `${origin}${proceedingPaperLink(r.slug, r.id)}`;
      out.push({
        ...common,
        date: effectivePaperDate({
          published_on: r.published_on,
          proceeding: { year: r.proceeding_year ?? 0 },
        }),
        pageUrl: page,
        pdfUrl: r.file ? `${origin}${proceedingGalleyUrl(r.slug, r.id, r.title)}` : "",
        jatsUrl: `${page}/jats.xml`,
        venue: proceedingVenueOf({ ...r, proceeding_id: r.proceeding_id, slug: r.slug }),
        issue: null,
      });
    } else if (r.uri !== null && r.journal_id !== null && r.issue_id !== null) {
      const page = `${origin}${paperLink(r.uri, r.id)}`;
      out.push({
        ...common,
        date: effectivePaperDate({
          published_on: r.published_on,
          issue: { publication_date: r.publication_date, year: r.issue_year ?? 0 },
        }),
        pageUrl: page,
        pdfUrl: r.file ? `${origin}${galleyUrl(r.uri, r.id, r.title)}` : "",
        jatsUrl: `${page}/jats.xml`,
        venue: journalVenueOf({ ...r, journal_id: r.journal_id, uri: r.uri }),
        issue: issueVenueOf({ ...r, issue_id: r.issue_id }),
      });
    }
  }
  return out;
}

/** The records of the papers `ids` (any that exist), in the order of `ids`. */
export async function recordsOfPapers(
  ctx: AppContext,
  ids: readonly number[],
  origin: string,
): Promise<ScholarlyRecord[]> {
  if (ids.length === 0) return [];
  const rows = await paperBase(ctx).where("p.id", "in", ids).execute();
  const records = await toRecords(ctx, rows, origin);
  return ids.flatMap((id) => records.filter((r) => r.paperId === id));
}

/** The records of an issue's papers in their order in the issue. */
export async function recordsOfIssue(
  ctx: AppContext,
  issueId: number,
  origin: string,
): Promise<JournalRecord[]> {
  const rows = await paperBase(ctx)
    .where("p.publication_id", "=", issueId)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return (await toRecords(ctx, rows, origin)).filter((r): r is JournalRecord => r.issue !== null);
}

/** The records of a proceeding's papers in their order. */
export async function recordsOfProceeding(
  ctx: AppContext,
  proceedingId: number,
  origin: string,
): Promise<ProceedingRecord[]> {
  const rows = await paperBase(ctx)
    .where("p.proceeding_id", "=", proceedingId)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return (await toRecords(ctx, rows, origin)).filter(
    (r): r is ProceedingRecord => r.issue === null,
  );
}

/** The records of a journal's papers in its published issues, oldest issue first. */
export async function recordsOfJournal(
  ctx: AppContext,
  journalId: number,
  origin: string,
): Promise<JournalRecord[]> {
  const rows = await paperBase(ctx)
    .where("pub.journal_id", "=", journalId)
    .where("pub.status", "=", "published")
    .orderBy("pub.year")
    .orderBy("pub.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return (await toRecords(ctx, rows, origin)).filter((r): r is JournalRecord => r.issue !== null);
}
