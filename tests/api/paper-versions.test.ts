/**
 * Versions of published papers (issue 33, decision 490): editing a published paper's metadata or
 * PDF through POST /api/edit_paper makes a new version with the manager's change note; the
 * earlier one stays readable at `{paper page}/version/{n}` with its date, note, title and its own
 * PDF at `…/version/{n}/download.pdf` (the replaced file is kept); the paper's reading data lists
 * every version. "Minor fix, no new version" changes metadata in place, and a draft paper is
 * edited in place too. When the paper is then retracted, the earlier version's PDF download is
 * stamped too, its stored original unchanged (decision 497).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { loader as versionLoader } from "../../app/routes/paper-version.tsx";
import { inspectPdf } from "../../server/services/pdf.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import { insertPapers, paperRow } from "../helpers/fixtures.ts";
import type { Fields } from "../helpers/form-calls.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true });
const JOURNAL = "ethics-review";

function edit(id: number, fields: Fields, pdf?: Buffer) {
  let req = request(t.app).post(`/api/edit_paper/${JOURNAL}/${id}`).set("Cookie", t.cookie);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (pdf) req = req.attach("paper_file", pdf, "paper.pdf");
  return req;
}

async function paperWithPdf(issueId: number, title: string): Promise<number> {
  const key = `papers/${title.toLowerCase().replace(/\W+/g, "").padEnd(32, "0").slice(0, 32)}.pdf`;
  await t.ctx.storage.put(key, t.seed.pdfBytes);
  const [id] = await insertPapers(t.ctx.db, [
    paperRow({ publication_id: issueId, doi: null, title, file: key, page_count: 2 }),
  ]);
  return id as number;
}

/**
 * Edits paper `id` with the journal paper's fields, `title` and the change note `note`, and the
 * corpus PDF `pdfName` (corpus/pdfs) as its new file; expects the edit to be taken (200).
 */
async function editWithNewPdf(id: number, pdfName: string, title: string, note: string) {
  const newPdf = await readFile(path.join(CORPUS_DIR, "pdfs", pdfName));
  const res = await edit(
    id,
    journalPaperFields(t.seed.issueId, { title, version_note: note }),
    newPdf,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return newPdf;
}

/** The PDF at `url`, as bytes. */
const pdfAt = (url: string) =>
  request(t.app)
    .get(url)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => done(null, Buffer.concat(chunks)));
    });

const reader = async (id: number) =>
  (await request(t.app).get(`/api/get_journal_paper/${JOURNAL}/${id}`)).body.paper;

