/**
 * What one JATS galley may cost (issue 30, decision 385): the paper forms' galley fields are
 * held to their limits while they arrive and figures are read only once the JATS names them
 * (finding 3); a galley over the limits of references, sections or elements is refused at once
 * with the limit named, at upload and at a first render after a restart, and the server answers
 * other requests meanwhile (finding 4); the nesting is taken from the parsed document, so no
 * DOCTYPE hides it (finding 5). Every refusal leaves no paper and no stored file behind.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { articleHtmlSlot } from "../../app/lib/article-html.ts";
import { loader as fullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { clearFullTextCache, paperFullText } from "../../server/features/fulltext/reader.ts";
import { timestamp } from "../../server/services/write.ts";
import { newKey } from "../../server/storage/storage.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { journalPaperFields } from "../helpers/dashboard-forms.ts";
import { nestedSectionsJats, referencesJats } from "../helpers/jats-bombs.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext({ manager: true });
const JOURNAL = "ethics-review";
const MB = 1024 * 1024;

const ARTICLE = `<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink"><front><article-meta><title-group><article-title>Bounded galley</article-title></title-group></article-meta></front>
<body><sec><title>One</title><fig id="f1"><label>Figure 1</label><graphic xlink:href="plot1"/></fig></sec></body></article>`;

let pdf: Buffer;
async function paperPdf(): Promise<Buffer> {
  pdf ??= await readFile(path.join(CORPUS_DIR, "pdfs", "issue6010_1.pdf"));
  return pdf;
}

/** A PNG of `bytes` bytes at least: a real 4×4 image followed by padding. */
async function png(bytes = 0): Promise<Buffer> {
  const image = await sharp({
    create: { width: 4, height: 4, channels: 3, background: "#336699" },
  })
    .png()
    .toBuffer();
  return bytes > image.byteLength
    ? Buffer.concat([image, Buffer.alloc(bytes - image.byteLength)])
    : image;
}

/** POST /create_paper with the form's fields and `files` (`[field, bytes, name]`). */
async function createPaper(title: string, files: [string, Buffer, string][]) {
  let req = request(t.app).post(`/api/create_paper/${JOURNAL}`).set("Cookie", t.cookie);
  const fields = journalPaperFields(t.seed.issueId, {
    title,
    "authors[0][name]": "Jane Doe",
    "authors[0][institution]": "Somewhere",
  });
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  req = req.attach("paper_file", await paperPdf(), "paper.pdf");
  for (const [field, data, name] of files) req = req.attach(field, data, name);
  return req;
}

/** Every file under the storage root, the uploads' temp folder included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.ctx.storage.root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.ctx.storage.root, path.join(e.parentPath, e.name)))
    .sort();
}

async function paperCount(): Promise<number> {
  return (await t.ctx.db.selectFrom("papers").select("id").execute()).length;
}

/**
 * Sends `files` with a new paper and expects the refusal `status` with a message matching
 * `message` on `field`; nothing is written or stored, the temp files included.
 */
async function expectRefused(
  files: [string, Buffer, string][],
  status: number,
  field: string,
  message: RegExp | string,
) {
  const before = await storedFiles();
  const papers = await paperCount();
  const res = await createPaper("Refused galley", files);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors?.[field]).toMatch(message);
  expect(await paperCount()).toBe(papers);
  // the temp files go when the response has closed
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await storedFiles()).toEqual(before);
  return res;
}

