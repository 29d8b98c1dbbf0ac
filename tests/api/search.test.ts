import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MARK_END,
  MARK_START,
  rebuildSearchIndex,
  searchPapers,
} from "../../server/services/search.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { type SeededProceedings, seedProceedingPapers } from "../helpers/proceeding-fixtures.ts";

let t: TestContext;
let seed: SeededCatalogue;
let conf: SeededProceedings;

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  conf = await seedProceedingPapers(t.ctx, { key: seed.pdfKey, size: seed.pdfBytes.length });
  await t.ctx.db
    .updateTable("papers")
    .set({ full_text: "The lobster stomatogastric ganglion has been studied for decades." })
    .where("id", "=", seed.paperWithPdfId)
    .execute();
  await rebuildSearchIndex(t.ctx);
});
afterAll(() => t.close());

const titles = async (q: string) => (await searchPapers(t.ctx, q)).hits.map((h) => h.title);

describe(`paper search on ${dialectUnderTest}`, () => {
  it("finds papers by title, author, keyword and the PDF's text", async () => {
    expect(await titles("duty")).toEqual(["On Duty"]);
    expect(await titles("Marder")).toEqual(["A good life"]);
    expect(await titles("grad school")).toEqual(["A good life"]);
    expect(await titles("stomatogastric")).toEqual(["A good life"]);
  });

  it("matches word stems and the last word as a prefix", async () => {
    expect(await titles("lobsters")).toEqual(["A good life"]);
    expect(await titles("stomato")).toEqual(["A good life"]);
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
      paperID: seed.paperWithPdfId,
      link: `/journal/ethics-review/${seed.paperWithPdfId}`,
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
        paperID: conf.tracePaperId,
        kind: "proceeding",
        link: `/proceedings/pldi-2009/${conf.tracePaperId}`,
        journal_name: "Proceedings of PLDI '09",
        publication: "PLDI '09 (2009)",
        publication_link: "/proceedings/pldi-2009",
      }),
    ]);
    const other = (await searchPapers(t.ctx, "pearls")).hits[0];
    expect(other).toMatchObject({
      link: `/proceedings/icfp-2010/${conf.otherPaperId}`,
      publication: "ICFP 2010 (2010)",
    });
  });

  it("ranks journal and conference papers together, each hit of its own kind", async () => {
    await t.ctx.db
      .updateTable("papers")
      .set({ full_text: "A lobster appears in this conference paper too." })
      .where("id", "=", conf.noPdfPaperId)
      .execute();
    await rebuildSearchIndex(t.ctx);
    const result = await searchPapers(t.ctx, "lobster");
    expect(result.total).toBe(2);
    expect(result.hits.map((h) => [h.kind, h.link]).sort()).toEqual([
      ["journal", `/journal/ethics-review/${seed.paperWithPdfId}`],
      ["proceeding", `/proceedings/pldi-2009/${conf.noPdfPaperId}`],
    ]);
    // A journal paper's hit is unchanged by the proceedings join.
    expect(result.hits.find((h) => h.kind === "journal")).toMatchObject({
      journal_name: "Ethics Review",
      publication: "Vol. 3 No. 2 (2025)",
      publication_link: "/journal/ethics-review/3/2",
    });
  });

  it("drops a deleted paper from the index", async () => {
    await t.ctx.db
      .deleteFrom("paper_authors")
      .where("paper_id", "=", seed.paperWithoutPdfId)
      .execute();
    await t.ctx.db.deleteFrom("papers").where("id", "=", seed.paperWithoutPdfId).execute();
    expect(await titles("duty")).toEqual([]);
  });
});
