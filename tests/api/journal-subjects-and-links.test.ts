/**
 * Subjects and stable links of issue 8 on SQLite and PostgreSQL: `subject` on
 * create_journal/1, edit_journal/1 and get_journal (round trip, default, refusal); a renamed
 * journal's old addresses (journal, issue, paper, galley, public API) answer 301 straight to the
 * current ones after two renames; old URIs stay reserved for their journal, which may take one
 * back; cached answers and the sitemap follow the rename; the home page's subject counts and
 * the site-wide contact of /contact (decisions 200, 201 and 203).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as contactLoader } from "../../app/routes/contact.tsx";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { journalFields } from "../helpers/dashboard-forms.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import type { Fields } from "../helpers/form-calls.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { sitemapLocs } from "../helpers/sitemap.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: TestContext;
let seed: SeededCatalogue;
let cookie: string;
let cover: Buffer;

beforeAll(async () => {
  t = await createTestContext({
    OUTPUT_CACHE_MB: "8",
    PUBLIC_URL: "http://journals.example.edu",
    CONTACT_EMAIL: "office@press.example.edu",
  });
  seed = await seedCatalogue(t.ctx);
  ({ cookie } = await signedInManager(t));
  cover = await pngImage();
});
afterAll(() => t.close());

/** The edit form of the seeded journal "Ethics Review", now at `from`, renamed to `to`. */
const ethicsEdit = (from: string, to: string, overrides: Fields = {}): Fields => ({
  ...journalFields({
    journal_name: "Ethics Review",
    abbreviation: "Ethics Rev",
    journal_uri: to,
  }),
  journal_active: "Y",
  primary_journal_uri: from,
  ...overrides,
});

function post(path: string, fields: Fields, withCover = false) {
  let req = request(t.app).post(`/api${path}`).set("Cookie", cookie);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (withCover) req = req.attach("cover_img", cover, "cover.png");
  return req;
}

const subjectOf = async (uri: string) =>
  (await request(t.app).get(`/api/get_journal/${uri}`).set("Cookie", cookie)).body.journal?.subject;

describe(`journal subjects on ${dialectUnderTest}`, () => {
  it("stores the subject chosen at creation and answers it in get_journal and the cards", async () => {
    const res = await post("/create_journal/1", journalFields({ subject: "philosophy" }), true);
    expect(res.status).toBe(201);
    expect(await subjectOf("moral-philosophy")).toBe("philosophy");
    const cards = await request(t.app).get("/api/dashboard/all_journals").set("Cookie", cookie);
    expect(
      cards.body.journals.find((j: { journal_uri: string }) => j.journal_uri === "moral-philosophy")
        ?.subject,
    ).toBe("philosophy");
  });

  it("puts a journal created without a subject in More Journals", async () => {
    const res = await post(
      "/create_journal/1",
      journalFields({ journal_uri: "no-subject", journal_name: "No Subject" }),
      true,
    );
    expect(res.status).toBe(201);
    expect(await subjectOf("no-subject")).toBe("more");
  });

  it("refuses a subject that is not one of the four, naming the field", async () => {
    const res = await post(
      "/create_journal/1",
      journalFields({ journal_uri: "odd-subject", subject: "astrology" }),
      true,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.subject).toBe("Choose the journal's subject from the list.");
    expect(await subjectOf("odd-subject")).toBeUndefined();
  });

  it("moves a journal to another subject on edit, and keeps it when the edit sends none", async () => {
    const edit = (subject?: string) =>
      post("/edit_journal/1", {
        ...journalFields(),
        journal_active: "N",
        primary_journal_uri: "moral-philosophy",
        ...(subject ? { subject } : {}),
      });
    expect((await edit("arts-humanities")).status).toBe(200);
    expect(await subjectOf("moral-philosophy")).toBe("arts-humanities");
    expect((await edit()).status).toBe(200);
    expect(await subjectOf("moral-philosophy")).toBe("arts-humanities");
  });
});

