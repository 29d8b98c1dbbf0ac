import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchPapers } from "../../server/features/search/search.ts";
import {
  CorpusError,
  type ImportProgress,
  type ImportReport,
  importCorpus,
} from "../../server/import/corpus.ts";
import { organisationOf } from "../../server/import/partners.ts";
import { inferFrequency } from "../../server/import/profile.ts";
import { seedIfEmpty } from "../../server/import/seed.ts";
import {
  CORPUS_DIR,
  createTestContext,
  dialectUnderTest,
  type TestContext,
} from "../helpers/context.ts";
import { countRows } from "../helpers/rows.ts";
import { buildSmallCorpus } from "../helpers/small-corpus.ts";

/**
 * The import of the small corpus (tests/helpers/small-corpus.ts): 6 journals, 9 issues, 11
 * journal papers (2 with PDFs) and PLDI '09 with its one paper. The whole shipped corpus is
 * imported by tests/db/first-start.test.ts (what `npm start` seeds) and
 * tests/db/import-pdftotext.test.ts (every PDF read by pdftotext).
 */
describe(`corpus import (${dialectUnderTest})`, () => {
  let t: TestContext;
  let first: ImportReport;
  let dir: string;
  beforeAll(async () => {
    t = await createTestContext();
    dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-corpus-")));
    first = await importCorpus(t.ctx, dir);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The stored paper of `doi`, every column. */
  const paperOf = (doi: string) =>
    t.ctx.db.selectFrom("papers").selectAll().where("doi", "=", doi).executeTakeFirstOrThrow();
  /** The stored journal `uri`, every column. */
  const journalOf = (uri: string) =>
    t.ctx.db.selectFrom("journals").selectAll().where("uri", "=", uri).executeTakeFirstOrThrow();

  it("reports what it created and no problems", () => {
    expect(first.problems).toEqual([]);
    expect(first.journals).toEqual({ created: 6, existing: 0 });
    expect(first.publications).toEqual({ created: 9, existing: 0 });
    expect(first.proceedings).toEqual({ created: 1, existing: 0 });
    expect(first.papers.created).toBe(12); // 11 journal papers + the proceeding's
    expect(first.partners).toEqual({ created: 27, existing: 0 }); // at most 27 (decision 061)
  });

  it("creates 6 active journals with the 9 published issues and 11 papers, 2 with PDFs", async () => {
    expect(await countRows(t, "journals")).toBe(6);
    expect(await countRows(t, "publications")).toBe(9);
    const journals = await t.ctx.db.selectFrom("journals").selectAll().orderBy("uri").execute();
    expect(journals.map((j) => j.uri)).toEqual([
      "elife",
      "gastroenterology-research-and-practice",
      "metabolites",
      "plos-computational-biology",
      "plos-one",
      "sprouts",
    ]);
    expect(journals.every((j) => j.active === 1 && j.image)).toBe(true);
    const statuses = await t.ctx.db
      .selectFrom("publications")
      .select("status")
      .distinct()
      .execute();
    expect(statuses).toEqual([{ status: "published" }]);

    const journalPapers = await t.ctx.db
      .selectFrom("papers")
      .selectAll()
      .where("publication_id", "is not", null)
      .execute();
    expect(journalPapers).toHaveLength(11);
    expect(journalPapers.filter((p) => p.file)).toHaveLength(2);
    expect(journalPapers.filter((p) => p.encrypted === 1)).toHaveLength(0);
    for (const p of journalPapers.filter((x) => x.file)) {
      expect(await t.ctx.storage.stat(p.file!), p.title).not.toBeNull();
      expect(p.full_text?.length ?? 0, p.title).toBeGreaterThan(500);
    }
  });

  it("indexes the papers for search, the text of their PDFs included", async () => {
    // these words are in the body of "A good life" (its PDF), not in its title, abstract or keywords
    const result = await searchPapers(t.ctx, "Vietnam slide rules");
    expect(result.hits.map((h) => h.title)).toEqual(["A good life"]);
    expect((await searchPapers(t.ctx, "Limnonectes larvaepartus")).hits).toHaveLength(1);
  });

  it("gives eLife and Hindawi issues the URL number 1, never shown (decision 185)", async () => {
    const rows = await t.ctx.db
      .selectFrom("publications as p")
      .innerJoin("journals as j", "j.id", "p.journal_id")
      .select(["j.uri", "p.volume", "p.number", "p.year", "p.show_number"])
      .where("j.uri", "in", ["elife", "gastroenterology-research-and-practice"])
      .orderBy("j.uri")
      .orderBy("p.year")
      .execute();
    expect(rows.map((r) => `${r.uri} ${r.volume}/${r.number} ${r.year}`)).toEqual([
      "elife 1/1 2012",
      "gastroenterology-research-and-practice 2016/1 2016",
    ]);
    expect(rows.map((r) => r.show_number)).toEqual([0, 0]);
    const numbered = await t.ctx.db
      .selectFrom("publications as p")
      .innerJoin("journals as j", "j.id", "p.journal_id")
      .select("p.show_number")
      .where("j.uri", "=", "plos-one")
      .execute();
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.every((r) => r.show_number === 1)).toBe(true);
  });

  it("stores a paper's metadata: authors with joined affiliations, e-mails, DOI, keywords, pages", async () => {
    const paper = await paperOf("10.7554/eLife.00005");
    expect(paper.keywords).toBe(
      "cryo-EM, Gene silencing, labeling, chemical cross-linking, chromatin",
    );
    expect(paper.abstract).toMatch(/^Polycomb Repressive Complex 2/);
    expect(paper.abstract).not.toMatch(/DOI:/);
    expect(paper.file).toBeNull();
    const authors = await t.ctx.db
      .selectFrom("paper_authors")
      .select(["name", "email", "institution", "position"])
      .where("paper_id", "=", paper.id)
      .orderBy("position")
      .execute();
    expect(authors.at(-1)).toEqual({
      name: "Eva Nogales",
      email: "enogales@lbl.gov",
      institution:
        "Department of Molecular and Cell Biology, University of California, Berkeley, United States; Life Sciences Division, Lawrence Berkeley National Laboratory, Berkeley, United States; Howard Hughes Medical Institute, UC Berkeley, Berkeley, United States",
      position: 6,
    });
    const mdpi = await t.ctx.db
      .selectFrom("papers")
      .select(["first_page", "last_page", "published_on", "license_url"])
      .where("doi", "=", "10.3390/metabo4040932")
      .executeTakeFirstOrThrow();
    expect(mdpi).toEqual({
      first_page: "932",
      last_page: "945",
      published_on: "2014-10-17",
      // stored in Creative Commons' canonical form (decision 255)
      license_url: "https://creativecommons.org/licenses/by/4.0/",
    });
  });

  it("stores authors as people, with dates, copyright, funding and references (decision 255)", async () => {
    const mdpi = await paperOf("10.3390/metabo4040932");
    expect(mdpi).toMatchObject({
      received_on: "2014-08-01",
      accepted_on: "2014-10-10",
      copyright_holder: "the authors",
      copyright_year: 2014,
      funding_statement: null,
    });
    const people = await t.ctx.db
      .selectFrom("paper_authors")
      .select(["name", "given_names", "family_name", "orcid", "corresponding", "institution"])
      .where("paper_id", "=", mdpi.id)
      .orderBy("position")
      .execute();
    expect(people[1]).toEqual({
      name: "Laura Del Coco",
      given_names: "Laura",
      family_name: "Del Coco",
      orcid: null,
      corresponding: 0,
      institution:
        "Di.S.Te.B.A., University of Salento, Prov.le Lecce-Monteroni, 73100 Lecce, Italy",
    });
    expect(people.filter((p) => p.corresponding === 1).map((p) => p.family_name)).toEqual([
      "Fanizzi",
      "Logrieco",
    ]);
    const references = await t.ctx.db
      .selectFrom("paper_references")
      .select(["position", "ref_id", "label", "doi"])
      .where("paper_id", "=", mdpi.id)
      .orderBy("position")
      .execute();
    expect(references).toHaveLength(44);
    expect(references[0]).toEqual({
      position: 1,
      ref_id: "B1-metabolites-04-00932",
      label: "1.",
      doi: "10.1023/A:1007016820879",
    });

    const elife = await paperOf("10.7554/eLife.00005");
    const funding = await t.ctx.db
      .selectFrom("paper_funding")
      .select(["funder_name", "funder_id", "award_ids"])
      .where("paper_id", "=", elife.id)
      .orderBy("position")
      .execute();
    expect(funding).toHaveLength(7);
    expect(funding[0]).toEqual({ funder_name: "NIGMS", funder_id: null, award_ids: '["GM63072"]' });

    const plos = await paperOf("10.1371/journal.pone.0115884");
    expect(plos.funding_statement).toMatch(
      /^This research was funded by the United States National Science Foundation/,
    );
    // the issue's date is the collection date its papers give; MDPI's issue 4(4) is December 2014
    const issues = await t.ctx.db
      .selectFrom("publications as p")
      .innerJoin("journals as j", "j.id", "p.journal_id")
      .select(["j.uri", "p.volume", "p.year", "p.publication_date"])
      .where("j.uri", "in", ["metabolites", "gastroenterology-research-and-practice"])
      .execute();
    expect(issues).toEqual(
      expect.arrayContaining([
        { uri: "metabolites", volume: "4", year: 2014, publication_date: "2014-12" },
        {
          uri: "gastroenterology-research-and-practice",
          volume: "2016",
          year: 2016,
          publication_date: "2016",
        },
      ]),
    );
  });

  it("keeps the manifest's names literal where no JATS splits them", async () => {
    const tam = await t.ctx.db
      .selectFrom("paper_authors as a")
      .innerJoin("papers as p", "p.id", "a.paper_id")
      .select(["a.name", "a.given_names", "a.family_name"])
      .where("p.title", "like", "Overview of the Technology Acceptance Model%")
      .execute();
    expect(tam).toEqual([{ name: "Mohammad Chuttur", given_names: null, family_name: null }]);
  });

  it("builds each issue's editorial board from its papers, without duplicates", async () => {
    const editors = await t.ctx.db
      .selectFrom("editors as e")
      .innerJoin("publications as p", "p.id", "e.publication_id")
      .innerJoin("journals as j", "j.id", "p.journal_id")
      .select(["e.name", "e.role", "e.institution"])
      .where("j.uri", "=", "gastroenterology-research-and-practice")
      .orderBy("e.position")
      .execute();
    expect(editors.map((e) => e.name)).toEqual(["Lorenzo Mannelli", "Piero Chirletti"]);
    expect(new Set(editors.map((e) => e.role))).toEqual(new Set(["Academic Editor"]));
  });

  it("imports PLDI '09 with its event and the TraceMonkey paper (no PDF) attached to it", async () => {
    const row = await t.ctx.db
      .selectFrom("proceedings as p")
      .innerJoin("proceeding_events as e", "e.id", "p.event_id")
      .select([
        "p.id",
        "p.slug",
        "p.isbn",
        "p.publisher",
        "e.name",
        "e.start_date",
        "e.end_date",
        "e.location",
      ])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      slug: "pldi-2009",
      isbn: "978-1-60558-392-1",
      publisher: "ACM",
      name: "PLDI '09",
      start_date: "2009-06-15",
      end_date: "2009-06-20",
      location: "Dublin, Ireland",
    });
    const papers = await t.ctx.db
      .selectFrom("papers")
      .selectAll()
      .where("proceeding_id", "=", row.id)
      .execute();
    // shipped without its PDF (© ACM, decision 225): no file, no page count
    expect(papers.map((p) => [p.doi, p.first_page, p.last_page, p.file, p.page_count])).toEqual([
      ["10.1145/1542476.1542528", "465", "478", null, null],
    ]);
    const authors = await t.ctx.db
      .selectFrom("paper_authors")
      .select(["name", "institution"])
      .where("paper_id", "=", papers[0]!.id)
      .orderBy("position")
      .execute();
    expect(authors).toHaveLength(16);
    expect(authors[0]).toEqual({
      name: "Andreas Gal",
      institution: "Mozilla Corporation; University of California, Irvine",
    });
  });

  it("seeds 27 partners from the affiliations, most frequent first, each with a logo", async () => {
    const partners = await t.ctx.db
      .selectFrom("partners")
      .selectAll()
      .orderBy("position")
      .execute();
    expect(partners.map((p) => p.position)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(partners[0]!.name).toBe("Mozilla Corporation"); // 10 TraceMonkey authors
    expect(partners.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "Institut Teknologi Bandung",
        "Tel Aviv University",
        "ETH Zurich",
        "University of California, Berkeley",
      ]),
    );
    expect(partners.some((p) => /^(Department|Division|School of)/.test(p.name))).toBe(false);
    expect(partners.every((p) => p.logo && p.link === null)).toBe(true);
  });

  it("composes journal texts from facts and leaves contacts empty", async () => {
    const plos = await journalOf("plos-computational-biology");
    expect(plos.intro).toBe(
      "PLOS Computational Biology is published by Public Library of Science (ISSN 1553-734X (print), 1553-7358 (online)). This collection holds articles from 2015, imported with their authors, affiliations and abstracts from the publisher's metadata. The articles are open access under CC BY 4.0.",
    );
    expect([plos.issn, plos.eissn, plos.frequency, plos.subject]).toEqual([
      "1553-734X",
      "1553-7358",
      "monthly",
      "science-technology",
    ]);
    expect([plos.email, plos.contact_name, plos.contact_email, plos.cost]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const sprouts = await journalOf("sprouts");
    expect([sprouts.publisher, sprouts.frequency, sprouts.subject]).toEqual([
      null,
      "randomly",
      "more",
    ]);
    expect(sprouts.other_guide).toMatch(
      /CC BY-NC-ND 3\.0: you may share them unchanged for non-commercial purposes/,
    );
  });

  it("creates nothing when run a second time", async () => {
    const tables = [
      "journals",
      "publications",
      "papers",
      "proceedings",
      "partners",
      "proceeding_events",
    ] as const;
    const counts = () => Promise.all(tables.map((table) => countRows(t, table)));
    const before = await counts();
    const second = await importCorpus(t.ctx, dir);
    expect(second.problems).toEqual([]);
    expect([
      second.journals.created,
      second.publications.created,
      second.papers.created,
      second.proceedings.created,
      second.partners.created,
    ]).toEqual([0, 0, 0, 0, 0]);
    expect(second.papers.existing).toBe(12);
    expect(await counts()).toEqual(before);
  }, 120_000);
});

