/**
 * Full-text search over papers behind one interface (DESIGN section 1): SQLite FTS5 with bm25
 * ranking, or PostgreSQL `tsvector` with `ts_rank_cd`. Each paper has one search row made of its
 * title, author names, keywords, abstract and the text extracted from its PDF, weighted in that
 * order. Readers find papers of active journals in published issues, and papers of proceedings
 * (which are all public), each hit linking to its own reading page (docs/decisions/092-search-
 * proceeding-papers.md).
 *
 * Snippets mark matched words with U+0002 … U+0003 (never HTML), so the page can highlight them
 * without injecting markup.
 */
import { type Kysely, sql } from "kysely";
import {
  paperLink,
  proceedingLink,
  proceedingPaperLink,
  publicationLabel,
  publicationLink,
} from "../../shared/format.ts";
import type { Dialect } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import type { AppContext } from "./context.ts";

export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** Longest text taken from a PDF into the index, in characters. */
const MAX_BODY = 500_000;

export type SearchHit = {
  paperID: number;
  /** Where the paper was published: a journal issue or a conference proceeding. */
  kind: "journal" | "proceeding";
  title: string;
  /** The paper's page: `/journal/{uri}/{id}` or `/proceedings/{slug}/{id}`. */
  link: string;
  authors: string[];
  /** The journal's name, or the proceeding's title. */
  journal_name: string;
  /** The issue label `Vol. 3 No. 2 (2025)`, or the event and year `PLDI '09 (2009)`. */
  publication: string;
  /** The issue page, or the proceeding page. */
  publication_link: string;
  /** Matched passage with marks; may be empty. */
  snippet: string;
};

export type SearchResult = {
  query: string;
  total: number;
  page: number;
  pageSize: number;
  hits: SearchHit[];
};