describe(`figure uploads are bounded (${dialectUnderTest})`, () => {
  it("cuts off a figure image over 5 MB while it arrives: 413 naming the limit", async () => {
    await expectRefused(
      [
        ["jats_file", Buffer.from(ARTICLE), "article.xml"],
        ["jats_figures", await png(6 * MB), "plot1.png"],
      ],
      413,
      "jats_figures",
      "A figure image is larger than 5 MB. Upload figure images of at most 5 MB each.",
    );
  });

  it("refuses figures without a JATS file, unread", async () => {
    await expectRefused(
      [["jats_figures", await png(), "plot1.png"]],
      400,
      "jats_figures",
      /^Figure images go with a JATS file/,
    );
  });

  it("refuses a figure the JATS does not name, and a name given twice", async () => {
    await expectRefused(
      [
        ["jats_file", Buffer.from(ARTICLE), "article.xml"],
        ["jats_figures", await png(), "plot1.png"],
        ["jats_figures", await png(), "holiday.png"],
      ],
      400,
      "jats_figures",
      'The JATS file names no figure "holiday.png". Choose only the images its <graphic> elements name.',
    );
    await expectRefused(
      [
        ["jats_file", Buffer.from(ARTICLE), "article.xml"],
        ["jats_figures", await png(), "plot1.png"],
        ["jats_figures", await png(), "PLOT1.png"],
      ],
      400,
      "jats_figures",
      /Two figure files are named "plot1.png"/,
    );
  });

  it("refuses more than 200 figures with a 400 naming the limit", async () => {
    const image = await png();
    const figures = Array.from({ length: 201 }, (_, i): [string, Buffer, string] => [
      "jats_figures",
      image,
      `plot${i}.png`,
    ]);
    await expectRefused(
      [["jats_file", Buffer.from(ARTICLE), "article.xml"], ...figures],
      400,
      "jats_figures",
      /^At most 200 figure files can go with one JATS file/,
    );
  });

  it("still stores the figure the JATS names", async () => {
    const res = await createPaper("Bounded galley", [
      ["jats_file", Buffer.from(ARTICLE), "article.xml"],
      ["jats_figures", await png(), "plot1.png"],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const files = await t.ctx.db
      .selectFrom("paper_jats_files")
      .select("name")
      .where("paper_id", "=", res.body.paperID)
      .execute();
    expect(files.map((f) => f.name)).toEqual(["plot1.png"]);
  });
});

/** Another request, timed, while `slow` runs: the server must answer it in the meantime. */
async function answeredMeanwhile<T>(slow: Promise<T>): Promise<{ result: T; other: number }> {
  const started = performance.now();
  const other = request(t.app)
    .get("/api/latest_publications")
    .then(() => performance.now() - started);
  const [result, otherMs] = await Promise.all([slow, other]);
  return { result, other: otherMs };
}

/**
 * Makes `xml` the stored galley of a new paper without the upload's checks, as a galley stored
 * before decision 385 is; empties the tree cache, as a restart does.
 */
async function storedGalley(title: string, xml: string): Promise<number> {
  const res = await createPaper(title, []);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.paperID as number;
  const key = newKey("jats", ".xml");
  await t.ctx.storage.put(key, Buffer.from(xml));
  await t.ctx.db
    .insertInto("paper_jats")
    .values({
      paper_id: id,
      storage_key: key,
      size: Buffer.byteLength(xml),
      sha256: `${title.replace(/\W/g, "")}`.padEnd(64, "0"),
      body_text: "",
      created_at: timestamp(),
    })
    .execute();
  clearFullTextCache();
  return id;
}

/** The storage keys read while `work` runs. */
async function storageReadsDuring(work: () => Promise<void>): Promise<string[]> {
  const reads: string[] = [];
  const read = t.ctx.storage.read.bind(t.ctx.storage);
  t.ctx.storage.read = (key) => {
    reads.push(key);
    return read(key);
  };
  try {
    await work();
  } finally {
    t.ctx.storage.read = read;
  }
  return reads;
}

/** The full-text page's loader answer for paper `id`, and the article's HTML it rendered. */
async function fullTextPage(id: number) {
  const args = loaderArgs(t.ctx, { journalUrl: JOURNAL, paper: String(id) });
  const out = await runLoader(() => fullTextLoader(args));
  const { context }: { context: RouterContextProvider } = args;
  return { status: out.status, html: context.get(articleHtmlSlot) };
}

describe(`galleys over the limits are refused at once (${dialectUnderTest})`, () => {
  it("refuses 40,000 references at upload within a second, naming the limit, serving others meanwhile", async () => {
    const xml = Buffer.from(referencesJats(40_000));
    const started = performance.now();
    const { result, other } = await answeredMeanwhile(
      expectRefused(
        [["jats_file", xml, "article.xml"]],
        413,
        "jats_file",
        "The JATS file has more than 5,000 references (<ref>); the site reads at most 5,000 in one article. Upload the article with a shorter reference list.",
      ),
    );
    expect(result.body.msg).toMatch(/more than 5,000 references/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(other).toBeLessThan(5000);
  });

  it("refuses 5,000 nested sections at upload, naming the limit of sections", async () => {
    await expectRefused(
      [["jats_file", Buffer.from(nestedSectionsJats(5_000)), "article.xml"]],
      413,
      "jats_file",
      /^The JATS file has more than 2,000 sections \(<sec>\)/,
    );
  });

  it("answers the first full-text page of a stored 40,000-reference galley at once, and remembers", async () => {
    const id = await storedGalley("Forty thousand references", referencesJats(40_000));
    const started = performance.now();
    const { result, other } = await answeredMeanwhile(fullTextPage(id));
    expect(result.status).toBe(503); // a failed load, logged; never a minute of the event loop
    expect(performance.now() - started).toBeLessThan(5000);
    expect(other).toBeLessThan(5000);
    // remembered: the next request reads nothing from storage and parses nothing
    const reads = await storageReadsDuring(async () => {
      expect((await fullTextPage(id)).status).toBe(503);
    });
    expect(reads).toEqual([]);
  });
});

describe(`the tree cache is bounded by the JATS it holds (${dialectUnderTest})`, () => {
  it("keeps the trees of at most 2 MB of JATS: a second large galley drops the first", async () => {
    // 1.1 MB each, mostly a comment: cheap to parse, heavy by the bytes the cache counts
    const padded = (title: string) =>
      ARTICLE.replace("<body>", `<body><!--${"x".repeat(1_100_000)}-->`).replace(
        "Bounded galley",
        title,
      );
    const ids = [
      await storedGalley("Heavy one", padded("Heavy one")),
      await storedGalley("Heavy two", padded("Heavy two")),
    ];
    // the trees themselves (JATS_WORKERS=0 and the bench make them): with the pool the page
    // keeps only its HTML (decision 530)
    const reads = await storageReadsDuring(async () => {
      for (const id of [ids[0], ids[1], ids[1], ids[0]]) {
        expect((await paperFullText(t.ctx, id ?? 0))?.body.length).toBe(1);
      }
    });
    // the first read again: two of 1.1 MB do not fit in 2 MB; the second stayed
    expect(reads).toHaveLength(3);
  });
});

describe(`nesting is taken from the parsed document (${dialectUnderTest})`, () => {
  it('refuses 2,000 nested sections behind <!DOCTYPE article SYSTEM "["> at upload', async () => {
    await expectRefused(
      [["jats_file", Buffer.from(nestedSectionsJats(2_000)), "article.xml"]],
      400,
      "jats_file",
      /^The JATS file nests elements more than 64 deep; the site reads at most 64 levels/,
    );
    // so does the form's fill from a JATS file
    const read = await request(t.app)
      .post("/api/read_jats")
      .set("Cookie", t.cookie)
      .attach("jats_file", Buffer.from(nestedSectionsJats(2_000)), "article.xml");
    expect(read.status).toBe(400);
    expect(read.body.errors?.jats_file).toMatch(/more than 64 deep/);
  });

  it("answers a stored galley nested 2,000 deep as a failed load, not a stack overflow", async () => {
    const id = await storedGalley("Two thousand levels", nestedSectionsJats(2_000));
    expect((await fullTextPage(id)).status).toBe(503);
  });

  it("renders the deepest galley accepted whole", async () => {
    const res = await createPaper("Deepest accepted", [
      ["jats_file", Buffer.from(nestedSectionsJats(60)), "article.xml"],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const page = await fullTextPage(res.body.paperID);
    expect(page.status).toBe(200);
    expect(page.html.match(/<section id="ft-/g)).toHaveLength(60);
    expect(page.html).toContain("Deep]");
  });
});
