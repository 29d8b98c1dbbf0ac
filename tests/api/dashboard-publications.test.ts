/**
 * Dashboard publication (issue) calls of docs/product/api.md on SQLite and PostgreSQL: list with row
 * actions, publish/unpublish/delete actions, create and edit with editors and cover, prefill;
 * guards (401 signed out, 403 cross-site on every change), validation, 404, 409 and upload
 * errors, and storage consistency after failed requests.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { derivativeKey } from "../../server/services/images.ts";
import { yearChoices } from "../../shared/constants.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { executableBytes, jpegImage, pngImage, storedFiles } from "../helpers/uploads.ts";

const t = seededFileContext({ manager: true });

let cover: Buffer;

beforeAll(async () => {
  cover = await pngImage();
});

const JOURNAL = "ethics-review";
type Fields = Record<string, string>;

const editors = [
  {
    name: "Zoe Chief",
    email: "zoe@oxford.example",
    institution: "Oxford",
    role: "Editor-in-Chief",
  },
  { name: "Adam Assoc", email: "", institution: "Yale", role: "Associate Editor" },
];

/** The form's fields: volume, issue, title, year and `editors[i][…]`. */
function issueForm(overrides: Fields = {}, people = editors): Fields {
  const fields: Fields = { volume: "7", issue: "1", title: "Virtue Revisited", year: "2024" };
  people.forEach((p, i) => {
    for (const [k, v] of Object.entries(p)) fields[`editors[${i}][${k}]`] = v;
  });
  return { ...fields, ...overrides };
}

/** A multipart POST to `/api{path}`, signed in unless `as` is null, with a cover when given. */
function post(path: string, fields: Fields, file?: Buffer, as: string | null = t.cookie) {
  let req = request(t.app).post(`/api${path}`);
  if (as) req = req.set("Cookie", as);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file) req = req.attach("cover_img", file, "cover.png");
  return req;
}

function get(path: string, as: string | null = t.cookie) {
  const req = request(t.app).get(`/api${path}`);
  return as ? req.set("Cookie", as) : req;
}

function publicationRow(id: number) {
  return t.ctx.db.selectFrom("publications").selectAll().where("id", "=", id).executeTakeFirst();
}

