/**
 * Read side of papers: authors in order, the paper page (`PaperDetail`, DESIGN section 2) and the
 * location of a paper's PDF galley (DESIGN section 4).
 */
import type { PaperDetail, PaperEdit } from "../../../shared/api.ts";
import { publicationLabel, publicationLink, slugify } from "../../../shared/format.ts";
import type { PaperAuthor } from "../../db/schema.ts";
import type { AppContext } from "../context.ts";
import { issnLine } from "../journals/queries.ts";

/** Readers see a paper only in an active journal and a published issue. */
export type Visibility = { includeUnpublished?: boolean };

/** Authors of each paper, in their order, keyed by paper id (papers without authors absent). */
export async function authorsByPaper(
  ctx: AppContext,
  paperIds: readonly number[],
): Promise<Map<number, PaperAuthor[]>> {
  const map = new Map<number, PaperAuthor[]>();
  if (paperIds.length === 0) return map;
  const rows = await ctx.db
    .selectFrom("paper_authors")
    .selectAll()
    .where("paper_id", "in", paperIds)
    .orderBy("paper_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = map.get(row.paper_id) ?? [];
    list.push(row);
    map.set(row.paper_id, list);
  }
  return map;
}

/** `/journal/{uri}/download/{paperID}/{slug}.pdf`: the galley URL, beside the abstract page. */
export function galleyUrl(journalUri: string, paperId: number, title: string): string {
  return `/journal/${journalUri}/download/${paperId}/${slugify(title)}.pdf`;
}

/** Parses a route's paper id: a positive integer, else null. */
export function parsePaperId(value: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
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
      "p.id",
      "p.title",
      "p.doi",
      "p.abstract",
      "p.keywords",
      "p.file",
      "p.page_count",
      "p.first_page",
      "p.last_page",
      "p.published_on as paper_published_on",
      "p.license_url",
      "p.created_at",
      "pub.volume",
      "pub.number",
      "pub.year",
      "pub.published_on",
      "j.name as journal_name",
      "j.abbreviation",
      "j.uri",
      "j.issn",
      "j.eissn",
      "j.publisher",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const authors = (await authorsByPaper(ctx, [row.id])).get(row.id) ?? [];
  return {
    paperID: row.id,
    journal_name: row.journal_name,
    journal_url: row.uri,
    journal_title: `${row.journal_name}, ${publicationLabel(row.volume, row.number, row.year)}`,
    title: row.title,
    authors: authors.map((a) => ({ name: a.name, institution: a.institution ?? "" })),
    doi: row.doi ?? "",
    abstract: row.abstract,
    keywords: row.keywords ?? "",
    file_url: row.file ? galleyUrl(row.uri, row.id, row.title) : "",
    volume: row.volume,
    issue: row.number,
    year: row.year,
    date_added: row.created_at.slice(0, 10),
    journal_abbreviation: row.abbreviation,
    issn: issnLine(row),
    publisher: row.publisher ?? "",
    published_on: row.paper_published_on ?? row.published_on,
    first_page: row.first_page ?? "",
    last_page: row.last_page ?? "",
    page_count: row.page_count,
    issue_link: publicationLink(row.uri, row.volume, row.number),
    license_url: row.license_url ?? "",
  };
}

/** Where a paper's PDF is stored, for the galley route; null when there is no such PDF. */
export async function findPaperFile(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
  visibility: Visibility = {},
): Promise<{ key: string; title: string; modified: string } | null> {
  const row = await journalPaperQuery(ctx, journalUri, paperId, visibility)
    .select(["p.file", "p.title", "p.updated_at"])
    .executeTakeFirst();
  if (!row?.file) return null;
  return { key: row.file, title: row.title, modified: row.updated_at };
}

/** GET /get_paper/{journal}/{paper}: a paper prefilled for the edit form, or null. */
export async function getPaperForEdit(
  ctx: AppContext,
  journalUri: string,
  paperId: number,
): Promise<PaperEdit | null> {
  const row = await journalPaperQuery(ctx, journalUri, paperId, { includeUnpublished: true })
    .select([
      "p.id",
      "p.title",
      "p.doi",
      "p.abstract",
      "p.keywords",
      "p.file",
      "p.publication_id",
      "j.uri",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const authors = (await authorsByPaper(ctx, [row.id])).get(row.id) ?? [];
  return {
    paperID: row.id,
    title: row.title,
    authors: authors.map((a) => ({
      name: a.name,
      email: a.email ?? "",
      institution: a.institution ?? "",
    })),
    doi: row.doi ?? "",
    abstract: row.abstract,
    keywords: row.keywords ?? "",
    publication: String(row.publication_id),
    file_url: row.file ? galleyUrl(row.uri, row.id, row.title) : "",
  };
}
