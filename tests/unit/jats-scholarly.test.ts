/**
 * The scholarly metadata the JATS reader takes from the corpus files (issue 16; decisions 255,
 * 259): authors as people (particles kept in the family name, literal names never split),
 * ORCID iDs, corresponding authors, history dates, copyright, funders with their Crossref Funder
 * IDs and awards, funding statements, and every reference with its DOI and PubMed id. Values
 * are the files' own, checked by hand against them.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type JatsArticle, parseJats } from "../../server/import/jats.ts";
import { CORPUS_DIR } from "../helpers/corpus.ts";

const cache = new Map<string, JatsArticle>();
async function corpus(name: string): Promise<JatsArticle> {
  const known = cache.get(name);
  if (known) return known;
  const article = parseJats(await readFile(path.join(CORPUS_DIR, "jats", name), "utf8"));
  cache.set(name, article);
  return article;
}

/** References per corpus file: every `ref` of each file's `ref-list` (922 in all). */
const REFERENCE_COUNTS: Record<string, number> = {
  "elife-00353-v1.xml": 0,
  "elife00005.xml": 46,
  "elife00007.xml": 62,
  "elife04490.xml": 89,
  "elife06003.xml": 32,
  "elife_poa_e13833.xml": 0,
  "hindawi-grp-2016-2045697.xml": 35,
  "hindawi-grp-2016-2657876.xml": 21,
  "hindawi-grp-2016-6263095.xml": 31,
  "hindawi-grp-2016-6802810.xml": 38,
  "hindawi-grp-2016-8419304.xml": 18,
  "journal.pcbi.1004079.xml": 30,
  "journal.pcbi.1004089.xml": 52,
  "journal.pcbi.1004113.xml": 53,
  "journal.pcbi.1004141.xml": 59,
  "journal.pcbi.1004152.xml": 63,
  "journal.pcbi.1004453.xml": 36,
  "journal.pone.0111971.xml": 33,
  "journal.pone.0114370.xml": 59,
  "journal.pone.0115884.xml": 25,
  "journal.pone.0116201.xml": 47,
  "journal.pone.0116752.xml": 21,
  "journal.pone.0118238.xml": 28,
  "metabolites-04-00932.xml": 44,
};

describe("JATS people", () => {
  it("keeps particles in the family name and splits nothing itself", async () => {
    const plos = await corpus("journal.pone.0116201.xml");
    expect(plos.authors.at(-1)).toMatchObject({
      name: "T. Di Matteo",
      givenNames: "T.",
      surname: "Di Matteo",
      literal: false,
    });
    const mdpi = await corpus("metabolites-04-00932.xml");
    expect(mdpi.authors.map((a) => [a.givenNames, a.surname])).toContainEqual([
      "Laura",
      "Del Coco",
    ]);
    expect(mdpi.authors.map((a) => [a.givenNames, a.surname])).toContainEqual([
      "Pietro A.",
      "Siciliano",
    ]);
    const hindawi = await corpus("hindawi-grp-2016-2045697.xml");
    expect(hindawi.authors[0]).toMatchObject({ givenNames: "Anahita", surname: "Sanaei Dashti" });
  });

  it("reads ORCID iDs as https URIs, and corresponding authors", async () => {
    const elife = await corpus("elife04490.xml");
    expect(elife.authors.map((a) => [a.name, a.orcid, a.corresponding])).toEqual([
      ["Meredith C Schuman", "https://orcid.org/0000-0003-3159-3534", true],
      ["Silke Allmann", null, false],
      ["Ian T Baldwin", "https://orcid.org/0000-0001-5371-2974", false],
    ]);
    const poa = await corpus("elife_poa_e13833.xml");
    expect(poa.authors.map((a) => a.orcid)).toEqual([
      null,
      "https://orcid.org/0000-0003-0745-8279",
    ]);
    // MDPI marks its corresponding authors by an xref to the corresp note only
    const mdpi = await corpus("metabolites-04-00932.xml");
    expect(mdpi.authors.filter((a) => a.corresponding).map((a) => a.surname)).toEqual([
      "Fanizzi",
      "Logrieco",
    ]);
  });
});

