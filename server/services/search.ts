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
import { type Kysely, type RawBuilder, sql } from "kysely";
import {
  paperLink,
  proceedingLink,
  proceedingPaperLink,
  publicationLabel,
  publicationLink,
} from "../../shared/format.ts";
import { MARK_END, MARK_START } from "../../shared/search-marks.ts";
import type { Dialect } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { announceCatalogueWrite, bumpCatalogueVersion } from "./catalogue-version.ts";
import type { AppContext } from "./context.ts";

export { MARK_END, MARK_START };

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
  /** Papers matching, counted up to {@link SEARCH_COUNT_CAP}; see `totalCapped`. */
  total: number;
  /** True when more than `total` papers match: the page says "10,000+". */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hits: SearchHit[];
};

/**
 * Most matches counted (docs/decisions/100-search-top-k.md): past this a count costs more than
 * it tells a reader, so the page shows "10,000+".
 */
export const SEARCH_COUNT_CAP = 10_000;

/** Most words of a query used. */
const MAX_TERMS = 12;

/**
 * The words of a query: letters and digits only (so nothing can reach the query syntax), each
 * once (case-insensitively), without one-character words unless nothing else is left, at most 12.
 */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of query.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  const long = words.filter((w) => [...w].length >= 2);
  return (long.length ? long : words).slice(0, MAX_TERMS);
}

type Executor = Kysely<Database>;

/**
 * Writes (or rewrites) the search row of one paper; a missing paper just loses its row. The row
 * is keyed by the paper id (SQLite `rowid` since migration 003, PostgreSQL `paper_id`), so the
 * old row is found in one lookup whatever the catalogue's size.
 */
