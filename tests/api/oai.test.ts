import { DOMParser } from "@xmldom/xmldom";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";

let t: TestContext;
let seed: SeededCatalogue;
const HOST = "journals.example.edu";

beforeAll(async () => {
  t = await createTestContext({
    PUBLIC_URL: `https://${HOST}`,
    CONTACT_EMAIL: "press@example.edu",
  });
  seed = await seedCatalogue(t.ctx);
});
afterAll(() => t.close());

async function oai(query: string) {
  const res = await request(t.app).get(`/oai?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/xml/);
  const doc = new DOMParser().parseFromString(res.text, "text/xml");
  const all = (tag: string) => Array.from(doc.getElementsByTagName(tag));
  const text = (tag: string) => all(tag).map((n) => n.textContent ?? "");
  const error = all("error")[0]?.getAttribute("code") ?? null;
  return { doc, all, text, error, xml: res.text };
}

describe(`OAI-PMH on ${dialectUnderTest}`, () => {
  it("identifies the repository", async () => {
    const r = await oai("verb=Identify");
    expect(r.error).toBeNull();
    expect(r.text("baseURL")).toEqual([`https://${HOST}/oai`]);
    expect(r.text("protocolVersion")).toEqual(["2.0"]);
    expect(r.text("adminEmail")).toEqual(["press@example.edu"]);
    expect(r.text("granularity")).toEqual(["YYYY-MM-DDThh:mm:ssZ"]);
    expect(r.all("request")[0]?.getAttribute("verb")).toBe("Identify");
  });

  it("lists oai_dc as the metadata format and one set per active journal", async () => {
    expect((await oai("verb=ListMetadataFormats")).text("metadataPrefix")).toEqual(["oai_dc"]);
    const sets = await oai("verb=ListSets");
    expect(sets.text("setSpec")).toEqual(["journal:ethics-review"]);
  });

  it("lists visible papers as Dublin Core records, never hidden ones", async () => {
    const r = await oai("verb=ListRecords&metadataPrefix=oai_dc");
    expect(r.error).toBeNull();
    expect(r.text("identifier").filter((i) => i.startsWith("oai:"))).toEqual([
      `oai:${HOST}:paper/${seed.paperWithPdfId}`,
      `oai:${HOST}:paper/${seed.paperWithoutPdfId}`,
    ]);
    expect(r.text("dc:title")).toEqual(["A good life", "On Duty"]);
    expect(r.text("dc:creator")).toEqual(["Eve Marder", "Second Author", "Immanuel Kant"]);
    expect(r.text("dc:identifier")).toContain("https://doi.org/10.7554/eLife.00353");
    expect(r.text("dc:identifier")).toContain(
      `https://${HOST}/journal/ethics-review/download/${seed.paperWithPdfId}/a-good-life.pdf`,
    );
    expect(r.text("dc:subject")).toEqual(["careers in science", "grad school"]);
    expect(r.xml).not.toContain("Secret");
  });

  it("filters by set and dates, and says when nothing matches", async () => {
    expect(
      (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:ethics-review")).error,
    ).toBeNull();
    expect(
      (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-10")).all("header"),
    ).toHaveLength(2);
    expect((await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&until=2025-12-31")).error).toBe(
      "noRecordsMatch",
    );
    expect(
      (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:hidden-annals")).error,
    ).toBe("noRecordsMatch");
  });

  it("gets one record and refuses unknown identifiers and formats", async () => {
    const id = `oai:${HOST}:paper/${seed.paperWithPdfId}`;
    const r = await oai(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id)}`,
    );
    expect(r.text("dc:title")).toEqual(["A good life"]);
    const hidden = `oai:${HOST}:paper/${seed.inactivePaperId}`;
    expect(
      (await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(hidden)}`))
        .error,
    ).toBe("idDoesNotExist");
    expect(
      (await oai(`verb=GetRecord&metadataPrefix=marcxml&identifier=${encodeURIComponent(id)}`))
        .error,
    ).toBe("cannotDisseminateFormat");
  });

  it("answers the protocol's errors for bad requests, without echoing bad arguments", async () => {
    const badVerb = await oai("verb=Harvest");
    expect(badVerb.error).toBe("badVerb");
    expect(badVerb.all("request")[0]?.attributes.length).toBe(0);
    expect((await oai("")).error).toBe("badVerb");
    expect((await oai("verb=ListRecords")).error).toBe("badArgument");
    expect((await oai("verb=ListRecords&metadataPrefix=oai_dc&from=yesterday")).error).toBe(
      "badArgument",
    );
    expect((await oai("verb=Identify&extra=1")).error).toBe("badArgument");
    expect((await oai("verb=Identify&verb=Identify")).error).toBe("badVerb");
    expect((await oai("verb=ListRecords&resumptionToken=garbage")).error).toBe(
      "badResumptionToken",
    );
  });

  it("pages with a resumption token after 100 records", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      publication_id: seed.issueId,
      proceeding_id: null,
      title: `Paper ${i}`,
      doi: null,
      abstract: "",
      keywords: null,
      file: null,
      file_size: null,
      page_count: null,
      encrypted: 0,
      full_text: null,
      first_page: null,
      last_page: null,
      published_on: null,
      license_url: null,
      position: 10 + i,
      created_at: now,
      updated_at: now,
    }));
    await t.ctx.db.insertInto("papers").values(rows).execute();
    const first = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc");
    expect(first.all("header")).toHaveLength(100);
    const token = first.text("resumptionToken")[0]!;
    expect(token).toBeTruthy();
    const second = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
    expect(second.all("header")).toHaveLength(22);
    expect(second.text("resumptionToken")).toEqual([""]);
  });

  it("accepts POST as harvesters may send it", async () => {
    const res = await request(t.app).post("/oai").type("form").send({ verb: "Identify" });
    expect(res.text).toContain("<repositoryName>Athenaeum</repositoryName>");
  });
});