/** The words of a query: letters and digits only (so nothing can reach the query syntax), at most 12. */
export function queryTerms(query: string): string[] {
  return (query.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

type Executor = Kysely<Database>;

/** Writes (or rewrites) the search row of one paper; a missing paper just loses its row. */
export async function indexPaper(db: Executor, dialect: Dialect, paperId: number): Promise<void> {
  const paper = await db
    .selectFrom("papers")
    .select(["id", "title", "abstract", "keywords", "full_text"])
    .where("id", "=", paperId)
    .executeTakeFirst();
  await sql`delete from paper_search where paper_id = ${paperId}`.execute(db);
  if (!paper) return;
  const authors = await db
    .selectFrom("paper_authors")
    .select("name")
    .where("paper_id", "=", paperId)
    .orderBy("position")
    .execute();
  const names = authors.map((a) => a.name).join(", ");
  const body = (paper.full_text ?? "").slice(0, MAX_BODY);
  if (dialect === "sqlite") {
    await sql`insert into paper_search (paper_id, title, authors, keywords, abstract, body)
      values (${paperId}, ${paper.title}, ${names}, ${paper.keywords ?? ""}, ${paper.abstract}, ${body})`.execute(
      db,
    );
    return;
  }
  await sql`insert into paper_search (paper_id, document) values (${paperId},
      setweight(to_tsvector('english', ${paper.title}), 'A') ||
      setweight(to_tsvector('simple', ${names}), 'A') ||
      setweight(to_tsvector('english', ${paper.keywords ?? ""}), 'B') ||
      setweight(to_tsvector('english', ${paper.abstract}), 'C') ||
      setweight(to_tsvector('english', ${body}), 'D'))`.execute(db);
}

/** Rebuilds every paper's search row (after an import, or to repair drift). */
export async function rebuildSearchIndex(ctx: AppContext): Promise<number> {
  const papers = await ctx.db.selectFrom("papers").select("id").execute();
  await sql`delete from paper_search`.execute(ctx.db);
  for (const { id } of papers) await indexPaper(ctx.db, ctx.dialect, id);
  return papers.length;
}

type Row = {
  id: number;
  title: string;
  snippet: string | null;
  year: number;
  /** Journal papers: the issue and journal; null for conference papers. */
  volume: string | null;
  number: string | null;
  journal_name: string | null;
  uri: string | null;
  /** Conference papers: the proceeding and event; null for journal papers. */
  slug: string | null;
  proceeding_title: string | null;
  event_name: string | null;
};

/** Hits by their source; `visible` keeps the papers readers may see. */
const SOURCES = sql`join papers p on p.id = s.paper_id
      left join publications pub on pub.id = p.publication_id
      left join journals j on j.id = pub.journal_id
      left join proceedings pr on pr.id = p.proceeding_id
      left join proceeding_events e on e.id = pr.event_id`;
const SOURCE_COLUMNS = sql`coalesce(pub.year, pr.year) as year, pub.volume, pub.number,
        j.name as journal_name, j.uri, pr.slug, pr.title as proceeding_title,
        e.name as event_name`;

function hitSource(
  r: Row,
): Pick<SearchHit, "kind" | "link" | "journal_name" | "publication" | "publication_link"> {
  if (r.slug !== null) {
    return {
      kind: "proceeding",
      link: proceedingPaperLink(r.slug, r.id),
      journal_name: r.proceeding_title ?? "",
      publication: `${r.event_name ?? ""} (${r.year})`,
      publication_link: proceedingLink(r.slug),
    };
  }
  const uri = r.uri ?? "";
  const volume = r.volume ?? "";
  const number = r.number ?? "";
  return {
    kind: "journal",
    link: paperLink(uri, r.id),
    journal_name: r.journal_name ?? "",
    publication: publicationLabel(volume, number, r.year),
    publication_link: publicationLink(uri, volume, number),
  };
}

/**
 * Papers matching every word of `query` (the last word also as a prefix), best first.
 * @param options.page 1-based page number; `pageSize` at most 50 (default 20).
 */
export async function searchPapers(
  ctx: AppContext,
  query: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<SearchResult> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 50);
  const page = Math.max(options.page ?? 1, 1);
  const terms = queryTerms(query);
  const empty = { query, total: 0, page, pageSize, hits: [] };
  if (terms.length === 0) return empty;
  const offset = (page - 1) * pageSize;

  const visible = sql`((j.active = 1 and pub.status = 'published') or pr.id is not null)`;
  let total: number;
  let rows: Row[];
  if (ctx.dialect === "sqlite") {
    const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
    const from = sql`from paper_search s
      ${SOURCES}
      where paper_search match ${match} and ${visible}`;
    const count = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
    total = Number(count.rows[0]?.n ?? 0);
    const result = await sql<Row>`select p.id, p.title,
        snippet(paper_search, -1, char(2), char(3), '…', 30) as snippet,
        ${SOURCE_COLUMNS}
      ${from}
      order by bm25(paper_search, 0.0, 10.0, 8.0, 6.0, 3.0, 1.0), p.id
      limit ${pageSize} offset ${offset}`.execute(ctx.db);
    rows = result.rows;
  } else {
    const tsquery = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
    const from = sql`from paper_search s
      ${SOURCES}
      cross join to_tsquery('english', ${tsquery}) q
      where s.document @@ q and ${visible}`;
    const count = await sql<{ n: string }>`select count(*) as n ${from}`.execute(ctx.db);
    total = Number(count.rows[0]?.n ?? 0);
    const result = await sql<Row>`select p.id, p.title,
        ts_headline('english', p.abstract || ' ' || left(coalesce(p.full_text, ''), 20000), q,
          'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=40, MinWords=20, MaxFragments=1, FragmentDelimiter=…') as snippet,
        ${SOURCE_COLUMNS}
      ${from}
      order by ts_rank_cd(s.document, q) desc, p.id
      limit ${pageSize} offset ${offset}`.execute(ctx.db);
    rows = result.rows;
  }

  const ids = rows.map((r) => r.id);
  const authors = ids.length
    ? await ctx.db
        .selectFrom("paper_authors")
        .select(["paper_id", "name"])
        .where("paper_id", "in", ids)
        .orderBy("paper_id")
        .orderBy("position")
        .execute()
    : [];
  return {
    query,
    total,
    page,
    pageSize,
    hits: rows.map((r) => ({
      paperID: r.id,
      title: r.title,
      authors: authors.filter((a) => a.paper_id === r.id).map((a) => a.name),
      ...hitSource(r),
      snippet: (r.snippet ?? "").replace(/\s+/g, " ").trim(),
    })),
  };
}
