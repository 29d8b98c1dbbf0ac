/**
 * Truthful, well-formed scholarly metadata (issue 6; decisions 185-188): an issue without a
 * real number claims none anywhere, text XML forbids never breaks the feed or OAI-PMH, the
 * Atom feeds (site and journal) list journal and conference papers with their publication
 * dates and validate against the Atom RELAX NG schema, the 'Cite this paper' files re-read with
 * citation-js to the same paper, its references come from `citations.json` (decision 245), and
 * the JSON-LD expands to the schema.org graph.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { DOMParser } from "@xmldom/xmldom";
import jsonld from "jsonld";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paperMeta } from "../../app/lib/citation-meta.ts";
import { paperJsonLd, proceedingPaperJsonLd, websiteJsonLd } from "../../app/lib/json-ld.ts";
import { CitationPoolError } from "../../server/features/citations/citation-pool.ts";
import { getJournalPaper, getProceedingPaper } from "../../server/features/papers/queries.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { paperRow, type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { hasXmllint, xmllint } from "../helpers/parsers.ts";

const BASE = "https://journals.example.edu";
if (!hasXmllint) console.warn("metadata.test.ts: xmllint is not installed; XML is NOT validated");

function expectXml(xml: string, what: string, schema?: string) {
  const verdict = xmllint(xml, schema);
  expect(verdict.status, `${what}\n${verdict.errors}`).toBe(0);
}

const texts = (xml: string, tag: string) => {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  return Array.from(doc.getElementsByTagName(tag)).map((n) => n.textContent ?? "");
};

/** The schema.org context, served offline: a local subset (tests/fixtures/schemaorg-context.jsonld). */
const SCHEMA_CONTEXT = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/schemaorg-context.jsonld"), "utf8"),
);
const documentLoader = async (url: string) => {
  if (url.replace(/\/$/, "") === "https://schema.org" || url === "http://schema.org/") {
    return { contextUrl: undefined, documentUrl: url, document: SCHEMA_CONTEXT };
  }
  throw new Error(`no network in tests: ${url}`);
};
const S = "https://schema.org/";
type Node = Record<string, unknown>;
/** The JSON-LD expanded (every key a full IRI) with the offline schema.org context. */
async function expand(doc: object): Promise<Node> {
  const [node] = (await jsonld.expand(doc, { documentLoader })) as Node[];
  return node!;
}
const values = (node: Node, key: string) =>
  ((node[`${S}${key}`] as Node[] | undefined) ?? []).map((v) => v["@value"] ?? v["@id"] ?? v);
const one = (node: Node, key: string) => (node[`${S}${key}`] as Node[])[0]!;

