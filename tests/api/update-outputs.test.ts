/**
 * What every output says of a corrected and retracted paper (issue 33, decision 490): the
 * Crossref 5.3.1 deposit carries `<crossmark>` with the journal's policy DOI, the in-place
 * correction as an `update` of the paper's DOI and the retraction notice as its own article
 * updating that DOI, and validates against the schema; the generated JATS names each notice in a
 * `related-article` (DTD-valid), OAI `oai_dc` in a `dc:relation`, the page's JSON-LD in a
 * `correction` with the retracted status and its Dublin Core in `DC.relation`; the Atom feeds
 * announce each notice in an entry of its own (decision 495), valid against the Atom schema.
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { paperMeta } from "../../app/lib/citation-meta.ts";
import { paperJsonLd } from "../../app/lib/json-ld.ts";
import { issueCrossrefXml } from "../../server/features/deposits/exports.ts";
import { getJournalPaper } from "../../server/features/papers/queries.ts";
import { searchPapers } from "../../server/features/search/search.ts";
import { addPaperUpdate } from "../../server/features/updates/notices.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { parseXml, xmllint } from "../helpers/parsers.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";
import { CROSSREF_XSD, jatsDtdErrors, schemaErrors } from "../helpers/xml-validate.ts";

const HOST = "journals.example.edu";
const t = seededFileContext({ env: { PUBLIC_URL: `https://${HOST}` } });
const JOURNAL = "ethics-review";
const PAPER_DOI = "10.7554/eLife.00353";
const RETRACTION_DOI = "10.7554/eLife.00353.ret";
let correctionId = 0;

beforeAll(async () => {
  await t.ctx.db
    .updateTable("journals")
    .set({ update_policy_doi: "10.5555/update-policy" })
    .where("id", "=", t.seed.journalId)
    .execute();
  const add = (body: Parameters<typeof addPaperUpdate>[3]) =>
    addPaperUpdate(t.ctx, { journal: JOURNAL }, t.seed.paperWithPdfId, body);
  ({ id: correctionId } = await add({
    type: "correction",
    title: "Correction: a good life",
    text: "Table 1 was corrected.",
    date: "2026-01-05",
    doi: "",
  }));
  await add({
    type: "retraction",
    title: "Retraction: a good life",
    text: "The authors retract this paper.",
    date: "2026-02-10",
    doi: RETRACTION_DOI,
  });
});

describe(`a corrected, then retracted paper in every output (${dialectUnderTest})`, () => {
  it("sends Crossmark with both updates in a deposit that validates against 5.3.1", async () => {
    const { xml } = await issueCrossrefXml(t.ctx, JOURNAL, "3", "2", `https://${HOST}`);
    expect(schemaErrors(CROSSREF_XSD, { deposit: xml })).toBe("");
    expect(xml).toContain("<crossmark_policy>10.5555/update-policy</crossmark_policy>");
    expect(xml).toContain(`<domain>${HOST}</domain>`);
    // the correction without a DOI updates the paper's own record
    expect(xml).toContain(`<update type="correction" date="2026-01-05">${PAPER_DOI}</update>`);
    // the retraction is its own item with its DOI, updating the paper
    const notice = xml.slice(xml.indexOf("Retraction: a good life"));
    expect(notice).toContain(`<update type="retraction" date="2026-02-10">${PAPER_DOI}</update>`);
    expect(notice).toContain(`<doi>${RETRACTION_DOI}</doi>`);
  });

  it("names each notice in the generated JATS, valid against the JATS 1.1 DTD", async () => {
    const res = await request(t.app).get(`/journal/${JOURNAL}/${t.seed.paperWithPdfId}/jats.xml`);
    expect(res.status).toBe(200);
    const xml = res.text;
    expect(xml).toMatch(
      new RegExp(
        `<related-article related-article-type="retraction-forward"[^>]*xlink:href="${RETRACTION_DOI.replace(/\./g, "\\.")}"`,
      ),
    );
    expect(xml).toContain('related-article-type="correction-forward"');
    expect(jatsDtdErrors({ jats: xml })).toBe("");
  });

  it.each([
    ["the journal's", `/journal/${JOURNAL}/feed.xml`],
    ["the site's", "/feed.xml"],
  ])("announces each notice in %s Atom feed, which stays valid", async (_, feed) => {
    const res = await request(t.app).get(feed);
    expect(res.status).toBe(200);
    const verdict = xmllint(res.text, "atom.rng");
    expect(verdict.status, verdict.errors).toBe(0);
    const page = `https://${HOST}/journal/${JOURNAL}/${t.seed.paperWithPdfId}`;
    const entries = Array.from(parseXml(res.text).getElementsByTagName("entry")).map((e) => ({
      title: e.getElementsByTagName("title")[0]?.textContent,
      id: e.getElementsByTagName("id")[0]?.textContent,
      links: Array.from(e.getElementsByTagName("link")).map(
        (l) => `${l.getAttribute("rel")} ${l.getAttribute("href")}`,
      ),
      category: e.getElementsByTagName("category")[0]?.getAttribute("term"),
      label: e.getElementsByTagName("category")[0]?.getAttribute("label"),
      published: e.getElementsByTagName("published")[0]?.textContent,
      summary: e.getElementsByTagName("summary")[0]?.textContent,
    }));
    // the newest first: the retraction was added last
    const [retraction, correction] = entries.filter((e) => e.category);
    expect(retraction).toEqual({
      title: "Retraction: a good life",
      id: `https://doi.org/${RETRACTION_DOI}`,
      links: [`alternate ${page}#notice-${correctionId + 1}`, `related ${page}`],
      category: "retraction",
      label: "Retraction",
      published: "2026-02-10T00:00:00Z",
      summary: "The authors retract this paper.",
    });
    expect(correction).toMatchObject({
      title: "Correction: a good life",
      id: `${page}#notice-${correctionId}`,
      category: "correction",
      published: "2026-01-05T00:00:00Z",
    });
    // the paper keeps its own entry
    expect(entries.filter((e) => e.links[0] === `alternate ${page}`)).toHaveLength(1);
  });

  it("names each notice in OAI's dc:relation", async () => {
    const id = `oai:${HOST}:paper/${t.seed.paperWithPdfId}`;
    const res = await request(t.app).get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id)}`,
    );
    expect(res.status).toBe(200);
    const relations = [...res.text.matchAll(/<dc:relation>([^<]*)<\/dc:relation>/g)].map(
      (m) => m[1],
    );
    expect(relations).toEqual([
      `https://doi.org/${RETRACTION_DOI}`,
      `https://${HOST}/journal/${JOURNAL}/${t.seed.paperWithPdfId}#notice-${correctionId}`,
    ]);
  });

  it("names the notices in the page's JSON-LD and Dublin Core tags", async () => {
    const origin = `https://${HOST}`;
    const paper = await getJournalPaper(t.ctx, JOURNAL, t.seed.paperWithPdfId);
    if (!paper) throw new Error("the seeded paper is missing");
    const article = paperJsonLd(origin, paper) as {
      creativeWorkStatus?: string;
      correction: { additionalType: string; url: string }[];
    };
    expect(article.creativeWorkStatus).toBe("Retracted");
    const anchor = `${origin}/journal/${JOURNAL}/${t.seed.paperWithPdfId}#notice-${correctionId}`;
    expect(article.correction.map((c) => [c.additionalType, c.url])).toEqual([
      ["retraction", `https://doi.org/${RETRACTION_DOI}`],
      ["correction", anchor],
    ]);
    const relations = paperMeta(paper, origin, "Athenaeum")
      .filter((m) => "name" in m && m.name === "DC.relation")
      .map((m) => (m as { content: string }).content);
    expect(relations).toEqual([`https://doi.org/${RETRACTION_DOI}`, anchor]);
  });

  it("marks the retracted paper in search results and its citation files", async () => {
    // looked up by its DOI (the seeded rows have no search row)
    const result = await searchPapers(t.ctx, PAPER_DOI);
    expect(result.hits.map((h) => [h.paperID, h.retracted])).toEqual([
      [t.seed.paperWithPdfId, true],
    ]);
    const note = `Retracted: Retraction: a good life (2026-02-10), https://doi.org/${RETRACTION_DOI}`;
    const base = `/journal/${JOURNAL}/${t.seed.paperWithPdfId}`;
    const bib = await request(t.app).get(`${base}/cite.bib`);
    expect(bib.status).toBe(200);
    expect(bib.text).toContain("note = {Retracted: Retraction: a good life (2026-02-10)");
    const ris = await request(t.app).get(`${base}/cite.ris`);
    expect(ris.text).toContain(`N1  - ${note}`);
    const json = await request(t.app).get(`${base}/cite.json`);
    expect(JSON.parse(json.text)[0]).toMatchObject({ status: "retracted", note });
  });
});
