/**
 * Citation files that reference managers read (issue 16; decision 270), on SQLite and
 * PostgreSQL: every paper of the shipped corpus (corpus/manifest.json) is imported, and its
 * `cite.bib`, `cite.ris` and `cite.json` are read with independent parsers
 * (tests/helpers/parsers.ts): each holds one record whose title, DOI, year, pages, journal or
 * proceedings and authors' family names are the corpus's. The family names are the JATS
 * `<surname>`s ("Di Matteo", "Del Coco", "Sanaei Dashti" with their particles) and, for a paper
 * without JATS, the manifest's names, which stay literal (decision 255). BibTeX's `month` is the
 * month alone; RIS lines are never wrapped and its keywords carry no leading space.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../server/db/database.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import {
  corpusPapers,
  importPapers,
  jatsSurnames,
  type ListedPaper,
  words,
} from "../helpers/corpus-papers.ts";
import { parseBibtex, parseCslJson, parseRis } from "../helpers/parsers.ts";

/** One corpus paper as the citation files must give it. */
type Expected = {
  title: string;
  doi: string;
  year: number;
  first: string;
  last: string;
  venue: string;
  conference: boolean;
  /** Family names in order; a literal name is its own family. */
  families: string[];
  /** The names are literal (a paper without JATS: the manifest's names, never split). */
  literal: boolean;
};

/** Authors as people came with decision 255 (migration 013): only then are names split right. */
const PEOPLE = "013-scholarly-model" in migrations;

/** What the citation files of a listed paper must say. */
async function expectation({ paper, venue, year, conference }: ListedPaper): Promise<Expected> {
  const [first = "", last = ""] = paper.pages
    ? paper.pages.split(/\s*[-–]\s*/)
    : [paper.elocation_id ?? ""];
  return {
    title: words(paper.title),
    doi: paper.doi ?? "",
    year: paper.published ? Number(paper.published.slice(0, 4)) : year,
    first,
    last,
    venue,
    conference,
    // without JATS, the manifest's names, literal
    families: paper.jats ? await jatsSurnames(paper) : paper.authors.map((a) => a.name),
    literal: !paper.jats,
  };
}

let t: TestContext;
let remove = async () => {};
let papers: { expected: Expected; page: string }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const listed = await corpusPapers();
  const expected = await Promise.all(listed.map(expectation));
  // every paper, two of them with their PDF (the files carry no PDF text)
  const corpus = await importPapers(
    t.ctx,
    listed.map((l) => l.paper),
    "athenaeum-citations-",
  );
  remove = corpus.remove;
  papers = expected.map((e, i) => ({ expected: e, page: corpus.imported[i]!.page }));
}, 180_000);
afterAll(async () => {
  await t.close();
  await remove();
});

const get = async (url: string) => {
  const res = await request(t.app).get(url).buffer(true);
  expect(res.status, url).toBe(200);
  return res.text;
};

describe(`the corpus's citation files on ${dialectUnderTest}`, () => {
  it("has every paper of the manifest", () => {
    expect(papers.length).toBe(26);
  });

  it("BibTeX: each paper's title, DOI, year, month alone, pages, venue and family names", async () => {
    for (const { expected: e, page } of papers) {
      const text = await get(`${page}/cite.bib`);
      const { entries, errors } = parseBibtex(text);
      expect(errors, page).toEqual([]);
      expect(entries, page).toHaveLength(1);
      const f = entries[0]!.fields;
      expect(entries[0]!.type).toBe(e.conference ? "inproceedings" : "article");
      expect(words(f.title ?? ""), page).toBe(e.title);
      expect(f.doi ?? "", page).toBe(e.doi);
      expect(Number(f.year), page).toBe(e.year);
      // `month = oct`, the month alone (never `{oct 15}`)
      expect(text).not.toMatch(/month = \{/);
      if (f.month) expect(f.month, page).toMatch(/^(1[0-2]|[1-9])$/);
      expect(f.pages ?? "", page).toBe([e.first, e.last].filter(Boolean).join("–"));
      expect(e.conference ? f.booktitle : f.journal, page).toBe(e.venue);
      if (PEOPLE) {
        expect(
          f.author?.map((a) => a.lastName ?? a.name),
          page,
        ).toEqual(e.families);
      }
    }
  });

  it("RIS: one record, lines never wrapped, keywords without a leading space, CPAPER with PY, SP and EP", async () => {
    for (const { expected: e, page } of papers) {
      const text = await get(`${page}/cite.ris`);
      const lines = text.split("\r\n").slice(0, -1);
      // every line is a tag: a value that went on on the next line would not be
      expect(
        lines.every((l) => /^[A-Z][A-Z0-9] {2}- /.test(l)),
        page,
      ).toBe(true);
      expect(
        lines.filter((l) => /^KW {2}- \s/.test(l)),
        page,
      ).toEqual([]);
      const tag = (name: string) =>
        lines.filter((l) => l.startsWith(`${name}  - `)).map((l) => l.slice(6));
      expect(tag("TY"), page).toEqual([e.conference ? "CPAPER" : "JOUR"]);
      expect(tag("PY"), page).toEqual([String(e.year)]);
      expect(tag("SP"), page).toEqual(e.first ? [e.first] : []);
      expect(tag("EP"), page).toEqual(e.last ? [e.last] : []);
      // the proceedings' title is C3 for CPAPER (RIS 2011), the journal T2 for JOUR
      expect(tag(e.conference ? "C3" : "T2"), page).toEqual([e.venue]);
      const records = parseRis(text);
      expect(records, page).toHaveLength(1);
      const r = records[0]!;
      expect(words(String(r.title)), page).toBe(e.title);
      expect(r.DOI ?? "", page).toBe(e.doi);
      if (PEOPLE) {
        // RIS has no mark for a literal name but the missing comma, which astrocite reads as
        // "given family"; the whole name must come back
        expect(
          r.author?.map((a) =>
            e.literal ? [a.given, a.family].filter(Boolean).join(" ") : (a.family ?? a.literal),
          ),
          page,
        ).toEqual(e.families);
        if (!e.literal)
          expect(
            lines.filter((l) => l.startsWith("AU  - ")).every((l) => l.includes(", ")),
            page,
          ).toBe(true);
      }
    }
  });

  it("CSL-JSON: valid against the CSL schema, with each paper's facts", async () => {
    for (const { expected: e, page } of papers) {
      const { items, errors } = parseCslJson(await get(`${page}/cite.json`));
      expect(errors, page).toBeNull();
      expect(items, page).toHaveLength(1);
      const item = items[0] as {
        type: string;
        title: string;
        DOI?: string;
        issued: { "date-parts": number[][] };
        page?: string;
        "container-title": string;
        author: { family?: string; literal?: string }[];
      };
      expect(item.type).toBe(e.conference ? "paper-conference" : "article-journal");
      expect(words(item.title), page).toBe(e.title);
      expect(item.DOI ?? "", page).toBe(e.doi);
      expect(item.issued["date-parts"][0]![0], page).toBe(e.year);
      expect(item.page ?? "", page).toBe([e.first, e.last].filter(Boolean).join("-"));
      expect(item["container-title"], page).toBe(e.venue);
      if (PEOPLE) {
        expect(
          item.author.map((a) => a.family ?? a.literal),
          page,
        ).toEqual(e.families);
      }
    }
  });
});
