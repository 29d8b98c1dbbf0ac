/**
 * The scholarly XML of every corpus journal, issue and proceeding (issue 16), on SQLite and
 * PostgreSQL: the whole corpus (corpus/manifest.json, two PDFs) is imported, and
 * - each issue's and each proceeding's Crossref deposit XML is valid against the Crossref 5.3.1
 *   schema and carries the corpus's DOIs, people, ORCID iDs, dates, licences, funders and
 *   references;
 * - each journal's DOAJ article XML (and one issue's) is valid against doajArticles.xsd, with
 *   every paper, ORCID iDs and full-text links;
 * - every `oai_jats` record of the OAI-PMH answer and every paper's `jats-1.1.xml` is valid against
 *   the JATS 1.1 Journal Publishing DTD, with no namespace, elocation ids, electronic ISSNs as
 *   `epub`, a pub-date and an issn always, and page ranges kept;
 * all validated by xmllint against the official schemas in tests/fixtures/schemas.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCorpus } from "../../server/import/corpus.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { buildSmallCorpus } from "../helpers/small-corpus.ts";
import { CROSSREF_XSD, DOAJ_XSD, jatsDtdErrors, schemaErrors } from "../helpers/xml-validate.ts";

type ManifestPaper = { title: string; doi?: string };
type Manifest = {
  journals: { slug: string; issues: { papers: ManifestPaper[] }[] }[];
  proceedings: { slug: string; papers: ManifestPaper[] }[];
};

// http: a session cookie of an https site is Secure, which supertest does not send
const ORIGIN = "http://journals.example.edu";
let t: TestContext;
let dir: string;
let cookie: string;
let issues: { uri: string; volume: string; number: string; id: number }[] = [];
let proceedings: { id: number; slug: string }[] = [];
let papers: { id: number; page: string; doi: string | null }[] = [];
let manifest: Manifest;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: ORIGIN, CONTACT_EMAIL: "press@example.edu" });
  manifest = JSON.parse(await readFile(path.join(CORPUS_DIR, "manifest.json"), "utf8"));
  const keys = [
    ...manifest.journals.flatMap((j) => j.issues.flatMap((i) => i.papers)),
    ...manifest.proceedings.flatMap((p) => p.papers),
  ].map((p) => p.doi ?? p.title);
  dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-deposits-")), keys);
  await importCorpus(t.ctx, dir, { partners: false });
  cookie = (await signedInAdministrator(t)).cookie;
  issues = await t.ctx.db
    .selectFrom("publications as pub")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .select(["j.uri", "pub.volume", "pub.number", "pub.id"])
    .orderBy("pub.id")
    .execute();
  proceedings = await t.ctx.db.selectFrom("proceedings").select(["id", "slug"]).execute();
  const rows = await t.ctx.db
    .selectFrom("papers as p")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .select(["p.id", "p.doi", "j.uri", "pr.slug"])
    .orderBy("p.id")
    .execute();
  papers = rows.map((r) => ({
    id: r.id,
    doi: r.doi,
    page: r.slug ? `/proceedings/${r.slug}/${r.id}` : `/journal/${r.uri}/${r.id}`,
  }));
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const xmlOf = (text: string) => new DOMParser().parseFromString(text, "text/xml");
/** Anything with elements inside: an xmldom document or element. */
type Container = {
  getElementsByTagName(name: string): ArrayLike<{ textContent: string | null }>;
};
const texts = (node: Container, name: string) =>
  Array.from(node.getElementsByTagName(name), (e) => e.textContent ?? "");

async function getXml(url: string, as = cookie): Promise<string> {
  const req = request(t.app).get(url);
  const res = await (as ? req.set("Cookie", as) : req).buffer(true);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/xml/);
  return res.text;
}

