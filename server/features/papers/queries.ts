/**
 * Read side of papers: authors in order, the paper pages (`PaperDetail` of a journal paper,
 * docs/product/api.md; `ProceedingPaperDetail` of a conference paper, docs/decisions/090-public-
 * proceedings.md) and the location of a paper's PDF galley (docs/product/files.md).
 */

import type {
  AuthorInput,
  PaperDetail,
  PaperEdit,
  PaperReading,
  PaperTextState,
  ProceedingPaperDetail,
  ProceedingPaperEdit,
} from "../../../shared/api.ts";
import { effectivePaperDate, type PaperDateInput } from "../../../shared/dates.ts";
import {
  paperLink,
  pdfTextNote,
  proceedingCitationLine,
  proceedingLink,
  proceedingPaperLink,
  publicationLabel,
  publicationLink,
  slugify,
} from "../../../shared/format.ts";
import { parseRouteParam, routeId } from "../../../shared/route-params.ts";
import { removesFiles } from "../../../shared/updates.ts";
import type { Paper } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { fileUrl } from "../../storage/storage.ts";
import type { Visibility } from "../accounts/access.ts";
import { issnLine } from "../journals/queries.ts";
import { noticesOf } from "../updates/notices.ts";
import { versionsOf } from "../updates/versions.ts";
import {
  type AuthorWithAffiliations,
  authorItem,
  authorsByPaper,
  fundingOf,
  peopleByPaper,
  referencesOf,
  translationsOf,
} from "./scholarly.ts";

/** A paper in a table of contents: page range as stored, author names in their order. */
export type ContentsPaper = {
  id: number;
  title: string;
  first_page: string | null;
  last_page: string | null;
  authors: { name: string }[];
};

/**
 * The papers of an issue (`publicationId`) or a proceeding (`proceedingId`) in their order,
 * for the tables of contents of the issue, home and proceeding pages.
 */
export async function listContents(
  ctx: AppContext,
  owner: { publicationId: number } | { proceedingId: number },
): Promise<ContentsPaper[]> {
  const query = ctx.db.selectFrom("papers").select(["id", "title", "first_page", "last_page"]);
  const papers = await ("publicationId" in owner
    ? query.where("publication_id", "=", owner.publicationId)
    : query.where("proceeding_id", "=", owner.proceedingId)
  )
    .orderBy("position")
    .orderBy("id")
    .execute();
  const authors = await authorsByPaper(
    ctx.db,
    papers.map((p) => p.id),
  );
  return papers.map((p) => ({
    ...p,
    authors: (authors.get(p.id) ?? []).map((a) => ({ name: a.name })),
  }));
}

/** Authors of one paper with their affiliations, in their order. */
async function peopleOfPaper(ctx: AppContext, paperId: number): Promise<AuthorWithAffiliations[]> {
  return (await peopleByPaper(ctx.db, [paperId])).get(paperId) ?? [];
}

/** The columns of {@link SharedRow}, and the galley's key (`file`), for every paper query. */
const SHARED_COLUMNS = [
  "p.id",
  "p.title",
  "p.doi",
  "p.abstract",
  "p.keywords",
  "p.file",
  "p.received_on",
  "p.accepted_on",
  "p.copyright_holder",
  "p.copyright_year",
  "p.funding_statement",
  "p.language",
] as const;

/** The paper columns both reading pages select: those of {@link readingFields} and the PDF's. */
const READING_COLUMNS = [
  ...SHARED_COLUMNS,
  "p.page_count",
  "p.first_page",
  "p.last_page",
  "p.license_url",
  "p.created_at",
  "p.version",
  "p.version_on",
  "p.version_note",
] as const;

/** The stored columns that a paper's pages and its edit form both show. */
type SharedRow = Pick<
  Paper,
  | "id"
  | "title"
  | "doi"
  | "abstract"
  | "keywords"
  | "received_on"
  | "accepted_on"
  | "copyright_holder"
  | "copyright_year"
  | "funding_statement"
  | "language"
>;

/** The columns of a paper's reading pages. */
type ReadingRow = SharedRow &
  Pick<
    Paper,
    | "page_count"
    | "first_page"
    | "last_page"
    | "license_url"
    | "created_at"
    | "version"
    | "version_on"
    | "version_note"
  >;

