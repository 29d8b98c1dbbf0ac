import { DOMParser } from "@xmldom/xmldom";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_BATCH, SITEMAP_PAPER_IDS } from "../../server/features/indexing/indexed-pages.ts";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../server/http/session.ts";
import { writeCatalogue } from "../../server/services/write.ts";
import { signedInAdministrator } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { postForm } from "../helpers/form-calls.ts";
import { hasXmllint, xmllint } from "../helpers/parsers.ts";
import { locsOf, sitemapLocs } from "../helpers/sitemap.ts";

const BASE = "https://journals.example.edu";
/** More public papers than one batch holds, so a part is read in several queries. */
const MANY = SITEMAP_BATCH + 321;
/** A paper in the second id range, changed later than everything else. */
const FAR_ID = SITEMAP_PAPER_IDS + 1;
const FAR_CHANGE = "2026-03-04T05:06:07.000Z";
/**
 * Papers readers cannot see, changed after everything else: one in a draft issue in FAR_ID's
 * part, and the only paper of the third part, in the inactive journal. Neither may move a
 * part's lastmod or list a part (the index reads each part's newest paper from an index and
 * must skip these: decision 338).
 */
const HIDDEN_CHANGE = "2026-05-06T07:08:09.000Z";
const HIDDEN_DRAFT_ID = FAR_ID + 1;
const HIDDEN_INACTIVE_ID = 2 * SITEMAP_PAPER_IDS + 1;

let t: TestContext;
let seed: SeededCatalogue;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: BASE });
  seed = await seedCatalogue(t.ctx);
  const paper = (title: string) => ({
    publication_id: seed.issueId,
    title,
    encrypted: 0,
    position: 0,
    abstract: "",
    // Added before the seed's papers, so the feed's newest are still the seed's.
    created_at: "2025-12-01T00:00:00.000Z",
    updated_at: "2026-01-11T00:00:00.000Z",
  });
  for (let i = 0; i < MANY; i += 500) {
    const batch = Array.from({ length: Math.min(500, MANY - i) }, (_, k) => paper(`Bulk ${i + k}`));
    await t.ctx.db.insertInto("papers").values(batch).execute();
  }
  await t.ctx.db
    .insertInto("papers")
    .values({ ...paper("Far away"), id: FAR_ID, updated_at: FAR_CHANGE })
    .execute();
  await t.ctx.db
    .insertInto("papers")
    .values([
      {
        ...paper("Drafted"),
        publication_id: seed.draftIssueId,
        id: HIDDEN_DRAFT_ID,
        updated_at: HIDDEN_CHANGE,
      },
      {
        ...paper("Inactive"),
        publication_id: seed.inactiveIssueId,
        id: HIDDEN_INACTIVE_ID,
        updated_at: HIDDEN_CHANGE,
      },
    ])
    .execute();
});
afterAll(() => t.close());

const texts = (xml: string, tag: string) => {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  return Array.from(doc.getElementsByTagName(tag)).map((n) => n.textContent ?? "");
};

/**
 * An administrator's `Cookie` header for this site: PUBLIC_URL is https, so the session cookie
 * carries its `__Host-` name (decision 021).
 */
const administratorCookie = async () =>
  (await signedInAdministrator(t)).cookie.replace(
    `${SESSION_COOKIE}=`,
    `${SECURE_SESSION_COOKIE}=`,
  );

/** The dashboard's edit form of "Far away" with one author, in issue `publication`. */
const editForm = (publication: number) => ({
  sel_publication: String(publication),
  title: "Far away",
  doi: "",
  abstract: "A paper far from the others.",
  keywords: "distance",
  "authors[0][name]": "Ada Far",
  "authors[0][email]": "",
  "authors[0][institution]": "",
});

