/**
 * Dashboard PDF uploads go through the context's PDF worker pool (issue 11): a stand-in worker
 * (tests/helpers/misbehaving-pdf-worker.ts) answers the byte count as the page count, which
 * only the pool can have produced, and its hang turns into a clear 415 that leaves no file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPdfPool, type PdfPool } from "../../server/services/pdf-pool.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import { postForm } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { storedFiles } from "../helpers/uploads.ts";

const misbehaving = new URL("../helpers/misbehaving-pdf-worker.ts", import.meta.url);

describe(`paper uploads read in the PDF pool (${dialectUnderTest})`, () => {
  const t = seededFileContext({ manager: true });
  let pool: PdfPool;
  beforeAll(() => {
    pool = createPdfPool({ size: 1, timeoutMs: 3000, workerUrl: misbehaving });
    t.ctx.pdfPool = pool;
  });
  afterAll(() => pool.close());

  const upload = (pdf: Buffer) =>
    postForm(t, "/create_paper/ethics-review", journalPaperFields(t.seed.issueId), pdf, t.cookie);

  it("stores what the pool read", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(91)]);
    const res = await upload(pdf);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await t.ctx.db
      .selectFrom("papers")
      .select(["page_count", "full_text"])
      .where("id", "=", res.body.paperID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ page_count: 100, full_text: "ok" });
  });

  it("answers 415 with the reason when the reader gives up, and keeps no file", async () => {
    const before = await storedFiles(t);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(90), Buffer.of(2)]);
    const res = await upload(pdf);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      status: 0,
      msg: "The paper file could not be read: reading the PDF took longer than 3 s. It may be damaged or unusually complex; upload the PDF again or a simpler version of it.",
    });
    expect(await storedFiles(t)).toEqual(before);
  });
});
