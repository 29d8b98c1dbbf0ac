/**
 * Dashboard paper calls of docs/product/api.md on SQLite and PostgreSQL: create with a real corpus
 * PDF (text and page count read, galley served at `file_url`), prefill, edit with and without a
 * new PDF, delete (row, then file); guards (401 signed out, 403 cross-site on every change, the
 * GET delete_paper included), validation, 404, 409, 413 and 415, and storage consistency after
 * failed requests.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/constants.ts";
import { signedInManager } from "../helpers/account.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { executableBytes, storedFiles } from "../helpers/uploads.ts";

const JOURNAL = "ethics-review";
const corpusPdf = (name: string) => readFile(path.join(CORPUS_DIR, "pdfs", name));

type Fields = Record<string, string>;

const authors = [
  { name: "Barbara Laddomada", email: "b.laddomada@ispa.example", institution: "ISPA-CNR" },
  { name: "Laura Del Coco", email: "", institution: "University of Salento" },
];

/**
 * An author sent with the spec's fields only, as the edit form is prefilled with it: a literal
 * name (never split) whose institution is its one affiliation (decision 256).
 */
const prefilled = (a: (typeof authors)[number]) => ({
  ...a,
  given_names: "",
  family_name: "",
  suffix: "",
  orcid: "",
  corresponding: false,
  affiliations: [{ name: a.institution, ror: "" }],
});

/** The scholarly fields of a paper created with the spec's fields only (decision 256). */
const NO_SCHOLARLY = {
  license_url: "",
  copyright_holder: "",
  copyright_year: null,
  published_on: "",
  received_on: "",
  accepted_on: "",
  funding_statement: "",
  funding: [],
  references: [],
};

/** The form's fields: publication, title, DOI, abstract, keywords and `authors[i][…]`. */
function paperForm(publication: number, overrides: Fields = {}, people = authors): Fields {
  const fields: Fields = {
    sel_publication: String(publication),
    title: "Volatile Metabolite Profiling of Durum Wheat Kernels",
    doi: "",
    abstract: "Volatile compounds of wheat kernels contaminated by Fusarium poae.",
    keywords: "durum wheat; Fusarium poae; volatiles",
  };
  people.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) fields[`authors[${i}][${k}]`] = v;
  });
  return { ...fields, ...overrides };
}

function postTo(t: TestContext, as: string | null, url: string, fields: Fields, pdf?: Buffer) {
  let req = request(t.app).post(`/api${url}`);
  if (as) req = req.set("Cookie", as);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (pdf) req = req.attach("paper_file", pdf, "paper.pdf");
  return req;
}

