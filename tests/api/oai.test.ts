import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oaiRouter } from "../../server/features/oai/oai.ts";
import { JATS_NS } from "../../server/features/oai/oai-jats.ts";
import { encodeResumptionToken } from "../../server/features/oai/oai-token.ts";
import { parseJats } from "../../server/import/jats.ts";
import { bumpCatalogueVersion } from "../../server/services/catalogue-version.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { paperRow, type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { hasXmllint, xmllint } from "../helpers/parsers.ts";
import { jatsDtdErrors, oaiJatsParts } from "../helpers/xml-validate.ts";

if (!hasXmllint)
  console.warn("oai.test.ts: xmllint is not installed; responses are NOT schema-validated");

/**
 * Fails unless `xml` is valid against OAI-PMH.xsd with oai_dc and oai-identifier (the official
 * schemas in tests/fixtures/schemas, resolved offline through its catalog). A no-op without xmllint.
 */
function expectValid(answer: string, what: string) {
  if (!hasXmllint) return;
  // oai_jats records: each `<article>` is JATS without a namespace, valid against the JATS DTD
  // (decision 277), which OAI-PMH.xsd's `##other` wildcard cannot take; the envelope is checked
  // with each article stood in for by the outline of tests/fixtures/schemas/jats-front-envelope.xsd
  const { articles, envelope: xml } = oaiJatsParts(answer, JATS_NS);
  if (Object.keys(articles).length > 0) {
    expect(jatsDtdErrors(articles), `${what}: JATS DTD`).toBe("");
  }
  const result = xmllint(xml, "oai-pmh+oai_dc.xsd");
  expect(result.status, `${what}\n${result.errors}\n${xml}`).toBe(0);
}

let t: TestContext;
let seed: SeededCatalogue;
let pldiPaperId: number;
const HOST = "journals.example.edu";