/**
 * What a paper's pages and its edit form both give (decision 256): id, title, DOI, abstract and
 * keywords, the people in order (each as `authorOf` writes them), funders and references, dates,
 * copyright and funding statement, its language and translations (decision 440); optional text `""` when empty, the copyright year a number
 * or null.
 */
async function sharedFields<A>(
  ctx: AppContext,
  row: SharedRow,
  authorOf: (a: AuthorWithAffiliations) => A,
) {
  const [authors, funding, references, translations] = await Promise.all([
    peopleOfPaper(ctx, row.id),
    fundingOf(ctx.db, row.id),
    referencesOf(ctx.db, row.id),
    translationsOf(ctx.db, row.id),
  ]);
  return {
    paperID: row.id,
    title: row.title,
    authors: authors.map(authorOf),
    doi: row.doi ?? "",
    abstract: row.abstract,
    keywords: row.keywords ?? "",
    received_on: row.received_on ?? "",
    accepted_on: row.accepted_on ?? "",
    copyright_holder: row.copyright_holder ?? "",
    copyright_year: row.copyright_year === null ? null : Number(row.copyright_year),
    funding_statement: row.funding_statement ?? "",
    funding,
    references,
    language: row.language,
    translations,
  };
}

/**
 * The fields every paper reading page shows that come straight from the paper, its authors,
 * funders and references (`PaperReading` but for the galley URL, year, publisher and dates,
 * which depend on where it was published); optional text `""` when empty. `date` says where
 * the paper was published, for its effective publication date (shared/dates.ts).
 */
async function readingFields(
  ctx: AppContext,
  row: ReadingRow,
  date: PaperDateInput,
  page: string,
): Promise<Omit<PaperReading, "file_url" | "year" | "publisher" | "published_on" | "cover_img">> {
  const [shared, updates, versions] = await Promise.all([
    sharedFields(ctx, row, authorItem),
    noticesOf(ctx.db, row.id),
    versionsOf(ctx.db, row.id, row, page),
  ]);
  const removal = updates.find((u) => removesFiles(u.type));
  return {
    ...shared,
    updates,
    files_removed: removal ? removal.text : "",
    version: Number(row.version),
    versions,
    publication_date: effectivePaperDate(date).iso,
    date_added: row.created_at.slice(0, 10),
    first_page: row.first_page ?? "",
    last_page: row.last_page ?? "",
    page_count: row.page_count,
    license_url: row.license_url ?? "",
  };
}

/** A galley's location for the download routes: the stored key, the title and the last change. */
export type StoredPaperFile = { key: string; title: string; modified: string };

function storedFile(
  row: { file: string | null; title: string; updated_at: string } | undefined,
): StoredPaperFile | null {
  if (!row?.file) return null;
  return { key: row.file, title: row.title, modified: row.updated_at };
}

/** `/journal/{uri}/download/{paperID}/{slug}.pdf`: the galley URL, beside the abstract page. */
export function galleyUrl(journalUri: string, paperId: number, title: string): string {
  return `/journal/${journalUri}/download/${paperId}/${slugify(title)}.pdf`;
}

/**
 * `/proceedings/{slug}/download/{paperID}/{name}.pdf`: a conference paper's galley URL, beside
 * its page `/proceedings/{slug}/{paperID}`, as for journal papers.
 */
export function proceedingGalleyUrl(slug: string, paperId: number, title: string): string {
  return `/proceedings/${slug}/download/${paperId}/${slugify(title)}.pdf`;
}

/** Parses a route's paper id: a positive integer, else null. */
export function parsePaperId(value: string): number | null {
  return parseRouteParam(routeId, value);
}