describe(`stable links of a renamed journal on ${dialectUnderTest}`, () => {
  const paper = () => seed.paperWithPdfId;

  it("serves the old address from the cache until the rename, then redirects it", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app).get("/api/get_journal/ethics-review");
      expect(res.status).toBe(200);
    }
    const first = await post("/edit_journal/1", ethicsEdit("ethics-review", "ethics-quarterly"));
    expect(first.status).toBe(200);
    expect(first.body.journal_uri).toBe("ethics-quarterly");
    const res = await request(t.app).get("/api/get_journal/ethics-review");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/api/get_journal/ethics-quarterly");
  });

  it("after a second rename, every old URI answers 301 straight to the current one", async () => {
    const second = await post("/edit_journal/1", ethicsEdit("ethics-quarterly", "ethics-journal"));
    expect(second.status).toBe(200);
    for (const old of ["ethics-review", "ethics-quarterly"]) {
      const cases: Array<[string, string]> = [
        [`/journal/${old}`, "/journal/ethics-journal"],
        [`/journal/${old}/3/2`, "/journal/ethics-journal/3/2"],
        [`/journal/${old}/${paper()}`, `/journal/ethics-journal/${paper()}`],
        [
          `/journal/${old}/download/${paper()}/a-good-life.pdf?download=1`,
          `/journal/ethics-journal/download/${paper()}/a-good-life.pdf?download=1`,
        ],
        [`/api/get_journal/${old}`, "/api/get_journal/ethics-journal"],
        [`/api/get_publication/${old}/3/2`, "/api/get_publication/ethics-journal/3/2"],
        [
          `/api/get_journal_paper/${old}/${paper()}`,
          `/api/get_journal_paper/ethics-journal/${paper()}`,
        ],
      ];
      for (const [from, to] of cases) {
        const res = await request(t.app).get(from);
        expect(res.status, from).toBe(301);
        expect(res.headers.location, from).toBe(to);
      }
      const head = await request(t.app).head(`/journal/${old}/${paper()}`);
      expect(head.status).toBe(301);
    }
  });

  it("lands on working answers: the paper through the API and its PDF galley", async () => {
    const api = await request(t.app)
      .get(`/api/get_journal_paper/ethics-review/${paper()}`)
      .redirects(1);
    expect(api.status).toBe(200);
    expect(api.body.paper.title).toBe("A good life");
    const pdf = await request(t.app)
      .get(`/journal/ethics-review/download/${paper()}/a-good-life.pdf`)
      .redirects(1);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("leaves other journals, unknown URIs and changes alone", async () => {
    expect((await request(t.app).get("/api/get_journal/never-was")).status).toBe(404);
    expect((await request(t.app).get("/api/get_journal/ethics-journal")).status).toBe(200);
    const change = await post("/create_journal/2", {
      submission_guide: "x",
      other_guide: "x",
      journal_email: "a@b.example",
      journal_cost: "None",
      contact_name: "A",
      contact_email: "a@b.example",
      journal_uri: "ethics-review",
    });
    expect(change.status).toBe(404);
  });

  it("keeps the old URIs reserved: no new journal and no other journal may take one", async () => {
    for (const old of ["ethics-review", "ethics-quarterly"]) {
      const res = await post("/create_journal/1", journalFields({ journal_uri: old }), true);
      expect(res.status, old).toBe(409);
      expect(res.body.msg).toContain(`"${old}" was used by another journal`);
      expect(res.body.errors.journal_uri).toBeTruthy();
    }
    const other = await post("/edit_journal/1", {
      ...journalFields({ journal_uri: "ethics-review" }),
      journal_active: "N",
      primary_journal_uri: "moral-philosophy",
    });
    expect(other.status).toBe(409);
    expect(await subjectOf("moral-philosophy")).toBe("arts-humanities");
  });

  it("lets the journal take one of its own old URIs back, which then redirects no more", async () => {
    const back = await post("/edit_journal/1", ethicsEdit("ethics-journal", "ethics-review"));
    expect(back.status).toBe(200);
    expect((await request(t.app).get("/api/get_journal/ethics-review")).status).toBe(200);
    const res = await request(t.app).get(`/journal/ethics-journal/${paper()}`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/journal/ethics-review/${paper()}`);
    const quarterly = await request(t.app).get("/journal/ethics-quarterly");
    expect(quarterly.headers.location).toBe("/journal/ethics-review");
  });

  it("lists only the current URI in the sitemap", async () => {
    const base = "http://journals.example.edu";
    const locs = await sitemapLocs(t.app, base);
    expect(locs).toContain(`${base}/journal/ethics-review/${paper()}`);
    expect(locs.some((l) => l.includes("/journal/ethics-journal"))).toBe(false);
    expect(locs.some((l) => l.includes("/journal/ethics-quarterly"))).toBe(false);
  });
});

describe(`home subject counts and the site contact on ${dialectUnderTest}`, () => {
  it("counts the active journals of each subject for the home cards", async () => {
    await post("/create_journal/2", {
      submission_guide: "Send a PDF.",
      other_guide: "None.",
      journal_email: "editor@moral.example",
      journal_cost: "None",
      contact_name: "Ada Lovelace",
      contact_email: "ada@moral.example",
      journal_uri: "moral-philosophy",
    });
    const { data } = await runLoader(() => homeLoader(loaderArgs(t.ctx)));
    const counts = (data as { subjectCounts: Record<string, number> }).subjectCounts;
    // Ethics Review (philosophy) and Moral Philosophy (arts-humanities) are active; the
    // journal created without a subject never finished step 2, and Hidden Annals is inactive
    expect(counts).toEqual({
      philosophy: 1,
      "science-technology": 0,
      "arts-humanities": 1,
      more: 0,
    });
  });

  it("gives /contact the site-wide address and the journals' own contacts", async () => {
    const { data } = await runLoader(() => contactLoader(loaderArgs(t.ctx)));
    const page = data as {
      siteEmail: string | null;
      offices: Array<{ uri: string; contact_email: string }>;
    };
    expect(page.siteEmail).toBe("office@press.example.edu");
    expect(page.offices.find((o) => o.uri === "moral-philosophy")?.contact_email).toBe(
      "ada@moral.example",
    );
  });
});