async function publicationCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom("publications")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates an issue through the API and returns its id. */
async function createIssue(fields: Fields, file: Buffer = cover): Promise<number> {
  const res = await post(`/create_publication/${JOURNAL}`, fields, file);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

describe(`dashboard publication calls on ${dialectUnderTest}`, () => {
  it("answers 401 to every call when signed out, and changes nothing", async () => {
    const before = await publicationCount();
    const calls = [
      get(`/get_publications/${JOURNAL}`, null),
      get(`/publication_action/${JOURNAL}/${t.seed.draftIssueId}/publish`, null),
      post(`/create_publication/${JOURNAL}`, issueForm(), undefined, null),
      get(`/get_publication_only/${JOURNAL}/${t.seed.issueId}`, null),
      post(`/edit_publication/${JOURNAL}/${t.seed.issueId}`, issueForm(), undefined, null),
    ];
    for (const [i, res] of (await Promise.all(calls)).entries()) {
      expect(res.status, `call ${i}`).toBe(401);
      expect(res.body).toMatchObject({ status: 0, msg: "Please sign in to continue." });
    }
    expect(await publicationCount()).toBe(before);
    expect((await publicationRow(t.seed.draftIssueId))?.status).toBe("draft");
  });

  it("answers 403 to every change sent cross-site, the GET row actions included", async () => {
    const before = await storedFiles(t);
    const changes = [
      get(`/publication_action/${JOURNAL}/${t.seed.draftIssueId}/publish`),
      get(`/publication_action/${JOURNAL}/${t.seed.olderIssueId}/delete`),
      post(`/create_publication/${JOURNAL}`, issueForm(), cover),
      post(`/edit_publication/${JOURNAL}/${t.seed.issueId}`, issueForm(), cover),
    ];
    for (const [i, req] of changes.entries()) {
      const res = await req.set("Sec-Fetch-Site", "cross-site");
      expect(res.status, `change ${i}`).toBe(403);
      expect(res.body.status).toBe(0);
    }
    // Origin of another site, without Fetch Metadata (older browsers)
    const res = await get(`/publication_action/${JOURNAL}/${t.seed.draftIssueId}/publish`).set(
      "Origin",
      "https://evil.example",
    );
    expect(res.status).toBe(403);
    expect((await publicationRow(t.seed.draftIssueId))?.status).toBe("draft");
    expect(await publicationRow(t.seed.olderIssueId)).toBeDefined();
    expect((await publicationRow(t.seed.issueId))?.volume).toBe("3");
    expect(await storedFiles(t)).toEqual(before);
  });

  describe("GET /api/get_publications/{journal}", () => {
    it("lists every issue, drafts included, with counts, dates and the server's row actions", async () => {
      const res = await get(`/get_publications/${JOURNAL}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 1, journal_name: "Ethics Review" });
      const rows = res.body.publications as {
        id: number;
        volume: string;
        number: string;
        published_on: string;
        uploaded_on: string;
        no_of_papers: number;
        actions: { label: string; link: string; link_type: string }[];
      }[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(t.seed.issueId)).toMatchObject({
        volume: "3",
        number: "2",
        published_on: "2025-06-01",
        uploaded_on: "2026-01-10",
        no_of_papers: 2,
      });
      expect(byId.get(t.seed.draftIssueId)?.actions).toContainEqual({
        label: "Publish",
        link: `/publication_action/${JOURNAL}/${t.seed.draftIssueId}/publish`,
        link_type: "api",
      });
      // an issue with papers cannot be deleted, so it is not offered
      expect(byId.get(t.seed.issueId)?.actions.map((a) => a.label)).not.toContain("Delete");
    });

    it("includes an inactive journal's issues and is 404 for an unknown or malformed journal", async () => {
      const hidden = await get("/get_publications/hidden-annals");
      expect(hidden.status).toBe(200);
      expect(hidden.body.publications).toHaveLength(1);
      for (const uri of ["no-such-journal", "Bad_URI"]) {
        const res = await get(`/get_publications/${uri}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 0, msg: "No such journal." });
      }
    });
  });

  describe("POST /api/create_publication/{journal}", () => {
    it("creates an issue with its cover and two editors in the order sent", async () => {
      const id = await createIssue(issueForm());
      const row = await publicationRow(id);
      expect(row).toMatchObject({
        volume: "7",
        number: "1",
        title: "Virtue Revisited",
        year: 2024,
      });
      // a new issue is a draft until the manager publishes it (decision 258), dated its year
      expect(row?.status).toBe("draft");
      expect(row?.publication_date).toBe("2024");
      expect(await storedFiles(t)).toEqual(
        expect.arrayContaining([row!.cover, derivativeKey(row!.cover!, 320)]),
      );

      const edit = await get(`/get_publication_only/${JOURNAL}/${id}`);
      expect(edit.status).toBe(200);
      expect(edit.body.publication).toMatchObject({
        id,
        volume: "7",
        issue: "1",
        title: "Virtue Revisited",
        year: 2024,
        cover_img: `/files/${row!.cover}`,
        editors,
      });
      // the cover is served
      const image = await request(t.app).get(edit.body.publication.cover_img);
      expect(image.status).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");

      // the issue page groups the board by role, in order
      const page = await get(`/get_publication/${JOURNAL}/7/1`);
      expect(page.body.publication.editors).toEqual({
        "Editor-in-Chief": [{ name: "Zoe Chief", institution: "Oxford" }],
        "Associate Editor": [{ name: "Adam Assoc", institution: "Yale" }],
      });
    });

    it("refuses a form without a cover (400 naming cover_img) and stores nothing", async () => {
      const before = await storedFiles(t);
      const count = await publicationCount();
      const res = await post(`/create_publication/${JOURNAL}`, issueForm({ volume: "8" }));
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.errors).toMatchObject({ cover_img: expect.any(String) });
      expect(await publicationCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses an executable renamed cover.png with 415 and stores nothing", async () => {
      const before = await storedFiles(t);
      const count = await publicationCount();
      const res = await post(
        `/create_publication/${JOURNAL}`,
        issueForm({ volume: "8" }),
        await executableBytes(),
      );
      expect(res.status).toBe(415);
      expect(res.body.msg).toMatch(/not an image/);
      expect(await publicationCount()).toBe(count);
      expect(await storedFiles(t)).toEqual(before);
    });

    it("refuses a volume/number the journal already has with 409 and stores nothing", async () => {
      const before = await storedFiles(t);
      const res = await post(`/create_publication/${JOURNAL}`, issueForm(), cover);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe("Vol. 7 No. 1 already exists in Ethics Review.");
      expect(res.body.errors).toMatchObject({ issue: expect.any(String) });
      expect(await storedFiles(t)).toEqual(before);
      // the same numbers in another journal are free
      const other = await post("/create_publication/hidden-annals", issueForm(), cover);
      expect(other.status).toBe(201);
    });

    it("refuses a year outside the 51 choices and a volume that is not a number (400)", async () => {
      const before = await storedFiles(t);
      const [newest] = yearChoices();
      const oldest = yearChoices().at(-1)!;
      for (const year of [String(newest! + 1), String(oldest - 1), "1999.5", "abc"]) {
        const res = await post(`/create_publication/${JOURNAL}`, issueForm({ year }), cover);
        expect(res.status, year).toBe(400);
        expect(Object.keys(res.body.errors), year).toEqual(["year"]);
      }
      const ok = await post(
        `/create_publication/${JOURNAL}`,
        issueForm({ volume: "9", year: String(oldest) }),
        cover,
      );
      expect(ok.status).toBe(201);

      for (const volume of ["seven", "7a", "0", ""]) {
        const res = await post(`/create_publication/${JOURNAL}`, issueForm({ volume }), cover);
        expect(res.status, volume).toBe(400);
        expect(res.body.errors, volume).toHaveProperty("volume");
      }
      const noIssue = await post(`/create_publication/${JOURNAL}`, issueForm({ issue: "" }), cover);
      expect(noIssue.body.errors).toHaveProperty("issue");
      const badEditor = await post(
        `/create_publication/${JOURNAL}`,
        issueForm({ volume: "10", "editors[1][email]": "not-an-email" }),
        cover,
      );
      expect(badEditor.status).toBe(400);
      expect(badEditor.body.errors).toHaveProperty(["editors.1.email"]);
      expect(await storedFiles(t)).toEqual([...before, ...(await filesOfVolume("9"))].sort());
    });

    it("is 404 for an unknown journal, storing nothing", async () => {
      const before = await storedFiles(t);
      const res = await post("/create_publication/no-such-journal", issueForm(), cover);
      expect(res.status).toBe(404);
      expect(await storedFiles(t)).toEqual(before);
    });
  });

  describe("POST /api/edit_publication/{journal}/{publication}", () => {
    it("updates fields and editors without a new cover, keeping the cover", async () => {
      const id = await createIssue(issueForm({ volume: "20" }));
      const { cover: key } = (await publicationRow(id))!;
      const res = await post(
        `/edit_publication/${JOURNAL}/${id}`,
        issueForm({ volume: "20", issue: "2", title: "", year: "2023" }, [editors[1]!]),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 1, id });
      const row = await publicationRow(id);
      expect(row).toMatchObject({ number: "2", title: null, year: 2023, cover: key });
      const edit = await get(`/get_publication_only/${JOURNAL}/${id}`);
      expect(edit.body.publication.editors).toEqual([editors[1]]);
      expect(await storedFiles(t)).toContain(key);
    });

    it("replaces the cover, removing the old file only after the row points at the new one", async () => {
      const id = await createIssue(issueForm({ volume: "21" }));
      const old = (await publicationRow(id))!.cover!;

      // a failed edit (duplicate numbers) keeps the old cover and stores no new file
      const before = await storedFiles(t);
      const clash = await post(
        `/edit_publication/${JOURNAL}/${id}`,
        issueForm({ volume: "7", issue: "1" }),
        await jpegImage(),
      );
      expect(clash.status).toBe(409);
      expect(await storedFiles(t)).toEqual(before);
      // a failed edit (not an image) too
      const bad = await post(
        `/edit_publication/${JOURNAL}/${id}`,
        issueForm({ volume: "21" }),
        await executableBytes(),
      );
      expect(bad.status).toBe(415);
      expect((await publicationRow(id))!.cover).toBe(old);
      expect(await storedFiles(t)).toEqual(before);

      const res = await post(
        `/edit_publication/${JOURNAL}/${id}`,
        issueForm({ volume: "21" }),
        await jpegImage(),
      );
      expect(res.status).toBe(200);
      const now = (await publicationRow(id))!.cover!;
      expect(now).not.toBe(old);
      expect(now).toMatch(/^covers\/[0-9a-f]{32}\.jpg$/);
      const files = await storedFiles(t);
      expect(files).toContain(now);
      expect(files).not.toContain(old);
      expect(files).not.toContain(derivativeKey(old, 320));
      expect(files).not.toContain(derivativeKey(old, 640));
    });

    it("is 404 for an unknown issue, another journal's issue and a malformed id", async () => {
      for (const path of [
        `/edit_publication/${JOURNAL}/999999`,
        `/edit_publication/hidden-annals/${t.seed.issueId}`,
        `/edit_publication/${JOURNAL}/abc`,
      ]) {
        const res = await post(path, issueForm({ volume: "30" }));
        expect(res.status, path).toBe(404);
      }
      for (const path of [
        `/get_publication_only/${JOURNAL}/999999`,
        `/get_publication_only/hidden-annals/${t.seed.issueId}`,
        `/get_publication_only/${JOURNAL}/0`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.msg).toBe("No such publication in this journal.");
      }
    });

    it("refuses invalid input with field errors", async () => {
      const res = await post(
        `/edit_publication/${JOURNAL}/${t.seed.issueId}`,
        issueForm({ volume: "x", year: "1800" }),
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["volume", "year"]);
      expect((await publicationRow(t.seed.issueId))!.volume).toBe("3");
    });
  });

  describe("GET /api/publication_action/{journal}/{publication}/{action}", () => {
    it("unpublishes and publishes an issue; readers see it only while published", async () => {
      const id = await createIssue(issueForm({ volume: "40" }));
      const unpublish = await get(`/publication_action/${JOURNAL}/${id}/unpublish`);
      expect(unpublish.status).toBe(200);
      expect(unpublish.body.status).toBe(1);
      expect((await publicationRow(id))!.status).toBe("draft");
      expect((await request(t.app).get(`/api/get_publication/${JOURNAL}/40/1`)).status).toBe(404);
      // a signed-in manager still sees the draft on the dashboard publication page
      expect((await get(`/get_publication/${JOURNAL}/40/1`)).status).toBe(200);
      const list = await get(`/get_publications/${JOURNAL}`);
      const row = list.body.publications.find((r: { id: number }) => r.id === id);
      expect(row.actions.map((a: { label: string }) => a.label)).toContain("Publish");

      const publish = await get(`/publication_action/${JOURNAL}/${id}/publish`);
      expect(publish.status).toBe(200);
      expect((await publicationRow(id))!.status).toBe("published");
      expect((await request(t.app).get(`/api/get_publication/${JOURNAL}/40/1`)).status).toBe(200);
    });

    it("deletes an empty issue with its cover, and refuses one that has papers (409)", async () => {
      const id = await createIssue(issueForm({ volume: "41" }));
      const key = (await publicationRow(id))!.cover!;
      const res = await get(`/publication_action/${JOURNAL}/${id}/delete`);
      expect(res.status).toBe(200);
      expect(await publicationRow(id)).toBeUndefined();
      const files = await storedFiles(t);
      expect(files).not.toContain(key);
      expect(files).not.toContain(derivativeKey(key, 320));

      const refused = await get(`/publication_action/${JOURNAL}/${t.seed.issueId}/delete`);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(
        "Vol. 3 No. 2 (2025) still has 2 papers. Delete them before deleting the publication.",
      );
      expect(await publicationRow(t.seed.issueId)).toBeDefined();
    });

    it("is 404 for an unknown action, issue or journal", async () => {
      for (const path of [
        `/publication_action/${JOURNAL}/${t.seed.draftIssueId}/archive`,
        `/publication_action/${JOURNAL}/999999/publish`,
        `/publication_action/hidden-annals/${t.seed.draftIssueId}/publish`,
        `/publication_action/no-such-journal/${t.seed.draftIssueId}/publish`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.status).toBe(0);
      }
      expect((await publicationRow(t.seed.draftIssueId))!.status).toBe("draft");
    });
  });
});

/** Files stored for the issue of `volume` in the journal (its cover and derivatives). */
async function filesOfVolume(volume: string): Promise<string[]> {
  const row = await t.ctx.db
    .selectFrom("publications as p")
    .innerJoin("journals as j", "j.id", "p.journal_id")
    .select("p.cover")
    .where("j.uri", "=", JOURNAL)
    .where("p.volume", "=", volume)
    .executeTakeFirstOrThrow();
  const key = row.cover!;
  return [key, derivativeKey(key, 320), derivativeKey(key, 640)];
}
