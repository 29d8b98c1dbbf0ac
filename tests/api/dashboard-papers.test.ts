/**
 * The dashboard's paper calls of docs/product/api.md and decision 202 on SQLite and PostgreSQL,
 * one suite over both places a paper belongs to (issue 20, decision 328): a journal's issue
 * (`/create_paper/{journal}`…) and a proceeding (`/create_proceeding_paper/{proceeding}`…).
 * For both: 401 signed out and 403 cross-site on every call (the GET deletes included), changing
 * nothing; 404 for a paper of another place, an unknown one or a malformed id. Then each place's
 * own flow: create with a real corpus PDF (text and page count read, galley served at
 * `file_url`), prefill, edit with and without a new PDF, delete (row, then file), validation,
 * 409, 413 and 415, storage consistency after failed requests; a new conference paper in the
 * public proceeding page, search, sitemap, feed and OAI-PMH; a proceeding (and an issue) deleted
 * only without papers.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { EMPTY_SCHOLARLY } from "../../app/components/dashboard/paper-form.tsx";
import { MESSAGES } from "../../shared/constants.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { corpusPdf } from "../helpers/corpus.ts";
import {
  paperCount as countPapers,
  type Fields,
  getAs,
  postForm,
  proceedingIdOf,
  storedPaper,
} from "../helpers/form-calls.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { sitemapLocs } from "../helpers/sitemap.ts";
import { executableBytes, pngImage, storedFiles } from "../helpers/uploads.ts";

const BASE = "http://journals.example.edu";
const JOURNAL = "ethics-review";

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

/** The form's fields: publication, title, DOI, abstract, keywords and `authors[i][…]`. */
function issuePaperForm(publication: number, overrides: Fields = {}, people = authors): Fields {
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

const proceedingPaperForm = (overrides: Fields = {}): Fields => ({
  title: "Tracing the Meta-Level: Zymurgic Compilation",
  doi: "10.1145/1542476.1542528",
  abstract: "A tracing compiler for dynamic languages, told through zymurgy.",
  keywords: "tracing; compilers",
  first_page: "465",
  last_page: "478",
  "authors[0][name]": "Andreas Gal",
  "authors[0][email]": "gal@example.org",
  "authors[0][institution]": "UC Irvine",
  "authors[1][name]": "Brendan Eich",
  "authors[1][email]": "",
  "authors[1][institution]": "",
  ...overrides,
});

const t = seededFileContext({ env: { PUBLIC_URL: BASE }, manager: true });
let metabolites: Buffer;
let elife: Buffer;
let pldi: number;

beforeAll(async () => {
  metabolites = await corpusPdf("metabolites-04-00932.pdf");
  elife = await corpusPdf("elife-00353-v1.pdf");
  pldi = await proceedingIdOf(t, "pldi-2009");
});

const post = (url: string, fields: Fields, pdf?: Buffer | null, as: string | null = t.cookie) =>
  postForm(t, url, fields, pdf, as);
const get = (url: string, as: string | null = t.cookie) => getAs(t, url, as);
const paperRow = (id: number) => storedPaper(t, id);
const paperCount = () => countPapers(t);

/** Where a paper belongs, as the dashboard's calls name it. */
type PaperPlace = {
  place: "issue" | "proceeding";
  create: () => string;
  prefill: (id: number) => string;
  edit: (id: number) => string;
  remove: (id: number) => string;
  /** A valid form for this place's papers. */
  form: () => Fields;
  /** A paper id the guard tests aim their calls at. */
  target: () => number;
  /** The place's other manager-only GET calls; `changes` are those that change something. */
  others: () => { reads: string[]; changes: string[] };
  /** Calls about a paper elsewhere, an unknown place or a malformed id: each answers 404. */
  notFound: () => request.Test[];
};

const PLACES: PaperPlace[] = [
  {
    place: "issue",
    create: () => `/create_paper/${JOURNAL}`,
    prefill: (id) => `/get_paper/${JOURNAL}/${id}`,
    edit: (id) => `/edit_paper/${JOURNAL}/${id}`,
    remove: (id) => `/delete_paper/${JOURNAL}/${id}`,
    form: () => issuePaperForm(t.seed.issueId),
    target: () => t.seed.paperWithPdfId,
    others: () => ({ reads: [], changes: [] }),
    notFound: () => [
      post(`/edit_paper/${JOURNAL}/999999`, issuePaperForm(t.seed.issueId)),
      post(`/edit_paper/hidden-annals/${t.seed.paperWithPdfId}`, issuePaperForm(t.seed.issueId)),
      post(`/edit_paper/${JOURNAL}/x1`, issuePaperForm(t.seed.issueId)),
      get(`/get_paper/${JOURNAL}/999999`),
      get(`/get_paper/${JOURNAL}/${t.seed.inactivePaperId}`),
      get(`/get_paper/no-such-journal/${t.seed.paperWithPdfId}`),
    ],
  },
  {
    place: "proceeding",
    create: () => `/create_proceeding_paper/${pldi}`,
    prefill: (id) => `/get_proceeding_paper_edit/${pldi}/${id}`,
    edit: (id) => `/edit_proceeding_paper/${pldi}/${id}`,
    remove: (id) => `/delete_proceeding_paper/${pldi}/${id}`,
    form: () => proceedingPaperForm(),
    target: () => 1,
    others: () => ({
      reads: [`/get_proceeding_contents/${pldi}`],
      changes: [`/delete_proceeding/${pldi}`],
    }),
    notFound: () => [
      get("/get_proceeding_contents/999999"),
      get(`/get_proceeding_paper_edit/${pldi}/${t.seed.paperWithPdfId}`),
      get(`/get_proceeding_paper_edit/${pldi}/abc`),
      post(`/create_proceeding_paper/999999`, proceedingPaperForm({ doi: "" }), metabolites),
      post(
        `/edit_proceeding_paper/${pldi}/${t.seed.paperWithPdfId}`,
        proceedingPaperForm({ doi: "" }),
      ),
      get(`/delete_proceeding_paper/${pldi}/${t.seed.paperWithPdfId}`),
    ],
  },
];

describe.each(PLACES)(
  `dashboard paper calls of a paper in an $place on ${dialectUnderTest}`,
  (kind) => {
    it("answers 401 to every call when signed out, and changes nothing", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const target = kind.target();
      const { reads, changes } = kind.others();
      const calls = [
        post(kind.create(), kind.form(), undefined, null),
        post(kind.create(), kind.form(), metabolites, null),
        get(kind.prefill(target), null),
        post(kind.edit(target), kind.form(), undefined, null),
        get(kind.remove(target), null),
        ...[...reads, ...changes].map((url) => get(url, null)),
      ];
      for (const [i, res] of (await Promise.all(calls)).entries()) {
        expect(res.status, `call ${i}`).toBe(401);
        expect(res.body).toMatchObject({ status: 0, msg: "Please sign in to continue." });
      }
      expect(await paperCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("answers 403 to every change sent cross-site, the GET deletes included", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const target = kind.target();
      const row = await paperRow(target);
      const changes = [
        post(kind.create(), kind.form(), metabolites),
        post(kind.edit(target), kind.form(), metabolites),
        get(kind.remove(target)),
        ...kind.others().changes.map((url) => get(url)),
      ];
      for (const [i, req] of changes.entries()) {
        const res = await req.set("Sec-Fetch-Site", "cross-site");
        expect(res.status, `change ${i}`).toBe(403);
        expect(res.body.status).toBe(0);
      }
      const sameSite = await get(kind.remove(target)).set("Sec-Fetch-Site", "same-site");
      expect(sameSite.status).toBe(403);
      expect(await paperCount()).toBe(count);
      expect(await paperRow(target)).toEqual(row);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("is 404 for a paper elsewhere, an unknown one and a malformed id, which change nothing", async () => {
      const row = await paperRow(t.seed.paperWithPdfId);
      for (const [i, req] of kind.notFound().entries()) {
        const res = await req;
        expect(res.status, `case ${i}`).toBe(404);
        expect(res.body.status, `case ${i}`).toBe(0);
      }
      expect(await paperRow(t.seed.paperWithPdfId)).toEqual(row);
    });
  },
);

describe(`a journal's papers on ${dialectUnderTest}`, () => {
  /** Creates a paper in the seeded issue through the API; its id and galley URL. */
  async function createPaper(overrides: Fields = {}, pdf: Buffer = metabolites) {
    const res = await post(
      `/create_paper/${JOURNAL}`,
      issuePaperForm(t.seed.issueId, overrides),
      pdf,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.paperID as number, fileUrl: res.body.file_url as string };
  }

  describe("POST /api/create_paper/{journal}", () => {
    it("creates a paper from a real PDF: text and pages read, authors in order, galley served", async () => {
      const res = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(t.seed.issueId, { doi: "https://doi.org/10.3390/metabo4040932" }),
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
        publication_id: t.seed.issueId,
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
        publication: String(t.seed.issueId),
        file_url: res.body.file_url,
        // no JATS galley: no HTML full text (decision 316)
        fulltext_url: "",
        // a paper created with the spec's fields only reads back as the paper form starts a new
        // one: no licence, dates, funding or references (decision 256)
        ...EMPTY_SCHOLARLY,
        // in its journal's primary language, without translations (decision 440)
        language: "en",
        translations: [],
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
      const res = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(t.seed.issueId, { title: "" }),
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["paper_file", "title"]);
      expect(await paperCount()).toBe(count);
    });

    it("refuses an executable renamed paper.pdf with 415 and stores nothing", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const res = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(t.seed.issueId),
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
      const res = await post(`/create_paper/${JOURNAL}`, issuePaperForm(t.seed.issueId), broken);
      expect(res.status).toBe(415);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses another journal's publication (400 on sel_publication) and stores nothing", async () => {
      const count = await paperCount();
      const before = await storedFiles(t);
      const hiddenIssue = await t.ctx.db
        .selectFrom("publications")
        .select("id")
        .where("journal_id", "=", t.seed.inactiveJournalId)
        .executeTakeFirstOrThrow();
      const res = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(hiddenIssue.id),
        metabolites,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ sel_publication: "Choose a publication of this journal." });
      const unknown = await post(`/create_paper/${JOURNAL}`, issuePaperForm(999999), metabolites);
      expect(unknown.status).toBe(400);
      const noJournal = await post("/create_paper/no-such-journal", issuePaperForm(1), metabolites);
      expect(noJournal.status).toBe(404);
      expect(await paperCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses a bad DOI (400) and another paper's DOI (409), storing nothing", async () => {
      const before = await storedFiles(t);
      for (const doi of ["not a doi", "10.12/x", "https://example.org/paper"]) {
        const res = await post(
          `/create_paper/${JOURNAL}`,
          issuePaperForm(t.seed.issueId, { doi }),
          elife,
        );
        expect(res.status, doi).toBe(400);
        expect(Object.keys(res.body.errors), doi).toEqual(["doi"]);
      }
      const taken = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(t.seed.issueId, { doi: "10.7554/eLife.00353" }),
        elife,
      );
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toHaveProperty("doi");
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses missing required fields and a bad author email with field errors", async () => {
      const res = await post(
        `/create_paper/${JOURNAL}`,
        issuePaperForm(t.seed.issueId, {
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
        issuePaperForm(t.seed.olderIssueId, { title: "Renamed Paper", keywords: "" }, [
          authors[1]!,
        ]),
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
        publication_id: t.seed.olderIssueId,
      });
      const prefill = await get(`/get_paper/${JOURNAL}/${id}`);
      expect(prefill.body.paper.authors).toEqual([prefilled(authors[1]!)]);
      expect(await storedFiles(t)).toContain(file);
    });

    it("replaces the PDF after success only, the published paper's old one kept as its first version", async () => {
      const { id } = await createPaper({ title: "Replaced File" });
      const old = (await paperRow(id))!.file!;

      const before = await storedFiles(t);
      const bad = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        issuePaperForm(t.seed.issueId, { title: "Replaced File" }),
        await executableBytes(),
      );
      expect(bad.status).toBe(415);
      const badDoi = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        issuePaperForm(t.seed.issueId, { title: "Replaced File", doi: "doi" }),
        elife,
      );
      expect(badDoi.status).toBe(400);
      expect((await paperRow(id))!.file).toBe(old);
      expect(await storedFiles(t)).toEqual(before);

      const res = await post(
        `/edit_paper/${JOURNAL}/${id}`,
        issuePaperForm(t.seed.issueId, { title: "Replaced File" }),
        elife,
      );
      expect(res.status).toBe(200);
      const row = (await paperRow(id))!;
      expect(row.file).not.toBe(old);
      expect(row.file_size).toBe(elife.length);
      expect(row.full_text).not.toContain("Durum Wheat");
      const files = await storedFiles(t);
      expect(files).toContain(row.file);
      // the paper is published: its first version keeps the replaced PDF (decision 490)
      expect(files).toContain(old);
      const kept = await t.ctx.db
        .selectFrom("paper_versions")
        .select("file")
        .where("paper_id", "=", id)
        .execute();
      expect(kept.map((v) => v.file)).toEqual([old]);
      const galley = await request(t.app).get(res.body.file_url);
      expect(galley.status).toBe(200);
      expect((galley.body as Buffer).length).toBe(elife.length);
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
      const res = await get(`/delete_paper/${JOURNAL}/${t.seed.inactivePaperId}`);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe("There is no such paper in this journal.");
      expect(await paperRow(t.seed.inactivePaperId)).toBeDefined();
    });
  });
});

