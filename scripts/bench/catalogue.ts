/**
 * Builds the synthetic back catalogue of `npm run bench:scale` through the project's own database
 * layer: `openDatabase` + `migrate` (server/db/database.ts), inserts into the real tables in
 * batched transactions, and search rows as `indexPaper` (server/features/search/search.ts) writes
 * them. The default shape is issue 11's: 101,026 papers in 106 journals and 2,013 issues, about
 * 455,000 author rows, 5,050 papers with a full text of 2,000 to 6,000 words; about half the
 * papers mention "species". Smaller or larger `papers` counts scale issues and full texts alike.
 *
 * One builder for both databases (decision 325): the same seeded text maker writes every paper,
 * only the write path differs.
 * - SQLite: Kysely multi-row inserts of 400 rows, search rows written from the same text.
 * - PostgreSQL (decision 325's bulk path; `npm run bench:scale` now builds its PostgreSQL
 *   catalogue with scripts/bench/bulk-catalogue.ts, decision 570): the GIN indexes of
 *   `paper_search` are dropped first and rebuilt at the end (one sorted build instead of millions of
 *   GIN insertions); papers and authors go in 10,000 papers a statement as column arrays
 *   (`insert … select … from unnest($1::text[], …)`, one parameter per column); the search rows
 *   are computed afterwards inside PostgreSQL from the stored papers and authors
 *   (`insert into paper_search select … to_tsvector(…) from papers`, two connections over id
 *   ranges), so the texts cross the wire once.
 *
 * Search rows: `indexPaper` reads the paper back and deletes its old row first, four statements
 * per paper, and on SQLite that delete scans the whole FTS table (paper_id is unindexed), so
 * calling it 100,000 times takes hours. The builder writes the same rows in batches instead, and
 * first checks on a probe paper (rolled back) that `indexPaper` writes exactly the same row; when
 * it does not (search.ts changed its row), the build falls back to `indexPaper` for every paper.
 */
