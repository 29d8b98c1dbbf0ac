/**
 * The paper forms' optional JATS full text (issue 18, decisions 286 and 288): `jats_file` with
 * `jats_figures` beside the spec's fields. A valid article becomes the paper's galley, its
 * figure image stored and shown, its body searchable; a replaced galley's files are removed; a
 * hostile or wrong file is refused with the message on its field and leaves no paper and no
 * stored file behind.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { paperFullText } from "../../server/services/fulltext/reader.ts";
import { searchPapers } from "../../server/services/search.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true });
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

function create(fields: Record<string, string>, files: [string, Buffer, string][]) {
  let req = request(t.app).post(`/api/create_paper/${JOURNAL}`).set("Cookie", t.cookie);
  const form: Record<string, string> = {
    sel_publication: String(t.seed.issueId),
    title: "Zymurgy of small things",
    doi: "",
    abstract: "An abstract.",
    keywords: "zymurgy",
    "authors[0][name]": "Jane Doe",
    "authors[0][email]": "",
    "authors[0][institution]": "Somewhere",
    ...fields,
  };
  for (const [k, v] of Object.entries(form)) req = req.field(k, v);
  for (const [field, data, name] of files) req = req.attach(field, data, name);
  return req;
}

async function storedCount(folder: string): Promise<number> {
  const { readdir } = await import("node:fs/promises");
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
      ["jats_figures", await png(), "unrelated.png"],
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
    const fields = {
      sel_publication: String(t.seed.issueId),
      title: "Zymurgy of small things",
      doi: "",
      abstract: "An abstract.",
      keywords: "zymurgy",
      "authors[0][name]": "Jane Doe",
      "authors[0][email]": "",
      "authors[0][institution]": "Somewhere",
    };
    for (const [k, v] of Object.entries(fields)) edit = edit.field(k, v);
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
      `<article>${"<sec>".repeat(5000)}${"</sec>".repeat(5000)}</article>`,
      /nests elements more than 200 deep/,
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
});
