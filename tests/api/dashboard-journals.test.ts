import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";
import { journalFields, journalGuideFields } from "../helpers/dashboard-forms.ts";
import { type Attachment, type Fields, postForm } from "../helpers/form-calls.ts";
import { managerFileContext } from "../helpers/seeded-context.ts";
import {
  executableBytes,
  jpegImage,
  oversizedPng,
  pngImage,
  storedFiles,
} from "../helpers/uploads.ts";

const t = managerFileContext();
let cover: Buffer;

beforeAll(async () => {
  cover = await pngImage();
});

/** A multipart POST to `/api{path}` signed in (unless `as` is null) with `fields` and a file. */
const post = (
  path: string,
  fields: Fields,
  file: Attachment | null = null,
  as: string | null = t.cookie,
) => postForm(t, path, fields, file, as);

const withCover = (bytes: Buffer = cover, name = "cover.png"): Attachment => ({
  field: "cover_img",
  bytes,
  name,
});

async function journalRow(uri: string) {
  return t.ctx.db.selectFrom("journals").selectAll().where("uri", "=", uri).executeTakeFirst();
}

async function createComplete(uri: string, name: string) {
  const r1 = await post(
    "/create_journal/1",
    journalFields({ journal_uri: uri, journal_name: name }),
    withCover(),
  );
  expect(r1.status).toBe(201);
  const r2 = await post("/create_journal/2", journalGuideFields({ journal_uri: uri }));
  expect(r2.status).toBe(200);
}

