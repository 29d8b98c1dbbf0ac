/**
 * Whole proceedings (issue 8) on SQLite and PostgreSQL: a proceeding's papers added, read,
 * edited and deleted from the dashboard with a real PDF and pages; the new paper on the public
 * proceeding page and galley, in the search, the sitemap and OAI-PMH; files consistent on a
 * refused request, a replaced PDF and a delete; a proceeding deleted only without papers; an
 * issue with papers refused likewise; guards (401 signed out, 403 cross-site on every change,
 * the GET deletes included); decision 202.
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
import { sitemapLocs } from "../helpers/sitemap.ts";
import { executableBytes, pngImage, storedFiles } from "../helpers/uploads.ts";

const BASE = "http://journals.example.edu";
const corpusPdf = (name: string) => readFile(path.join(CORPUS_DIR, "pdfs", name));

type Fields = Record<string, string>;

let t: TestContext;
let seed: SeededCatalogue;
let cookie: string;
let metabolites: Buffer;
let elife: Buffer;
let pldi: number;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: BASE });
  seed = await seedCatalogue(t.ctx);
  ({ cookie } = await signedInManager(t));
  metabolites = await corpusPdf("metabolites-04-00932.pdf");
  elife = await corpusPdf("elife-00353-v1.pdf");
  pldi = (
    await t.ctx.db
      .selectFrom("proceedings")
      .select("id")
      .where("slug", "=", "pldi-2009")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const paperForm = (overrides: Fields = {}): Fields => ({
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

function post(url: string, fields: Fields, pdf?: Buffer | null, as: string | null = cookie) {
  let req = request(t.app).post(`/api${url}`);
  if (as) req = req.set("Cookie", as);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (pdf) req = req.attach("paper_file", pdf, "paper.pdf");
  return req;
}

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
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

let paperId: number;

describe(`dashboard proceeding paper calls on ${dialectUnderTest}`, () => {
  it("answers 401 to every call when signed out", async () => {
    const answers = await Promise.all([
      get(`/get_proceeding_contents/${pldi}`, null),
      post(`/create_proceeding_paper/${pldi}`, paperForm(), metabolites, null),
      get(`/get_proceeding_paper_edit/${pldi}/1`, null),
      post(`/edit_proceeding_paper/${pldi}/1`, paperForm(), null, null),
      get(`/delete_proceeding_paper/${pldi}/1`, null),
      get(`/delete_proceeding/${pldi}`, null),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(0);
    }
  });

  it("answers 403 to every change sent cross-site, the GET deletes included", async () => {
    const count = await paperCount();
    const before = await storedFiles(t);
    const changes = [
      post(`/create_proceeding_paper/${pldi}`, paperForm(), metabolites),
      post(`/edit_proceeding_paper/${pldi}/1`, paperForm(), metabolites),
      get(`/delete_proceeding_paper/${pldi}/1`),
      get(`/delete_proceeding/${pldi}`),
    ];
    for (const [i, req] of changes.entries()) {
      const res = await req.set("Sec-Fetch-Site", "cross-site");
      expect(res.status, `change ${i}`).toBe(403);
    }
    expect(await paperCount()).toBe(count);
    expect(await storedFiles(t)).toEqual(before);
  });

  it("adds a paper with its PDF, pages and authors; it is on the proceeding page at once", async () => {
    const res = await post(`/create_proceeding_paper/${pldi}`, paperForm(), metabolites);
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
    const noPdf = await post(`/create_proceeding_paper/${pldi}`, paperForm({ title: "" }));
    expect(noPdf.status).toBe(400);
    expect(Object.keys(noPdf.body.errors).sort()).toEqual(["paper_file", "title"]);
    const pages = await post(
      `/create_proceeding_paper/${pldi}`,
      paperForm({ first_page: "<script>" }),
      metabolites,
    );
    expect(pages.status).toBe(400);
    expect(pages.body.errors.first_page).toContain("as printed");
    const exe = await post(
      `/create_proceeding_paper/${pldi}`,
      paperForm({ doi: "" }),
      await executableBytes(),
    );
    expect(exe.status).toBe(415);
    const doi = await post(`/create_proceeding_paper/${pldi}`, paperForm(), metabolites);
    expect(doi.status).toBe(409);
    expect(await paperCount()).toBe(count);
    expect(await storedFiles(t)).toEqual(before);
  });

  it("is 404 for an unknown proceeding, a journal's paper and a malformed id", async () => {
    const cases = [
      get("/get_proceeding_contents/999999"),
      get(`/get_proceeding_paper_edit/${pldi}/${seed.paperWithPdfId}`),
      get(`/get_proceeding_paper_edit/${pldi}/abc`),
      post(`/create_proceeding_paper/999999`, paperForm({ doi: "" }), metabolites),
      post(`/edit_proceeding_paper/${pldi}/${seed.paperWithPdfId}`, paperForm({ doi: "" })),
      get(`/delete_proceeding_paper/${pldi}/${seed.paperWithPdfId}`),
    ];
    for (const [i, req] of cases.entries()) {
      const res = await req;
      expect(res.status, `case ${i}`).toBe(404);
    }
    expect(await paperRow(seed.paperWithPdfId)).toBeTruthy();
  });

  it("edits fields and pages, then replaces the PDF, removing the old file after success", async () => {
    const before = await paperRow(paperId);
    const edit = await post(
      `/edit_proceeding_paper/${pldi}/${paperId}`,
      paperForm({ title: "Trace-based Zymurgic Compilation", first_page: "1", last_page: "" }),
    );
    expect(edit.status).toBe(200);
    expect(edit.body.msg).toBe(MESSAGES.paperUpdated);
    expect(await paperRow(paperId)).toMatchObject({
      title: "Trace-based Zymurgic Compilation",
      first_page: "1",
      last_page: null,
      file: before!.file,
    });
    const replace = await post(`/edit_proceeding_paper/${pldi}/${paperId}`, paperForm(), elife);
    expect(replace.status).toBe(200);
    const after = await paperRow(paperId);
    expect(after!.file).not.toBe(before!.file);
    const files = await storedFiles(t);
    expect(files).toContain(after!.file);
    expect(files).not.toContain(before!.file);
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
    let req = request(t.app).post("/api/create_proceedings").set("Cookie", cookie);
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
    const res = await get(`/publication_action/ethics-review/${seed.issueId}/delete`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(
      /still has \d+ papers?\. Delete them before deleting the publication\./,
    );
    const issue = await request(t.app).get("/api/get_publication/ethics-review/3/2");
    expect(issue.status).toBe(200);
  });
});