describe(`crawler files on ${dialectUnderTest}`, () => {
  it("robots.txt keeps crawlers out of the dashboard and names the sitemap index", async () => {
    const res = await request(t.app).get("/robots.txt");
    expect(res.text).toContain("Disallow: /dashboard");
    expect(res.text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it("the sitemap index names the pages part and one part per id range with papers", async () => {
    const res = await request(t.app).get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.text).toContain("<sitemapindex");
    expect(texts(res.text, "loc")).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/papers-1.xml`,
      `${BASE}/sitemaps/papers-2.xml`,
    ]);
    // Each part's lastmod is the newest change among what it lists: the later changes of the
    // hidden papers of parts 2 and 3 count for nothing, and part 3 (hidden papers only) is not
    // listed.
    expect(texts(res.text, "lastmod")).toEqual(["2026-01-10", "2026-01-11", "2026-03-04"]);
  });

  it("the parts list public journals, published issues and their papers only", async () => {
    const locs = await sitemapLocs(t.app, BASE);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/journal/ethics-review`);
    expect(locs).toContain(`${BASE}/journal/ethics-review/3/2`);
    expect(locs).toContain(`${BASE}/journal/ethics-review/${seed.paperWithPdfId}`);
    expect(locs).toContain(`${BASE}/journal/ethics-review/${FAR_ID}`);
    expect(locs).not.toContain(`${BASE}/journal/ethics-review/3/3`);
    expect(locs.some((l) => l.includes("hidden-annals"))).toBe(false);
    expect(locs).not.toContain(`${BASE}/journal/ethics-review/${seed.inactivePaperId}`);
  });

  it("a papers part read in several batches lists each paper of its range once, by id", async () => {
    const res = await request(t.app).get("/sitemaps/papers-1.xml");
    expect(res.status).toBe(200);
    const ids = locsOf(res.text).map((l) => Number(l.split("/").at(-1)));
    // The seed's two public papers and the bulk ones; the hidden one and FAR_ID are not here.
    expect(ids).toHaveLength(MANY + 2);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(FAR_ID);
  });

  it("a part without papers, or a name that is no part, is not found", async () => {
    const parts = ["papers-3", "papers-0", "papers-01", "papers-999999999", "x"];
    for (const path of parts.map((part) => `/sitemaps/${part}.xml`)) {
      expect((await request(t.app).get(path)).status, path).toBe(404);
    }
  });

  it.skipIf(!hasXmllint)(
    `the index and its parts are valid against the sitemaps.org schemas${hasXmllint ? "" : " (skipped: xmllint is not installed)"}`,
    async () => {
      const index = await request(t.app).get("/sitemap.xml");
      const verdict = xmllint(index.text, "siteindex.xsd");
      expect(verdict.status, `/sitemap.xml: ${verdict.errors}`).toBe(0);
      for (const part of ["/sitemaps/pages.xml", "/sitemaps/papers-1.xml"]) {
        const res = await request(t.app).get(part);
        const verdict = xmllint(res.text, "sitemap.xsd");
        expect(verdict.status, `${part}: ${verdict.errors}`).toBe(0);
      }
    },
  );

  it("the Atom feed lists the 50 newest visible papers with authors and DOI ids", async () => {
    const res = await request(t.app).get("/feed.xml");
    expect(res.headers["content-type"]).toMatch(/^application\/atom\+xml/);
    expect(texts(res.text, "entry")).toHaveLength(50);
    // Newest first (the seed's two, then the bulk papers), each `published` on its own
    // publication date (decision 187) and `updated` at its last change.
    expect(texts(res.text, "updated").slice(1, 4)).toEqual([
      "2026-01-10T09:00:00.000Z",
      "2026-01-10T09:00:00.000Z",
      // "Far away": the highest id of the bulk papers, which were all added at one time
      FAR_CHANGE,
    ]);
    expect(texts(res.text, "published").slice(0, 3)).toEqual([
      "2025-06-01T00:00:00Z",
      "2025-06-01T00:00:00Z",
      // a paper without its own date: its issue's (year 2025, no date stored; decision 255),
      // not the day the issue went online (2025-06-01)
      "2025-01-01T00:00:00Z",
    ]);
    // an entry without an abstract still has a summary: title, authors, journal
    const farAway = res.text.split("<entry>").find((e) => e.includes("<title>Far away</title>"));
    expect(farAway).toMatch(/<summary>Far away\. [^<]+\.<\/summary>/);
    const titles = texts(res.text, "title");
    expect(titles).toContain("A good life");
    expect(titles).not.toContain("Secret");
    expect(texts(res.text, "id")).toContain("https://doi.org/10.7554/eLife.00353");
    expect(texts(res.text, "name")).toContain("Eve Marder");
  });

  it("a paper edited in the dashboard moves its part's lastmod, and only its part's", async () => {
    const cookie = await administratorCookie();
    const before = new Date().toISOString().slice(0, 10);
    const edit = await postForm(
      t,
      `/edit_paper/ethics-review/${FAR_ID}`,
      editForm(seed.issueId),
      null,
      cookie,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = new Date().toISOString().slice(0, 10);
    const index = await request(t.app).get("/sitemap.xml");
    expect(texts(index.text, "loc")).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/papers-1.xml`,
      `${BASE}/sitemaps/papers-2.xml`,
    ]);
    const [pages, first, second] = texts(index.text, "lastmod");
    expect([pages, first]).toEqual(["2026-01-10", "2026-01-11"]);
    expect([before, after]).toContain(second);
    // the part's own file says the same
    const part = await request(t.app).get("/sitemaps/papers-2.xml");
    expect(texts(part.text, "lastmod")).toEqual([second]);
  });

  it("a part whose public papers all moved to a draft issue leaves the index", async () => {
    const cookie = await administratorCookie();
    const edit = await postForm(
      t,
      `/edit_paper/ethics-review/${FAR_ID}`,
      editForm(seed.draftIssueId),
      null,
      cookie,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const index = await request(t.app).get("/sitemap.xml");
    expect(texts(index.text, "loc")).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/papers-1.xml`,
    ]);
    expect((await request(t.app).get("/sitemaps/papers-2.xml")).status).toBe(404);
  });

  it("lists a part far beyond the others, and none of the empty ones between", async () => {
    const farther = 7 * SITEMAP_PAPER_IDS + 3;
    // a catalogue write as the services make one: the cached index is read anew
    await writeCatalogue(t.ctx, async (trx) => {
      await trx
        .insertInto("papers")
        .values({
          publication_id: seed.issueId,
          title: "Farther still",
          encrypted: 0,
          position: 0,
          abstract: "",
          created_at: "2026-02-02T00:00:00.000Z",
          updated_at: "2026-02-02T00:00:00.000Z",
          id: farther,
        })
        .execute();
    });
    const index = await request(t.app).get("/sitemap.xml");
    expect(texts(index.text, "loc")).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/papers-1.xml`,
      `${BASE}/sitemaps/papers-8.xml`,
    ]);
    expect(texts(index.text, "lastmod").slice(1)).toEqual(["2026-01-11", "2026-02-02"]);
    const part = await request(t.app).get("/sitemaps/papers-8.xml");
    expect(locsOf(part.text)).toEqual([`${BASE}/journal/ethics-review/${farther}`]);
  });
});
