/**
 * The paper forms' optional JATS full text (issue 18, decisions 286, 288 and 315–317): `jats_file`
 * with `jats_figures` beside the spec's fields. A valid article becomes the paper's galley, its
 * figure image stored and shown, its body searchable; a replaced galley's files are removed; a
 * hostile or wrong file is refused with the message on its field and leaves no paper and no
 * stored file behind. Paper and galley are written together or not at all; a manager removes a
 * galley (the full text is then a 404, `jats.xml` the generated JATS); POST /read_jats gives a
 * JATS file's metadata in the form's fields.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { loader as fullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { loader as proceedingFullTextLoader } from "../../app/routes/proceeding-paper-fulltext.tsx";
import { paperFullText } from "../../server/features/fulltext/reader.ts";
import { searchPapers } from "../../server/features/search/search.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import type { Fields } from "../helpers/form-calls.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true, proceedings: true });
const JOURNAL = "ethics-review";

const ARTICLE = `<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" xml:lang="en">
<front><article-meta><title-group><article-title>Zymurgy of small things</article-title></title-group>
<abstract><p>An abstract.</p></abstract></article-meta></front>
<body><sec id="s1"><title>Introduction</title><p>Quokkanomics is studied here <xref ref-type="bibr" rid="r1">[1]</xref>.</p>
<fig id="f1"><label>Figure 1</label><caption><title>A plot.</title></caption><graphic xlink:href="plot1"/></fig>
<p><inline-formula><mml:math><mml:mi>x</mml:mi></mml:math></inline-formula></p></sec></body>
<back><ref-list><ref id="r1"><mixed-citation>Doe J (2020) A paper. J 1: 1–2.</mixed-citation></ref></ref-list></back>
</article>`;

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
}

/** The paper form of the article above, in the seeded issue; `overrides` replace fields. */
const paperFields = (overrides: Fields = {}): Fields =>
  journalPaperFields(t.seed.issueId, {
    title: "Zymurgy of small things",
    keywords: "zymurgy",
    "authors[0][name]": "Jane Doe",
    "authors[0][institution]": "Somewhere",
    ...overrides,
  });

function create(
  fields: Fields,
  files: [string, Buffer, string][],
  url = `/api/create_paper/${JOURNAL}`,
) {
  let req = request(t.app).post(url).set("Cookie", t.cookie);
  for (const [k, v] of Object.entries(paperFields(fields))) req = req.field(k, v);
  for (const [field, data, name] of files) req = req.attach(field, data, name);
  return req;
}

async function storedCount(folder: string): Promise<number> {
  try {
    return (await readdir(path.join(t.ctx.storage.root, folder))).length;
  } catch {
    return 0;
  }
}

