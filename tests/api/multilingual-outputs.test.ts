/**
 * A paper in two languages through the importer, every output and the search (issue 32;
 * decisions 440–442), on SQLite and PostgreSQL. The fixture (tests/fixtures/multilingual) is a
 * Spanish article (`xml:lang="es"`) with its title, abstract and keywords in English too
 * (`trans-title-group`, `trans-abstract`, `kwd-group xml:lang`), in a journal whose manifest
 * names Spanish. Checked: what the importer stores; the Crossref 5.3.1 deposit, the DOAJ XML,
 * the OAI-PMH `oai_dc` and `oai_jats` records and the generated JATS, each valid against its
 * official schema (xmllint, tests/fixtures/schemas) with both languages present; the paper
 * page's meta tags and JSON-LD; the citation files; and the search finding the paper by a word
 * of either language (on PostgreSQL by an inflected Spanish form, through Spanish stemming).
 */
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paperMeta } from "../../app/lib/citation-meta.ts";
import type { JsonLd } from "../../app/lib/json-ld.ts";
import { paperJatsXml } from "../../server/features/deposits/jats.ts";
import { JATS_NS } from "../../server/features/oai/oai-jats.ts";
import { getJournalPaper } from "../../server/features/papers/queries.ts";
import { searchPapers } from "../../server/features/search/search.ts";
import { importCorpus } from "../../server/import/corpus.ts";
import { signedInAdministrator } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { xmllint } from "../helpers/parsers.ts";
import {
  CROSSREF_XSD,
  DOAJ_XSD,
  jatsDtdErrors,
  oaiJatsParts,
  schemaErrors,
} from "../helpers/xml-validate.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/multilingual");
const ORIGIN = "http://journals.example.edu";
const JOURNAL = "revista-ecologia-tropical";
const TITLE_ES = "Murciélagos frugívoros y la dispersión de semillas en bosques tropicales";
const TITLE_EN = "Fruit bats and seed dispersal in tropical forests";

let t: TestContext;
let cookie: string;
let id: number;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: ORIGIN, CONTACT_EMAIL: "press@example.edu" });
  const report = await importCorpus(t.ctx, FIXTURE, { partners: false });
  expect(report.problems).toEqual([]);
  cookie = (await signedInAdministrator(t)).cookie;
  ({ id } = await t.ctx.db.selectFrom("papers").select("id").executeTakeFirstOrThrow());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const admin = (url: string) => request(t.app).get(url).set("Cookie", cookie);
const reader = (url: string) => request(t.app).get(url);

