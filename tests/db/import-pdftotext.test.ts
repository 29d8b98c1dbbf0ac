/**
 * The corpus import with Poppler's pdftotext as the pool's first reader (decision 180), as
 * `npm run import` runs where poppler-utils is installed: the same papers, pages and search
 * hits from their PDFs' text as with pdf.js (tests/db/import.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchPapers } from "../../server/features/search/search.ts";
import { type ImportReport, importCorpus } from "../../server/import/corpus.ts";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { DEFAULT_PDF_LIMITS, inspectPdf } from "../../server/services/pdf.ts";
import { createPdfPool, type PdfPool } from "../../server/services/pdf-pool.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";

const binary = findPdftotext();

describe.skipIf(!binary && !process.env.CI)(
  `corpus import with pdftotext (${dialectUnderTest})`,
  () => {
    let t: TestContext;
    let pool: PdfPool;
    let report: ImportReport;
    const fallbacks: string[] = [];
    beforeAll(async () => {
      t = await createTestContext();
      pool = createPdfPool({ size: 2, pdftotext: binary, onFallback: (r) => fallbacks.push(r) });
      t.ctx.pdfPool = pool;
      report = await importCorpus(t.ctx, CORPUS_DIR);
    }, 180_000);
    afterAll(async () => {
      await pool.close();
      await t.close();
    });

    it("imports every paper with its PDF's text, pdf.js never needed", async () => {
      expect(report.problems).toEqual([]);
      expect(report.papers.created).toBe(26);
      expect(fallbacks).toEqual([]);
      const withFiles = await t.ctx.db
        .selectFrom("papers")
        .select(["title", "file", "page_count", "full_text"])
        .where("file", "is not", null)
        .execute();
      expect(withFiles).toHaveLength(10); // the shipped corpus's PDFs (corpus/README.md)
      // pdf.js only counts the pages here (`maxPages: 0` reads no text): the text is pdftotext's
      const countOnly = { ...DEFAULT_PDF_LIMITS, maxPages: 0 };
      for (const p of withFiles) {
        const pdfjs = await inspectPdf(await t.ctx.storage.read(p.file!), countOnly);
        expect(p.page_count, p.title).toBe(pdfjs.pageCount);
        expect(p.full_text?.length ?? 0, p.title).toBeGreaterThan(500);
      }
    });

    it("finds papers by words of their PDFs' text", async () => {
      // in the body of "A good life" (its PDF), not in its title, abstract or keywords
      const result = await searchPapers(t.ctx, "Vietnam slide rules");
      expect(result.hits.map((h) => h.title)).toEqual(["A good life"]);
      expect((await searchPapers(t.ctx, "Limnonectes larvaepartus")).hits).toHaveLength(1);
    });
  },
);