describe(`JATS uploads with a paper (${dialectUnderTest})`, () => {
  it("stores the JATS and its figure, renders it with the image, and searches its body", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const res = await create({}, [
      ["paper_file", pdf, "paper.pdf"],
      ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ["jats_figures", await png(), "plot1.png"],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.paperID as number;
    const files = await t.ctx.db
      .selectFrom("paper_jats_files")
      .selectAll()
      .where("paper_id", "=", id)
      .execute();
    expect(files.map((f) => [f.name, f.content_type])).toEqual([["plot1.png", "image/png"]]);
    const text = await paperFullText(t.ctx, id);
    const fig = text?.body[0]?.k === "sec" ? text.body[0].c.find((b) => b.k === "fig") : null;
    expect(fig).toMatchObject({ k: "fig", src: `/files/${files[0]?.storage_key}` });
    const hits = await searchPapers(t.ctx, "quokkanomics");
    expect(hits.hits.map((h) => h.paperID)).toEqual([id]);

    // a new JATS on edit replaces the galley and removes the old files
    const before = await t.ctx.db
      .selectFrom("paper_jats")
      .select("storage_key")
      .where("paper_id", "=", id)
      .executeTakeFirstOrThrow();
    let edit = request(t.app).post(`/api/edit_paper/${JOURNAL}/${id}`).set("Cookie", t.cookie);
    for (const [k, v] of Object.entries(paperFields())) edit = edit.field(k, v);
    const edited = await edit.attach(
      "jats_file",
      Buffer.from(ARTICLE.replace("Quokkanomics", "Wombatology")),
      "article.xml",
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await t.ctx.storage.stat(before.storage_key)).toBeNull();
    expect(await t.ctx.storage.stat(files[0]?.storage_key ?? "")).toBeNull();
    expect((await searchPapers(t.ctx, "wombatology")).hits.map((h) => h.paperID)).toEqual([id]);
    expect((await searchPapers(t.ctx, "quokkanomics")).hits).toEqual([]);
  });

  const hostile: [string, string, RegExp][] = [
    [
      "billion laughs",
      `<?xml version="1.0"?><!DOCTYPE article [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><article>&b;</article>`,
      /declares its own entities/,
    ],
    [
      "deep nesting",
      `<article>${"<list><list-item>".repeat(500)}${"</list-item></list>".repeat(500)}</article>`,
      /nests elements more than 64 deep/,
    ],
    ["not well-formed", "<article><p></article>", /not well-formed XML/],
    ["not an article", "<html><body>hi</body></html>", /not a JATS article/],
  ];
  for (const [what, xml, message] of hostile) {
    it(`refuses a JATS file (${what}) with the message on jats_file, writing nothing`, async () => {
      const papers = await t.ctx.db.selectFrom("papers").select("id").execute();
      const jats = await storedCount("jats");
      const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
      const res = await create({ title: `Hostile ${what}` }, [
        ["paper_file", pdf, "paper.pdf"],
        ["jats_file", Buffer.from(xml), "article.xml"],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors?.jats_file).toMatch(message);
      expect(await t.ctx.db.selectFrom("papers").select("id").execute()).toHaveLength(
        papers.length,
      );
      expect(await storedCount("jats")).toBe(jats);
    });
  }

  it("refuses a JATS file over MAX_JATS_MB with a 413 naming the limit", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const big = Buffer.alloc(11 * 1024 * 1024, 0x3c); // 11 MB of "<" (nesting, never parsed)
    const res = await create({ title: "Too big" }, [
      ["paper_file", pdf, "paper.pdf"],
      ["jats_file", big, "big.xml"],
    ]);
    expect(res.status).toBe(413);
    expect(res.body.errors?.jats_file).toBe(
      "The JATS file is larger than 10 MB. Upload a smaller file.",
    );
  });

  it("refuses a figure that is not an image", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const res = await create({ title: "Bad figure" }, [
      ["paper_file", pdf, "paper.pdf"],
      ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ["jats_figures", Buffer.from("<script>alert(1)</script>"), "plot1.png"],
    ]);
    expect(res.status).toBe(415);
    expect(res.body.errors?.jats_figures).toMatch(/is not a JPEG, PNG/);
  });

  /** Every file the storage holds (PDFs, galleys, figures), by key. */
  async function storedFiles(): Promise<string[]> {
    const entries = await readdir(t.ctx.storage.root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.parentPath.includes("uploads"))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  }

  /** Makes every write of a galley row fail in the database, as a failing disk or lock would. */
  async function failGalleyWrites(on: boolean) {
    if (dialectUnderTest === "postgres") {
      if (on) {
        await sql`create or replace function fail_galley() returns trigger language plpgsql as $$ begin raise exception 'galley write failed'; end $$`.execute(
          t.ctx.db,
        );
        await sql`create trigger fail_galley before insert on paper_jats for each row execute function fail_galley()`.execute(
          t.ctx.db,
        );
      } else await sql`drop trigger if exists fail_galley on paper_jats`.execute(t.ctx.db);
    } else if (on) {
      await sql`create trigger fail_galley before insert on paper_jats begin select raise(abort, 'galley write failed'); end`.execute(
        t.ctx.db,
      );
    } else await sql`drop trigger if exists fail_galley`.execute(t.ctx.db);
  }

  async function paperRow(id: number) {
    return t.ctx.db
      .selectFrom("papers")
      .select(["title", "file"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  async function galleyOf(id: number) {
    return t.ctx.db
      .selectFrom("paper_jats")
      .select(["storage_key", "sha256"])
      .where("paper_id", "=", id)
      .executeTakeFirst();
  }

  function edit(id: number, fields: Record<string, string>, files: [string, Buffer, string][]) {
    return create(fields, files, `/api/edit_paper/${JOURNAL}/${id}`);
  }

  it("writes a paper and its galley together or not at all (decision 315)", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const created = await create({ title: "Atomic galley" }, [
      ["paper_file", pdf, "paper.pdf"],
      ["jats_file", Buffer.from(ARTICLE), "article.xml"],
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.paperID as number;
    const galley = await galleyOf(id);
    const before = await storedFiles();
    const paperCount = async () =>
      (await t.ctx.db.selectFrom("papers").select("id").execute()).length;
    const papers = await paperCount();

    // the galley half fails: the paper's edit (title, new PDF) is rolled back with it
    await failGalleyWrites(true);
    try {
      const failed = await edit(id, { title: "Changed while the galley failed" }, [
        ["paper_file", pdf, "new.pdf"],
        ["jats_file", Buffer.from(ARTICLE.replace("Quokkanomics", "Aardvarkism")), "a.xml"],
      ]);
      expect(failed.status).toBe(500);
      const added = await create({ title: "New while the galley failed" }, [
        ["paper_file", pdf, "paper.pdf"],
        ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ]);
      expect(added.status).toBe(500);
    } finally {
      await failGalleyWrites(false);
    }
    expect((await paperRow(id)).title).toBe("Atomic galley");
    expect(await paperCount()).toBe(papers);
    expect(await galleyOf(id)).toEqual(galley);
    expect(await storedFiles()).toEqual(before);
    expect((await searchPapers(t.ctx, "aardvarkism")).hits).toEqual([]);

    // the paper half fails (a DOI of another paper): no galley file is left behind
    await t.ctx.db
      .updateTable("papers")
      .set({ doi: "10.1234/taken.1" })
      .where("id", "=", t.seed.paperWithPdfId)
      .execute();
    const taken = await edit(id, { doi: "10.1234/taken.1", title: "Taken DOI" }, [
      ["jats_file", Buffer.from(ARTICLE.replace("Quokkanomics", "Aardvarkism")), "a.xml"],
    ]);
    expect(taken.status).toBe(409);
    expect((await paperRow(id)).title).toBe("Atomic galley");
    expect(await galleyOf(id)).toEqual(galley);
    expect(await storedFiles()).toEqual(before);

    // a refused JATS file: the paper's other changes are not written either
    const refused = await edit(id, { title: "Changed with a bad JATS" }, [
      ["jats_file", Buffer.from("<article><p></article>"), "bad.xml"],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.jats_file).toMatch(/not well-formed/);
    expect((await paperRow(id)).title).toBe("Atomic galley");
    expect(await storedFiles()).toEqual(before);
  });

  it("removes a journal paper's galley: full text 404, generated jats.xml (decision 316)", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const created = await create({ title: "Removable galley" }, [
      ["paper_file", pdf, "paper.pdf"],
      ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ["jats_figures", await png(), "plot1.png"],
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.paperID as number;
    const page = `/journal/${JOURNAL}/${id}`;
    const keys = [
      (await galleyOf(id))?.storage_key ?? "",
      ...(
        await t.ctx.db
          .selectFrom("paper_jats_files")
          .select("storage_key")
          .where("paper_id", "=", id)
          .execute()
      ).map((f) => f.storage_key),
    ];
    expect(keys).toHaveLength(2);
    const editBefore = await request(t.app)
      .get(`/api/get_paper/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie);
    expect(editBefore.body.paper.fulltext_url).toBe(`${page}/fulltext`);
    const fullText = () =>
      runLoader(() =>
        fullTextLoader(loaderArgs(t.ctx, { journalUrl: JOURNAL, paper: String(id) })),
      );
    expect((await fullText()).status).toBe(200);

    // another site's form cannot remove it, nor can a visitor
    expect((await request(t.app).post(`/api/remove_paper_jats/${JOURNAL}/${id}`)).status).toBe(401);

    const removed = await request(t.app)
      .post(`/api/remove_paper_jats/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.msg).toBe("The HTML full text was removed.");
    for (const key of keys) expect(await t.ctx.storage.stat(key)).toBeNull();
    expect((await fullText()).status).toBe(404);
    const xml = await request(t.app).get(`${page}/jats.xml`);
    expect(xml.status).toBe(200);
    expect(xml.text).toContain("<article-title>Removable galley</article-title>");
    expect(xml.text).not.toContain("Quokkanomics");
    expect((await searchPapers(t.ctx, "quokkanomics")).hits.map((h) => h.paperID)).not.toContain(
      id,
    );
    const editAfter = await request(t.app)
      .get(`/api/get_paper/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie);
    expect(editAfter.body.paper.fulltext_url).toBe("");
    expect((await paperRow(id)).file).not.toBeNull();

    const again = await request(t.app)
      .post(`/api/remove_paper_jats/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe("This paper has no HTML full text.");
  });

  it("removes a conference paper's galley through the same service", async () => {
    const pdf = await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
    const { proceedingId, slug } = t.proceedings;
    const created = await create(
      { title: "A conference galley", sel_publication: "" },
      [
        ["paper_file", pdf, "paper.pdf"],
        ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ],
      `/api/create_proceeding_paper/${proceedingId}`,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.paperID as number;
    const edit = await request(t.app)
      .get(`/api/get_proceeding_paper_edit/${proceedingId}/${id}`)
      .set("Cookie", t.cookie);
    expect(edit.body.paper.fulltext_url).toBe(`/proceedings/${slug}/${id}/fulltext`);
    // a paper of this proceeding is not reachable through a journal's address
    const wrong = await request(t.app)
      .post(`/api/remove_paper_jats/${JOURNAL}/${id}`)
      .set("Cookie", t.cookie);
    expect(wrong.status).toBe(404);
    const removed = await request(t.app)
      .post(`/api/remove_proceeding_paper_jats/${proceedingId}/${id}`)
      .set("Cookie", t.cookie);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const fullText = await runLoader(() =>
      proceedingFullTextLoader(loaderArgs(t.ctx, { slug, paper: String(id) })),
    );
    expect(fullText.status).toBe(404);
    expect(await galleyOf(id)).toBeUndefined();
  });

  it("reads a corpus JATS file's metadata in the form's fields, storing nothing (decision 317)", async () => {
    const before = await storedFiles();
    const xml = await readFile(path.join(CORPUS_DIR, "jats", "journal.pone.0114370.xml"));
    const res = await request(t.app)
      .post("/api/read_jats")
      .set("Cookie", t.cookie)
      .attach("jats_file", xml, "journal.pone.0114370.xml");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = res.body.metadata;
    expect(m.doi).toBe("10.1371/journal.pone.0114370");
    expect(m.title.length).toBeGreaterThan(10);
    expect(m.abstract.length).toBeGreaterThan(100);
    expect(m.authors.length).toBeGreaterThan(0);
    expect(m.authors[0].family_name).not.toBe("");
    expect(m.authors[0].affiliations.length).toBeGreaterThan(0);
    expect(m.scholarly.references.length).toBeGreaterThan(10);
    expect(m.scholarly.license_url).toMatch(/^https:\/\/creativecommons\.org\/licenses\/by\//);
    expect(m.scholarly.received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(m.left_out).toEqual([]);
    expect(await storedFiles()).toEqual(before);

    const hostile = await request(t.app)
      .post("/api/read_jats")
      .set("Cookie", t.cookie)
      .attach(
        "jats_file",
        Buffer.from('<!DOCTYPE article [<!ENTITY a "ha">]><article>&a;</article>'),
        "x.xml",
      );
    expect(hostile.status).toBe(400);
    expect(hostile.body.errors?.jats_file).toMatch(/declares its own entities/);
    const none = await request(t.app)
      .post("/api/read_jats")
      .set("Cookie", t.cookie)
      .field("x", "1");
    expect(none.status).toBe(400);
    const visitor = await request(t.app).post("/api/read_jats").attach("jats_file", xml, "a.xml");
    expect(visitor.status).toBe(401);
  });
});