describe(`dashboard paper calls on ${dialectUnderTest}`, () => {
  let t: TestContext;
  let seed: SeededCatalogue;
  let cookie: string;
  let metabolites: Buffer;
  let elife: Buffer;

  beforeAll(async () => {
    t = await createTestContext();
    seed = await seedCatalogue(t.ctx);
    ({ cookie } = await signedInManager(t));
    metabolites = await corpusPdf("metabolites-04-00932.pdf");
    elife = await corpusPdf("elife-00353-v1.pdf");
  });
  afterAll(() => t.close());

  const post = (url: string, fields: Fields, pdf?: Buffer, as: string | null = cookie) =>
    postTo(t, as, url, fields, pdf);
  const get = (url: string, as: string | null = cookie) => {
    const req = request(t.app).get(`/api${url}`);
    return as ? req.set("Cookie", as) : req;
  };
  const paperRow = (id: number) =>
    t.ctx.db.selectFrom("papers").selectAll().where("id", "=", id).executeTakeFirst();
  const paperCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("papers")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Creates a paper in the seeded issue through the API; its id and galley URL. */
  async function createPaper(overrides: Fields = {}, pdf: Buffer = metabolites) {
    const res = await post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId, overrides), pdf);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.paperID as number, fileUrl: res.body.file_url as string };
  }

  it("answers 401 to every call when signed out, and changes nothing", async () => {
    const count = await paperCount();
    const before = await storedFiles(t);
    const calls = [
      post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId), undefined, null),
      get(`/get_paper/${JOURNAL}/${seed.paperWithPdfId}`, null),
      post(
        `/edit_paper/${JOURNAL}/${seed.paperWithPdfId}`,
        paperForm(seed.issueId),
        undefined,
        null,
      ),
      get(`/delete_paper/${JOURNAL}/${seed.paperWithPdfId}`, null),
    ];
    for (const [i, res] of (await Promise.all(calls)).entries()) {
      expect(res.status, `call ${i}`).toBe(401);
      expect(res.body).toMatchObject({ status: 0, msg: "Please sign in to continue." });
    }
    expect(await paperCount()).toBe(count);
    expect(await storedFiles(t)).toEqual(before);
  });

  it("answers 403 to every change sent cross-site, the GET delete_paper included", async () => {
    const count = await paperCount();
    const before = await storedFiles(t);
    const changes = [
      post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId), metabolites),
      post(`/edit_paper/${JOURNAL}/${seed.paperWithPdfId}`, paperForm(seed.issueId), metabolites),
      get(`/delete_paper/${JOURNAL}/${seed.paperWithPdfId}`),
    ];
    for (const [i, req] of changes.entries()) {
      const res = await req.set("Sec-Fetch-Site", "cross-site");
      expect(res.status, `change ${i}`).toBe(403);
      expect(res.body.status).toBe(0);
    }
    const sameSite = await get(`/delete_paper/${JOURNAL}/${seed.paperWithPdfId}`).set(
      "Sec-Fetch-Site",
      "same-site",
    );
    expect(sameSite.status).toBe(403);
    expect(await paperCount()).toBe(count);
    expect((await paperRow(seed.paperWithPdfId))?.title).toBe("A good life");
    expect(await storedFiles(t)).toEqual(before);
  });

  describe("POST /api/create_paper/{journal}", () => {
    it("creates a paper from a real PDF: text and pages read, authors in order, galley served", async () => {
      const res = await post(
        `/create_paper/${JOURNAL}`,
        paperForm(seed.issueId, { doi: "https://doi.org/10.3390/metabo4040932" }),
        metabolites,
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 1, msg: MESSAGES.paperCreated });
      const id = res.body.paperID as number;
      expect(res.body.file_url).toBe(
        `/journal/${JOURNAL}/download/${id}/volatile-metabolite-profiling-of-durum-wheat-kernels.pdf`,
      );

      const row = await paperRow(id);
      expect(row).toMatchObject({
        publication_id: seed.issueId,
        doi: "10.3390/metabo4040932",
        page_count: 14,
        file_size: metabolites.length,
        encrypted: 0,
      });
      expect(row?.full_text).toContain("Volatile Metabolite Profiling of Durum Wheat Kernels");
      expect(await storedFiles(t)).toContain(row!.file);

      const galley = await request(t.app).get(res.body.file_url);
      expect(galley.status).toBe(200);
      expect(galley.headers["content-type"]).toBe("application/pdf");
      expect(Buffer.compare(galley.body as Buffer, metabolites)).toBe(0);

      const prefill = await get(`/get_paper/${JOURNAL}/${id}`);
      expect(prefill.status).toBe(200);
      expect(prefill.body.paper).toEqual({
        paperID: id,
        title: "Volatile Metabolite Profiling of Durum Wheat Kernels",
        authors: authors.map(prefilled),
        doi: "10.3390/metabo4040932",
        abstract: "Volatile compounds of wheat kernels contaminated by Fusarium poae.",
        keywords: "durum wheat; Fusarium poae; volatiles",
        publication: String(seed.issueId),
        file_url: res.body.file_url,
        // no JATS galley: no HTML full text (decision 316)
        fulltext_url: "",
        ...NO_SCHOLARLY,
        // its whole text was kept (decision 271)
        text_truncated: false,
        text_note: "",
      });

      // the issue lists it last, with its authors
      const issue = await get(`/get_publication/${JOURNAL}/3/2`);
      expect(issue.body.publication.papers.at(-1)).toEqual({
        paperID: id,
        title: "Volatile Metabolite Profiling of Durum Wheat Kernels",
        authors: [{ name: "Barbara Laddomada" }, { name: "Laura Del Coco" }],
      });
    });

    it("refuses a form without a PDF, naming paper_file among the other field errors", async () => {
      const count = await paperCount();
      const res = await post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId, { title: "" }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["paper_file", "title"]);
      expect(await paperCount()).toBe(count);
    });

    it("refuses an executable renamed paper.pdf with 415 and stores nothing", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const res = await post(
        `/create_paper/${JOURNAL}`,
        paperForm(seed.issueId),
        await executableBytes(),
      );
      expect(res.status).toBe(415);
      expect(res.body.msg).toBe("The paper file is not a PDF. Upload the paper as a PDF file.");
      expect(await paperCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses a PDF that is damaged past its header with 415 and stores nothing", async () => {
      const before = await storedFiles(t);
      const broken = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x41)]);
      const res = await post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId), broken);
      expect(res.status).toBe(415);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses another journal's publication (400 on sel_publication) and stores nothing", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const hiddenIssue = await t.ctx.db
        .selectFrom("publications")
        .select("id")
        .where("journal_id", "=", seed.inactiveJournalId)
        .executeTakeFirstOrThrow();
      const res = await post(`/create_paper/${JOURNAL}`, paperForm(hiddenIssue.id), metabolites);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ sel_publication: "Choose a publication of this journal." });
      const unknown = await post(`/create_paper/${JOURNAL}`, paperForm(999999), metabolites);
      expect(unknown.status).toBe(400);
      const noJournal = await post("/create_paper/no-such-journal", paperForm(1), metabolites);
      expect(noJournal.status).toBe(404);
      expect(await paperCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses a bad DOI (400) and another paper's DOI (409), storing nothing", async () => {
      const before = await storedFiles(t);
      for (const doi of ["not a doi", "10.12/x", "https://example.org/paper"]) {
        const res = await post(`/create_paper/${JOURNAL}`, paperForm(seed.issueId, { doi }), elife);
        expect(res.status, doi).toBe(400);
        expect(Object.keys(res.body.errors), doi).toEqual(["doi"]);
      }
      const taken = await post(
        `/create_paper/${JOURNAL}`,
        paperForm(seed.issueId, { doi: "10.7554/eLife.00353" }),
        elife,
      );
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toHaveProperty("doi");
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses missing required fields and a bad author email with field errors", async () => {
      const res = await post(
        `/create_paper/${JOURNAL}`,
        paperForm(seed.issueId, {
          sel_publication: "",
          abstract: " ",
          "authors[0][email]": "nope",
        }),
        elife,
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual([
        "abstract",
        "authors.0.email",
        "sel_publication",
      ]);
    });
  });

  describe("POST /api/edit_paper/{journal}/{paper}", () => {
    it("updates fields and authors without a new PDF, keeping the file", async () => {
      const { id } = await createPaper({ title: "Kept File" });
      const file = (await paperRow(id))!.file;
      const res = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        paperForm(seed.olderIssueId, { title: "Renamed Paper", keywords: "" }, [authors[1]!]),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 1,
        msg: MESSAGES.paperUpdated,
        paperID: id,
        file_url: `/journal/${JOURNAL}/download/${id}/renamed-paper.pdf`,
      });
      const row = await paperRow(id);
      expect(row).toMatchObject({
        title: "Renamed Paper",
        keywords: null,
        file,
        publication_id: seed.olderIssueId,
      });
      const prefill = await get(`/get_paper/${JOURNAL}/${id}`);
      expect(prefill.body.paper.authors).toEqual([prefilled(authors[1]!)]);
      expect(await storedFiles(t)).toContain(file);
    });

    it("replaces the PDF, removing the old file only after success", async () => {
      const { id } = await createPaper({ title: "Replaced File" });
      const old = (await paperRow(id))!.file!;

      const before = await storedFiles(t);
      const bad = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        paperForm(seed.issueId, { title: "Replaced File" }),
        await executableBytes(),
      );
      expect(bad.status).toBe(415);
      const badDoi = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        paperForm(seed.issueId, { title: "Replaced File", doi: "doi" }),
        elife,
      );
      expect(badDoi.status).toBe(400);
      expect((await paperRow(id))!.file).toBe(old);
      expect(await storedFiles(t)).toEqual(before);

      const res = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        paperForm(seed.issueId, { title: "Replaced File" }),
        elife,
      );
      expect(res.status).toBe(200);
      const row = (await paperRow(id))!;
      expect(row.file).not.toBe(old);
      expect(row.file_size).toBe(elife.length);
      expect(row.full_text).not.toContain("Durum Wheat");
      const files = await storedFiles(t);
      expect(files).toContain(row.file);
      expect(files).not.toContain(old);
      const galley = await request(t.app).get(res.body.file_url);
      expect(galley.status).toBe(200);
      expect((galley.body as Buffer).length).toBe(elife.length);
    });

    it("is 404 for an unknown paper, another journal's paper and a malformed id", async () => {
      for (const url of [
        `/edit_paper/${JOURNAL}/999999`,
        `/edit_paper/hidden-annals/${seed.paperWithPdfId}`,
        `/edit_paper/${JOURNAL}/x1`,
      ]) {
        const res = await post(url, paperForm(seed.issueId));
        expect(res.status, url).toBe(404);
      }
      for (const url of [
        `/get_paper/${JOURNAL}/999999`,
        `/get_paper/${JOURNAL}/${seed.inactivePaperId}`,
        `/get_paper/no-such-journal/${seed.paperWithPdfId}`,
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect(res.body.status).toBe(0);
      }
    });
  });

  describe("GET /api/delete_paper/{journal_url}/{paperID}", () => {
    it("deletes the row, then the file; the galley URL then answers 404", async () => {
      const { id, fileUrl } = await createPaper({ title: "Short Lived" });
      const file = (await paperRow(id))!.file!;
      expect((await request(t.app).get(fileUrl)).status).toBe(200);

      const res = await get(`/delete_paper/${JOURNAL}/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      expect(await paperRow(id)).toBeUndefined();
      expect(await storedFiles(t)).not.toContain(file);
      expect((await request(t.app).get(fileUrl)).status).toBe(404);
      expect((await get(`/get_paper/${JOURNAL}/${id}`)).status).toBe(404);
      const authorsLeft = await t.ctx.db
        .selectFrom("paper_authors")
        .select("id")
        .where("paper_id", "=", id)
        .execute();
      expect(authorsLeft).toEqual([]);
      // again: it is gone
      expect((await get(`/delete_paper/${JOURNAL}/${id}`)).status).toBe(404);
    });

    it("is 404 for another journal's paper, which stays", async () => {
      const res = await get(`/delete_paper/${JOURNAL}/${seed.inactivePaperId}`);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe("There is no such paper in this journal.");
      expect(await paperRow(seed.inactivePaperId)).toBeDefined();
    });
  });
});

describe(`paper uploads over MAX_PDF_MB on ${dialectUnderTest}`, () => {
  let t: TestContext;
  let seed: SeededCatalogue;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestContext({ MAX_PDF_MB: "0.1" });
    seed = await seedCatalogue(t.ctx);
    ({ cookie } = await signedInManager(t));
  });
  afterAll(() => t.close());

  it("answers 413 for a PDF over the limit, on create and edit, storing nothing", async () => {
    const big = await corpusPdf("metabolites-04-00932.pdf"); // 332 kB > 0.1 MB
    const before = await storedFiles(t);
    const create = await postTo(
      t,
      cookie,
      `/create_paper/${JOURNAL}`,
      paperForm(seed.issueId),
      big,
    );
    expect(create.status).toBe(413);
    expect(create.body.status).toBe(0);
    expect(create.body).toEqual({
      status: 0,
      msg: "The PDF is too large. Upload a file of at most 0.1 MB.",
      errors: { paper_file: "The PDF is too large. Upload a file of at most 0.1 MB." },
    });
    const edit = await postTo(
      t,
      cookie,
      `/edit_paper/${JOURNAL}/${seed.paperWithPdfId}`,
      paperForm(seed.issueId),
      big,
    );
    expect(edit.status).toBe(413);
    expect(await storedFiles(t)).toEqual(before);
    expect(
      (
        await t.ctx.db
          .selectFrom("papers")
          .select("title")
          .where("id", "=", seed.paperWithPdfId)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe("A good life");

    // a PDF under the limit is accepted
    const small = await corpusPdf("bug1883609.pdf"); // 81 kB
    const ok = await postTo(t, cookie, `/create_paper/${JOURNAL}`, paperForm(seed.issueId), small);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