describe(`dashboard journal calls on ${dialectUnderTest}`, () => {
  it("answers 401 to every call when signed out", async () => {
    const calls = [
      request(t.app).get("/api/dashboard/all_journals"),
      post("/create_journal/1", journalFields(), withCover(), null),
      post("/create_journal/2", journalGuideFields(), null, null),
      post(
        "/edit_journal/1",
        { ...journalFields(), journal_active: "Y", primary_journal_uri: "x" },
        null,
        null,
      ),
      post("/edit_journal/2", journalGuideFields(), null, null),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 0, msg: "Please sign in to continue." });
    }
    expect(await journalRow("moral-philosophy")).toBeUndefined();
    expect(await storedFiles(t)).toEqual([]);
  });

  it("answers 403 to every change sent cross-site, even signed in", async () => {
    const paths = ["/create_journal/1", "/create_journal/2", "/edit_journal/1", "/edit_journal/2"];
    for (const path of paths) {
      const res = await post(path, journalFields(), withCover()).set(
        "Sec-Fetch-Site",
        "cross-site",
      );
      expect(res.status, path).toBe(403);
      expect(res.body.status).toBe(0);
    }
    expect(await journalRow("moral-philosophy")).toBeUndefined();
    expect(await storedFiles(t)).toEqual([]);
  });

  describe("POST /api/create_journal/1", () => {
    it("refuses a form without a cover image, naming the field", async () => {
      const res = await post("/create_journal/1", journalFields());
      expect(res.status).toBe(400);
      expect(res.body.errors).toMatchObject({ cover_img: expect.any(String) });
      expect(await journalRow("moral-philosophy")).toBeUndefined();
    });

    it("lists the cover among the other field errors when several fields are wrong", async () => {
      const res = await post("/create_journal/1", journalFields({ journal_name: "", issn: "" }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["cover_img", "issn", "journal_name"]);
    });

    it("refuses an executable renamed cover.png with 415 and stores nothing", async () => {
      const res = await post(
        "/create_journal/1",
        journalFields(),
        withCover(await executableBytes()),
      );
      expect(res.status).toBe(415);
      expect(res.body.msg).toMatch(/not an image/);
      expect(await journalRow("moral-philosophy")).toBeUndefined();
      expect(await storedFiles(t)).toEqual([]);
    });

    it("refuses a cover over 5 MB with 413 and stores nothing", async () => {
      const res = await post("/create_journal/1", journalFields(), withCover(await oversizedPng()));
      expect(res.status).toBe(413);
      expect(res.body.status).toBe(0);
      expect(await storedFiles(t)).toEqual([]);
    });

    it("refuses an ISSN with a wrong check digit, with the field error", async () => {
      const res = await post(
        "/create_journal/1",
        journalFields({ issn: "2049-3631" }),
        withCover(),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        status: 0,
        errors: { issn: "Enter a valid ISSN such as 2049-3630." },
      });
      expect(await storedFiles(t)).toEqual([]);
    });

    it("accepts only the stored frequency values, spelt as the spec spells them", async () => {
      const res = await post(
        "/create_journal/1",
        journalFields({ pub_frequency: "quarterly" }),
        withCover(),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.pub_frequency).toBe("Choose a publishing frequency from the list.");
    });

    it("refuses a URI outside the slug rule", async () => {
      const res = await post(
        "/create_journal/1",
        journalFields({ journal_uri: "-moral" }),
        withCover(),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.journal_uri).toMatch(/lower-case letters, digits and hyphens/);
    });

    it("creates the journal inactive with its cover and answers its URI", async () => {
      const res = await post("/create_journal/1", journalFields(), withCover());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 1, journal_uri: "moral-philosophy" });
      const row = await journalRow("moral-philosophy");
      expect(row).toMatchObject({ active: 0, frequency: "quartely", issn: "2049-3630" });
      const files = await storedFiles(t);
      expect(files).toHaveLength(3); // the upload and its two WebP derivatives
      expect(files).toContain(row!.image);

      const all = await request(t.app).get("/api/dashboard/all_journals").set("Cookie", t.cookie);
      expect(all.status).toBe(200);
      const card = all.body.journals.find(
        (j: { journal_uri: string }) => j.journal_uri === "moral-philosophy",
      );
      expect(card).toMatchObject({
        journal_name: "Journal of Moral Philosophy",
        journal_active: false,
        journal_img: `/files/${row!.image}`,
      });
      expect(card.buttons.map((b: { label: string }) => b.label)).toEqual([
        "Edit",
        "Publications",
        "Add Paper",
        "View",
      ]);
      const pub = await request(t.app).get("/api/all_journals");
      expect(pub.body.journals).toEqual([]);
    });

    it("answers 409 for a taken URI and leaves no new file", async () => {
      const before = await storedFiles(t);
      const res = await post(
        "/create_journal/1",
        journalFields({ journal_name: "Another journal" }),
        withCover(await jpegImage()),
      );
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        status: 0,
        msg: 'The journal URI "moral-philosophy" is already taken. Choose another one.',
        errors: { journal_uri: "This journal URI is already taken." },
      });
      expect(await storedFiles(t)).toEqual(before);
    });

    it("keeps one journal and one cover when two managers race for the same URI", async () => {
      const before = await storedFiles(t);
      const fields = journalFields({ journal_uri: "race-journal" });
      const answers = await Promise.all([
        post("/create_journal/1", fields, withCover()),
        post("/create_journal/1", fields, withCover(await jpegImage())),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const row = await journalRow("race-journal");
      const added = (await storedFiles(t)).filter((f) => !before.includes(f));
      expect(added).toHaveLength(3);
      expect(added).toContain(row!.image);
    });
  });

  describe("POST /api/create_journal/2", () => {
    it("answers 404 for a URI no journal has", async () => {
      const res = await post(
        "/create_journal/2",
        journalGuideFields({ journal_uri: "no-such-journal" }),
      );
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        status: 0,
        msg: 'There is no journal at "no-such-journal".',
      });
    });

    it("refuses invalid emails and missing fields with field errors", async () => {
      const res = await post(
        "/create_journal/2",
        journalGuideFields({ journal_email: "editor-at-moral", other_guide: "" }),
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["journal_email", "other_guide"]);
      expect((await journalRow("moral-philosophy"))?.active).toBe(0);
    });

    it("stores guidelines and contacts and activates the journal", async () => {
      const res = await post("/create_journal/2", journalGuideFields());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 1, journal_uri: "moral-philosophy" });
      expect(await journalRow("moral-philosophy")).toMatchObject({
        active: 1,
        sub_guide: "Send a PDF of at most 10,000 words.",
        contact_email: "ada@moral.example",
      });
      const pub = await request(t.app).get("/api/all_journals");
      expect(pub.body.journals.map((j: { journal_uri: string }) => j.journal_uri)).toEqual([
        "moral-philosophy",
      ]);
    });
  });

  describe("POST /api/edit_journal/1 and /2", () => {
    const main = (overrides: Fields = {}) => ({
      ...journalFields(),
      journal_active: "Y",
      primary_journal_uri: "moral-philosophy",
      ...overrides,
    });
    /** The journal as the rename test below left it, set inactive. */
    const renamedInactive = () =>
      main({
        primary_journal_uri: "moral-philosophy-review",
        journal_uri: "moral-philosophy-review",
        journal_active: "N",
      });

    it("answers 404 when the journal being edited does not exist", async () => {
      const res = await post("/edit_journal/1", main({ primary_journal_uri: "nothing-here" }));
      expect(res.status).toBe(404);
    });

    it("answers 409 when renaming to a URI another journal has, changing nothing", async () => {
      await createComplete("ethics-today", "Ethics Today");
      const res = await post("/edit_journal/1", main({ journal_uri: "ethics-today" }));
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual({ journal_uri: "This journal URI is already taken." });
      expect(await journalRow("moral-philosophy")).toBeDefined();
      expect((await journalRow("ethics-today"))?.name).toBe("Ethics Today");
    });

    it("renames the URI: the old one redirects (301) to the new one, and the cover is intact", async () => {
      const before = await journalRow("moral-philosophy");
      const files = await storedFiles(t);
      const res = await post(
        "/edit_journal/1",
        main({ journal_uri: "moral-philosophy-review", journal_name: "Moral Philosophy Review" }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 1,
        msg: "Journal Updated Successfully.",
        journal_uri: "moral-philosophy-review",
      });
      const old = await request(t.app)
        .get("/api/get_journal/moral-philosophy")
        .set("Cookie", t.cookie);
      expect(old.status).toBe(301);
      expect(old.headers.location).toBe("/api/get_journal/moral-philosophy-review");
      const renamed = await request(t.app)
        .get("/api/get_journal/moral-philosophy-review")
        .set("Cookie", t.cookie);
      expect(renamed.status).toBe(200);
      expect(renamed.body.journal).toMatchObject({
        name: "Moral Philosophy Review",
        image: `/files/${before!.image}`,
        sub_guide: "Send a PDF of at most 10,000 words.",
      });
      expect(await storedFiles(t)).toEqual(files);
      const cover = await request(t.app).get(`/files/${before!.image}`);
      expect(cover.status).toBe(200);
    });

    it("sets the journal inactive with N and hides it from readers", async () => {
      const res = await post("/edit_journal/1", renamedInactive());
      expect(res.status).toBe(200);
      expect((await journalRow("moral-philosophy-review"))?.active).toBe(0);
      expect((await request(t.app).get("/api/get_journal/moral-philosophy-review")).status).toBe(
        404,
      );
      const signedIn = await request(t.app)
        .get("/api/get_journal/moral-philosophy-review")
        .set("Cookie", t.cookie);
      expect(signedIn.body.journal.active).toBe(false);
    });

    it("replaces the cover with a new one and removes the old files", async () => {
      const before = await journalRow("moral-philosophy-review");
      const res = await post(
        "/edit_journal/1",
        renamedInactive(),
        withCover(await jpegImage(), "new.jpg"),
      );
      expect(res.status).toBe(200);
      const after = await journalRow("moral-philosophy-review");
      expect(after!.image).not.toBe(before!.image);
      expect(after!.image).toMatch(/\.jpg$/);
      const files = await storedFiles(t);
      expect(files).toContain(after!.image);
      expect(files.some((f) => f.startsWith(before!.image!.replace(/\.png$/, "")))).toBe(false);
    });

    it("refuses a non-image cover on edit with 415 and keeps the old cover", async () => {
      const before = await journalRow("moral-philosophy-review");
      const files = await storedFiles(t);
      const res = await post(
        "/edit_journal/1",
        renamedInactive(),
        withCover(await executableBytes()),
      );
      expect(res.status).toBe(415);
      expect((await journalRow("moral-philosophy-review"))?.image).toBe(before!.image);
      expect(await storedFiles(t)).toEqual(files);
    });

    it("updates the submission info, keeping the active flag", async () => {
      const res = await post(
        "/edit_journal/2",
        journalGuideFields({ journal_uri: "moral-philosophy-review", journal_cost: "USD 50" }),
      );
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe("Journal Updated Successfully.");
      expect(await journalRow("moral-philosophy-review")).toMatchObject({
        cost: "USD 50",
        active: 0,
      });
      const missing = await post(
        "/edit_journal/2",
        journalGuideFields({ journal_uri: "gone-journal" }),
      );
      expect(missing.status).toBe(404);
    });
  });
});
