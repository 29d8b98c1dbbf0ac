/**
 * Update notices of published papers (issue 33, decision 490): a manager adds a correction, a
 * retraction or a removal to a paper of a published issue through POST /add_paper_update; the
 * paper's reading data names each notice, newest first; a retraction's PDF download is stamped
 * "Retracted" on every page while the stored original stays byte for byte; a removal keeps the
 * metadata and the notice and withdraws the PDF (410 with the reason). The body is checked at
 * the boundary: a type outside Crossref's list, a malformed date, a draft paper are 400s. A
 * conference paper takes the same notice through POST /add_proceeding_paper_update (decision
 * 496), with the same effects.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { inspectPdf } from "../../server/services/pdf.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { insertPapers, paperRow } from "../helpers/fixtures.ts";
import { storedPaper } from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true, proceedings: true });
const JOURNAL = "ethics-review";

function addNotice(paperId: number, body: object) {
  return request(t.app)
    .post(`/api/add_paper_update/${JOURNAL}/${paperId}`)
    .set("Cookie", t.cookie)
    .send(body);
}

async function readerView(paperId: number) {
  const res = await request(t.app).get(`/api/get_journal_paper/${JOURNAL}/${paperId}`);
  expect(res.status).toBe(200);
  return res.body.paper;
}

/** A new paper of the seeded published issue with the seeded 2-page PDF. */
async function paperWithPdf(title: string): Promise<number> {
  const key = `papers/${title.toLowerCase().replace(/\W+/g, "")}0000000000000000000000000.pdf`;
  await t.ctx.storage.put(key, t.seed.pdfBytes);
  const [id] = await insertPapers(t.ctx.db, [
    paperRow({ publication_id: t.seed.issueId, doi: null, title, file: key, page_count: 2 }),
  ]);
  return id as number;
}

async function download(paperId: number, page = `/journal/${JOURNAL}`) {
  return request(t.app)
    .get(`${page}/download/${paperId}/paper.pdf`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });
}

describe(`update notices (${dialectUnderTest})`, () => {
  it("names a correction on the paper, newest notice first, and leaves the PDF as it is", async () => {
    const id = await paperWithPdf("Corrected once");
    const first = await addNotice(id, {
      type: "correction",
      title: "Correction to Figure 2",
      text: "The axis of Figure 2 was mislabelled.",
      date: "2026-01-10",
      doi: "10.1234/corr.1",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ status: 1, msg: "The notice was added to the paper." });
    await addNotice(id, {
      type: "clarification",
      title: "Clarification of methods",
      text: "Sampling was weekly.",
      date: "2026-02-01",
    });
    const paper = await readerView(id);
    expect(paper.updates.map((u: { type: string }) => u.type)).toEqual([
      "clarification",
      "correction",
    ]);
    expect(paper.updates[1]).toMatchObject({
      title: "Correction to Figure 2",
      date: "2026-01-10",
      doi: "10.1234/corr.1",
    });
    const pdf = await download(id);
    expect(pdf.status).toBe(200);
    expect(Buffer.compare(pdf.body, t.seed.pdfBytes)).toBe(0);
  });

  it("stamps a retracted paper's download on every page and keeps the stored original", async () => {
    const id = await paperWithPdf("Retracted later");
    const before = await storedPaper(t, id);
    const res = await addNotice(id, {
      type: "retraction",
      title: "Retraction: Retracted later",
      text: "The data were fabricated.",
      date: "2026-03-01",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pdf = await download(id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const info = await inspectPdf(new Uint8Array(pdf.body));
    expect(info.pageCount).toBe(2);
    expect(info.text?.match(/RETRACTED/g)?.length).toBe(2);
    // the stored original is unchanged, and still what the row names
    const after = await storedPaper(t, id);
    expect(after?.file).toBe(before?.file);
    expect(Buffer.compare(await t.ctx.storage.read(after?.file as string), t.seed.pdfBytes)).toBe(
      0,
    );
    const paper = await readerView(id);
    expect(paper.updates[0]).toMatchObject({ type: "retraction", doi: "" });
    expect(paper.file_url).not.toBe("");
  });

  it("withdraws a removed paper's files with the reason and keeps its metadata", async () => {
    const id = await paperWithPdf("Removed for a court order");
    const reason = "Removed on a court order of 2026-04-01.";
    expect(
      (await addNotice(id, { type: "removal", title: "Removal", text: reason, date: "2026-04-02" }))
        .status,
    ).toBe(201);
    const paper = await readerView(id);
    expect(paper.title).toBe("Removed for a court order");
    expect(paper.file_url).toBe("");
    expect(paper.files_removed).toBe(reason);
    const pdf = await request(t.app).get(`/journal/${JOURNAL}/download/${id}/paper.pdf`);
    expect(pdf.status).toBe(410);
    expect(pdf.text).toContain(reason);
  });

  it("refuses a type outside Crossref's list, a malformed date and a paper of a draft issue", async () => {
    const id = await paperWithPdf("Checked at the boundary");
    // an erratum that is valid but for the one thing each call changes
    const erratum = { type: "erratum", title: "x", text: "y", date: "2026-01-01" };
    const wrongType = await addNotice(id, { ...erratum, type: "new_version" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.type).toBe("Choose the type of the notice.");
    const wrongDate = await addNotice(id, { ...erratum, date: "01/02/2026" });
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.body.errors.date).toBe("Enter the date as YYYY-MM-DD.");
    const [draft] = await insertPapers(t.ctx.db, [
      paperRow({ publication_id: t.seed.draftIssueId, doi: null, title: "Draft paper" }),
    ]);
    const onDraft = await addNotice(draft as number, erratum);
    expect(onDraft.status).toBe(400);
    expect((await readerView(id)).updates).toEqual([]);
  });

  it("takes the same notice about a conference paper, by its proceeding's call", async () => {
    const { proceedingId, slug, tracePaperId, otherPaperId } = t.proceedings;
    const add = (paperId: number, body: object) =>
      request(t.app)
        .post(`/api/add_proceeding_paper_update/${proceedingId}/${paperId}`)
        .set("Cookie", t.cookie)
        .send(body);
    const notice = {
      type: "retraction",
      title: "Retraction: Trace-based typing",
      text: "The benchmark results could not be reproduced.",
      date: "2026-05-04",
      doi: "10.1145/retraction.1",
    };
    const res = await add(tracePaperId, notice);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 1, msg: "The notice was added to the paper." });
    const page = await request(t.app).get(`/api/get_proceeding_paper/${slug}/${tracePaperId}`);
    expect(page.status).toBe(200);
    expect(page.body.paper.updates).toEqual([
      expect.objectContaining({ type: "retraction", title: notice.title, doi: notice.doi }),
    ]);
    // the download is stamped, the stored original unchanged
    const pdf = await download(tracePaperId, `/proceedings/${slug}`);
    expect(pdf.status).toBe(200);
    const info = await inspectPdf(new Uint8Array(pdf.body));
    expect(info.text?.match(/RETRACTED/g)?.length).toBe(2);
    expect(Buffer.compare(await t.ctx.storage.read(t.seed.pdfKey), t.seed.pdfBytes)).toBe(0);
    // the same checks as a journal paper's: a paper of another proceeding, a wrong type
    expect((await add(otherPaperId, notice)).status).toBe(404);
    const wrongType = await add(tracePaperId, { ...notice, type: "new_version" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.type).toBe("Choose the type of the notice.");
  });
});