beforeAll(async () => {
  t = await createTestContext({
    PUBLIC_URL: `https://${HOST}`,
    CONTACT_EMAIL: "press@example.edu",
  });
  seed = await seedCatalogue(t.ctx);
  const now = new Date().toISOString();
  ({ id: pldiPaperId } = await t.ctx.db
    .insertInto("papers")
    .values(
      paperRow({
        proceeding_id: seed.proceedingId,
        title: "Binary analysis for fun",
        doi: "10.1145/1542476.1542480",
        abstract: "A conference paper.",
        keywords: null,
        published_on: null,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
  await t.ctx.db
    .insertInto("paper_authors")
    .values({
      paper_id: pldiPaperId,
      position: 1,
      name: "Ada Lovelace",
      email: null,
      institution: null,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

async function oai(query: string, app: express.Express = t.app) {
  const res = await request(app).get(`/oai?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/xml/);
  expectValid(res.text, query);
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

  it("lists oai_dc as the metadata format and a set hierarchy of journals and proceedings", async () => {
    expect((await oai("verb=ListMetadataFormats")).text("metadataPrefix")).toEqual([
      "oai_dc",
      "oai_jats",
    ]);
    const id = encodeURIComponent(`oai:${HOST}:paper/${pldiPaperId}`);
    expect((await oai(`verb=ListMetadataFormats&identifier=${id}`)).text("metadataPrefix")).toEqual(
      ["oai_dc", "oai_jats"],
    );
    const sets = await oai("verb=ListSets");
    // every parent that a child's colon implies is listed too (protocol section 4.6)
    expect(sets.text("setSpec")).toEqual([
      "journal",
      "journal:ethics-review",
      "proceeding",
      "proceeding:pldi-2009",
    ]);
  });

  it("carries the oai-identifier description, and adminEmail only from CONTACT_EMAIL", async () => {
    // a hidden paper's older change is not a record's, so it does not move earliestDatestamp
    await t.ctx.db
      .updateTable("papers")
      .set({ updated_at: "2001-01-01T00:00:00.000Z" })
      .where("id", "=", seed.inactivePaperId)
      .execute();
    const r = await oai("verb=Identify");
    const stamps = (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc")).text("datestamp");
    expect(r.text("earliestDatestamp")).toEqual([stamps.sort()[0]]);
    expect(r.text("repositoryIdentifier")).toEqual([HOST]);
    expect(r.text("sampleIdentifier")).toEqual([`oai:${HOST}:paper/1`]);
    const noContact = express().use(
      oaiRouter({ ...t.ctx, config: { ...t.ctx.config, contactEmail: undefined } }),
    );
    const without = await oai("verb=Identify", noContact);
    expect(without.error).toBe("badArgument");
    expect(without.xml).toContain("CONTACT_EMAIL");
    expect(without.all("adminEmail")).toHaveLength(0);
    expect(without.all("Identify")).toHaveLength(0);
  });

  it("serves proceedings papers as records in their own set", async () => {
    const id = `oai:${HOST}:paper/${pldiPaperId}`;
    const r = await oai(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id)}`,
    );
    expect(r.error).toBeNull();
    expect(r.text("setSpec")).toEqual(["proceeding:pldi-2009"]);
    expect(r.text("dc:title")).toEqual(["Binary analysis for fun"]);
    expect(r.text("dc:creator")).toEqual(["Ada Lovelace"]);
    expect(r.text("dc:publisher")).toEqual(["ACM"]);
    // the proceeding's year (decision 255), not the conference's last day
    expect(r.text("dc:date")).toEqual(["2009"]);
    expect(r.text("dc:identifier")).toEqual([
      `https://${HOST}/proceedings/pldi-2009/${pldiPaperId}`,
      "https://doi.org/10.1145/1542476.1542480",
    ]);
    const ids = async (set: string) =>
      (await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${set}`))
        .text("identifier")
        .map((i) => Number(i.split("/").at(-1)));
    const journalPapers = [seed.paperWithPdfId, seed.paperWithoutPdfId];
    expect(await ids("proceeding")).toEqual([pldiPaperId]);
    expect(await ids("proceeding:pldi-2009")).toEqual([pldiPaperId]);
    expect(await ids("journal")).toEqual(journalPapers);
    expect(await ids("journal:ethics-review")).toEqual(journalPapers);
  });

  it("lists visible papers as Dublin Core records, never hidden ones", async () => {
    const r = await oai("verb=ListRecords&metadataPrefix=oai_dc");
    expect(r.error).toBeNull();
    expect(r.text("identifier").filter((i) => i.startsWith("oai:"))).toEqual([
      `oai:${HOST}:paper/${seed.paperWithPdfId}`,
      `oai:${HOST}:paper/${seed.paperWithoutPdfId}`,
      `oai:${HOST}:paper/${pldiPaperId}`,
    ]);
    expect(r.text("dc:title")).toEqual(["A good life", "On Duty", "Binary analysis for fun"]);
    expect(r.text("dc:creator")).toEqual([
      "Eve Marder",
      "Second Author",
      "Immanuel Kant",
      "Ada Lovelace",
    ]);
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
    ).toHaveLength(3);
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

  it("walks a list over several pages with resumption tokens", async () => {
    const all = (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc")).text("identifier");
    expect(all).toHaveLength(3);
    const small = express().use(oaiRouter(t.ctx, { pageSize: 2 }));
    for (const verb of ["ListIdentifiers", "ListRecords"]) {
      const first = await oai(`verb=${verb}&metadataPrefix=oai_dc`, small);
      expect(first.all("header")).toHaveLength(2);
      const token = first.text("resumptionToken")[0]!;
      expect(token).toBeTruthy();
      const second = await oai(`verb=${verb}&resumptionToken=${encodeURIComponent(token)}`, small);
      expect(second.error).toBeNull();
      expect(second.all("header")).toHaveLength(1);
      // the last page ends the list with an empty token (protocol section 3.5)
      expect(second.text("resumptionToken")).toEqual([""]);
      expect([...first.text("identifier"), ...second.text("identifier")]).toEqual(all);
    }
    // the token keeps the selection: the set filter holds on the next page
    const one = express().use(oaiRouter(t.ctx, { pageSize: 1 }));
    const journal = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal", one);
    const next = journal.text("resumptionToken")[0]!;
    expect(next).toBeTruthy();
    const rest = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(next)}`, one);
    expect([...journal.text("identifier"), ...rest.text("identifier")]).toEqual(all.slice(0, 2));
    expect(rest.text("resumptionToken")).toEqual([""]);
  });

  it("answers every applicable error code with a valid document and no verb element", async () => {
    const id = encodeURIComponent(`oai:${HOST}:paper/${seed.paperWithPdfId}`);
    const cases: [string, string, string][] = [
      ["verb=Harvest", "badVerb", ""],
      ["verb=constructor", "badVerb", ""],
      ["verb=__proto__", "badVerb", ""],
      ["verb=toString", "badVerb", ""],
      ["verb=Identify&verb=ListSets", "badVerb", ""],
      ["verb=GetRecord&metadataPrefix=oai_dc", "badArgument", "GetRecord"],
      ["verb=ListSets&set=journal", "badArgument", "ListSets"],
      ["verb=ListRecords&metadataPrefix=oai_dc&from=2020-13-45", "badArgument", "ListRecords"],
      [
        "verb=ListIdentifiers&metadataPrefix=oai_dc&until=2021-02-29",
        "badArgument",
        "ListIdentifiers",
      ],
      [
        "verb=ListRecords&metadataPrefix=oai_dc&from=2020-02-30T00:00:00Z",
        "badArgument",
        "ListRecords",
      ],
      [
        "verb=ListRecords&metadataPrefix=oai_dc&until=2020-01-01T24:00:00Z",
        "badArgument",
        "ListRecords",
      ],
      [
        "verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2030-01-01T00:00:00Z",
        "badArgument",
        "ListRecords",
      ],
      ["verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x", "badArgument", "ListRecords"],
      ["verb=ListRecords&resumptionToken=garbage", "badResumptionToken", "ListRecords"],
      ["verb=ListIdentifiers&resumptionToken=garbage", "badResumptionToken", "ListIdentifiers"],
      ["verb=ListSets&resumptionToken=garbage", "badResumptionToken", "ListSets"],
      [
        `verb=ListRecords&resumptionToken=${encodeURIComponent(encodeResumptionToken({ after: 0, from: "2099-01-01T00:00:00.000Z" }, t.ctx.config.sessionSecret))}`,
        "badResumptionToken",
        "ListRecords",
      ],
      [
        `verb=GetRecord&metadataPrefix=marcxml&identifier=${id}`,
        "cannotDisseminateFormat",
        "GetRecord",
      ],
      ["verb=ListRecords&metadataPrefix=marcxml", "cannotDisseminateFormat", "ListRecords"],
      ["verb=ListIdentifiers&metadataPrefix=marcxml", "cannotDisseminateFormat", "ListIdentifiers"],
      [
        "verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:paper/1",
        "idDoesNotExist",
        "GetRecord",
      ],
      [
        `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${HOST}:paper/999999`,
        "idDoesNotExist",
        "GetRecord",
      ],
      [
        `verb=ListMetadataFormats&identifier=oai:${HOST}:paper/999999`,
        "idDoesNotExist",
        "ListMetadataFormats",
      ],
      ["verb=ListRecords&metadataPrefix=oai_dc&until=2000-01-01", "noRecordsMatch", "ListRecords"],
      [
        "verb=ListIdentifiers&metadataPrefix=oai_dc&set=journal:nope",
        "noRecordsMatch",
        "ListIdentifiers",
      ],
      [
        "verb=ListRecords&metadataPrefix=oai_dc&set=proceeding:nope",
        "noRecordsMatch",
        "ListRecords",
      ],
      // noMetadataFormats cannot arise (every record has oai_dc), nor noSetHierarchy (sets exist).
    ];
    for (const [query, code, verb] of cases) {
      const r = await oai(query);
      expect(r.error, query).toBe(code);
      if (verb) expect(r.all(verb), query).toHaveLength(0);
      const attributes = r.all("request")[0]!.attributes.length;
      if (code === "badVerb" || code === "badArgument") expect(attributes, query).toBe(0);
      else expect(attributes, query).toBeGreaterThan(0);
    }
  });

  it("accepts real calendar dates, leap days included", async () => {
    expect(
      (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-02-29")).error,
    ).toBeNull();
    expect(
      (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-02-29T23:59:59Z")).error,
    ).toBeNull();
  });

  it("offers JATS front matter (oai_jats) that the JATS importer reads back", async () => {
    /**
     * The `<article>` elements of an answer, each taken out as a document of its own (as a
     * harvester stores it, namespaces in scope declared) and re-read by the JATS importer.
     */
    const articles = (xml: string) =>
      Array.from(
        new DOMParser().parseFromString(xml, "text/xml").getElementsByTagName("article"),
        (el) => parseJats(new XMLSerializer().serializeToString(el)),
      );
    const id = encodeURIComponent(`oai:${HOST}:paper/${seed.paperWithPdfId}`);
    const one = await oai(`verb=GetRecord&metadataPrefix=oai_jats&identifier=${id}`);
    expect(one.error).toBeNull();
    const [article] = articles(one.xml);
    expect(article?.title).toBe("A good life");
    expect(article?.authors.map((a) => a.name)).toEqual(["Eve Marder", "Second Author"]);
    expect(article?.doi).toBe("10.7554/eLife.00353");
    expect(article?.keywords).toEqual(["careers in science", "grad school"]);
    expect(article?.volume).toBe("3");
    expect(article?.journal.title).toBeTruthy();
    expect(one.all("dc:title")).toHaveLength(0);

    // every record in JATS, over several pages, and the format survives the resumption token
    const small = express().use(oaiRouter(t.ctx, { pageSize: 2 }));
    const first = await oai("verb=ListRecords&metadataPrefix=oai_jats", small);
    const token = first.text("resumptionToken")[0]!;
    const second = await oai(
      `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`,
      small,
    );
    const all = [...articles(first.xml), ...articles(second.xml)];
    expect(all.map((a) => a.title)).toEqual(["A good life", "On Duty", "Binary analysis for fun"]);
    expect(all[1]?.authors.map((a) => a.name)).toEqual(["Immanuel Kant"]);
    const pldi = all[2]!;
    expect(pldi.authors.map((a) => a.name)).toEqual(["Ada Lovelace"]);
    expect(pldi.doi).toBe("10.1145/1542476.1542480");
    // the paper's true date (decision 255): without its own, its proceeding's year
    expect(pldi.published).toBe("2009");
    expect(second.xml).toContain("<conf-name>PLDI '09</conf-name>");
  });

  it("serves a list page again from memory until the catalogue changes (decision 300)", async () => {
    const app = express().use(oaiRouter(t.ctx, { pageSize: 2 }));
    const query = "/oai?verb=ListRecords&metadataPrefix=oai_dc";
    const first = await request(app).get(query);
    expect(first.headers["x-cache"]).toBe("miss");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await request(app).get(query);
    expect(second.headers["x-cache"]).toBe("hit");
    expectValid(second.text, "a kept page");
    const date = (xml: string) => /<responseDate>([^<]+)<\/responseDate>/.exec(xml)?.[1];
    // the same records and token, sent with the time of this answer
    expect(second.text.replace(date(second.text)!, "")).toBe(
      first.text.replace(date(first.text)!, ""),
    );
    expect(date(second.text)).not.toBe(date(first.text));
    expect(Date.parse(date(second.text)!)).toBeGreaterThan(Date.now() - 5_000);
    // the same arguments in another order, or by POST, are the same answer
    const reordered = await request(app).get("/oai?metadataPrefix=oai_dc&verb=ListRecords");
    expect(reordered.headers["x-cache"]).toBe("hit");
    const posted = await request(app)
      .post("/oai")
      .type("form")
      .send({ verb: "ListRecords", metadataPrefix: "oai_dc" });
    expect(posted.headers["x-cache"]).toBe("hit");

    // a catalogue write: the next answer is built again and shows it
    const firstId = new DOMParser()
      .parseFromString(first.text, "text/xml")
      .getElementsByTagName("identifier")[0]?.textContent;
    const paperId = Number(firstId?.split("/").at(-1));
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("papers")
        .set({ title: "A title changed after the first harvest" })
        .where("id", "=", paperId)
        .execute();
      await bumpCatalogueVersion(trx);
    });
    const third = await request(app).get(query);
    expect(third.headers["x-cache"]).toBe("miss");
    expect(third.text).toContain("A title changed after the first harvest");
    expectValid(third.text, "the page after a catalogue write");
    expect((await request(app).get(query)).headers["x-cache"]).toBe("hit");
  });

  it("accepts POST as harvesters may send it", async () => {
    const res = await request(t.app).post("/oai").type("form").send({ verb: "Identify" });
    expect(res.text).toContain("<repositoryName>Athenaeum</repositoryName>");
  });

  // runs last: it adds a record
  it("stays well-formed and valid when a title holds characters XML forbids", async () => {
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto("papers")
      .values(
        paperRow({
          publication_id: seed.issueId,
          title: "Bad\u0001 title\u000b with \ud800 a lone surrogate",
          doi: null,
          abstract: "Form feed \u000c here",
          keywords: null,
          published_on: null,
          position: 99,
          created_at: now,
          updated_at: now,
        }),
      )
      .execute();
    // as every catalogue write does (decision 063), so no answer of before is served again
    await bumpCatalogueVersion(t.ctx.db);
    for (const prefix of ["oai_dc", "oai_jats"]) {
      const r = await oai(`verb=ListRecords&metadataPrefix=${prefix}`);
      expect(r.error).toBeNull();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting they are gone
      expect(r.xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      // the database may already hold the lone surrogate as U+FFFD, which XML allows
      expect(r.xml).toMatch(/Bad title with \ufffd? a lone surrogate/);
    }
    // an argument echoed in <request> is cleaned too
    const echoed = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:x%01.org:1`);
    expect(echoed.error).toBe("idDoesNotExist");
  });
});