describe(`a paper in Spanish and English, ${dialectUnderTest}`, () => {
  it("is imported with its language and its English title, abstract and keywords", async () => {
    const paper = (await reader(`/api/get_journal_paper/${JOURNAL}/${id}`)).body.paper;
    expect(paper.language).toBe("es");
    expect(paper.title).toBe(TITLE_ES);
    expect(paper.keywords).toBe("murciélagos, dispersión de semillas, bosque tropical");
    expect(paper.translations).toEqual([
      {
        language: "en",
        title: TITLE_EN,
        abstract:
          "Populations of fruit-eating bats disperse seeds in tropical forests.\n\nWe measured the seed rain over two years in regenerating plots.",
        keywords: "bats, seed dispersal, tropical forest",
      },
    ]);
    const journal = (await reader(`/api/get_journal/${JOURNAL}`)).body.journal;
    expect(journal.primary_language).toBe("es");
    expect(journal.languages).toEqual(["es", "en"]);
  });

  it("deposits both languages with Crossref, valid against the 5.3.1 schema", async () => {
    const res = await admin(`/api/dashboard/crossref_xml/${JOURNAL}/3/1`);
    expect(res.status).toBe(200);
    const xml = res.text;
    expect(schemaErrors(CROSSREF_XSD, { crossref: xml })).toBe("");
    expect(xml).toMatch(/<journal_metadata language="es">/);
    expect(xml).toMatch(/<journal_article publication_type="full_text" language="es">/);
    expect(xml).toContain(`<titles>\n          <title>${TITLE_ES}</title>`);
    expect(xml).toContain(`<titles>\n          <title>${TITLE_EN}</title>`);
    expect(xml).toMatch(/<jats:abstract xml:lang="es">\s*<jats:p>Las poblaciones/);
    expect(xml).toMatch(/<jats:abstract xml:lang="en">\s*<jats:p>Populations/);
  });

  it("gives DOAJ both languages in ISO 639-2/B, valid against doajArticles.xsd", async () => {
    const res = await admin(`/api/dashboard/doaj_xml/${JOURNAL}`);
    expect(res.status).toBe(200);
    const xml = res.text;
    expect(schemaErrors(DOAJ_XSD, { doaj: xml })).toBe("");
    expect(xml).toContain("<language>spa</language>");
    expect(xml).toContain(`<title language="spa">${TITLE_ES}</title>`);
    expect(xml).toContain(`<title language="eng">${TITLE_EN}</title>`);
    expect(xml).toMatch(/<abstract language="spa">Las poblaciones/);
    expect(xml).toMatch(/<abstract language="eng">Populations/);
    expect(xml).toMatch(/<keywords language="spa">\s*<keyword>murciélagos<\/keyword>/);
    expect(xml).toMatch(/<keywords language="eng">\s*<keyword>bats<\/keyword>/);
  });

  it("harvests oai_dc with xml:lang on every title, description and subject", async () => {
    const res = await reader(`/oai?verb=ListRecords&metadataPrefix=oai_dc&set=journal:${JOURNAL}`);
    expect(res.status).toBe(200);
    const validation = xmllint(res.text, "oai-pmh+oai_dc.xsd");
    expect(validation.status, validation.errors).toBe(0);
    expect(res.text).toContain(`<dc:title xml:lang="es">${TITLE_ES}</dc:title>`);
    expect(res.text).toContain(`<dc:title xml:lang="en">${TITLE_EN}</dc:title>`);
    expect(res.text).toMatch(/<dc:description xml:lang="es">Las poblaciones/);
    expect(res.text).toMatch(/<dc:description xml:lang="en">Populations/);
    expect(res.text).toContain('<dc:subject xml:lang="en">bats</dc:subject>');
    expect(res.text).toContain("<dc:language>es</dc:language>");
  });

  it("harvests oai_jats and writes jats.xml with both languages, valid against the JATS 1.1 DTD", async () => {
    const res = await reader(
      `/oai?verb=ListRecords&metadataPrefix=oai_jats&set=journal:${JOURNAL}`,
    );
    expect(res.status).toBe(200);
    const { articles, envelope } = oaiJatsParts(res.text, JATS_NS);
    const generated = (await paperJatsXml(t.ctx, id, ORIGIN)) ?? "";
    expect(jatsDtdErrors({ ...articles, generated })).toBe("");
    const envelopeValid = xmllint(envelope, "oai-pmh+oai_dc.xsd");
    expect(envelopeValid.status, envelopeValid.errors).toBe(0);
    for (const xml of [...Object.values(articles), generated]) {
      expect(xml).toMatch(/<article [^>]*xml:lang="es"/);
      expect(xml).toMatch(
        new RegExp(`<trans-title-group xml:lang="en">\\s*<trans-title>${TITLE_EN}</trans-title>`),
      );
      expect(xml).toMatch(/<trans-abstract xml:lang="en">\s*<p>Populations/);
      expect(xml).toMatch(/<kwd-group kwd-group-type="author" xml:lang="en">\s*<kwd>bats/);
    }
  });

  it("marks the paper page's Dublin Core and JSON-LD with their languages", async () => {
    // the page's `<head>` as the route's `meta` gives it (API tests run without the client build)
    const paper = await getJournalPaper(t.ctx, JOURNAL, id);
    if (!paper) throw new Error("the paper's page has no data");
    const tags: Record<string, unknown>[] = paperMeta(paper, ORIGIN, "Athenaeum");
    const named = (name: string) => tags.filter((d) => "name" in d && d.name === name);
    expect(named("citation_language")).toEqual([{ name: "citation_language", content: "es" }]);
    expect(named("DC.language")).toEqual([{ name: "DC.language", content: "es" }]);
    expect(named("DC.title")).toEqual([
      { name: "DC.title", content: TITLE_ES, lang: "es" },
      { name: "DC.title", content: TITLE_EN, lang: "en" },
    ]);
    expect(named("DC.description").map((d) => [d.lang, String(d.content).slice(0, 15)])).toEqual([
      ["es", "Las poblaciones"],
      ["en", "Populations of "],
    ]);
    expect(named("DC.subject")).toContainEqual({ name: "DC.subject", content: "bats", lang: "en" });
    const script = tags.find((d) => "script:ld+json" in d)?.["script:ld+json"] as JsonLd;
    expect(script.inLanguage).toBe("es");
    expect(script.alternativeHeadline).toEqual([{ "@value": TITLE_EN, "@language": "en" }]);
    expect((script.abstract as JsonLd[]).map((a) => a["@language"])).toEqual(["es", "en"]);
  });

  it("names the language in the BibTeX, RIS and CSL-JSON files", async () => {
    const page = `/journal/${JOURNAL}/${id}`;
    expect((await reader(`${page}/cite.bib`)).text).toContain("  language = {es},");
    expect((await reader(`${page}/cite.ris`)).text).toContain("LA  - es\r\n");
    const csl = JSON.parse((await reader(`${page}/cite.json`)).text);
    expect(csl[0].language).toBe("es");
  });

  it("is found by a word of either language", async () => {
    const titles = async (q: string) => (await searchPapers(t.ctx, q)).hits.map((h) => h.title);
    // English, from the translation
    expect(await titles("bats")).toEqual([TITLE_ES]);
    expect(await titles("regenerating plots")).toEqual([TITLE_ES]);
    // Spanish, from the paper's own text
    expect(await titles("murciélagos")).toEqual([TITLE_ES]);
    expect(await titles("lluvia de semillas")).toEqual([TITLE_ES]);
    const hit = (await searchPapers(t.ctx, "semillas")).hits[0];
    expect(hit?.snippet).toContain("\u0002semillas\u0003");
  });

  it.runIf(dialectUnderTest === "postgres")(
    "is found by an inflected Spanish form through Spanish stemming",
    async () => {
      const titles = async (q: string) => (await searchPapers(t.ctx, q)).hits.map((h) => h.title);
      // `población` (singular, accented) for `poblaciones`, `dispersa` for `dispersan`: the
      // English configuration stems neither to the same word
      expect(await titles("población")).toEqual([TITLE_ES]);
      expect(await titles("dispersa")).toEqual([TITLE_ES]);
      // and an English plural through English stemming of the translation
      expect(await titles("plot")).toEqual([TITLE_ES]);
    },
  );
});