describe(`paper versions (${dialectUnderTest})`, () => {
  it("keeps the published paper as version 1 when its PDF is replaced, readable at its own URL", async () => {
    const id = await paperWithPdf(t.seed.issueId, "Versioned findings");
    await editWithNewPdf(
      id,
      "issue6010_1.pdf",
      "Versioned findings (corrected)",
      "Table 2 corrected.",
    );
    const paper = await reader(id);
    expect(paper.version).toBe(2);
    expect(paper.versions.map((v: { version: number; note: string; link: string }) => v)).toEqual([
      expect.objectContaining({
        version: 1,
        note: "",
        link: `/journal/${JOURNAL}/${id}/version/1`,
      }),
      expect.objectContaining({ version: 2, note: "Table 2 corrected.", link: "" }),
    ]);
    // the earlier version's page and PDF
    const page = await runLoader(() =>
      versionLoader(loaderArgs(t.ctx, { journalUrl: JOURNAL, paper: String(id), version: "1" })),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      version: {
        version: 1,
        title: "Versioned findings",
        pdf: `/journal/${JOURNAL}/${id}/version/1/download.pdf`,
      },
      link: `/journal/${JOURNAL}/${id}`,
    });
    const old = await pdfAt(`/journal/${JOURNAL}/${id}/version/1/download.pdf`);
    expect(old.status).toBe(200);
    expect(Buffer.compare(old.body, t.seed.pdfBytes)).toBe(0);
    // the current version and an unknown one are not version pages
    for (const version of ["2", "3", "x"]) {
      const missing = await runLoader(() =>
        versionLoader(loaderArgs(t.ctx, { journalUrl: JOURNAL, paper: String(id), version })),
      );
      expect(missing.status, version).toBe(404);
    }
  });

  it("makes no version for a minor metadata fix, nor for a draft paper", async () => {
    const id = await paperWithPdf(t.seed.issueId, "Minor fix paper");
    const res = await edit(
      id,
      journalPaperFields(t.seed.issueId, { title: "Minor fix paper.", minor_fix: "1" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paper = await reader(id);
    expect(paper.title).toBe("Minor fix paper.");
    expect(paper.version).toBe(1);
    expect(paper.versions).toHaveLength(1);

    const [draft] = await insertPapers(t.ctx.db, [
      paperRow({ publication_id: t.seed.draftIssueId, doi: null, title: "Draft" }),
    ]);
    expect(
      (await edit(draft as number, journalPaperFields(t.seed.draftIssueId, { title: "Draft 2" })))
        .status,
    ).toBe(200);
    const rows = await t.ctx.db
      .selectFrom("paper_versions")
      .select("version")
      .where("paper_id", "=", draft as number)
      .execute();
    expect(rows).toEqual([]);
  });

  it("makes a version of a metadata edit without the minor-fix tick", async () => {
    const id = await paperWithPdf(t.seed.issueId, "Renamed paper");
    await edit(id, journalPaperFields(t.seed.issueId, { title: "Renamed paper, v2" }));
    await edit(
      id,
      journalPaperFields(t.seed.issueId, { title: "Renamed paper, v3", version_note: "Title." }),
    );
    const paper = await reader(id);
    expect(paper.version).toBe(3);
    expect(paper.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    const second = await runLoader(() =>
      versionLoader(loaderArgs(t.ctx, { journalUrl: JOURNAL, paper: String(id), version: "2" })),
    );
    expect(second.data).toMatchObject({ version: { title: "Renamed paper, v2" } });
  });

  it("stamps the earlier versions' PDFs too when the paper is retracted, the originals unchanged", async () => {
    const id = await paperWithPdf(t.seed.issueId, "Retracted after a correction");
    await editWithNewPdf(
      id,
      "issue6010_1.pdf",
      "Retracted after a correction",
      "Figure 1 replaced.",
    );
    const retracted = await request(t.app)
      .post(`/api/add_paper_update/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie)
      .send({
        type: "retraction",
        title: "Retraction",
        text: "The paper is retracted.",
        date: "2026-06-01",
      });
    expect(retracted.status, JSON.stringify(retracted.body)).toBe(201);
    const old = await pdfAt(`/journal/${JOURNAL}/${id}/version/1/download.pdf`);
    expect(old.status).toBe(200);
    const info = await inspectPdf(new Uint8Array(old.body));
    expect(info.pageCount).toBe(2);
    expect(info.text?.match(/RETRACTED/g)?.length).toBe(2);
    // the stored original of version 1 is byte for byte the PDF it was
    const kept = await t.ctx.db
      .selectFrom("paper_versions")
      .select("file")
      .where("paper_id", "=", id)
      .where("version", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Buffer.compare(await t.ctx.storage.read(kept.file as string), t.seed.pdfBytes)).toBe(0);
  });

  it("stamps a retracted paper's replacement PDF, and its stamped PDF moves to the earlier version", async () => {
    const id = await paperWithPdf(t.seed.issueId, "Retracted then replaced");
    const retracted = await request(t.app)
      .post(`/api/add_paper_update/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie)
      .send({ type: "withdrawal", title: "Withdrawal", text: "Withdrawn.", date: "2026-06-02" });
    expect(retracted.status, JSON.stringify(retracted.body)).toBe(201);
    const newPdf = await editWithNewPdf(
      id,
      "hindawi-grp-2016-2657876.pdf",
      "Retracted then replaced",
      "A readable copy.",
    );
    const pages = (await inspectPdf(new Uint8Array(newPdf))).pageCount;
    const current = await inspectPdf(
      new Uint8Array((await pdfAt(`/journal/${JOURNAL}/download/${id}/paper.pdf`)).body),
    );
    expect(current.pageCount).toBe(pages);
    expect(current.text?.match(/WITHDRAWN/g)?.length).toBe(pages);
    const old = await inspectPdf(
      new Uint8Array((await pdfAt(`/journal/${JOURNAL}/${id}/version/1/download.pdf`)).body),
    );
    expect(old.pageCount).toBe(2);
    expect(old.text?.match(/WITHDRAWN/g)?.length).toBe(2);
  });
});