describe("JATS dates, permissions and funding", () => {
  it("reads received and accepted dates, and the issue's date", async () => {
    const elife = await corpus("elife04490.xml");
    expect([elife.received, elife.accepted, elife.published]).toEqual([
      "2014-08-24",
      "2015-03-11",
      "2015-04-15",
    ]);
    const mdpi = await corpus("metabolites-04-00932.xml");
    expect([mdpi.received, mdpi.accepted, mdpi.issueDate]).toEqual([
      "2014-08-01",
      "2014-10-10",
      "2014-12",
    ]);
    const hindawi = await corpus("hindawi-grp-2016-2045697.xml");
    expect([hindawi.received, hindawi.accepted]).toEqual(["2015-08-08", "2015-10-26"]);
  });

  it("reads the copyright holder and year, from the statement when there is no holder element", async () => {
    expect(await corpus("elife04490.xml")).toMatchObject({
      copyrightHolder: "Schuman et al",
      copyrightYear: 2015,
    });
    expect(await corpus("hindawi-grp-2016-2045697.xml")).toMatchObject({
      copyrightHolder: "Anahita Sanaei Dashti et al.",
      copyrightYear: 2016,
      // "Creative Commons Attribution License" without a version or link: no URL is guessed
      licenseUrl: null,
    });
    expect(await corpus("metabolites-04-00932.xml")).toMatchObject({
      copyrightHolder: "the authors",
      copyrightYear: 2014,
      licenseUrl: "http://creativecommons.org/licenses/by/4.0/",
    });
  });

  it("reads funders with their Crossref Funder IDs and awards, one funder per name", async () => {
    const elife = await corpus("elife04490.xml");
    expect(elife.funders).toEqual([
      {
        name: "Max-Planck-Gesellschaft",
        id: "https://doi.org/10.13039/501100004189",
        awardIds: [],
      },
      {
        name: "European Research Council (ERC)",
        id: "https://doi.org/10.13039/501100000781",
        awardIds: ["Advanced Grant to ITB 293926"],
      },
      {
        name: "Nederlandse Organisatie voor Wetenschappelijk Onderzoek",
        id: "https://doi.org/10.13039/501100003246",
        awardIds: ["NWO-ALW 821.02.027"],
      },
      { name: "European Union", id: null, awardIds: ["FP7-PEOPLE-2011-IEF-302388"] },
    ]);
    // two award groups of the ARC are one funder with both awards
    const lens = await corpus("elife06003.xml");
    expect(lens.funders[0]).toEqual({
      name: "Australian Research Council (ARC)",
      id: "https://doi.org/10.13039/501100000923",
      awardIds: [
        "Centre of Excellence for Free Radical Chemistry and Biotechnology CE0561607",
        "FT110100249",
      ],
    });
    expect((await corpus("elife00005.xml")).funders[0]).toEqual({
      name: "NIGMS",
      id: null,
      awardIds: ["GM63072"],
    });
  });

  it("keeps PLOS's funding statement, whose funders are prose, without inventing funders", async () => {
    const plos = await corpus("journal.pone.0116201.xml");
    expect(plos.funders).toEqual([]);
    expect(plos.fundingStatement).toMatch(
      /^Partial funding from: COST Action TD1210; ESRC ES\/K002309\/1\./,
    );
  });

  it("finds funding in the 16 corpus papers that have a funding-group, and only there", async () => {
    const funded: string[] = [];
    for (const name of Object.keys(REFERENCE_COUNTS)) {
      const article = await corpus(name);
      if (article.funders.length > 0 || article.fundingStatement) funded.push(name);
    }
    expect(funded).toHaveLength(16);
    expect(funded.filter((f) => f.startsWith("elife"))).toEqual([
      "elife00005.xml",
      "elife00007.xml",
      "elife04490.xml",
      "elife06003.xml",
    ]);
  });
});

