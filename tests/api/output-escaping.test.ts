/**
 * Every output format escapes its own syntax (issue 15; decisions 270 and 273) on SQLite and
 * PostgreSQL. A paper stored with hostile values — a title, author names, keywords and an
 * abstract holding line breaks, RIS tags, BibTeX braces, LaTeX, XML and HTML markup and control
 * characters, and a DOI written before the DOI rule (`10.1234/x},url={…},title={Forged`) — goes
 * through every writer: BibTeX, RIS, CSL-JSON, OAI-PMH (oai_dc and oai_jats), the Atom feeds and
 * the sitemap. Each file is read back with a real parser (tests/helpers/parsers.ts), which must
 * find one record with the expected fields and the values as typed (line breaks and control
 * characters as spaces). The dashboard and the importer refuse such a DOI with a clear message.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JATS_NS } from "../../server/features/oai/oai-jats.ts";
import { importCorpus } from "../../server/import/corpus.ts";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { paperRow, type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { storedPaper } from "../helpers/form-calls.ts";
import { parseBibtex, parseCslJson, parseRis, parseXml, xmllint } from "../helpers/parsers.ts";
import { buildSmallCorpus } from "../helpers/small-corpus.ts";
import { jatsDtdErrors, oaiJatsParts } from "../helpers/xml-validate.ts";

const BASE = "http://journals.example.edu";

/** What a manager could type (no DOI rule for these) and what only an old row can hold. */
const HOSTILE = {
  title:
    'Forged}, title={X}\r\nER  - \r\nTY  - JOUR <b>bold</b> & "quoted" \\emph{it} 50% $x_1^2$ #1 ~a\u0007',
  authors: [
    "Evil} and {Mallory",
    'Ada "Jr"\r\nAU  - Fake, Person',
    "Bob <script>alert(1)</script> Tables",
  ],
  keywords: "alpha, beta\r\nER  - \r\nTY  - JOUR\r\nTI  - Forged; gamma}, <kw>& |x|",
  abstract: "First line.\r\nER  - \r\n</description><evil/>]]> & more\u0001\nSecond line.",
  doi: "10.1234/x},url={https://evil.example},title={Forged",
};

/** A value as every writer keeps it: control characters and line breaks as spaces, trimmed. */
const line = (text: string) =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c === "\u007f" ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .trim();