describe(`corpus import with bad files (${dialectUnderTest})`, () => {
  let t: TestContext;
  let dir: string;
  beforeAll(async () => {
    t = await createTestContext();
    // four journals, five papers: a good one with a PDF, a good one without, and three bad
    dir = await buildSmallCorpus(await mkdtemp(path.join(tmpdir(), "athenaeum-corpus-")), [
      "10.1371/journal.pone.0115884",
      "10.1371/journal.pone.0111971",
      "10.7554/eLife.00353",
      "10.1155/2016/6263095",
      "Overview of the Technology Acceptance Model: Origins, Developments and Future Directions",
    ]);
    await writeFile(
      path.join(dir, "jats/journal.pone.0111971.xml"),
      "<article><front><article-meta><title-group>broken",
    );
    await writeFile(
      path.join(dir, "pdfs/hindawi-grp-2016-6263095.pdf"),
      Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(512)]),
    );
    // the Sprouts paper names its PDF, which is not in the folder
    const manifestFile = path.join(dir, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    const sprouts = manifest.journals.find((j: { slug: string }) => j.slug === "sprouts");
    sprouts.issues[0].papers[0].pdf = "pdfs/TAMReview.pdf";
    await writeFile(manifestFile, JSON.stringify(manifest));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reports each bad file by name, skips its paper and imports the rest", async () => {
    const progress: ImportProgress[] = [];
    const report = await importCorpus(t.ctx, dir, {
      partners: false,
      onProgress: (p) => progress.push(p),
    });
    // every paper is counted once, the skipped ones included, from 0 of 5 to 5 of 5
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 6 }, (_, i) => i));
    expect(new Set(progress.map((p) => p.total))).toEqual(new Set([5]));
    expect(report.problems.map((p) => p.file).sort()).toEqual([
      "jats/journal.pone.0111971.xml",
      "pdfs/TAMReview.pdf",
      "pdfs/hindawi-grp-2016-6263095.pdf",
    ]);
    const byFile = Object.fromEntries(report.problems.map((p) => [p.file, p.message]));
    expect(byFile["jats/journal.pone.0111971.xml"]).toMatch(
      /^Not a usable JATS file: The JATS file is not well-formed XML.*The paper was skipped\.$/,
    );
    expect(byFile["pdfs/hindawi-grp-2016-6263095.pdf"]).toBe(
      "The paper file is not a PDF. Upload the paper as a PDF file. The paper was skipped.",
    );
    expect(byFile["pdfs/TAMReview.pdf"]).toBe(
      "The file is missing or not readable. The paper was skipped.",
    );
    expect(report.papers.created).toBe(2);
    expect(report.journals.created).toBe(4);
    // the issues are created before their papers: PLOS ONE 10(1) too, whose one paper is skipped
    expect(report.publications.created).toBe(5);
    // the refused PDF left nothing behind: the one good PDF of the three named is the only file
    const files = await t.ctx.db
      .selectFrom("papers")
      .select("file")
      .where("file", "is not", null)
      .execute();
    expect(files).toHaveLength(1);
    const { readdir } = await import("node:fs/promises");
    expect((await readdir(path.join(t.ctx.config.filesDir, "papers"))).length).toBe(1);
  }, 120_000);

  it("adds a fixed paper on the next run and nothing else", async () => {
    await cp(
      path.join(CORPUS_DIR, "pdfs/hindawi-grp-2016-6263095.pdf"),
      path.join(dir, "pdfs/hindawi-grp-2016-6263095.pdf"),
    );
    const report = await importCorpus(t.ctx, dir, { partners: false });
    expect(report.papers.created).toBe(1);
    expect(report.problems.map((p) => p.file).sort()).toEqual([
      "jats/journal.pone.0111971.xml",
      "pdfs/TAMReview.pdf",
    ]);
  }, 120_000);

  it("stops with CorpusError on a folder without a usable manifest", async () => {
    await expect(importCorpus(t.ctx, path.join(dir, "nope"))).rejects.toThrow(CorpusError);
    await expect(importCorpus(t.ctx, path.join(dir, "jats"))).rejects.toThrow(
      /has no readable manifest\.json/,
    );
    const bad = await mkdtemp(path.join(tmpdir(), "athenaeum-manifest-"));
    await writeFile(
      path.join(bad, "manifest.json"),
      JSON.stringify({ journals: [{ name: "X", issues: [{ volume: 1 }] }] }),
    );
    await expect(importCorpus(t.ctx, bad)).rejects.toThrow(
      /manifest\.json is not a corpus manifest: journals\.0\.issues\.0\.year/,
    );
    await writeFile(path.join(bad, "manifest.json"), "{ not json");
    await expect(importCorpus(t.ctx, bad)).rejects.toThrow(/not valid JSON/);
    await rm(bad, { recursive: true, force: true });
  });
});