describe("JATS references", () => {
  it("reads every reference of every corpus file (922 in all)", async () => {
    let total = 0;
    for (const [name, count] of Object.entries(REFERENCE_COUNTS)) {
      const refs = (await corpus(name)).references;
      expect(refs, name).toHaveLength(count);
      for (const ref of refs)
        expect(ref.citation.length, `${name} ${ref.refId}`).toBeGreaterThan(10);
      total += refs.length;
    }
    expect(total).toBe(922);
  });

  it("keeps a mixed citation as printed, with its DOI and PubMed id", async () => {
    const plos = await corpus("journal.pone.0111971.xml");
    expect(plos.references[0]).toEqual({
      refId: "pone.0111971.ref001",
      label: "1",
      citation:
        "Gitai Z (2009) New fluorescence microscopy methods for microbiology: sharper, faster, and quantitative. Curr Opin Microbiol 12: 341–346. doi: 10.1016/j.mib.2009.03.001",
      doi: "10.1016/j.mib.2009.03.001",
      pmid: "19356974",
      url: null,
    });
  });

  it("composes an element citation from its parts, a book with its editors and publisher", async () => {
    const elife = await corpus("elife04490.xml");
    expect(elife.references[0]).toMatchObject({
      refId: "bib1",
      citation:
        "Akaike H (1973) Information theory and an extension of the maximum likelihood principle. In: Kotz S, Johnson NL, editors. Breakthroughs in statistics volume 1. foundations and basic theory. New York, NY, USA: Springer-Verlag. pp. 610–624.",
      doi: null,
    });
    const hindawi = await corpus("hindawi-grp-2016-6263095.xml");
    expect(hindawi.references[0]).toEqual({
      refId: "B1",
      label: "1",
      citation:
        "Banks P. A., Bollen T. L., Dervenis C., et al. (2013) Classification of acute pancreatitis—2012: revision of the Atlanta classification and definitions by international consensus. Gut 62(1): 102–111.",
      doi: "10.1136/gutjnl-2012-302779",
      pmid: "23100216",
      url: null,
    });
  });

  it("takes a DOI link's printed DOI over its (mistaken) link target", async () => {
    // eLife 00007's bib3 links to science.1191634 (bib2's DOI) and prints its own
    const elife = await corpus("elife00007.xml");
    const ref = elife.references.find((r) => r.refId === "bib3");
    expect(ref?.doi).toBe("10.1111/j.1365-3040.2010.02203.x");
  });
});

describe("JATS markup the corpus lacks", () => {
  const article = parseJats(`<?xml version="1.0"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ali="http://www.niso.org/schemas/ali/1.0/">
<front><article-meta>
<title-group><article-title>Made up</article-title></title-group>
<contrib-group>
  <contrib contrib-type="author"><name><surname>Smith</surname><given-names>John</given-names><prefix>Dr</prefix><suffix>Jr.</suffix></name>
    <contrib-id contrib-id-type="orcid">https://orcid.org/0000-0002-1825-0098</contrib-id>
    <xref ref-type="aff" rid="a1"/></contrib>
  <contrib contrib-type="author"><collab>The Open Science Consortium</collab></contrib>
  <contrib contrib-type="author"><string-name>Pietro A. Siciliano</string-name></contrib>
  <contrib contrib-type="author"><string-name><given-names>Laura</given-names> <surname>Del Coco</surname></string-name></contrib>
  <aff id="a1"><institution-wrap><institution-id institution-id-type="ror">https://ror.org/052gg0110</institution-id><institution>University of Oxford</institution></institution-wrap>, Oxford, UK</aff>
</contrib-group>
<permissions><copyright-year>2020</copyright-year><copyright-holder>The authors</copyright-holder>
  <ali:free_to_read/>
  <license><ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref><license-p>CC BY</license-p></license>
</permissions>
<funding-group><award-group><funding-source><institution-wrap><institution-id institution-id-type="ror">https://ror.org/01cwqze88</institution-id><institution>National Institutes of Health</institution></institution-wrap></funding-source><award-id>R01 GM082938</award-id></award-group></funding-group>
</article-meta></front></article>`);

  it("keeps a suffix, drops an honorific prefix and a wrong ORCID check digit", () => {
    expect(article.authors[0]).toMatchObject({
      name: "John Smith Jr.",
      givenNames: "John",
      surname: "Smith",
      suffix: "Jr.",
      orcid: null,
      affiliations: [
        { text: "University of Oxford, Oxford, UK", ror: "https://ror.org/052gg0110" },
      ],
    });
  });

  it("keeps a collab and an unmarked string-name as literal names, and reads a marked-up one", () => {
    expect(article.authors.slice(1).map((a) => [a.name, a.literal, a.surname])).toEqual([
      ["The Open Science Consortium", true, ""],
      ["Pietro A. Siciliano", true, ""],
      ["Laura Del Coco", false, "Del Coco"],
    ]);
  });

  it("reads the ALI licence reference and a ROR funder id", () => {
    expect(article.licenseUrl).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect([article.copyrightHolder, article.copyrightYear]).toEqual(["The authors", 2020]);
    expect(article.funders).toEqual([
      {
        name: "National Institutes of Health",
        id: "https://ror.org/01cwqze88",
        awardIds: ["R01 GM082938"],
      },
    ]);
  });
});
