import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCatalogue } from "../../server/services/write.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { paperRow, type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { galleyTests } from "../helpers/galley-tests.ts";

let t: TestContext;
let seed: SeededCatalogue;

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
});
afterAll(() => t.close());

const api = (path: string) => request(t.app).get(`/api${path}`);

/**
 * Runs `check` while the seeded issue 3/1 (published, no papers) has a paper, then removes it:
 * readers are offered an issue only once it has papers (decision 258).
 */
async function withPaperIn(publicationId: number, check: () => Promise<void>): Promise<void> {
  const { id } = await writeCatalogue(t.ctx, (trx) =>
    trx
      .insertInto("papers")
      .values(paperRow({ publication_id: publicationId, title: "Interim", doi: null }))
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  try {
    await check();
  } finally {
    await writeCatalogue(t.ctx, (trx) => trx.deleteFrom("papers").where("id", "=", id).execute());
  }
}

describe(`public API on ${dialectUnderTest}`, () => {
  it("answers every call in the status/msg envelope", async () => {
    const res = await api("/all_journals");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(typeof res.body.msg).toBe("string");
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
  });

  it("lists active journals only, with a View Journal button", async () => {
    const res = await api("/all_journals");
    expect(res.body.journals.map((j: { journal_name: string }) => j.journal_name)).toEqual([
      "Ethics Review",
    ]);
    expect(res.body.journals[0]).toMatchObject({
      journal_active: true,
      link: "/journal/ethics-review",
      date_added: "2026-01-10",
      buttons: [{ label: "View Journal", link: "/journal/ethics-review" }],
    });
    const latest = await api("/latest_journals");
    expect(latest.body.journals).toHaveLength(1);
  });

  it("gives a journal's detail with empty optional lines as empty strings", async () => {
    const res = await api("/get_journal/ethics-review");
    expect(res.body.journal).toMatchObject({
      name: "Ethics Review",
      issn: "2049-3630",
      frequency: "quartely",
      cost: "",
      other_guide: "",
      contact_name: "Ada Lovelace",
    });
  });

  it("answers 404 with a clear msg for an unknown, malformed or inactive journal", async () => {
    for (const uri of ["no-such-journal", "Bad_URI", "hidden-annals"]) {
      const res = await api(`/get_journal/${uri}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 0, msg: "No such journal." });
    }
  });

  it("lists a journal's published issues with papers newest first as value/label options", async () => {
    const newest = expect.objectContaining({
      value: seed.issueId,
      label: "Vol. 3 No. 2 (2025)",
      volume: "3",
      issue: "2",
      link: "/journal/ethics-review/3/2",
    });
    // 3/1 is published but has no papers yet: not offered to readers (decision 258)
    const res = await api("/get_publications/ethics-review/Y");
    expect(res.body.publications).toEqual([newest]);
    await withPaperIn(seed.olderIssueId, async () => {
      const again = await api("/get_publications/ethics-review/Y");
      expect(again.body.publications).toEqual([
        newest,
        expect.objectContaining({ value: seed.olderIssueId, label: "Vol. 3 No. 1 (2025)" }),
      ]);
    });
    expect((await api("/get_publications/nope/Y")).status).toBe(404);
  });

  it("gives an issue with its papers in order and its board grouped by role", async () => {
    const res = await api("/get_publication/ethics-review/3/2");
    expect(res.status).toBe(200);
    const p = res.body.publication;
    expect(p).toMatchObject({
      journal_name: "Ethics Review",
      journal_abbreviation: "Ethics Rev",
      volume: "3",
      issue: "2",
      year: 2025,
      publication_year: 2025,
    });
    expect(p.papers.map((x: { title: string }) => x.title)).toEqual(["A good life", "On Duty"]);
    expect(p.papers[0].authors).toEqual([{ name: "Eve Marder" }, { name: "Second Author" }]);
    expect(Object.keys(p.editors)).toEqual(["Editor-in-Chief", "Associate Editor"]);
    expect(p.editors["Associate Editor"]).toEqual([
      { name: "Assoc One", institution: "Yale" },
      { name: "Assoc Two", institution: "" },
    ]);
  });

  it("answers 404 for a non-numeric volume, an unknown issue and a draft issue", async () => {
    for (const path of ["three/2", "3/99", "3/3"]) {
      const res = await api(`/get_publication/ethics-review/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(0);
      expect(res.body.msg).toMatch(/^No issue Vol\. .+ No\. .+ in this journal\.$/);
    }
  });

  it("gives a paper with its citation line, authors and galley URL", async () => {
    const res = await api(`/get_journal_paper/ethics-review/${seed.paperWithPdfId}`);
    expect(res.body.paper).toMatchObject({
      paperID: seed.paperWithPdfId,
      journal_name: "Ethics Review",
      journal_title: "Ethics Review, Vol. 3 No. 2 (2025)",
      title: "A good life",
      doi: "10.7554/eLife.00353",
      keywords: "careers in science, grad school",
      authors: [
        { name: "Eve Marder", institution: "Brandeis University; Volen Center" },
        { name: "Second Author", institution: "MIT" },
      ],
      file_url: `/journal/ethics-review/download/${seed.paperWithPdfId}/a-good-life.pdf`,
    });
    const without = await api(`/get_journal_paper/ethics-review/${seed.paperWithoutPdfId}`);
    expect(without.body.paper.file_url).toBe("");
  });

  it("answers 404 for a paper id of another journal, a non-numeric id and a hidden paper", async () => {
    const cases = [
      `/get_journal_paper/hidden-annals/${seed.paperWithPdfId}`,
      "/get_journal_paper/ethics-review/abc",
      `/get_journal_paper/ethics-review/${seed.inactivePaperId}`,
    ];
    for (const path of cases) {
      const res = await api(path);
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(0);
    }
  });

  it("features the newest published issue with papers on the home page", async () => {
    const res = await api("/latest_publication");
    expect(res.body.publication).toMatchObject({
      journal_name: "Ethics Review",
      publication: "Vol. 3 No. 2 (2025)",
      link: "/journal/ethics-review/3/2",
      date_added: "2025-06-01",
    });
    expect(res.body.publication.papers[0]).toMatchObject({
      title: "A good life",
      link: `/journal/ethics-review/${seed.paperWithPdfId}`,
    });
    // the empty published issue 3/1 is never featured (decision 258), until it has a paper
    const list = await api("/latest_publications");
    expect(list.body.publications.map((p: { link: string }) => p.link)).toEqual([
      "/journal/ethics-review/3/2",
    ]);
    expect(list.body.publications[0].description).toBe("Ethics Review. 2 papers.");
    await withPaperIn(seed.olderIssueId, async () => {
      const again = await api("/latest_publications");
      expect(again.body.publications.map((p: { link: string }) => p.link)).toEqual([
        "/journal/ethics-review/3/2",
        "/journal/ethics-review/3/1",
      ]);
    });
  });

  it("lists partners by position and proceedings without buttons", async () => {
    const partners = await api("/partners");
    expect(partners.body.partners.map((p: { name: string }) => p.name)).toEqual([
      "ETH Zurich",
      "Brandeis University",
    ]);
    const proceedings = await api("/all_proceedings");
    expect(proceedings.body.proceedings[0]).toMatchObject({
      event_name: "PLDI '09",
      event_start_date: "2009-06-15",
      buttons: [],
    });
  });

  it("answers an unknown API call with a 404 envelope, not the HTML page", async () => {
    const res = await api("/no_such_call");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, msg: "No such API call." });
  });
});

