/**
 * A dashboard upload reads its PDF with the same extractor as the importer
 * (docs/decisions/180-pdf-text-extractor.md): with pdftotext (where installed) and with pdf.js
 * alone, the paper is found by a word that only its PDF's body holds.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { createPdfPool, type PdfPool } from "../../server/services/pdf-pool.ts";
import { signedInManager } from "../helpers/account.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";

const binary = findPdftotext();
const extractors = [
  ...(binary || process.env.CI ? [["pdftotext", binary] as const] : []),
  ["pdf.js", null] as const,
];

describe.each(extractors)(`paper uploads read with %s (${dialectUnderTest})`, (_name, program) => {
  let t: TestContext;
  let seed: SeededCatalogue;
  let cookie: string;
  let pool: PdfPool;
  beforeAll(async () => {
    t = await createTestContext();
    pool = createPdfPool({ size: 1, pdftotext: program });
    t.ctx.pdfPool = pool;
    seed = await seedCatalogue(t.ctx);
    ({ cookie } = await signedInManager(t));
  });
  afterAll(async () => {
    await pool.close();
    await t.close();
  });

  it("stores the page count and makes the body text searchable", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "metabolites-04-00932.pdf"));
    const res = await request(t.app)
      .post("/api/create_paper/ethics-review")
      .set("Cookie", cookie)
      .field("sel_publication", String(seed.issueId))
      .field("title", "Read Elsewhere")
      .field("doi", "")
      .field("abstract", "An abstract.")
      .field("keywords", "")
      .field("authors[0][name]", "A. Author")
      .field("authors[0][email]", "")
      .field("authors[0][institution]", "")
      .attach("paper_file", pdf, "paper.pdf");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await t.ctx.db
      .selectFrom("papers")
      .select("page_count")
      .where("id", "=", res.body.paperID)
      .executeTakeFirstOrThrow();
    expect(row.page_count).toBe(14);
    // "trichothecenes" and "durum wheat" are in the PDF's body only, not in the form above.
    for (const q of ["trichothecenes", "durum wheat"]) {
      const found = await request(t.app).get("/api/search").query({ q });
      expect(found.status).toBe(200);
      expect(
        found.body.results.hits.map((h: { title: string }) => h.title),
        q,
      ).toContain("Read Elsewhere");
    }
  });
});