describe(`Crossref deposit XML of the corpus on ${dialectUnderTest}`, () => {
  it("imports every journal issue and the proceeding", () => {
    expect(issues.length).toBe(manifest.journals.reduce((n, j) => n + j.issues.length, 0));
    expect(proceedings.length).toBe(manifest.proceedings.length);
  });

  it("is valid against the Crossref 5.3.1 schema for every issue and proceeding, with every DOI", async () => {
    const docs: Record<string, string> = {};
    const dois: string[] = [];
    for (const i of issues) {
      const xml = await getXml(`/api/dashboard/crossref_xml/${i.uri}/${i.volume}/${i.number}`);
      docs[`${i.uri}-${i.volume}-${i.number}`] = xml;
      dois.push(...texts(xmlOf(xml), "doi").filter((d) => !d.includes("10.13039")));
    }
    for (const p of proceedings) {
      const xml = await getXml(`/api/dashboard/crossref_xml/proceeding/${p.id}`);
      docs[`proceeding-${p.slug}`] = xml;
      dois.push(...texts(xmlOf(xml), "doi"));
    }
    expect(schemaErrors(CROSSREF_XSD, docs)).toBe("");
    const registered = new Set(
      Object.values(docs).flatMap((xml) =>
        Array.from(xmlOf(xml).getElementsByTagName("doi_data")).map(
          (d) => d.getElementsByTagName("doi")[0]?.textContent ?? "",
        ),
      ),
    );
    const expected = [
      ...manifest.journals.flatMap((j) => j.issues.flatMap((i) => i.papers)),
      ...manifest.proceedings.flatMap((p) => p.papers),
    ]
      .map((p) => p.doi)
      .filter((d): d is string => Boolean(d));
    expect([...registered].sort()).toEqual([...expected].sort());
  }, 120_000);

  it("carries people, ORCID iDs, ROR-less affiliations, dates, licences, funders, references and TDM links", async () => {
    const eLife = issues.find((i) => i.uri === "elife" && i.volume === "1")!;
    const xml = await getXml(`/api/dashboard/crossref_xml/elife/${eLife.volume}/${eLife.number}`);
    const doc = xmlOf(xml);
    const article = Array.from(doc.getElementsByTagName("journal_article")).find((a) =>
      (a.getElementsByTagName("doi")[0]?.textContent ?? "").includes("eLife.00007"),
    )!;
    expect(article).toBeTruthy();
    const surnames = texts(article, "surname");
    expect(surnames.length).toBeGreaterThan(1);
    expect(texts(article, "ORCID").every((o) => o.startsWith("https://orcid.org/"))).toBe(true);
    expect(texts(article, "item_number")).toEqual(["e00007"]);
    expect(texts(article, "year")[0]).toBe("2012");
    expect(texts(article, "ai:license_ref")[0]).toBe(
      "https://creativecommons.org/licenses/by/3.0/",
    );
    expect(article.getElementsByTagName("fr:program").length).toBe(1);
    expect(article.getElementsByTagName("citation").length).toBeGreaterThan(10);
    expect(texts(article, "resource")[0]).toMatch(new RegExp(`^${ORIGIN}/journal/elife/\\d+$`));
    // the issue's date and volume; eLife has no issue numbers
    const issue = doc.getElementsByTagName("journal_issue")[0]!;
    expect(issue.getElementsByTagName("volume")[0]?.textContent).toBe("1");
    expect(issue.getElementsByTagName("issue").length).toBe(0);
    // a single ISSN is the electronic one
    expect(
      Array.from(doc.getElementsByTagName("issn")).map((e) => e.getAttribute("media_type")),
    ).toEqual(["electronic"]);
  });

  it("gives the proceeding's conference, ISBN and page range", async () => {
    const p = proceedings[0]!;
    const doc = xmlOf(await getXml(`/api/dashboard/crossref_xml/proceeding/${p.id}`));
    expect(texts(doc, "conference_location")).toEqual(["Dublin, Ireland"]);
    expect(texts(doc, "isbn")).toEqual(["978-1-60558-392-1"]);
    expect(texts(doc, "first_page")).toEqual(["465"]);
    expect(texts(doc, "last_page")).toEqual(["478"]);
    const date = doc.getElementsByTagName("conference_date")[0]!;
    expect(date.getAttribute("start_day")).toBe("15");
    expect(date.getAttribute("end_day")).toBe("20");
  });

  it("is for signed-in managers of the journal only", async () => {
    const i = issues[0]!;
    const url = `/api/dashboard/crossref_xml/${i.uri}/${i.volume}/${i.number}`;
    expect((await request(t.app).get(url)).status).toBe(401);
    const other = await signedInManager(t);
    expect((await request(t.app).get(url).set("Cookie", other.cookie)).status).toBe(403);
    const missing = await request(t.app)
      .get(`/api/dashboard/crossref_xml/${i.uri}/999/1`)
      .set("Cookie", cookie);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe("No issue Vol. 999 No. 1 in this journal.");
  });
});

