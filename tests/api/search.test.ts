import { type Kysely, sql } from "kysely";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { up as searchRowidMigration } from "../../server/db/migrations/003-search-rowid.ts";
import { rebuildSqliteSearch } from "../../server/db/migrations/020-text-limits.ts";
import {
  indexPaper,
  MARK_END,
  MARK_START,
  rebuildSearchIndex,
  searchPapers,
} from "../../server/features/search/search.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { paperRow } from "../helpers/fixtures.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ proceedings: true });

/** Changes columns of paper `id` (its title, the text of its PDF); the index is left as it was. */
const updatePaper = (id: number, columns: { title?: string; full_text?: string }) =>
  t.ctx.db.updateTable("papers").set(columns).where("id", "=", id).execute();

beforeAll(async () => {
  await updatePaper(t.seed.paperWithPdfId, {
    full_text: "The lobster stomatogastric ganglion has been studied for decades.",
  });
  await rebuildSearchIndex(t.ctx);
});

const titles = async (q: string) => (await searchPapers(t.ctx, q)).hits.map((h) => h.title);

/** Search rows of one paper: keyed by rowid on SQLite, by `paper_id` on PostgreSQL. */
const searchRows = async (paperId: number) => {
  const key = sql.raw(t.ctx.dialect === "sqlite" ? "rowid" : "paper_id");
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from paper_search
    where ${key} = ${paperId}`.execute(t.ctx.db);
  return Number(rows[0]!.n);
};

describe(`web-search syntax, DOIs, filters and the JSON call on ${dialectUnderTest}`, () => {
  const t2 = () => t;
  it("matches a quoted phrase as a phrase", async () => {
    expect(await titles('"second paragraph"')).toEqual(expect.arrayContaining(["On Duty"]));
    expect(await titles('"second first"')).toEqual([]);
    expect(await titles('"compile than statically"')).toEqual([
      "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
    ]);
  });

  it("reads OR and -word", async () => {
    expect((await titles("pearls OR meta")).sort()).toEqual([
      "Functional Pearls of Type Inference",
      "Tracing the Meta-Level",
    ]);
    const both = await titles("paragraph");
    expect(both).toHaveLength(2);
    expect(await titles("paragraph -kant")).toEqual(both.filter((x) => x !== "On Duty"));
    expect(await titles('paragraph -"grad school"')).toEqual(["On Duty"]);
  });

  it("finds a paper by its pasted DOI, with or without the resolver, in any case", async () => {
    for (const q of [
      "10.1145/1542476.1542528",
      "https://doi.org/10.1145/1542476.1542528",
      "doi:10.1145/1542476.1542528",
    ]) {
      const result = await searchPapers(t2().ctx, q);
      expect(result).toMatchObject({ total: 1, doi: "10.1145/1542476.1542528" });
      expect(result.hits.map((h) => h.paperID)).toEqual([t.proceedings.tracePaperId]);
      expect(result.hits[0]!.snippet).toMatch(/^Dynamic languages such as JavaScript/);
    }
    // Stored as "10.7554/eLife.00353"; the paper of the inactive journal (its own DOI) is hidden.
    const elife = await searchPapers(t2().ctx, "https://doi.org/10.7554/ELIFE.00353");
    expect(elife.hits.map((h) => h.paperID)).toEqual([t.seed.paperWithPdfId]);
    expect((await searchPapers(t2().ctx, "10.7554/eLife.90001")).hits).toEqual([]);
    expect(await searchPapers(t2().ctx, "10.9999/nothing.here")).toMatchObject({
      total: 0,
      hits: [],
      doi: "10.9999/nothing.here",
    });
  });

  it("answers the pathological query without searching, and says the word was ignored", async () => {
    const q = "the the the the the the the the the the the the";
    expect(await searchPapers(t2().ctx, q)).toMatchObject({ total: 0, hits: [], ignored: ["the"] });
    // A long query of distinct common and rare words still answers, bounded to 12 words.
    const long = Array.from({ length: 40 }, (_, i) => `paragraph${i}`).join(" ");
    await expect(searchPapers(t2().ctx, `${long} the of and`)).resolves.toMatchObject({
      total: 0,
    });
    expect(await titles("the second paragraph of a good life")).toEqual(["A good life"]);
  });

  it("filters by journal or proceeding, year and type", async () => {
    const search = (q: string, filters: object) =>
      searchPapers(t2().ctx, q, { filters }).then((r) => r.hits.map((h) => h.title).sort());
    const all = await search("paragraph OR tracing OR pearls OR trace", {});
    expect(all).toHaveLength(5);
    expect(
      await search("paragraph OR tracing OR pearls OR trace", { journal: "ethics-review" }),
    ).toEqual(["A good life", "On Duty"]);
    expect(
      await search("paragraph OR tracing OR pearls OR trace", { proceeding: "pldi-2009" }),
    ).toEqual([
      "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
      "Tracing the Meta-Level",
    ]);
    expect(
      await search("paragraph OR tracing OR pearls OR trace", {
        journal: "ethics-review",
        proceeding: "icfp-2010",
      }),
    ).toEqual(["A good life", "Functional Pearls of Type Inference", "On Duty"]);
    expect(await search("paragraph OR tracing OR pearls OR trace", { year: 2010 })).toEqual([
      "Functional Pearls of Type Inference",
    ]);
    expect(
      await search("paragraph OR tracing OR pearls OR trace", { type: "proceeding-paper" }),
    ).toHaveLength(3);
    expect(
      await search("paragraph OR tracing OR pearls OR trace", { type: "journal-paper" }),
    ).toEqual(["A good life", "On Duty"]);
    // The hidden journal's paper stays hidden when it is the filter.
    expect(await search("paragraph", { journal: "hidden-annals" })).toEqual([]);
    expect(await search("10.1145/1542476.1542528", { year: 2025 })).toEqual([]);
  });

  it("answers GET /api/search with filters, paging and the envelope", async () => {
    const q = "paragraph OR tracing OR pearls OR trace";
    const first = await request(t2().app).get("/api/search").query({ q, type: "proceeding-paper" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 1, msg: "OK" });
    expect(first.body.results).toMatchObject({ query: q, total: 3, page: 1, pageSize: 20 });
    const paged = await request(t2().app).get("/api/search").query({ q, page: 2, page_size: 2 });
    expect(paged.status).toBe(200);
    expect(paged.body.results).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.body.results.hits).toHaveLength(2);
    const page3 = await request(t2().app).get("/api/search").query({ q, page: 3, page_size: 2 });
    expect(page3.body.results.hits).toHaveLength(1);
    const seen = new Set(
      [first, paged, page3].flatMap((r) =>
        r.body.results.hits.map((h: { paperID: number }) => h.paperID),
      ),
    );
    expect(seen.size).toBe(5);
    const filtered = await request(t2().app)
      .get("/api/search")
      .query({ q, journal: "ethics-review", year: "2025", type: "" });
    expect(filtered.body.results.total).toBe(2);
    const doi = await request(t2().app)
      .get("/api/search")
      .query({ q: "https://doi.org/10.1145/1542476.1542528" });
    expect(doi.body.results).toMatchObject({ total: 1, doi: "10.1145/1542476.1542528" });
  });

  it("ranks a bounded window of matches, and pages past it reach every match once", async () => {
    const q = "paragraph OR tracing OR pearls OR trace";
    const ids = async (rankWindow: number) => {
      const out: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const r = await searchPapers(t2().ctx, q, { page, pageSize: 1, rankWindow });
        expect(r.total).toBe(5);
        out.push(...r.hits.map((h) => h.paperID));
      }
      return out;
    };
    const whole = await ids(1000);
    expect(whole).toHaveLength(5);
    for (const w of [1, 2]) {
      const windowed = await ids(w);
      expect(windowed).toHaveLength(5);
      expect(new Set(windowed).size).toBe(5);
      expect([...windowed].sort()).toEqual([...whole].sort());
    }
    // With a window of one, the newest match and the newest match in a title come first.
    const first = await searchPapers(t2().ctx, "pearls OR paragraph", { rankWindow: 1 });
    expect(first.total).toBe(3);
    expect(first.hits).toHaveLength(3);
  });

  it("refuses bad search parameters with a 400 naming the problem", async () => {
    const bad = async (query: Record<string, string>, msg: string) => {
      const res = await request(t2().app).get("/api/search").query(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg });
    };
    await bad({ q: "x", type: "book" }, "The type must be journal-paper or proceeding-paper.");
    await bad({ q: "x", year: "soon" }, "The year must be a year such as 2024.");
    await bad({ q: "x", page: "0" }, "The page must be a whole number from 1 to 1000.");
    await bad({ q: "x", page_size: "51" }, "The page size must be a whole number from 1 to 50.");
    await bad({ q: "x", journal: "../etc" }, "No such journal.");
    await bad({ q: "x", proceeding: "A B" }, "No such proceeding.");
  });
});

describe(`paper search on ${dialectUnderTest}`, () => {
  it.skipIf(dialectUnderTest !== "sqlite")(
    "migrations 003 and 020 rebuild one row per paper, keyed by its id, from the papers",
    async () => {
      await sql`delete from paper_search`.execute(t.ctx.db);
      await searchRowidMigration(t.ctx.db as unknown as Kysely<unknown>, "sqlite");
      const papers = await t.ctx.db.selectFrom("papers").select("id").execute();
      for (const { id } of papers) expect(await searchRows(id)).toBe(1);
      expect(await titles("Marder stomatogastric")).toEqual(["A good life"]);
      // 020: the same rows, the PDF's text split into its opening and the rest
      await rebuildSqliteSearch(t.ctx.db as unknown as Kysely<unknown>);
      for (const { id } of papers) expect(await searchRows(id)).toBe(1);
      expect(await titles("Marder stomatogastric")).toEqual(["A good life"]);
    },
  );

  it("finds papers by title, author, keyword and the PDF's text", async () => {
    expect(await titles("duty")).toEqual(["On Duty"]);
    expect(await titles("Marder")).toEqual(["A good life"]);
    expect(await titles("grad school")).toEqual(["A good life"]);
    expect(await titles("stomatogastric")).toEqual(["A good life"]);
  });

  it("matches word stems, and a truncated word as a prefix", async () => {
    expect(await titles("lobsters")).toEqual(["A good life"]);
    expect(await titles("stomato*")).toEqual(["A good life"]);
    expect(await titles("ganglion stomato*")).toEqual(["A good life"]);
    // Without the asterisk a part of a word is not a word.
    expect(await titles("stomato")).toEqual([]);
  });

  it("requires every word and hides papers readers may not see", async () => {
    expect(await titles("duty lobster")).toEqual([]);
    expect(await titles("secret")).toEqual([]);
  });

  it("treats query syntax as plain words", async () => {
    for (const q of ['") OR 1=1 --', "title:duty", "NEAR(a b)", "*", "'"]) {
      await expect(searchPapers(t.ctx, q)).resolves.toBeDefined();
    }
    expect(await titles("title:duty")).toEqual([]);
  });

  it("answers hits with links, authors, the issue and a marked snippet", async () => {
    const result = await searchPapers(t.ctx, "ganglion");
    expect(result.total).toBe(1);
    expect(result.hits[0]).toMatchObject({
      paperID: t.seed.paperWithPdfId,
      link: `/journal/ethics-review/${t.seed.paperWithPdfId}`,
      authors: ["Eve Marder", "Second Author"],
      journal_name: "Ethics Review",
      publication: "Vol. 3 No. 2 (2025)",
      publication_link: "/journal/ethics-review/3/2",
    });
    expect(result.hits[0]!.snippet).toContain(`${MARK_START}ganglion${MARK_END}`);
  });

  it("pages through results", async () => {
    const first = await searchPapers(t.ctx, "paragraph", { pageSize: 1 });
    const second = await searchPapers(t.ctx, "paragraph", { pageSize: 1, page: 2 });
    expect(first.total).toBe(2);
    expect(first.hits).toHaveLength(1);
    expect(second.hits).toHaveLength(1);
    expect(second.hits[0]!.paperID).not.toBe(first.hits[0]!.paperID);
    expect((await searchPapers(t.ctx, "  ", {})).total).toBe(0);
  });

  it("finds conference papers and links them to their own pages", async () => {
    expect(await titles("functional")).toEqual(["Functional Pearls of Type Inference"]);
    expect(await titles("Bolz")).toEqual(["Tracing the Meta-Level"]);
    const result = await searchPapers(t.ctx, "Eich");
    expect(result.hits).toEqual([
      expect.objectContaining({
        paperID: t.proceedings.tracePaperId,
        kind: "proceeding",
        link: `/proceedings/pldi-2009/${t.proceedings.tracePaperId}`,
        journal_name: "Proceedings of PLDI '09",
        publication: "PLDI '09 (2009)",
        publication_link: "/proceedings/pldi-2009",
      }),
    ]);
    const other = (await searchPapers(t.ctx, "pearls")).hits[0];
    expect(other).toMatchObject({
      link: `/proceedings/icfp-2010/${t.proceedings.otherPaperId}`,
      publication: "ICFP 2010 (2010)",
    });
  });

  it("ranks journal and conference papers together, each hit of its own kind", async () => {
    await updatePaper(t.proceedings.noPdfPaperId, {
      full_text: "A lobster appears in this conference paper too.",
    });
    await rebuildSearchIndex(t.ctx);
    const result = await searchPapers(t.ctx, "lobster");
    expect(result.total).toBe(2);
    expect(result.hits.map((h) => [h.kind, h.link]).sort()).toEqual([
      ["journal", `/journal/ethics-review/${t.seed.paperWithPdfId}`],
      ["proceeding", `/proceedings/pldi-2009/${t.proceedings.noPdfPaperId}`],
    ]);
    // A journal paper's hit is unchanged by the proceedings join.
    expect(result.hits.find((h) => h.kind === "journal")).toMatchObject({
      journal_name: "Ethics Review",
      publication: "Vol. 3 No. 2 (2025)",
      publication_link: "/journal/ethics-review/3/2",
    });
  });

  it("answers GET /api/search with the count and whether it was capped", async () => {
    const res = await request(t.app).get("/api/search").query({ q: "ganglion" });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ query: "ganglion", total: 1, totalCapped: false });
    expect(res.body.results.hits).toHaveLength(1);
    const long = await request(t.app)
      .get("/api/search")
      .query({ q: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ status: 0, msg: "The search is too long." });
  });

  it("counts matches up to the cap and says when there are more", async () => {
    const capped = await searchPapers(t.ctx, "paragraph", { countCap: 1 });
    expect(capped).toMatchObject({ total: 1, totalCapped: true });
    expect(capped.hits).toHaveLength(2);
    expect(await searchPapers(t.ctx, "paragraph", { countCap: 2 })).toMatchObject({
      total: 2,
      totalCapped: false,
    });
    expect(await searchPapers(t.ctx, "paragraph")).toMatchObject({ total: 2, totalCapped: false });
  });

  it("keeps exactly one search row per paper when it is saved again", async () => {
    const id = t.seed.paperWithPdfId;
    await updatePaper(id, { title: "A good quokka" });
    await indexPaper(t.ctx.db, t.ctx.dialect, id);
    await indexPaper(t.ctx.db, t.ctx.dialect, id);
    expect(await searchRows(id)).toBe(1);
    expect(await titles("quokka")).toEqual(["A good quokka"]);
    expect(await titles("life")).toEqual([]);
    await updatePaper(id, { title: "A good life" });
    await indexPaper(t.ctx.db, t.ctx.dialect, id);
    expect(await searchRows(id)).toBe(1);
  });

  it("finds a visible paper ranked below many hidden ones", async () => {
    const now = new Date().toISOString();
    const hidden = await t.ctx.db
      .insertInto("papers")
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          publication_id: t.seed.draftIssueId,
          title: `Zebra zebra zebra ${i}`,
          abstract: "Zebra zebra.",
          encrypted: 0,
          position: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    for (const { id } of hidden) await indexPaper(t.ctx.db, t.ctx.dialect, id);
    await updatePaper(t.seed.paperWithPdfId, { full_text: "A zebra crossed the lobster's path." });
    await indexPaper(t.ctx.db, t.ctx.dialect, t.seed.paperWithPdfId);
    const result = await searchPapers(t.ctx, "zebra");
    expect(result).toMatchObject({ total: 1, totalCapped: false });
    expect(result.hits.map((h) => h.paperID)).toEqual([t.seed.paperWithPdfId]);
    // past a window of one, behind 149 newer hidden matches (more than a page's share of the
    // rest that PostgreSQL reads, decision 335)
    const past = await searchPapers(t.ctx, "zebra", { rankWindow: 1 });
    expect(past).toMatchObject({ total: 1, totalCapped: false });
    expect(past.hits.map((h) => h.paperID)).toEqual([t.seed.paperWithPdfId]);
  });

  it("keeps relevance order within the ranking window and newest first past it (decisions 302, 320)", async () => {
    // Oldest first: a title match, then abstracts naming the word three times, twice, once;
    // then 8 newer papers that do not match, so the newest ids hold few matches.
    const add = async (title: string, abstract: string) => {
      const { id } = await t.ctx.db
        .insertInto("papers")
        .values(paperRow({ publication_id: t.seed.issueId, title, abstract, doi: null }))
        .returning("id")
        .executeTakeFirstOrThrow();
      await indexPaper(t.ctx.db, t.ctx.dialect, Number(id));
      return Number(id);
    };
    const inTitle = await add("Quokka behaviour", "Marsupials of an island.");
    const thrice = await add("Island fauna", "A quokka, a quokka and another quokka here.");
    const twice = await add("Rottnest surveys", "The quokka census counts each quokka.");
    const once = await add("Coastal mammals", "One quokka was seen.");
    for (let i = 0; i < 8; i++) await add(`Unrelated paper ${i}`, "Nothing to see.");
    const order = async (rankWindow: number) =>
      (await searchPapers(t.ctx, "quokka", { rankWindow })).hits.map((h) => h.paperID);
    // every match in the window
    for (const w of [4, 50, 4_000]) {
      expect(await order(w), `window ${w}`).toEqual([inTitle, thrice, twice, once]);
    }
    // a window of 2: the two newest matches and the newest title matches ranked, then the
    // others newest first (decision 173; on PostgreSQL too since decision 336)
    expect(await order(2)).toEqual([inTitle, twice, once, thrice]);
  });

  it("counts every visible match whatever the window holds, hidden newest matches included (decision 335)", async () => {
    // Visible, oldest first: a title match, abstracts naming the word twice and once; then two
    // newer papers of a draft issue whose abstracts name it three times (hidden, not in titles).
    const add = async (publicationId: number, title: string, abstract: string) => {
      const { id } = await t.ctx.db
        .insertInto("papers")
        .values(paperRow({ publication_id: publicationId, title, abstract, doi: null }))
        .returning("id")
        .executeTakeFirstOrThrow();
      await indexPaper(t.ctx.db, t.ctx.dialect, Number(id));
      return Number(id);
    };
    const inTitle = await add(t.seed.issueId, "Wombat burrows", "Digging mammals.");
    const twice = await add(t.seed.issueId, "Soil movers", "A wombat and a second wombat.");
    const once = await add(t.seed.issueId, "Night walks", "One wombat crossed.");
    for (let i = 0; i < 2; i++) {
      await add(t.seed.draftIssueId, `Draft notes ${i}`, "Wombat, wombat, wombat.");
    }
    const search = (rankWindow?: number) => searchPapers(t.ctx, "wombat", { rankWindow });
    // the default window holds every match: relevance order, the hidden ones left out
    const whole = await search();
    expect(whole).toMatchObject({ total: 3, totalCapped: false });
    expect(whole.hits.map((h) => h.paperID)).toEqual([inTitle, twice, once]);
    // a window of the two hidden papers and the title match, and of those and the newest
    // visible one: either way every visible match is counted and listed once
    for (const w of [2, 3]) {
      const r = await search(w);
      expect(r, `window ${w}`).toMatchObject({ total: 3, totalCapped: false });
      // the title match is in the window (the newest title matches), the others newest first
      expect(r.hits.map((h) => h.paperID)).toEqual([inTitle, once, twice]);
    }
  });

  it("drops a deleted paper from the index", async () => {
    await t.ctx.db
      .deleteFrom("paper_authors")
      .where("paper_id", "=", t.seed.paperWithoutPdfId)
      .execute();
    await t.ctx.db.deleteFrom("papers").where("id", "=", t.seed.paperWithoutPdfId).execute();
    expect(await titles("duty")).toEqual([]);
  });
});
