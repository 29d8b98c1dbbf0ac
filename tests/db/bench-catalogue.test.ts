/**
 * The benchmark catalogue builder (scripts/bench/catalogue.ts) writes a catalogue the app serves
 * as its own: on PostgreSQL through the bulk path (column-array inserts, search rows computed in
 * SQL, GIN index rebuilt after the load; decision 325), on SQLite through row inserts. 2,000
 * papers are built into a fresh test database, then the public API lists, opens and searches
 * them, and the search rows are those `indexPaper` writes.
 */
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildCatalogue,
  type CatalogueCounts,
  catalogueShape,
} from "../../scripts/bench/catalogue.ts";
import { FREQUENT_WORD } from "../../scripts/bench/text.ts";
import { indexPaper } from "../../server/features/search/search.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

const PAPERS = 2_000;
let t: TestContext;
let counts: CatalogueCounts;

beforeAll(async () => {
  t = await createTestContext();
  const { db, dialect } = t.ctx;
  counts = await buildCatalogue({ db, dialect, close: async () => {} }, catalogueShape(PAPERS, 7));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The stored search row of one paper, as text. */
async function searchRow(paperId: number): Promise<string> {
  const { rows } =
    t.ctx.dialect === "sqlite"
      ? await sql`select title, authors, keywords, abstract, body, body_rest from paper_search
          where rowid = ${paperId}`.execute(t.ctx.db)
      : await sql`select document::text as d, rank_doc::text as r from paper_search
          where paper_id = ${paperId}`.execute(t.ctx.db);
  return JSON.stringify(rows);
}

describe(`bench catalogue of ${PAPERS} papers on ${dialectUnderTest}`, () => {
  it("writes every paper, its authors and its search row in batches", async () => {
    expect(counts.papers).toBe(PAPERS);
    expect(counts.searchWriter).toBe("batched");
    // paper_search is an FTS5 table on SQLite, outside Kysely's table types
    const n = async (table: "papers" | "paper_authors" | "paper_search") =>
      Number(
        (
          await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
            t.ctx.db,
          )
        ).rows[0]?.n,
      );
    expect(await n("papers")).toBe(PAPERS);
    expect(await n("paper_search")).toBe(PAPERS);
    expect(await n("paper_authors")).toBe(counts.authors);
    if (t.ctx.dialect === "postgres") {
      // the GIN indexes dropped for the load are back (the title window's: migration 027)
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
        where tablename = 'paper_search' and indexdef ilike '% using gin %'
        order by indexname`.execute(t.ctx.db);
      expect(rows.map((r) => r.indexname)).toEqual(["paper_search_document", "paper_search_head"]);
    }
  });

  it("gives each paper the search row indexPaper gives it", async () => {
    const sample = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("full_text", "is not", null)
      .orderBy("id")
      .limit(2)
      .execute();
    const plain = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("full_text", "is", null)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    for (const { id } of [...sample, ...plain]) {
      const built = await searchRow(Number(id));
      await indexPaper(t.ctx.db, t.ctx.dialect, Number(id));
      expect(await searchRow(Number(id))).toBe(built);
    }
  });

  it("is listed, opened and searched through the public API", async () => {
    const journals = await request(t.app).get("/api/all_journals").expect(200);
    expect(journals.body.journals).toHaveLength(counts.journals);

    const paper = await t.ctx.db
      .selectFrom("papers as p")
      .innerJoin("publications as pub", "pub.id", "p.publication_id")
      .innerJoin("journals as j", "j.id", "pub.journal_id")
      .select(["p.id", "p.title", "pub.volume", "pub.number", "j.uri"])
      .orderBy("p.id")
      .offset(PAPERS / 2)
      .limit(1)
      .executeTakeFirstOrThrow();
    const issue = await request(t.app)
      .get(`/api/get_publication/${paper.uri}/${paper.volume}/${paper.number}`)
      .expect(200);
    expect(issue.body.publication.papers.map((p: { title: string }) => p.title)).toContain(
      paper.title,
    );
    const opened = await request(t.app)
      .get(`/api/get_journal_paper/${paper.uri}/${paper.id}`)
      .expect(200);
    expect(opened.body.paper.title).toBe(paper.title);
    expect(opened.body.paper.authors.length).toBeGreaterThan(0);

    const found = await request(t.app).get(`/api/search?q=${FREQUENT_WORD}`).expect(200);
    // about half the papers mention the word; the count may be capped, never below a page
    expect(found.body.results.total).toBeGreaterThan(20);
    expect(found.body.results.hits).toHaveLength(20);
    const titled = await request(t.app)
      .get(`/api/search?q=${encodeURIComponent(`"${paper.title}"`)}`)
      .expect(200);
    expect(titled.body.results.hits.map((h: { paperID: number }) => h.paperID)).toContain(
      Number(paper.id),
    );
  });
});