describe(`manifest without JATS (${dialectUnderTest})`, () => {
  let t: TestContext;
  let dir: string;
  beforeAll(async () => {
    t = await createTestContext();
    dir = await mkdtemp(path.join(tmpdir(), "athenaeum-fixture-"));
    await mkdir(path.join(dir, "pdfs"));
    await writeFile(
      path.join(dir, "pdfs/locked.pdf"),
      await readFile(path.join(CORPUS_DIR, "pdfs/issue3371.pdf")),
    );
    await writeFile(
      path.join(dir, "manifest.json"),
      JSON.stringify({
        journals: [
          {
            name: "Viewer Fixtures",
            slug: "viewer-fixtures",
            issues: [
              {
                volume: "1",
                number: "1",
                year: 2024,
                papers: [
                  {
                    title: "Locked",
                    authors: [{ name: "A. Tester" }],
                    jats: null,
                    pdf: "pdfs/locked.pdf",
                  },
                  { title: "No text", jats: null, pdf: null },
                ],
              },
            ],
          },
        ],
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("imports papers from the manifest's own fields, an encrypted PDF included", async () => {
    const report = await importCorpus(t.ctx, dir);
    expect(report.problems).toEqual([]);
    expect(report.papers).toEqual({ created: 2, existing: 0, withPdf: 1 });
    const locked = await t.ctx.db
      .selectFrom("papers")
      .selectAll()
      .where("title", "=", "Locked")
      .executeTakeFirstOrThrow();
    expect([locked.encrypted, locked.full_text, locked.page_count, locked.doi]).toEqual([
      1,
      null,
      null,
      null,
    ]);
    expect(await t.ctx.storage.stat(locked.file!)).not.toBeNull();
    // a second run matches the DOI-less papers by issue and title
    expect((await importCorpus(t.ctx, dir)).papers).toEqual({
      created: 0,
      existing: 2,
      withPdf: 0,
    });
  });

  it("is what the first start imports into an empty catalogue, and only then", async () => {
    const fresh = await createTestContext({ SEED: "corpus", CORPUS_DIR: dir });
    try {
      expect(fresh.ctx.config.corpusDir).toBe(dir);
      await seedIfEmpty(fresh.ctx);
      expect(await countRows(fresh, "papers")).toBe(2);
      await fresh.ctx.db.deleteFrom("paper_authors").execute();
      await fresh.ctx.db.deleteFrom("papers").execute();
      await seedIfEmpty(fresh.ctx); // journals exist: nothing is imported again
      expect(await countRows(fresh, "papers")).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe("import rules", () => {
  it("names the organisation of an affiliation, not its department", () => {
    expect(
      organisationOf({
        text: "Department of Physics, Clark University, Worcester, Massachusetts, United States of America",
      }),
    ).toBe("Clark University");
    expect(
      organisationOf({
        text: "Department of Internal Medicine, Jeju National University School of Medicine, Jeju, Republic of Korea",
      }),
    ).toBe("Jeju National University");
    expect(
      organisationOf({
        text: "Museum of Vertebrate Zoology and Department of Integrative Biology, University of California, Berkeley, California, United States of America",
      }),
    ).toBe("University of California, Berkeley");
    expect(
      organisationOf({
        text: "Department of Biology, Institute of Molecular Systems Biology, ETH Zurich, Zurich, Switzerland",
        organisations: ["ETH Zurich"],
      }),
    ).toBe("ETH Zurich");
    expect(
      organisationOf({
        text: "Department of Computer Science, UCL, Gower Street, London, WC1E 6BT, UK",
      }),
    ).toBe("University College London");
  });

  it("infers the publishing frequency from the issue numbers", () => {
    expect(inferFrequency(["12", "1", "3"])).toBe("monthly");
    expect(inferFrequency(["4"])).toBe("quartely");
    expect(inferFrequency([undefined])).toBe("randomly");
    expect(inferFrequency(["37"])).toBe("randomly");
  });
});