let paperId: number;

describe(`a proceeding's papers on ${dialectUnderTest}`, () => {
  it("adds a paper with its PDF, pages and authors; it is on the proceeding page at once", async () => {
    const res = await post(`/create_proceeding_paper/${pldi}`, proceedingPaperForm(), metabolites);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 1, msg: MESSAGES.paperCreated });
    paperId = res.body.paperID;
    expect(res.body.link).toBe(`/proceedings/pldi-2009/${paperId}`);
    expect(res.body.file_url).toBe(
      `/proceedings/pldi-2009/download/${paperId}/tracing-the-meta-level-zymurgic-compilation.pdf`,
    );
    const row = await paperRow(paperId);
    expect(row).toMatchObject({
      proceeding_id: pldi,
      publication_id: null,
      first_page: "465",
      last_page: "478",
      page_count: 14,
      doi: "10.1145/1542476.1542528",
    });
    expect(await storedFiles(t)).toContain(row!.file);

    const contents = await get(`/get_proceeding_contents/${pldi}`);
    expect(contents.status).toBe(200);
    expect(contents.body.proceeding.papers).toEqual([
      {
        paperID: paperId,
        title: "Tracing the Meta-Level: Zymurgic Compilation",
        link: `/proceedings/pldi-2009/${paperId}`,
        authors: [{ name: "Andreas Gal" }, { name: "Brendan Eich" }],
        first_page: "465",
        last_page: "478",
      },
    ]);
    const publicPage = await request(t.app).get("/api/get_proceeding_page/pldi-2009");
    expect(publicPage.body.proceeding.papers.map((p: { paperID: number }) => p.paperID)).toEqual([
      paperId,
    ]);
    const publicPaper = await request(t.app).get(`/api/get_proceeding_paper/pldi-2009/${paperId}`);
    expect(publicPaper.status).toBe(200);
    const galley = await request(t.app).get(res.body.file_url);
    expect(galley.status).toBe(200);
    expect(Buffer.compare(galley.body as Buffer, metabolites)).toBe(0);
  });

  it("finds the new paper in the search, the sitemap, the feed and OAI-PMH", async () => {
    const search = await request(t.app).get("/api/search?q=zymurgic");
    expect(search.body.results.hits).toEqual([
      expect.objectContaining({ paperID: paperId, kind: "proceeding" }),
    ]);
    const locs = await sitemapLocs(t.app, BASE);
    expect(locs).toContain(`${BASE}/proceedings/pldi-2009/${paperId}`);
    const feed = await request(t.app).get("/feed.xml");
    expect(feed.status).toBe(200);
    expect(feed.text).toContain(`${BASE}/proceedings/pldi-2009/${paperId}`);
    expect(feed.text).toMatch(/<source>\s*<title>Proceedings of PLDI/);
    const oai = await request(t.app).get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:journals.example.edu:paper/${paperId}`,
    );
    expect(oai.status).toBe(200);
    expect(oai.text).toContain("Tracing the Meta-Level: Zymurgic Compilation");
  });

  it("prefills the edit form", async () => {
    const res = await get(`/get_proceeding_paper_edit/${pldi}/${paperId}`);
    expect(res.status).toBe(200);
    expect(res.body.paper).toMatchObject({
      paperID: paperId,
      title: "Tracing the Meta-Level: Zymurgic Compilation",
      doi: "10.1145/1542476.1542528",
      keywords: "tracing; compilers",
      first_page: "465",
      last_page: "478",
      authors: [
        { name: "Andreas Gal", email: "gal@example.org", institution: "UC Irvine" },
        { name: "Brendan Eich", email: "", institution: "" },
      ],
    });
  });

  it("refuses bad fields, a bad PDF and another paper's DOI, storing nothing", async () => {
    const count = await paperCount();
    const before = await storedFiles(t);
    const noPdf = await post(
      `/create_proceeding_paper/${pldi}`,
      proceedingPaperForm({ title: "" }),
    );
    expect(noPdf.status).toBe(400);
    expect(Object.keys(noPdf.body.errors).sort()).toEqual(["paper_file", "title"]);
    const pages = await post(
      `/create_proceeding_paper/${pldi}`,
      proceedingPaperForm({ first_page: "<script>" }),
      metabolites,
    );
    expect(pages.status).toBe(400);
    expect(pages.body.errors.first_page).toContain("as printed");
    const exe = await post(
      `/create_proceeding_paper/${pldi}`,
      proceedingPaperForm({ doi: "" }),
      await executableBytes(),
    );
    expect(exe.status).toBe(415);
    const doi = await post(`/create_proceeding_paper/${pldi}`, proceedingPaperForm(), metabolites);
    expect(doi.status).toBe(409);
    expect(await paperCount()).toBe(count);
    expect(await storedFiles(t)).toEqual(before);
  });

  it("edits fields and pages, then replaces the PDF, the old one kept for the earlier version", async () => {
    const before = await paperRow(paperId);
    const edit = await post(
      `/edit_proceeding_paper/${pldi}/${paperId}`,
      proceedingPaperForm({
        title: "Trace-based Zymurgic Compilation",
        first_page: "1",
        last_page: "",
      }),
    );
    expect(edit.status).toBe(200);
    expect(edit.body.msg).toBe(MESSAGES.paperUpdated);
    expect(await paperRow(paperId)).toMatchObject({
      title: "Trace-based Zymurgic Compilation",
      first_page: "1",
      last_page: null,
      file: before!.file,
    });
    const replace = await post(
      `/edit_proceeding_paper/${pldi}/${paperId}`,
      proceedingPaperForm(),
      elife,
    );
    expect(replace.status).toBe(200);
    const after = await paperRow(paperId);
    expect(after!.file).not.toBe(before!.file);
    const files = await storedFiles(t);
    expect(files).toContain(after!.file);
    // conference papers are on the record: the earlier versions keep the replaced PDF (decision 490)
    expect(files).toContain(before!.file);
  });

  it("refuses to delete a proceeding that has papers, and keeps it", async () => {
    const res = await get(`/delete_proceeding/${pldi}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      "This proceeding still has 1 paper. Delete it first, then the proceeding.",
    );
    expect((await get(`/get_proceeding/${pldi}`)).status).toBe(200);
  });

  it("deletes the paper, then its file; the public page and galley lose it", async () => {
    const row = await paperRow(paperId);
    const res = await get(`/delete_proceeding_paper/${pldi}/${paperId}`);
    expect(res.status).toBe(200);
    expect(await paperRow(paperId)).toBeUndefined();
    expect(await storedFiles(t)).not.toContain(row!.file);
    expect(
      (await request(t.app).get(`/api/get_proceeding_paper/pldi-2009/${paperId}`)).status,
    ).toBe(404);
    const search = await request(t.app).get("/api/search?q=zymurgic");
    expect(search.body.results.hits).toEqual([]);
  });

  it("deletes a proceeding without papers with its editors and cover; its event stays", async () => {
    const cover = await pngImage(90, 120);
    let req = request(t.app).post("/api/create_proceedings").set("Cookie", t.cookie);
    for (const [k, v] of Object.entries({
      event: "new",
      event_name: "Colloquium",
      event_start_date: "2025-06-15",
      event_end_date: "2025-06-18",
      title: "Proceedings of the Colloquium",
      year: "2025",
      intro: "Papers.",
      "editors[0][name]": "Grace Hopper",
      "editors[0][role]": "Chair",
    })) {
      req = req.field(k, v);
    }
    const created = await req.attach("cover_img", cover, "cover.png");
    expect(created.status).toBe(201);
    const id = created.body.proceeding_id as number;
    const coverKey = (
      await t.ctx.db
        .selectFrom("proceedings")
        .select("cover")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).cover;
    expect(await storedFiles(t)).toContain(coverKey);

    const res = await get(`/delete_proceeding/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("The proceeding was deleted.");
    expect((await get(`/get_proceeding/${id}`)).status).toBe(404);
    expect(await storedFiles(t)).not.toContain(coverKey);
    const editors = await t.ctx.db
      .selectFrom("editors")
      .select("id")
      .where("proceeding_id", "=", id)
      .execute();
    expect(editors).toEqual([]);
    const events = await get("/get_proceeding_events");
    expect(
      events.body.proceeding_events.some(
        (e: { event_name: string }) => e.event_name === "Colloquium",
      ),
    ).toBe(true);
    expect((await get(`/delete_proceeding/${id}`)).status).toBe(404);
  });
});

describe(`deleting a journal issue on ${dialectUnderTest}`, () => {
  it("refuses an issue that has papers with a clear msg, and keeps it", async () => {
    const res = await get(`/publication_action/ethics-review/${t.seed.issueId}/delete`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(
      /still has \d+ papers?\. Delete them before deleting the publication\./,
    );
    const issue = await request(t.app).get("/api/get_publication/ethics-review/3/2");
    expect(issue.status).toBe(200);
  });
});

describe(`paper uploads over MAX_PDF_MB on ${dialectUnderTest}`, () => {
  const small = seededFileContext({ env: { MAX_PDF_MB: "0.1" }, manager: true });

  it("answers 413 for a PDF over the limit, on create and edit, storing nothing", async () => {
    const big = await corpusPdf("metabolites-04-00932.pdf"); // 332 kB > 0.1 MB
    const before = await storedFiles(small);
    const send = (url: string, pdf: Buffer) =>
      postForm(small, url, issuePaperForm(small.seed.issueId), pdf, small.cookie);
    const create = await send(`/create_paper/${JOURNAL}`, big);
    expect(create.status).toBe(413);
    expect(create.body.status).toBe(0);
    expect(create.body).toEqual({
      status: 0,
      msg: "The PDF is too large. Upload a file of at most 0.1 MB.",
      errors: { paper_file: "The PDF is too large. Upload a file of at most 0.1 MB." },
    });
    const edit = await send(`/edit_paper/${JOURNAL}/${small.seed.paperWithPdfId}`, big);
    expect(edit.status).toBe(413);
    expect(await storedFiles(small)).toEqual(before);
    expect((await storedPaper(small, small.seed.paperWithPdfId))?.title).toBe("A good life");

    // a PDF under the limit is accepted
    const ok = await send(`/create_paper/${JOURNAL}`, await corpusPdf("bug1883609.pdf")); // 81 kB
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
