import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPaperWriter,
  type PaperOutcome,
  type PaperWrite,
} from "../../server/import/paper-writer.ts";
import { createPdfPool, type PdfPool } from "../../server/services/pdf-pool.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";

describe(`importer's paper writer (${dialectUnderTest})`, () => {
  let t: TestContext;
  let pool: PdfPool;
  let issueId: number;
  let seeded: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    t = await createTestContext();
    pool = createPdfPool({ size: 2 });
    t.ctx.pdfPool = pool;
    seeded = await seedCatalogue(t.ctx);
    issueId = seeded.olderIssueId;
    await t.ctx.db.deleteFrom("papers").where("publication_id", "=", issueId).execute();
  });
  afterAll(async () => {
    await pool.close();
    await t.close();
  });

  const paper = (title: string, doi: string, pdf: string | null): PaperWrite => ({
    owner: { publication_id: issueId },
    jats: null,
    fields: {
      title,
      doi,
      abstract: "An abstract.",
      keywords: "",
      authors: [{ name: "A. Author", email: "", institution: "" }],
    },
    extras: { fileOptional: true },
    pdf,
    label: `jats/${title}.xml`,
  });

  it("writes papers in the order given, a batch at a time, a bad one rolled back and skipped alone", async () => {
    const outcomes: [string, PaperOutcome][] = [];
    const writer = createPaperWriter(t.ctx, CORPUS_DIR, {
      batchSize: 3,
      onOutcome: (p, outcome) => outcomes.push([p.fields.title, outcome]),
    });
    // the big PDF first: its text is ready last, yet it keeps position 1
    await writer.add(paper("Big", "10.1/big", "pdfs/decap_elife_poa_e13833.pdf"));
    await writer.add(paper("Small", "10.1/small", "pdfs/issue6010_1.pdf"));
    await writer.add(paper("Same DOI", "10.1/small", "pdfs/elife-00353-v1.pdf"));
    // a failure inside the database (an author without a name) rolls back that paper's rows only
    const broken = paper("Broken", "10.1/broken", null);
    broken.fields.authors = [{ name: null as unknown as string, email: "", institution: "" }];
    await writer.add(broken);
    await writer.add(paper("Missing", "10.1/missing", "pdfs/nope.pdf"));
    await writer.add(paper("No PDF", "", null));
    await writer.finish();

    expect(outcomes).toEqual([
      ["Big", { kind: "created", withPdf: true }],
      ["Small", { kind: "created", withPdf: true }],
      [
        "Same DOI",
        {
          kind: "problem",
          file: "pdfs/elife-00353-v1.pdf",
          message:
            'The DOI 10.1/small already belongs to the paper "Small". The paper was skipped.',
        },
      ],
      [
        "Broken",
        {
          kind: "problem",
          file: "jats/Broken.xml",
          message: expect.stringMatching(/\. The paper was skipped\.$/),
        },
      ],
      [
        "Missing",
        {
          kind: "problem",
          file: "pdfs/nope.pdf",
          message: "The file is missing or not readable. The paper was skipped.",
        },
      ],
      ["No PDF", { kind: "created", withPdf: false }],
    ]);
    const rows = await t.ctx.db
      .selectFrom("papers")
      .select(["title", "position", "page_count", "file"])
      .where("publication_id", "=", issueId)
      .orderBy("position")
      .execute();
    expect(rows.map((r) => [r.title, r.position, r.page_count])).toEqual([
      ["Big", 1, 38],
      ["Small", 2, null],
      ["No PDF", 3, null],
    ]);
    // the refused paper's PDF was stored, then removed again: only referenced files remain
    const stored = await readdir(path.join(t.ctx.config.filesDir, "papers"));
    const referenced = rows.filter((r) => r.file).map((r) => path.basename(r.file!));
    expect(stored.sort()).toEqual([...referenced, path.basename(seeded.pdfKey)].sort());
  }, 120_000);
});