describe(`PDF galleys on ${dialectUnderTest}`, () => {
  const galley = () => `/journal/ethics-review/download/${seed.paperWithPdfId}/a-good-life.pdf`;

  galleyTests(() => ({ app: t.app, url: galley(), pdf: seed.pdfBytes }));

  it("answers 404 for a paper without PDF, another journal's paper and a hidden paper", async () => {
    const paths = [
      `/journal/ethics-review/download/${seed.paperWithoutPdfId}/on-duty.pdf`,
      `/journal/hidden-annals/download/${seed.paperWithPdfId}/a-good-life.pdf`,
      `/journal/hidden-annals/download/${seed.inactivePaperId}/secret.pdf`,
      `/journal/ethics-review/download/abc/a-good-life.pdf`,
    ];
    for (const path of paths) expect((await request(t.app).get(path)).status).toBe(404);
  });
});

describe(`uploaded files on ${dialectUnderTest}`, () => {
  it("serves stored files with a sandboxing policy and ranges", async () => {
    await t.ctx.storage.put(
      "covers/00000000000000000000000000000000.png",
      new Uint8Array([1, 2, 3]),
    );
    const res = await request(t.app).get("/files/covers/00000000000000000000000000000000.png");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const missing = await request(t.app).get("/files/covers/nope.png");
    expect(missing.status).toBe(404);
  });
});