function journalPaperQuery(ctx: AppContext, journalUri: string, paperId: number, v: Visibility) {
  let query = ctx.db
    .selectFrom("papers as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .where("p.id", "=", paperId)
    .where("j.uri", "=", journalUri);
  if (!v.includeUnpublished) {
    query = query.where("j.active", "=", 1).where("pub.status", "=", "published");
  }
  return query;
}

/**
 * GET /get_journal_paper/{journal_url}/{paper}: the paper page's data, or null when the journal
 * has no such paper (a paper of another journal is null too).
 */
export async function getJournalPaper(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  visibility: Visibility = {},
): Promise<PaperDetail | null> {
  const row = await journalPaperQuery(ctx, journalUri, paperId, visibility)
    .select([
      ...READING_COLUMNS,
      "p.published_on as paper_published_on",
      "pub.volume",
      "pub.number",
      "pub.show_number",
      "pub.year",
      "pub.published_on",
      "pub.publication_date",
      "pub.cover",
      "j.name as journal_name",
      "j.abbreviation",
      "j.uri",
      "j.issn",
      "j.eissn",
      "j.publisher",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const date = {
    published_on: row.paper_published_on,
    issue: { publication_date: row.publication_date, year: row.year },
  };
  const reading = await readingFields(ctx, row, date, paperLink(row.uri, row.id));
  return {
    ...reading,
    journal_name: row.journal_name,
    journal_url: row.uri,
    journal_title: `${row.journal_name}, ${publicationLabel(row.volume, row.number, row.year, row.show_number)}`,
    // a removal withdraws the files (decision 490)
    file_url: row.file && !reading.files_removed ? galleyUrl(row.uri, row.id, row.title) : "",
    volume: row.volume,
    issue: row.number,
    show_number: row.show_number === 1,
    year: row.year,
    journal_abbreviation: row.abbreviation,
    issn: issnLine(row),
    publisher: row.publisher ?? "",
    published_on: row.paper_published_on ?? row.published_on,
    issue_link: publicationLink(row.uri, row.volume, row.number),
    cover_img: fileUrl(row.cover),
  };
}

/** Where a paper's PDF is stored, for the galley route; null when there is no such PDF. */
export async function findPaperFile(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  visibility: Visibility = {},
): Promise<StoredPaperFile | null> {
  return storedFile(
    await journalPaperQuery(ctx, journalUri, paperId, visibility)
      .select(["p.file", "p.title", "p.updated_at"])
      .executeTakeFirst(),
  );
}

function proceedingPaperQuery(ctx: AppContext, slug: string, paperId: number) {
  return ctx.db
    .selectFrom("papers as p")
    .innerJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .where("p.id", "=", paperId)
    .where("pr.slug", "=", slug);
}

/**
 * GET /get_proceeding_paper/{slug}/{paper}: a conference paper's page data, or null when the
 * proceeding `slug` has no such paper (a journal paper, or a paper of another proceeding, is
 * null too). Proceedings have no draft state, so every proceeding paper is public.
 */
export async function getProceedingPaper(
  ctx: AppContext,
  slug: string,
  paperId: number,
): Promise<ProceedingPaperDetail | null> {
  const row = await proceedingPaperQuery(ctx, slug, paperId)
    .innerJoin("proceeding_events as e", "e.id", "pr.event_id")
    .select([
      ...READING_COLUMNS,
      "p.published_on",
      "pr.slug",
      "pr.title as proceeding_title",
      "pr.year",
      "pr.cover",
      "pr.isbn",
      "pr.issn",
      "pr.publisher",
      "e.name as event_name",
      "e.start_date",
      "e.end_date",
      "e.location",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const date = { published_on: row.published_on, proceeding: { year: row.year } };
  const reading = await readingFields(ctx, row, date, proceedingPaperLink(row.slug, row.id));
  return {
    ...reading,
    file_url:
      row.file && !reading.files_removed ? proceedingGalleyUrl(row.slug, row.id, row.title) : "",
    year: row.year,
    publisher: row.publisher ?? "",
    // A paper without its own date was published when its event ended.
    published_on: row.published_on ?? row.end_date,
    cover_img: fileUrl(row.cover),
    proceeding_slug: row.slug,
    proceeding_title: row.proceeding_title,
    proceeding_link: proceedingLink(row.slug),
    event_name: row.event_name,
    event_start_date: row.start_date,
    event_end_date: row.end_date,
    event_location: row.location ?? "",
    isbn: row.isbn ?? "",
    issn: row.issn ?? "",
    citation_line: proceedingCitationLine(row.proceeding_title, row.event_name, row.year),
  };
}

/** Where a conference paper's PDF is stored, for its galley route; null when there is none. */
export async function findProceedingPaperFile(
  ctx: AppContext,
  slug: string,
  paperId: number,
): Promise<StoredPaperFile | null> {
  return storedFile(
    await proceedingPaperQuery(ctx, slug, paperId)
      .select(["p.file", "p.title", "p.updated_at"])
      .executeTakeFirst(),
  );
}

/**
 * Whether a paper's stored text was cut at the limits of one paper, and the forms' note then
 * (decision 271).
 */
export function paperTextState(
  ctx: AppContext,
  row: { text_truncated: number; text_pages: number | null; page_count: number | null },
): PaperTextState {
  if (!row.text_truncated) return { text_truncated: false, text_note: "" };
  const { maxPages, maxTextBytes } = ctx.config.pdfLimits;
  return {
    text_truncated: true,
    text_note: pdfTextNote(row.text_pages, row.page_count, {
      maxTextKb: Math.round(maxTextBytes / 1024),
      maxPages,
    }),
  };
}

/** The paper columns both edit forms prefill. */
const EDIT_COLUMNS = [
  ...SHARED_COLUMNS,
  "p.license_url",
  "p.published_on",
  "p.text_truncated",
  "p.text_pages",
  "p.page_count",
] as const;

type EditRow = SharedRow &
  Pick<Paper, "license_url" | "published_on" | "text_truncated" | "text_pages" | "page_count">;

/** An author as the edit forms are prefilled: every field, the added ones included. */
function authorForEdit(a: AuthorWithAffiliations): Required<AuthorInput> {
  return { ...authorItem(a), email: a.email ?? "" };
}

/**
 * The fields both paper edit forms prefill (journal and conference papers): the spec's, the
 * authors in order with every added field, and the scholarly fields (decision 256).
 */
async function editFields(ctx: AppContext, row: EditRow) {
  const [shared, galley] = await Promise.all([
    sharedFields(ctx, row, authorForEdit),
    ctx.db
      .selectFrom("paper_jats")
      .select("paper_id")
      .where("paper_id", "=", row.id)
      .executeTakeFirst(),
  ]);
  return {
    ...shared,
    license_url: row.license_url ?? "",
    published_on: row.published_on ?? "",
    ...paperTextState(ctx, row),
    hasGalley: !!galley,
  };
}

/** GET /get_paper/{journal}/{paper}: a paper prefilled for the edit form, or null. */
export async function getPaperForEdit(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
): Promise<PaperEdit | null> {
  const row = await journalPaperQuery(ctx, journalUri, paperId, { includeUnpublished: true })
    .select([...EDIT_COLUMNS, "p.publication_id", "j.uri"])
    .executeTakeFirst();
  if (!row) return null;
  const { hasGalley, ...fields } = await editFields(ctx, row);
  return {
    ...fields,
    publication: String(row.publication_id),
    file_url: row.file ? galleyUrl(row.uri, row.id, row.title) : "",
    fulltext_url: hasGalley ? `${paperLink(row.uri, row.id)}/fulltext` : "",
  };
}

/**
 * GET /get_proceeding_paper_edit/{proceeding}/{paper}: a conference paper prefilled for the
 * dashboard's edit form (decision 202), or null when the paper is not in that proceeding.
 */
export async function getProceedingPaperForEdit(
  ctx: AppContext,
  proceedingId: number,
  paperId: number,
): Promise<ProceedingPaperEdit | null> {
  const row = await ctx.db
    .selectFrom("papers as p")
    .innerJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .select([...EDIT_COLUMNS, "p.first_page", "p.last_page", "pr.slug"])
    .where("p.id", "=", paperId)
    .where("p.proceeding_id", "=", proceedingId)
    .executeTakeFirst();
  if (!row) return null;
  const { hasGalley, ...fields } = await editFields(ctx, row);
  const link = proceedingPaperLink(row.slug, row.id);
  return {
    ...fields,
    first_page: row.first_page ?? "",
    last_page: row.last_page ?? "",
    link,
    file_url: row.file ? proceedingGalleyUrl(row.slug, row.id, row.title) : "",
    fulltext_url: hasGalley ? `${link}/fulltext` : "",
  };
}