import { type InsertObject, type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../../server/db/database.ts";
import type { Dialect } from "../../server/db/dialect.ts";
import type { Database, NewPaper } from "../../server/db/schema.ts";
import { indexPaper } from "../../server/features/search/search.ts";
import { splitOpening } from "../../server/features/search/search-snippet.ts";
import { insertBareJournal } from "./bare-journal.ts";
import { createRandom } from "./random.ts";
import { createTextMaker } from "./text.ts";
import { FREQUENCIES, INSTITUTIONS, SUBJECTS } from "./words.ts";

/** Issue 11's catalogue. */
export const FULL_SCALE = { papers: 101_026, journals: 106, issues: 2_013, fullText: 5_050 };

export type CatalogueShape = {
  papers: number;
  journals: number;
  issues: number;
  /** Papers that have a PDF and its extracted text. */
  fullText: number;
  seed: number;
};

/** The shape for `papers` papers: issue 11's ratios, at least one issue per journal. */
export function catalogueShape(papers: number, seed: number): CatalogueShape {
  const ratio = papers / FULL_SCALE.papers;
  const journals = Math.max(1, Math.min(FULL_SCALE.journals, papers));
  const issues = Math.min(papers, Math.max(journals, Math.round(FULL_SCALE.issues * ratio)));
  return {
    papers,
    journals,
    issues,
    fullText: Math.round(FULL_SCALE.fullText * ratio),
    seed,
  };
}

export type CatalogueCounts = {
  journals: number;
  issues: number;
  papers: number;
  authors: number;
  fullText: number;
  /** Papers whose abstract or full text mentions "species". */
  frequent: number;
  /**
   * How the search rows were written: batched, `indexPaper` per paper (fallback), or computed in
   * SQL by the bulk builder (scripts/bench/bulk-catalogue.ts).
   */
  searchWriter: "batched" | "indexPaper" | "bulk";
  seconds: number;
};

type Db = Kysely<Database>;
type SearchRow = {
  paperId: number;
  title: string;
  names: string;
  keywords: string;
  abstract: string;
  body: string;
};

/**
 * Papers per transaction; each transaction also writes their authors (and on SQLite their search
 * rows). PostgreSQL takes them as one statement per table (column arrays), so larger batches.
 */
const PAPERS_PER_TRANSACTION = { sqlite: 2_000, postgres: 10_000 } as const;
/** Papers per search-row statement in PostgreSQL's bulk path (an id range). */
const SEARCH_IDS_PER_STATEMENT = 5_000;
/** Rows per INSERT statement (SQLite allows 32,766 parameters; papers have 17 columns). */
const ROWS_PER_INSERT = 400;

const iso = (ms: number) => new Date(ms).toISOString();

async function insertChunks<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

type NewAuthor = InsertObject<Database, "paper_authors">;

/** A column of an {@link unnestInsert}: its name and PostgreSQL element type. */
type Column<R> = [keyof R & string, "integer" | "text"];

const PAPER_COLUMNS: Column<NewPaper>[] = [
  ["publication_id", "integer"],
  ["proceeding_id", "integer"],
  ["title", "text"],
  ["doi", "text"],
  ["abstract", "text"],
  ["keywords", "text"],
  ["file", "text"],
  ["file_size", "integer"],
  ["page_count", "integer"],
  ["encrypted", "integer"],
  ["full_text", "text"],
  ["first_page", "text"],
  ["last_page", "text"],
  ["published_on", "text"],
  ["license_url", "text"],
  ["position", "integer"],
  ["created_at", "text"],
  ["updated_at", "text"],
];

const AUTHOR_COLUMNS: Column<NewAuthor>[] = [
  ["paper_id", "integer"],
  ["position", "integer"],
  ["name", "text"],
  ["email", "text"],
  ["institution", "text"],
];

/**
 * PostgreSQL: inserts `rows` in one statement, one array parameter per column
 * (`insert into t (a, b) select * from unnest($1::integer[], $2::text[])`), so a statement of
 * 10,000 rows costs one parse and no parameter limit applies.
 * @returns the `id` of each row inserted, in the order of `rows` (`with ordinality`).
 */
async function unnestInsert<T extends "papers" | "paper_authors", R extends object>(
  db: Db,
  table: T,
  columns: Column<R>[],
  rows: R[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const arrays = columns.map(
    ([name, type]) => sql`${rows.map((r) => (r[name] ?? null) as unknown)}::${sql.raw(type)}[]`,
  );
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const result = await sql<{ id: number }>`
    insert into ${sql.table(table)} (${names})
    select ${names} from unnest(${sql.join(arrays)}) with ordinality as u (${names}, n)
    order by n
    returning id`.execute(db);
  // Ids come from the table's sequence in insert order, and rows are inserted in `n` order.
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Inserts `papers`; the ids in their order. */
async function insertPapers(db: Db, dialect: Dialect, papers: NewPaper[]): Promise<number[]> {
  if (dialect === "postgres") return unnestInsert(db, "papers", PAPER_COLUMNS, papers);
  const ids: number[] = [];
  for (let i = 0; i < papers.length; i += ROWS_PER_INSERT) {
    const inserted = await db
      .insertInto("papers")
      .values(papers.slice(i, i + ROWS_PER_INSERT))
      .returning("id")
      .execute();
    // SQLite assigns rowids in insert order within the statement.
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** SQLite: the same row `indexPaper` writes, for many papers in one statement per chunk. */
async function writeSearchRows(db: Db, rows: SearchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows.slice(i, i + 100).map((r) => {
      // the text's opening apart from the rest, as indexPaper splits it (migration 020)
      const [opening, rest] = splitOpening(r.body);
      return sql`(${r.paperId}, ${r.title}, ${r.names}, ${r.keywords}, ${r.abstract}, ${opening}, ${rest})`;
    });
    await sql`insert into paper_search (rowid, title, authors, keywords, abstract, body, body_rest)
      values ${sql.join(values)}`.execute(db);
  }
}

/**
 * PostgreSQL: the row `indexPaper` writes, for every paper with `from <= id <= to`, computed
 * from the stored paper and its authors inside the database. The bench's texts are ASCII and far
 * below search.ts's 900 KB indexing limit, so the whole `full_text` is what `indexPaper` indexes;
 * the probe (`batchedWriterMatches`) checks the equality on every build.
 */
async function writePgSearchRows(db: Db, from: number, to: number): Promise<void> {
  await sql`insert into paper_search (paper_id, document, rank_doc)
    select id, d, ts_filter(d, '{a,b,c}') from (
      select p.id,
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('simple', coalesce(a.names, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(p.keywords, '')), 'B') ||
        setweight(to_tsvector('english', p.abstract), 'C') ||
        setweight(to_tsvector('english', coalesce(p.full_text, '')), 'D') as d
      from papers p
      left join (
        select paper_id, string_agg(name, ', ' order by position) as names
        from paper_authors where paper_id between ${from} and ${to} group by paper_id
      ) a on a.paper_id = p.id
      where p.id between ${from} and ${to}
    ) x`.execute(db);
}

/**
 * PostgreSQL: the GIN indexes of the search rows, dropped before the load (one sorted build at
 * the end instead of millions of posting-list insertions). The btrees stay: the search rows are
 * computed through `paper_authors_paper`, and rows arrive in id order, their cheapest case.
 * @returns their definitions (`CREATE INDEX … USING gin …`), to run again after the load.
 */
async function dropGinIndexes(db: Db): Promise<string[]> {
  const result = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename = 'paper_search'
      and indexdef ilike '% using gin %'`.execute(db);
  for (const { name } of result.rows) await sql`drop index ${sql.id(name)}`.execute(db);
  return result.rows.map((r) => r.def);
}

/**
 * Runs `jobs` on `connections` pooled connections at once (each job gets its connection's
 * executor), in order of the list; the first failure rejects once the running jobs end.
 */
async function onConnections(
  db: Db,
  connections: number,
  jobs: ((conn: Db) => Promise<void>)[],
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, () =>
      db.connection().execute(async (conn) => {
        for (let job = jobs[next++]; job; job = jobs[next++]) await job(conn);
      }),
    ),
  );
}

/** The stored search row of one paper, as text, to compare two writers' output. */
async function searchRowText(db: Db, dialect: Dialect, paperId: number): Promise<string> {
  const result =
    dialect === "sqlite"
      ? await sql`select title, authors, keywords, abstract, body, body_rest from paper_search
          where rowid = ${paperId}`.execute(db)
      : await sql`select document::text as document, rank_doc::text as rank_doc from paper_search
          where paper_id = ${paperId}`.execute(db);
  return JSON.stringify(result.rows.map((r) => ({ ...(r as object) })));
}

class Rollback extends Error {}

/**
 * True when `indexPaper` writes exactly the row the batched writer writes, tried on one probe
 * paper (with authors, keywords and a full text) in a transaction that is rolled back.
 */
async function batchedWriterMatches(db: Db, dialect: Dialect): Promise<boolean> {
  let same = false;
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const journalId = await insertBareJournal(
        trx,
        { uri: "bench-probe", name: "Probe", abbreviation: "P" },
        now,
      );
      const issue = await trx
        .insertInto("publications")
        .values({
          journal_id: journalId,
          volume: "1",
          number: "1",
          title: null,
          year: 2026,
          cover: null,
          status: "published",
          published_on: "2026-01-01",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = {
        title: "Probe species of moths",
        abstract: "An abstract about moths.",
        keywords: "ecology; moths",
        full_text: "Full text of the probe.\n\nSecond paragraph about species.",
      };
      const paper = await trx
        .insertInto("papers")
        .values({
          ...row,
          publication_id: Number(issue.id),
          proceeding_id: null,
          doi: null,
          file: null,
          file_size: null,
          page_count: null,
          encrypted: 0,
          first_page: null,
          last_page: null,
          published_on: null,
          license_url: null,
          position: 0,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const paperId = Number(paper.id);
      const names = ["Ada Chen", "Omar Rossi"];
      await trx
        .insertInto("paper_authors")
        .values(
          names.map((name, position) => ({
            paper_id: paperId,
            position,
            name,
            email: null,
            institution: null,
          })),
        )
        .execute();
      if (dialect === "sqlite")
        await writeSearchRows(trx, [
          {
            paperId,
            title: row.title,
            names: names.join(", "),
            keywords: row.keywords,
            abstract: row.abstract,
            body: row.full_text,
          },
        ]);
      else await writePgSearchRows(trx, paperId, paperId);
      const batched = await searchRowText(trx, dialect, paperId);
      await indexPaper(trx, dialect, paperId);
      same = batched === (await searchRowText(trx, dialect, paperId)) && batched !== "[]";
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) return false;
  }
  return same;
}

/**
 * Writes the catalogue of `shape` into the freshly migrated, empty database of `handle`.
 * @param progress called after each transaction with papers written so far.
 * @param searchProgress PostgreSQL: called as the search rows are computed after the papers,
 *   with papers indexed so far.
 * @returns what was written and how long it took (seconds).
 */
export async function buildCatalogue(
  handle: DatabaseHandle,
  shape: CatalogueShape,
  progress: (papersDone: number) => void = () => {},
  searchProgress: (papersDone: number) => void = () => {},
): Promise<CatalogueCounts> {
  const started = performance.now();
  const { db, dialect } = handle;
  const random = createRandom(shape.seed);
  const text = createTextMaker(random);
  // Issues run from 1990 to 2026; a journal's papers were added when its issue came out.
  const firstDay = Date.UTC(1990, 0, 1);
  const lastDay = Date.UTC(2026, 10, 1);
  const span = lastDay - firstDay;

  const journalRows = Array.from({ length: shape.journals }, (_, j) => {
    const name = text.journalName();
    const created = iso(firstDay + (span * j) / shape.journals / 4);
    return {
      uri: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${j + 1}`,
      name,
      abbreviation: name
        .split(" ")
        .filter((w) => w.length > 3)
        .map((w) => w.slice(0, 4))
        .join(". "),
      image: null,
      issn: `${String(1000 + j).padStart(4, "0")}-${String(random.int(100, 999))}X`,
      eissn: null,
      publisher: random.pick(INSTITUTIONS),
      frequency: random.pick(FREQUENCIES),
      intro: `${text.abstract(false)}\n\n${text.abstract(false)}`,
      sub_guide: text.abstract(false),
      other_guide: text.abstract(false),
      email: `editor${j + 1}@journals.example.org`,
      cost: "No article processing charge.",
      contact_name: text.personName(),
      contact_email: `contact${j + 1}@journals.example.org`,
      subject: SUBJECTS[j % SUBJECTS.length]!,
      active: 1,
      created_at: created,
      updated_at: created,
    };
  });
  const journalIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const row of journalRows) {
      const { id } = await trx
        .insertInto("journals")
        .values(row)
        .returning("id")
        .executeTakeFirstOrThrow();
      journalIds.push(Number(id));
    }
    await insertChunks(
      trx,
      "partners",
      INSTITUTIONS.map((name, i) => ({
        name,
        logo: null,
        link: `https://www.example.org/partner/${i + 1}`,
        position: i,
        created_at: iso(firstDay),
      })),
    );
  });

  // Issue k belongs to journal k mod journals; issues come out in date order overall.
  const issueDates = Array.from({ length: shape.issues }, (_, k) =>
    iso(firstDay + Math.floor((span * (k + 1)) / shape.issues)),
  );
  const perJournal = new Map<number, number>();
  const issues = issueDates.map((date, k) => {
    const journal = k % shape.journals;
    const nth = perJournal.get(journal) ?? 0;
    perJournal.set(journal, nth + 1);
    return {
      journal_id: journalIds[journal] as number,
      volume: String(Math.floor(nth / 4) + 1),
      number: String((nth % 4) + 1),
      title: null,
      year: Number(date.slice(0, 4)),
      cover: null,
      status: "published" as const,
      published_on: date.slice(0, 10),
      created_at: date,
      updated_at: date,
    };
  });

  const useIndexPaper = !(await batchedWriterMatches(db, dialect));
  const bulk = dialect === "postgres" && !useIndexPaper;
  const ginIndexes = bulk ? await dropGinIndexes(db) : [];
  const counts: CatalogueCounts = {
    journals: shape.journals,
    issues: shape.issues,
    papers: 0,
    authors: 0,
    fullText: 0,
    frequent: 0,
    searchWriter: useIndexPaper ? "indexPaper" : "batched",
    seconds: 0,
  };
  let issue = 0;
  while (issue < shape.issues) {
    await db.transaction().execute(async (trx) => {
      const papers: NewPaper[] = [];
      const extras: { authors: string[]; frequent: boolean }[] = [];
      while (issue < shape.issues && papers.length < PAPERS_PER_TRANSACTION[dialect]) {
        const meta = issues[issue] as (typeof issues)[number];
        const { id: issueId } = await trx
          .insertInto("publications")
          .values(meta)
          .returning("id")
          .executeTakeFirstOrThrow();
        await insertChunks(
          trx,
          "editors",
          ["Editor-in-Chief", "Academic Editor", "Academic Editor"].map((role, position) => ({
            publication_id: Number(issueId),
            proceeding_id: null,
            name: text.personName(),
            email: null,
            institution: random.pick(INSTITUTIONS),
            role,
            position,
          })),
        );
        const from = Math.floor((shape.papers * issue) / shape.issues);
        const to = Math.floor((shape.papers * (issue + 1)) / shape.issues);
        let page = 1;
        for (let n = from; n < to; n++) {
          const full =
            Math.floor(((n + 1) * shape.fullText) / shape.papers) >
            Math.floor((n * shape.fullText) / shape.papers);
          const frequent = random.next() < 0.5;
          const pages = random.int(6, 30);
          const added = iso(Date.parse(meta.created_at) + (n - from) * 60_000);
          const fullText = full ? text.fullText(random.int(2_000, 6_000), frequent) : null;
          papers.push({
            publication_id: Number(issueId),
            proceeding_id: null,
            title: text.title(),
            doi: `10.5555/bench.${shape.seed}.${n + 1}`,
            abstract: text.abstract(frequent && !full),
            keywords: text.keywords(),
            file: full ? `papers/bench-${n + 1}.pdf` : null,
            file_size: full ? pages * 90_000 : null,
            page_count: full ? pages : null,
            encrypted: 0,
            full_text: fullText,
            first_page: String(page),
            last_page: String(page + pages - 1),
            published_on: meta.published_on,
            license_url: "https://creativecommons.org/licenses/by/4.0/",
            position: n - from,
            created_at: added,
            updated_at: added,
          });
          page += pages;
          extras.push({
            authors: Array.from({ length: random.int(1, 8) }, () => text.personName()),
            frequent,
          });
          if (full) counts.fullText++;
          if (frequent) counts.frequent++;
        }
        issue++;
      }
      const ids = await insertPapers(trx, dialect, papers);
      const authorRows: NewAuthor[] = [];
      const searchRows: SearchRow[] = [];
      papers.forEach((paper, i) => {
        const paperId = ids[i] as number;
        const { authors } = extras[i] as (typeof extras)[number];
        for (const [position, name] of authors.entries()) {
          authorRows.push({
            paper_id: paperId,
            position,
            name,
            email: position === 0 ? `author${paperId}@example.org` : null,
            institution: random.pick(INSTITUTIONS),
          });
        }
        searchRows.push({
          paperId,
          title: paper.title,
          names: authors.join(", "),
          keywords: paper.keywords ?? "",
          abstract: paper.abstract ?? "",
          body: paper.full_text ?? "",
        });
      });
      if (dialect === "postgres")
        await unnestInsert(trx, "paper_authors", AUTHOR_COLUMNS, authorRows);
      else await insertChunks(trx, "paper_authors", authorRows);
      counts.authors += authorRows.length;
      counts.papers += papers.length;
      if (useIndexPaper) for (const id of ids) await indexPaper(trx, dialect, id);
      else if (dialect === "sqlite") await writeSearchRows(trx, searchRows);
    });
    progress(counts.papers);
  }
  if (bulk) {
    const { lo, hi } = await db
      .selectFrom("papers")
      .select((eb) => [eb.fn.min("id").as("lo"), eb.fn.max("id").as("hi")])
      .executeTakeFirstOrThrow();
    const ranges: ((conn: Db) => Promise<void>)[] = [];
    let searched = 0;
    for (let at = Number(lo); at <= Number(hi); at += SEARCH_IDS_PER_STATEMENT) {
      const last = Math.min(Number(hi), at + SEARCH_IDS_PER_STATEMENT - 1);
      ranges.push(async (conn) => {
        await writePgSearchRows(conn, at, last);
        searched += last - at + 1;
        searchProgress(Math.min(searched, counts.papers));
      });
    }
    // Two connections: the to_tsvector work is CPU-bound, and the bench machine has two cores.
    await onConnections(db, 2, ranges);
    await db.connection().execute(async (conn) => {
      // The sort of a GIN build spills to disk below this; the bench machine has 24 GB.
      await sql`set maintenance_work_mem = '1GB'`.execute(conn);
      for (const def of ginIndexes) await sql.raw(def).execute(conn);
    });
  }
  // A bulk load leaves the planner without statistics until autovacuum gets to it (never, where
  // autovacuum is off); an operator's restore runs ANALYZE, and so does the bench.
  await sql`analyze`.execute(db);
  counts.seconds = (performance.now() - started) / 1000;
  return counts;
}