let t: TestContext;
let seed: SeededCatalogue;
let unnumberedPaperId: number;
let conferencePaperId: number;
let controlPaperId: number;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: BASE, CONTACT_EMAIL: "oai@journals.example.edu" });
  seed = await seedCatalogue(t.ctx);
  const db = t.ctx.db;
  // A continuously publishing journal's volume: number "1" keys the URL, show_number 0.
  const { id: elifeIssue } = await db
    .insertInto("publications")
    .values({
      journal_id: seed.journalId,
      volume: "5",
      number: "1",
      show_number: 0,
      title: null,
      year: 2016,
      cover: null,
      status: "published",
      published_on: "2016-05-01",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ({ id: unnumberedPaperId } = await db
    .insertInto("papers")
    .values(
      paperRow({
        publication_id: elifeIssue,
        title: "Continuous Science",
        doi: "10.7554/eLife.13833",
        published_on: "2016-05-30",
        first_page: "e13833",
        created_at: "2026-01-12T00:00:00.000Z",
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
  await db
    .insertInto("paper_authors")
    .values([
      {
        paper_id: unnumberedPaperId,
        position: 1,
        name: "Jerome Lintz",
        // people since decision 255: the writers never split a literal name
        given_names: "Jerome",
        family_name: "Lintz",
        email: null,
        institution: "Brandeis University",
      },
      {
        paper_id: unnumberedPaperId,
        position: 2,
        name: "Ada M. Felsen",
        // people since decision 255: the writers never split a literal name
        given_names: "Ada M.",
        family_name: "Felsen",
        email: null,
        institution: null,
      },
    ])
    .execute();
  const proceeding = await db
    .selectFrom("proceedings")
    .select("id")
    .where("slug", "=", "pldi-2009")
    .executeTakeFirstOrThrow();
  ({ id: conferencePaperId } = await db
    .insertInto("papers")
    .values(
      paperRow({
        publication_id: null,
        proceeding_id: proceeding.id,
        title: "Trace-based Just-in-Time Type Specialization",
        doi: "10.1145/1542476.1542528",
        published_on: "2009-06-15",
        created_at: "2026-01-13T00:00:00.000Z",
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
  await db
    .insertInto("paper_authors")
    .values({
      paper_id: conferencePaperId,
      position: 1,
      name: "Andreas Gal",
      // people since decision 255: the writers never split a literal name
      given_names: "Andreas",
      family_name: "Gal",
      email: null,
      institution: "Mozilla Corporation",
    })
    .execute();
  // Stored without going through the forms: the characters XML forbids reach the database.
  ({ id: controlPaperId } = await db
    .insertInto("papers")
    .values(
      paperRow({
        publication_id: seed.issueId,
        // (A lone surrogate cannot reach the database: UTF-8 storage turns it into U+FFFD.)
        title: "Bad\u0001 title\u000b with\u001f controls",
        abstract: "Abstract\u0002 text",
        doi: null,
        created_at: "2026-01-14T00:00:00.000Z",
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  await t.close();
});

describe(`issue identification on ${dialectUnderTest} (decision 185)`, () => {
  it("a paper of an issue without a number names the volume and year only", async () => {
    const paper = (await getJournalPaper(t.ctx, "ethics-review", unnumberedPaperId))!;
    expect(paper.journal_title).toBe("Ethics Review, Vol. 5 (2016)");
    expect(paper.show_number).toBe(false);
    const tags = paperMeta(paper, BASE, "Athenaeum");
    const names = tags.map((tag) => ("name" in tag ? tag.name : ""));
    expect(names).not.toContain("citation_issue");
    expect(tags).toContainEqual({ name: "citation_volume", content: "5" });
    expect(tags).toContainEqual({ name: "DC.source", content: "Ethics Review, Vol. 5 (2016)" });
  });

  it("OAI-PMH claims no number in oai_dc or oai_jats", async () => {
    const id = `oai:journals.example.edu:paper/${unnumberedPaperId}`;
    const dc = await request(t.app).get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`,
    );
    const source = texts(dc.text, "dc:source")[0]!;
    expect(source).toContain("Vol. 5 (2016)");
    expect(source).not.toMatch(/No\./);
    const jats = await request(t.app).get(
      `/oai?verb=GetRecord&metadataPrefix=oai_jats&identifier=${id}`,
    );
    expect(texts(jats.text, "volume")).toEqual(["5"]);
    expect(texts(jats.text, "issue")).toEqual([]);
  });

  it("the citation files carry the volume but no issue", async () => {
    const ris = await request(t.app).get(`/journal/ethics-review/${unnumberedPaperId}/cite.ris`);
    expect(ris.text).toMatch(/^VL {2}- 5$/m);
    expect(ris.text).not.toMatch(/^IS {2}-/m);
    const bib = await request(t.app).get(`/journal/ethics-review/${unnumberedPaperId}/cite.bib`);
    expect(bib.text).not.toMatch(/number = /);
  });
});

describe(`XML outputs with text XML forbids on ${dialectUnderTest}`, () => {
  it("/feed.xml stays well-formed and valid, the characters removed", async () => {
    const res = await request(t.app).get("/feed.xml");
    expect(res.status).toBe(200);
    expectXml(res.text, "feed", "atom.rng");
    expect(texts(res.text, "title")).toContain("Bad title with controls");
  });

  it("/oai stays valid OAI-PMH, the characters removed", async () => {
    const id = `oai:journals.example.edu:paper/${controlPaperId}`;
    const res = await request(t.app).get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`,
    );
    expectXml(res.text, "GetRecord", "oai-pmh+oai_dc.xsd");
    expect(texts(res.text, "dc:title")).toEqual(["Bad title with controls"]);
    const list = await request(t.app).get("/oai?verb=ListRecords&metadataPrefix=oai_dc");
    expectXml(list.text, "ListRecords", "oai-pmh+oai_dc.xsd");
  });
});

describe(`Atom feeds on ${dialectUnderTest} (decision 187)`, () => {
  it("the site feed lists conference papers too, published on their publication date", async () => {
    const res = await request(t.app).get("/feed.xml");
    expectXml(res.text, "feed", "atom.rng");
    const doc = new DOMParser().parseFromString(res.text, "text/xml");
    const entries = Array.from(doc.getElementsByTagName("entry"));
    const entry = (title: string) =>
      entries.find((e) => e.getElementsByTagName("title")[0]?.textContent === title)!;
    const conference = entry("Trace-based Just-in-Time Type Specialization");
    expect(conference).toBeDefined();
    expect(conference.getElementsByTagName("published")[0]?.textContent).toBe(
      "2009-06-15T00:00:00Z",
    );
    const link = conference.getElementsByTagName("link")[0]?.getAttribute("href");
    expect(link).toBe(`${BASE}/proceedings/pldi-2009/${conferencePaperId}`);
    const journalPaper = entry("Continuous Science");
    expect(journalPaper.getElementsByTagName("published")[0]?.textContent).toBe(
      "2016-05-30T00:00:00Z",
    );
    expect(journalPaper.getElementsByTagName("updated")[0]?.textContent).toMatch(/^\d{4}-/);
  });

  it("a journal's feed lists only that journal's papers; an unknown journal is 404", async () => {
    const res = await request(t.app).get("/journal/ethics-review/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/atom\+xml/);
    expectXml(res.text, "journal feed", "atom.rng");
    const titles = texts(res.text, "title");
    expect(titles[0]).toBe("Ethics Review: new papers");
    expect(titles).toContain("Continuous Science");
    expect(titles).not.toContain("Trace-based Just-in-Time Type Specialization");
    expect(titles).not.toContain("Secret");
    expect((await request(t.app).get("/journal/no-such-journal/feed.xml")).status).toBe(404);
    expect((await request(t.app).get("/journal/hidden-annals/feed.xml")).status).toBe(404);
  });
});

describe(`'Cite this paper' files on ${dialectUnderTest} (decision 186)`, () => {
  const path = () => `/journal/ethics-review/${unnumberedPaperId}`;

  it.each([
    ["cite.bib", /^application\/x-bibtex/],
    ["cite.ris", /^application\/x-research-info-systems/],
    ["cite.json", /^application\/vnd\.citationstyles\.csl\+json/],
  ])("%s downloads as an attachment", async (file, type) => {
    const res = await request(t.app).get(`${path()}/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(type);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="continuous-science\./,
    );
  });

  it.each(["cite.bib", "cite.ris", "cite.json"])(
    "%s reads back with citation-js to the same title, authors, year and DOI",
    async (file) => {
      const res = await request(t.app).get(`${path()}/${file}`);
      const item = (await Cite.async(res.text)).data[0]!;
      expect(item.title).toBe("Continuous Science");
      expect(item?.DOI).toBe("10.7554/eLife.13833");
      expect((item.issued as { "date-parts": number[][] })["date-parts"][0]![0]).toBe(2016);
      expect(item?.author).toEqual([
        { family: "Lintz", given: "Jerome" },
        { family: "Felsen", given: "Ada M." },
      ]);
    },
  );

  it("a conference paper's BibTeX is an inproceedings of its proceedings", async () => {
    const res = await request(t.app).get(`/proceedings/pldi-2009/${conferencePaperId}/cite.bib`);
    expect(res.text).toMatch(/^@inproceedings\{/);
    const [item] = (await Cite.async(res.text)).data;
    expect(item?.["container-title"]).toBe("Proceedings of PLDI '09");
    expect(item?.DOI).toBe("10.1145/1542476.1542528");
  });

  it("unknown papers, papers of another place and other names are 404", async () => {
    for (const url of [
      "/journal/ethics-review/999999/cite.bib",
      `/journal/hidden-annals/${seed.inactivePaperId}/cite.ris`,
      `/proceedings/pldi-2009/${unnumberedPaperId}/cite.json`,
      `/journal/ethics-review/${conferencePaperId}/cite.bib`,
      `/journal/ethics-review/${unnumberedPaperId}/cite.xml`,
    ]) {
      expect((await request(t.app).get(url)).status, url).toBe(404);
    }
  });
});

describe(`'Cite this paper' references on ${dialectUnderTest} (decision 245)`, () => {
  type References = { styles: { key: string; label: string; text: string }[] };
  const journalUrl = () => `/journal/ethics-review/${unnumberedPaperId}/citations.json`;

  it("a journal paper's six references come as public JSON the output cache keeps", async () => {
    const res = await request(t.app).get(journalUrl());
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(res.headers["x-cache"]).toBe("miss");
    const { styles } = res.body as References;
    expect(styles.map((s) => [s.key, s.label])).toEqual([
      ["apa", "APA"],
      ["mla", "MLA"],
      ["chicago", "Chicago"],
      ["harvard", "Harvard"],
      ["ieee", "IEEE"],
      ["vancouver", "Vancouver"],
    ]);
    const text = Object.fromEntries(styles.map((s) => [s.key, s.text]));
    // the forms tests/e2e/cite.spec.ts reads in the panel, for this paper's authors
    expect(text.apa).toContain("Lintz, J., & Felsen, A. M. (2016).");
    expect(text.apa).toContain("Ethics Review, 5, e13833");
    expect(text.mla).toContain("Lintz, Jerome, and Ada M. Felsen.");
    expect(text.chicago).toContain("Lintz, Jerome, and Ada M. Felsen. 2016.");
    expect(text.harvard).toContain("Lintz, J. and Felsen, A.M. (2016)");
    expect(text.ieee).toContain("J. Lintz and A. M. Felsen,");
    expect(text.vancouver).toContain("Lintz J, Felsen AM.");
    for (const s of styles) {
      expect(s.text, s.key).toContain("Continuous Science");
      expect(s.text, s.key).not.toContain("No. 1");
    }

    const again = await request(t.app).get(journalUrl());
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toEqual(res.body);
  }, 180_000); // the worker's first job builds the engines: seconds, more on a loaded machine

  it("a conference paper's references cite its proceedings", async () => {
    const res = await request(t.app).get(
      `/proceedings/pldi-2009/${conferencePaperId}/citations.json`,
    );
    expect(res.status).toBe(200);
    const apa = (res.body as References).styles[0]!;
    expect(apa.key).toBe("apa");
    expect(apa.text).toMatch(/^Gal, A\. \(2009, June 15\)\. Trace-based Just-in-Time Type Spec/);
    expect(apa.text).toContain("Proceedings of PLDI ’09. PLDI ’09, Dublin, Ireland.");
    expect(apa.text).toContain("https://doi.org/10.1145/1542476.1542528");
  });

  it("papers readers cannot see, or of another place, are 404", async () => {
    for (const url of [
      "/journal/ethics-review/999999/citations.json",
      `/journal/hidden-annals/${seed.inactivePaperId}/citations.json`,
      `/proceedings/pldi-2009/${unnumberedPaperId}/citations.json`,
      `/journal/ethics-review/${conferencePaperId}/citations.json`,
    ]) {
      expect((await request(t.app).get(url)).status, url).toBe(404);
    }
  });

  it("a failing worker is a 503 for that request, and the next one is served", async () => {
    const pool = t.ctx.citationPool!;
    const format = pool.format;
    pool.format = () =>
      Promise.reject(new CitationPoolError("the citation worker stopped", "crash"));
    try {
      // another URL than above, so the output cache does not answer
      const res = await request(t.app).get(`${journalUrl()}?retry=1`);
      expect(res.status).toBe(503);
      expect(res.headers["cache-control"]).toBe("no-store"); // no CDN keeps the failure
      expect(res.body.error).toMatch(/could not be formatted/);
    } finally {
      pool.format = format;
    }
    expect((await request(t.app).get(`${journalUrl()}?retry=1`)).status).toBe(200);
  });
});

describe(`schema.org JSON-LD on ${dialectUnderTest} (decision 188)`, () => {
  it("a journal paper is a ScholarlyArticle in its issue, volume and periodical", async () => {
    const paper = (await getJournalPaper(t.ctx, "ethics-review", seed.paperWithPdfId))!;
    const node = await expand(paperJsonLd(BASE, paper));
    expect(node["@type"]).toEqual([`${S}ScholarlyArticle`]);
    expect(values(node, "name")).toEqual([paper.title]);
    expect(values(node, "sameAs")).toEqual([`https://doi.org/${paper.doi}`]);
    const authors = node[`${S}author`] as Node[];
    expect(authors.map((a) => values(a, "name")[0])).toEqual(["Eve Marder", "Second Author"]);
    expect((authors[0]![`${S}affiliation`] as Node[]).map((o) => values(o, "name")[0])).toEqual([
      "Brandeis University",
      "Volen Center",
    ]);
    const issue = one(node, "isPartOf");
    expect(issue["@type"]).toEqual([`${S}PublicationIssue`]);
    expect(values(issue, "issueNumber")).toEqual(["2"]);
    const volume = one(issue, "isPartOf");
    expect(volume["@type"]).toEqual([`${S}PublicationVolume`]);
    expect(values(volume, "volumeNumber")).toEqual(["3"]);
    const journal = one(volume, "isPartOf");
    expect(journal["@type"]).toEqual([`${S}Periodical`]);
    expect(values(journal, "name")).toEqual(["Ethics Review"]);
    expect(values(journal, "issn")).toEqual(["2049-3630"]);
  });

  it("a paper of an issue without a number is part of the volume, no issue claimed", async () => {
    const paper = (await getJournalPaper(t.ctx, "ethics-review", unnumberedPaperId))!;
    const node = await expand(paperJsonLd(BASE, paper));
    const volume = one(node, "isPartOf");
    expect(volume["@type"]).toEqual([`${S}PublicationVolume`]);
    expect(JSON.stringify(node)).not.toContain("issueNumber");
  });

  it("a conference paper is part of its proceedings about the conference", async () => {
    const paper = (await getProceedingPaper(t.ctx, "pldi-2009", conferencePaperId))!;
    const node = await expand(proceedingPaperJsonLd(BASE, paper));
    expect(node["@type"]).toEqual([`${S}ScholarlyArticle`]);
    const book = one(node, "isPartOf");
    expect(book["@type"]).toEqual([`${S}Book`]);
    expect(values(book, "isbn")).toEqual(["978-1-60558-392-1"]);
    expect(values(one(book, "about"), "name")).toEqual(["PLDI '09"]);
  });

  it("the home page's WebSite has a SearchAction on /search", async () => {
    const node = await expand(websiteJsonLd(BASE, "Athenaeum"));
    expect(node["@type"]).toEqual([`${S}WebSite`]);
    const action = one(node, "potentialAction");
    expect(action["@type"]).toEqual([`${S}SearchAction`]);
    expect(values(one(action, "target"), "urlTemplate")).toEqual([
      `${BASE}/search?q={search_term_string}`,
    ]);
  });
});