export async function indexPaper(db: Executor, dialect: Dialect, paperId: number): Promise<void> {
  const paper = await db
    .selectFrom("papers")
    .select(["id", "title", "abstract", "keywords", "full_text"])
    .where("id", "=", paperId)
    .executeTakeFirst();
  if (dialect === "sqlite") {
    await sql`delete from paper_search where rowid = ${paperId}`.execute(db);
  } else {
    await sql`delete from paper_search where paper_id = ${paperId}`.execute(db);
  }
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
    await sql`insert into paper_search (rowid, title, authors, keywords, abstract, body)
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
  await bumpCatalogueVersion(ctx.db);
  announceCatalogueWrite(ctx.db);
  return papers.length;
}

type Row = {
  id: number;
  title: string;
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

/** Where each candidate `c` (a paper id) was published; {@link VISIBLE} keeps what readers may see. */
const SOURCES = sql`join papers p on p.id = c.id
      left join publications pub on pub.id = p.publication_id
      left join journals j on j.id = pub.journal_id
      left join proceedings pr on pr.id = p.proceeding_id
      left join proceeding_events e on e.id = pr.event_id`;
const VISIBLE = sql`((j.active = 1 and pub.status = 'published') or pr.id is not null)`;
const SOURCE_COLUMNS = sql`coalesce(pub.year, pr.year) as year, pub.volume, pub.number,
        j.name as journal_name, j.uri, pr.slug, pr.title as proceeding_title,
        e.name as event_name`;

/** The dialect's spelling of one query's matches, ranking and snippets. */
type Matcher = {
  /** Ids (`id`) of every matching paper, visible or not, in no order. */
  matches: RawBuilder<unknown>;
  /**
   * The best `limit` matches (every match when null) as `id` and `r`, best first: ascending
   * `r`, then ascending id.
   */
  ranked: (limit: number | null) => RawBuilder<unknown>;
  /** Marked passages of the given matching papers, as `id` and `snippet`. */
  snippets: (ids: number[]) => RawBuilder<{ id: number; snippet: string | null }>;
};

function sqliteMatcher(terms: string[]): Matcher {
  const match = terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
  return {
    matches: sql`select rowid as id from paper_search where paper_search match ${match}`,
    // Column weights: title, authors, keywords, abstract, body. A plain bm25() with LIMIT lets
    // SQLite keep only the best rows while scanning, instead of sorting every match.
    ranked: (limit) => sql`select rowid as id,
        bm25(paper_search, 10.0, 8.0, 6.0, 3.0, 1.0) as r
      from paper_search where paper_search match ${match}
      order by r, rowid ${limit === null ? sql`` : sql`limit ${limit}`}`,
    // `+rowid` keeps the id list a filter over one pass of the match: as a rowid constraint,
    // FTS5 would run the match (prefix expansion included) once per id, ~10 times slower.
    snippets: (ids) => sql`select rowid as id,
        snippet(paper_search, -1, char(2), char(3), '…', 30) as snippet
      from paper_search where paper_search match ${match} and +rowid in (${sql.join(ids)})`,
  };
}

function postgresMatcher(terms: string[]): Matcher {
  const tsquery = terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(" & ");
  const q = sql`to_tsquery('english', ${tsquery})`;
  return {
    matches: sql`select paper_id as id from paper_search where document @@ ${q}`,
    ranked: (limit) => sql`select s.paper_id as id, -ts_rank_cd(s.document, q) as r
      from paper_search s cross join ${q} q where s.document @@ q
      order by r, s.paper_id ${limit === null ? sql`` : sql`limit ${limit}`}`,
    snippets: (ids) => sql`select p.id,
        ts_headline('english', p.abstract || ' ' || left(coalesce(p.full_text, ''), 20000), q,
          'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=40, MinWords=20, MaxFragments=1, FragmentDelimiter=…') as snippet
      from papers p cross join ${q} q where p.id in (${sql.join(ids)})`,
  };
}

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
 * Papers matching every word of `query` (the last word also as a prefix), best first. Reads go
 * through `ctx.readDb`, so on SQLite a long search does not hold up other requests.
 *
 * Only the best `2 × (offset + pageSize)` matches (at least 100) are ranked and then filtered to
 * the papers readers may see; when hidden papers leave the page short although more visible
 * matches exist, every match is ranked. Matches are counted up to `countCap` (default
 * {@link SEARCH_COUNT_CAP}); docs/decisions/100-search-top-k.md.
 * @param options.page 1-based page number; `pageSize` at most 50 (default 20).
 */
export async function searchPapers(
  ctx: AppContext,
  query: string,
  options: { page?: number; pageSize?: number; countCap?: number } = {},
): Promise<SearchResult> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 50);
  const page = Math.max(options.page ?? 1, 1);
  const cap = options.countCap ?? SEARCH_COUNT_CAP;
  const terms = queryTerms(query);
  const empty = { query, total: 0, totalCapped: false, page, pageSize, hits: [] };
  if (terms.length === 0) return empty;
  const offset = (page - 1) * pageSize;
  const db = ctx.readDb;
  const matcher = ctx.dialect === "sqlite" ? sqliteMatcher(terms) : postgresMatcher(terms);
  // PostgreSQL estimates a common word's matches as cheaper to find by reading every row than
  // through the GIN index, but each row's tsvector must then be decompressed: 1.5 s instead of
  // 17 ms for "species" at 100,000 papers. Each search query turns sequential scans off for
  // its own transaction.
  const run = <R>(query: RawBuilder<R>): Promise<R[]> =>
    ctx.dialect === "postgres"
      ? db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          return (await query.execute(trx)).rows;
        })
      : query.execute(db).then((r) => r.rows);

  const pageOf = (limit: number | null) =>
    run(sql<Row>`select p.id, p.title, ${SOURCE_COLUMNS}
        from (${matcher.ranked(limit)}) c ${SOURCES}
        where ${VISIBLE}
        order by c.r, c.id
        limit ${pageSize} offset ${offset}`);
  // Counting and ranking each scan the matches; on SQLite they run in two workers at once.
  const [counted, firstRows] = await Promise.all([
    run(sql<{ n: number | string }>`select count(*) as n from (
      select 1 from (${matcher.matches}) c ${SOURCES} where ${VISIBLE} limit ${cap + 1}) x`),
    pageOf(Math.max(100, 2 * (offset + pageSize))),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  if (n === 0) return empty;
  const total = Math.min(n, cap);
  const totalCapped = n > cap;
  let rows = firstRows;
  if (rows.length < pageSize && (totalCapped || offset + rows.length < total)) {
    rows = await pageOf(null);
  }

  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ...empty, total, totalCapped };
  const [snippets, authors] = await Promise.all([
    run(matcher.snippets(ids)),
    db
      .selectFrom("paper_authors")
      .select(["paper_id", "name"])
      .where("paper_id", "in", ids)
      .orderBy("paper_id")
      .orderBy("position")
      .execute(),
  ]);
  return {
    query,
    total,
    totalCapped,
    page,
    pageSize,
    hits: rows.map((r) => ({
      paperID: r.id,
      title: r.title,
      authors: authors.filter((a) => a.paper_id === r.id).map((a) => a.name),
      ...hitSource(r),
      snippet: (snippets.find((s) => Number(s.id) === r.id)?.snippet ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    })),
  };
}