describe(`generated JATS of the corpus on ${dialectUnderTest}`, () => {
  it("every oai_jats record is a DTD-valid article without a namespace", async () => {
    const res = await request(t.app).get("/oai?verb=ListRecords&metadataPrefix=oai_jats");
    expect(res.status).toBe(200);
    const doc = xmlOf(res.text);
    const articles = Array.from(doc.getElementsByTagName("article"));
    expect(articles.length).toBe(papers.length);
    for (const a of articles) expect(a.namespaceURI).toBeNull();
    // each record's article as a harvester takes it out of the answer: the `xmlns=""` that
    // undeclares OAI-PMH's default namespace inside the answer has no meaning on its own
    const docs: Record<string, string> = {};
    const found = res.text.match(/<article\b[\s\S]*?<\/article>/g) ?? [];
    expect(found.length).toBe(papers.length);
    found.forEach((text, i) => {
      docs[`oai-${i}`] = text.replace(/^<article xmlns=""/, "<article");
    });
    expect(jatsDtdErrors(docs)).toBe("");
  });

  it("every paper's generated JATS is DTD-valid, with elocation ids, epub ISSNs, pub-date, issn and page ranges", async () => {
    // `{paper page}/jats.xml` sends a stored JATS galley as its publisher wrote it (issue 18,
    // decision 287: PLOS's are NLM 3.0); `{paper page}/jats-1.1.xml` always the generated JATS
    // 1.1 (decision 474), for every paper, galley or not: the DTD holds the generator.
    const docs: Record<string, string> = {};
    for (const p of papers) {
      const res = await request(t.app).get(`${p.page}/jats-1.1.xml`).buffer(true);
      expect(res.status, p.page).toBe(200);
      expect(res.headers["content-type"], p.page).toMatch(/^application\/xml/);
      docs[p.page] = res.text;
    }
    expect(jatsDtdErrors(docs)).toBe("");
    for (const [page, xml] of Object.entries(docs)) {
      const doc = xmlOf(xml);
      expect(doc.getElementsByTagName("pub-date").length, page).toBe(1);
      expect(doc.getElementsByTagName("issn").length, page).toBeGreaterThan(0);
      const pages = doc.getElementsByTagName("fpage").length;
      const elocation = doc.getElementsByTagName("elocation-id").length;
      expect(pages + elocation, page).toBe(page.includes("/sprouts/") ? 0 : 1);
    }
    const by = (slug: string) =>
      Object.entries(docs).filter(([page]) => page.startsWith(`/journal/${slug}/`));
    // one-ISSN online journals: their ISSN is electronic
    for (const [page, xml] of [...by("plos-one"), ...by("elife"), ...by("metabolites")]) {
      const issns = Array.from(xmlOf(xml).getElementsByTagName("issn"));
      expect(
        issns.map((i) => i.getAttribute("pub-type")),
        page,
      ).toEqual(["epub"]);
    }
    const plosCb = xmlOf(by("plos-computational-biology")[0]![1]);
    expect(
      Array.from(plosCb.getElementsByTagName("issn")).map(
        (i) => `${i.getAttribute("pub-type")} ${i.textContent}`,
      ),
    ).toEqual(["ppub 1553-734X", "epub 1553-7358"]);
    const metabolites = xmlOf(by("metabolites")[0]![1]);
    expect(texts(metabolites, "fpage")).toEqual(["932"]);
    expect(texts(metabolites, "lpage")).toEqual(["945"]);
    const pldi = xmlOf(Object.entries(docs).find(([p]) => p.startsWith("/proceedings/"))![1]);
    expect(texts(pldi, "fpage")).toEqual(["465"]);
    expect(texts(pldi, "conf-loc")).toEqual(["Dublin, Ireland"]);
    // the licence as the DTD wants it, people with ORCID iDs, funders and references
    const elife = by("elife").map(([, xml]) => xmlOf(xml));
    const withFunding = elife.find((d) => d.getElementsByTagName("award-group").length > 0);
    expect(withFunding).toBeTruthy();
    expect(texts(withFunding!, "ali:license_ref")[0]).toMatch(/^https:\/\/creativecommons.org\//);
    expect(withFunding!.getElementsByTagName("ref").length).toBeGreaterThan(5);
    expect(
      elife.some((d) =>
        Array.from(d.getElementsByTagName("contrib-id")).some((c) =>
          (c.textContent ?? "").startsWith("https://orcid.org/"),
        ),
      ),
    ).toBe(true);
  });

  it("serves a JATS galley as its publisher made it at jats.xml, the generated JATS beside it", async () => {
    const galleys = await t.ctx.db
      .selectFrom("paper_jats")
      .select(["paper_id", "storage_key"])
      .execute();
    expect(galleys.length).toBeGreaterThan(0);
    for (const g of galleys) {
      const page = papers.find((p) => p.id === g.paper_id)!.page;
      const published = await request(t.app).get(`${page}/jats.xml`).buffer(true);
      expect(published.status, page).toBe(200);
      expect(Buffer.from(published.text)).toEqual(await t.ctx.storage.read(g.storage_key));
      const generated = await request(t.app).get(`${page}/jats-1.1.xml`).buffer(true);
      expect(generated.text, page).toContain("JATS-journalpublishing1.dtd");
      expect(generated.text, page).not.toBe(published.text);
    }
    // unknown papers and other files are not answered
    const elife = papers.find((p) => p.page.startsWith("/journal/elife/"))!;
    expect((await request(t.app).get(`/journal/plos-one/${elife.id}/jats-1.1.xml`)).status).toBe(
      404,
    );
  });

  it("answers 404 for a paper of another journal", async () => {
    const journalPaper = papers.find((p) => p.page.startsWith("/journal/elife/"))!;
    const res = await request(t.app).get(`/journal/plos-one/${journalPaper.id}/jats.xml`);
    expect(res.status).toBe(404);
  });
});

describe(`DOAJ article XML of the corpus on ${dialectUnderTest}`, () => {
  it("is valid against doajArticles.xsd for every journal, with every paper", async () => {
    const docs: Record<string, string> = {};
    for (const j of manifest.journals) {
      const xml = await getXml(`/api/dashboard/doaj_xml/${j.slug}`);
      docs[j.slug] = xml;
      const records = xmlOf(xml).getElementsByTagName("record");
      expect(records.length, j.slug).toBe(j.issues.reduce((n, i) => n + i.papers.length, 0));
    }
    const i = issues.find((x) => x.uri === "plos-one")!;
    const one = await getXml(
      `/api/dashboard/doaj_xml/plos-one?volume=${i.volume}&issue=${i.number}`,
    );
    docs["plos-one-issue"] = one;
    expect(schemaErrors(DOAJ_XSD, docs)).toBe("");
    const all = Object.values(docs).map(xmlOf);
    expect(all.flatMap((d) => texts(d, "orcid_id")).length).toBeGreaterThan(0);
    for (const d of all) {
      for (const url of texts(d, "fullTextUrl")) expect(url.startsWith(ORIGIN)).toBe(true);
    }
    const plos = xmlOf(docs["plos-one"]!);
    expect(texts(plos, "eissn")).toContain("1932-6203");
    expect(texts(plos, "issn")).toEqual([]);
  }, 120_000);

  it("refuses a volume without its issue", async () => {
    const res = await request(t.app)
      .get("/api/dashboard/doaj_xml/plos-one?volume=10")
      .set("Cookie", cookie);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
  });
});
