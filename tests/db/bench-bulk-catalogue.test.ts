/**
 * The bulk PostgreSQL builder of the benchmark catalogue (scripts/bench/bulk-catalogue.ts,
 * decision 570) at a tiny size: 200 papers built into a fresh test database, with the counts,
 * the indexes and sequences it drops and moves, the public API serving and searching the
 * catalogue, and its check against `indexPaper` (passing on the built rows, failing on a row
 * changed behind its back). PostgreSQL only: the builder is.
 */
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildBulkCatalogue,
  CHECKED_PAPERS,
  checkAgainstIndexPaper,
  samplePaperIds,
} from "../../scripts/bench/bulk-catalogue.ts";
import { type CatalogueCounts, catalogueShape } from "../../scripts/bench/catalogue.ts";
import { FREQUENT_WORD } from "../../scripts/bench/text.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

const PAPERS = 200;
let t: TestContext;
let counts: CatalogueCounts;
let indexesBefore: string[];

/** The index names of the catalogue's tables, sorted. */
async function indexNames(): Promise<string[]> {
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
    where schemaname = current_schema()
      and tablename in ('journals', 'publications', 'editors', 'papers', 'paper_authors',
        'paper_search', 'partners')
    order by indexname`.execute(t.ctx.db);
  return rows.map((r) => r.indexname);
}

describe.skipIf(dialectUnderTest !== "postgres")(`bulk bench catalogue of ${PAPERS} papers`, () => {
  beforeAll(async () => {
    t = await createTestContext();
    const { db, dialect } = t.ctx;
    indexesBefore = await indexNames();
    counts = await buildBulkCatalogue(
      { db, dialect, close: async () => {} },
      // 20 full texts among 200 papers, so the sample meets several
      { ...catalogueShape(PAPERS, 3), fullText: 20 },
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("writes every paper, its authors and its search row, and rebuilds what it dropped", async () => {
    expect(counts).toMatchObject({ papers: PAPERS, fullText: 20, searchWriter: "bulk" });
    const n = async (table: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
            t.ctx.db,
          )
        ).rows[0]?.n,
      );
    expect(await n("papers")).toBe(PAPERS);
    expect(await n("paper_search")).toBe(PAPERS);
    expect(await n("paper_authors")).toBe(counts.authors);
    expect(await n("publications")).toBe(counts.issues);
    expect(await n("editors")).toBe(3 * counts.issues);
    expect(await indexNames()).toEqual(indexesBefore);
    // the sequences were moved past the ids the builder gave: a new paper gets the next id
    const issue = await t.ctx.db.selectFrom("publications").select("id").executeTakeFirstOrThrow();
    const { id } = await t.ctx.db
      .insertInto("paper_authors")
      .values({
        paper_id: PAPERS,
        position: 99,
        name: "Next Author",
        email: null,
        institution: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(Number(id)).toBe(counts.authors + 1);
    await t.ctx.db.deleteFrom("paper_authors").where("id", "=", id).execute();
    expect(issue.id).toBeGreaterThan(0);
  });

  it("passes its check against indexPaper, full texts among the sample", async () => {
    const ids = await samplePaperIds(t.ctx.db, 3);
    expect(ids).toHaveLength(CHECKED_PAPERS);
    const withText = await t.ctx.db
      .selectFrom("papers")
      .select("id")
      .where("id", "in", ids)
      .where("full_text", "is not", null)
      .execute();
    expect(withText.length).toBeGreaterThanOrEqual(5);
    await expect(checkAgainstIndexPaper(t.ctx.db, ids)).resolves.toBeUndefined();
  });

  it("fails its check loudly on a row indexPaper would not write", async () => {
    const [first] = await samplePaperIds(t.ctx.db, 3);
    const id = first as number;
    const { title } = await t.ctx.db
      .selectFrom("papers")
      .select("title")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // the paper changed behind the search row's back, as a changed search.ts rule would look
    await t.ctx.db
      .updateTable("papers")
      .set({ title: "Unrelated words" })
      .where("id", "=", id)
      .execute();
    try {
      await expect(checkAgainstIndexPaper(t.ctx.db, [id])).rejects.toThrow(
        /search rows of 1 of 1 checked papers differ from indexPaper's \(ids \d+\)/,
      );
    } finally {
      await t.ctx.db.updateTable("papers").set({ title }).where("id", "=", id).execute();
    }
    // the check rolled back indexPaper's row: the bulk row is still there and still matches
    await expect(checkAgainstIndexPaper(t.ctx.db, [id])).resolves.toBeUndefined();
  });

  it("is listed, opened and searched through the public API", async () => {
    const journals = await request(t.app).get("/api/all_journals").expect(200);
    expect(journals.body.journals).toHaveLength(counts.journals);
    const paper = await t.ctx.db
      .selectFrom("papers as p")
      .innerJoin("publications as pub", "pub.id", "p.publication_id")
      .innerJoin("journals as j", "j.id", "pub.journal_id")
      .select(["p.id", "p.title", "j.uri"])
      .orderBy("p.id")
      .offset(PAPERS / 2)
      .limit(1)
      .executeTakeFirstOrThrow();
    const opened = await request(t.app)
      .get(`/api/get_journal_paper/${paper.uri}/${paper.id}`)
      .expect(200);
    expect(opened.body.paper.title).toBe(paper.title);
    expect(opened.body.paper.authors.length).toBeGreaterThan(0);
    const found = await request(t.app).get(`/api/search?q=${FREQUENT_WORD}`).expect(200);
    expect(found.body.results.total).toBeGreaterThan(20);
  });
});
