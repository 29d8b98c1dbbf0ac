/**
 * A dashboard upload reads its PDF with the same extractor as the importer
 * (docs/decisions/180-pdf-text-extractor.md): with pdftotext (where installed) and with pdf.js
 * alone, the paper is found by a word that only its PDF's body holds.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { createPdfPool, type PdfPool } from "../../server/services/pdf-pool.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import { postForm } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const binary = findPdftotext();
const extractors = [
  ...(binary || process.env.CI ? [["pdftotext", binary] as const] : []),
  ["pdf.js", null] as const,
];

describe.each(extractors)(`paper uploads read with %s (${dialectUnderTest})`, (_name, program) => {
  const t = seededFileContext({ manager: true });
  let pool: PdfPool;
  beforeAll(() => {
    pool = createPdfPool({ size: 1, pdftotext: program });
    t.ctx.pdfPool = pool;
  });
  afterAll(() => pool.close());

  it("stores the page count and makes the body text searchable", async () => {
    const pdf = await corpusPdf("metabolites-04-00932.pdf");
    const res = await postForm(
      t,
      "/create_paper/ethics-review",
      journalPaperFields(t.seed.issueId),
      pdf,
      t.cookie,
    );
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