/** True when `text` holds a C0 control character. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 32);

const KEYWORDS = ["alpha", "beta ER - TY - JOUR TI - Forged", "gamma}", "<kw>& |x|"];

let t: TestContext;
let seed: SeededCatalogue;
let paperId: number;
let conferenceId: number;

beforeAll(async () => {
  // http: the test's session cookie is the plain one (an https PUBLIC_URL wants `__Host-`)
  t = await createTestContext({ PUBLIC_URL: BASE, CONTACT_EMAIL: "oai@journals.example.edu" });
  seed = await seedCatalogue(t.ctx);
  const hostile = {
    title: HOSTILE.title,
    doi: HOSTILE.doi,
    abstract: HOSTILE.abstract,
    keywords: HOSTILE.keywords,
    published_on: "2025-10-15",
    first_page: "465",
    last_page: "478",
  };
  ({ id: paperId } = await t.ctx.db
    .insertInto("papers")
    .values(paperRow({ ...hostile, publication_id: seed.issueId, position: 9 }))
    .returning("id")
    .executeTakeFirstOrThrow());
  ({ id: conferenceId } = await t.ctx.db
    .insertInto("papers")
    .values(
      paperRow({
        ...hostile,
        title: `${HOSTILE.title} (conference)`,
        doi: "10.1234/conference.hostile",
        proceeding_id: seed.proceedingId,
        position: 9,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
  for (const id of [paperId, conferenceId]) {
    await t.ctx.db
      .insertInto("paper_authors")
      .values(
        HOSTILE.authors.map((name, position) => ({
          paper_id: id,
          position,
          name,
          email: null,
          institution: 'Institute <of> "Things" & Co\r\nKW  - x',
        })),
      )
      .execute();
  }
});
afterAll(() => t.close());

const get = (url: string) => request(t.app).get(url).buffer(true);
const journalPage = () => `/journal/ethics-review/${paperId}`;
const conferencePage = () => `/proceedings/pldi-2009/${conferenceId}`;

describe(`citation files with hostile values on ${dialectUnderTest}`, () => {
  it("BibTeX: one entry, its own fields only, every value as typed", async () => {
    for (const [page, type, container, title] of [
      [journalPage(), "article", "journal", HOSTILE.title],
      [conferencePage(), "inproceedings", "booktitle", `${HOSTILE.title} (conference)`],
    ] as const) {
      const res = await get(`${page}/cite.bib`);
      expect(res.status).toBe(200);
      const { entries, errors } = parseBibtex(res.text);
      expect(errors).toEqual([]);
      expect(entries).toHaveLength(1);
      const entry = entries[0]!;
      expect(entry.type).toBe(type);
      expect(Object.keys(entry.fields).sort()).toEqual(
        [
          "abstract",
          "author",
          container,
          "doi",
          "keywords",
          // the paper's language (decision 441)
          "language",
          "month",
          "pages",
          "publisher",
          "title",
          "url",
          "year",
          ...(type === "article"
            ? ["issn", "number", "volume"]
            : ["address", "eventtitle", "isbn"]),
        ].sort(),
      );
      expect(entry.fields.title).toBe(line(title));
      expect(entry.fields.abstract).toBe(line(HOSTILE.abstract));
      expect(entry.fields.author).toHaveLength(3);
      // (the parser lists keywords sorted)
      expect(entry.fields.keywords).toEqual(KEYWORDS.map((k) => k.replace(/[{}]/g, "")).sort());
      expect(entry.fields.month).toBe("10");
      expect(entry.fields.pages).toBe("465–478");
      // the DOI written before the DOI rule adds no field: its braces are gone
      if (type === "article") {
        expect(entry.fields.doi).toBe("10.1234/x,url=https://evil.example,title=Forged");
      }
      expect(entry.fields.url).toBe(`${BASE}${page}`);
    }
  });

  it("RIS: one record of one line per tag, every value as typed", async () => {
    for (const [page, type, title] of [
      [journalPage(), "JOUR", HOSTILE.title],
      [conferencePage(), "CPAPER", `${HOSTILE.title} (conference)`],
    ] as const) {
      const res = await get(`${page}/cite.ris`);
      expect(res.status).toBe(200);
      const lines = res.text.split("\r\n");
      expect(lines[0]).toBe(`TY  - ${type}`);
      expect(lines.filter((l) => l.startsWith("TY  - "))).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith("ER  - "))).toEqual(["ER  - "]);
      // every line but the last (empty, after the final CR LF) is one tag
      expect(lines.slice(0, -1).every((l) => /^[A-Z][A-Z0-9] {2}- /.test(l))).toBe(true);
      expect(res.text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
      const records = parseRis(res.text);
      expect(records).toHaveLength(1);
      const record = records[0]!;
      expect(record.type).toBe(type === "JOUR" ? "article-journal" : "paper-conference");
      expect(record.title).toBe(line(title));
      expect(record.abstract).toBe(line(HOSTILE.abstract));
      expect(record.author).toHaveLength(3);
      expect(record.keyword).toEqual(KEYWORDS);
      if (type === "JOUR") expect(record.DOI).toBe(HOSTILE.doi);
    }
  });

  it("CSL-JSON: valid against the CSL schema, one item, every value as typed", async () => {
    const res = await get(`${journalPage()}/cite.json`);
    const { items, errors } = parseCslJson(res.text);
    expect(errors).toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]!.title).toBe(line(HOSTILE.title));
    expect(items[0]!.keyword).toBe(KEYWORDS.join(", "));
    expect(items[0]!.abstract).toBe(
      "First line.\nER  - \n</description><evil/>]]> & more\nSecond line.",
    );
    expect(hasControl(JSON.stringify(items))).toBe(false);
  });
});

describe(`XML outputs with hostile values on ${dialectUnderTest}`, () => {
  const text = (doc: ReturnType<typeof parseXml>, tag: string) =>
    Array.from(doc.getElementsByTagName(tag)).map((n) => line(n.textContent ?? ""));
  const id = () => `oai:journals.example.edu:paper/${paperId}`;

  it("OAI-PMH oai_dc: one record, one title, three creators, every value as typed", async () => {
    const res = await get(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id()}`);
    const verdict = xmllint(res.text, "oai-pmh+oai_dc.xsd");
    expect(verdict.status, verdict.errors).toBe(0);
    const doc = parseXml(res.text);
    expect(doc.getElementsByTagName("record")).toHaveLength(1);
    expect(text(doc, "dc:title")).toEqual([line(HOSTILE.title)]);
    expect(text(doc, "dc:creator")).toEqual(HOSTILE.authors.map(line));
    expect(text(doc, "dc:description")).toEqual([line(HOSTILE.abstract)]);
    expect(doc.getElementsByTagName("evil")).toHaveLength(0);
  });

  it("OAI-PMH oai_jats: one article, its title and abstract as typed", async () => {
    const res = await get(`/oai?verb=GetRecord&metadataPrefix=oai_jats&identifier=${id()}`);
    // the article against the JATS DTD, the envelope against OAI-PMH.xsd (decision 277)
    const { articles, envelope } = oaiJatsParts(res.text, JATS_NS);
    expect(Object.keys(articles)).toHaveLength(1);
    expect(jatsDtdErrors(articles)).toBe("");
    const verdict = xmllint(envelope, "oai-pmh+oai_dc.xsd");
    expect(verdict.status, verdict.errors).toBe(0);
    const doc = parseXml(res.text);
    expect(doc.getElementsByTagName("article")).toHaveLength(1);
    expect(text(doc, "article-title")).toEqual([line(HOSTILE.title)]);
    expect(doc.getElementsByTagName("contrib")).toHaveLength(3);
    expect(doc.getElementsByTagName("evil")).toHaveLength(0);
  });

  it("Atom feeds: the paper is one entry with its title as typed", async () => {
    for (const url of ["/feed.xml", "/journal/ethics-review/feed.xml"]) {
      const res = await get(url);
      const verdict = xmllint(res.text, "atom.rng");
      expect(verdict.status, `${url}\n${verdict.errors}`).toBe(0);
      const doc = parseXml(res.text);
      const entries = Array.from(doc.getElementsByTagName("entry")).filter(
        (e) => line(e.getElementsByTagName("title")[0]?.textContent ?? "") === line(HOSTILE.title),
      );
      expect(entries, url).toHaveLength(1);
      expect(doc.getElementsByTagName("evil")).toHaveLength(0);
    }
  });

  it("the sitemap lists the paper's page", async () => {
    const index = parseXml((await get("/sitemap.xml")).text);
    const locs = Array.from(index.getElementsByTagName("loc")).map((l) => l.textContent ?? "");
    const pages: string[] = [];
    for (const loc of locs) {
      const part = await get(new URL(loc).pathname);
      expect(xmllint(part.text, "sitemap.xsd").status).toBe(0);
      for (const l of Array.from(parseXml(part.text).getElementsByTagName("loc"))) {
        pages.push(l.textContent ?? "");
      }
    }
    expect(pages).toContain(`${BASE}${journalPage()}`);
  });
});

describe(`the DOI rule at every boundary on ${dialectUnderTest}`, () => {
  it("the dashboard refuses a DOI Crossref's syntax refuses, naming the field", async () => {
    const { cookie } = await signedInManager(t);
    const res = await request(t.app)
      .post(`/api/edit_paper/ethics-review/${paperId}`)
      .set("Cookie", cookie)
      .field("sel_publication", String(seed.issueId))
      .field("title", "Fixed")
      .field("abstract", "Fixed.")
      .field("doi", HOSTILE.doi);
    expect(res.status).toBe(400);
    expect(res.body.errors.doi).toMatch(/^This is not a DOI as Crossref writes them/);
    expect((await storedPaper(t, paperId))?.title).toBe(HOSTILE.title);
  });

  it("the importer leaves such a DOI out, says so, and imports the paper", async () => {
    const dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-doi-")), [
      "Overview of the Technology Acceptance Model: Origins, Developments and Future Directions",
    ]);
    try {
      const file = path.join(dir, "manifest.json");
      const manifest = JSON.parse(await readFile(file, "utf8"));
      const sprouts = manifest.journals.find((j: { slug: string }) => j.slug === "sprouts");
      sprouts.issues[0].papers[0].doi = HOSTILE.doi;
      await writeFile(file, JSON.stringify(manifest));
      const report = await importCorpus(t.ctx, dir, { partners: false });
      expect(report.papers.created).toBe(1);
      expect(report.problems).toHaveLength(1);
      expect(report.problems[0]!.message).toBe(
        `The DOI "${HOSTILE.doi}" was left out. This is not a DOI as Crossref writes them: 10., 4 to 9 digits, a slash, then only letters, digits and - . _ ; ( ) / :, such as 10.1371/journal.pone.0115884.`,
      );
      const paper = await t.ctx.db
        .selectFrom("papers")
        .select("doi")
        .where("title", "like", "Overview of the Technology Acceptance Model%")
        .executeTakeFirstOrThrow();
      expect(paper.doi).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
