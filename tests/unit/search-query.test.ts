import { describe, expect, it } from "vitest";
import {
  MAX_WORDS,
  type ParsedQuery,
  parseDoi,
  parseQuery,
  toFts5,
  toWebsearch,
} from "../../server/features/search/search-query.ts";

type Terms = Extract<ParsedQuery, { kind: "terms" }>;
const terms = (text: string): Terms => {
  const q = parseQuery(text);
  if (q.kind !== "terms") throw new Error(`${text} parsed as a DOI`);
  return q;
};
const fts5 = (text: string) => toFts5(terms(text));
const web = (text: string) => toWebsearch(terms(text));

describe("search query parser", () => {
  it("requires every word, and matches a truncated word of four letters or more as a prefix", () => {
    expect(fts5("frog tadpole")).toBe('"frog" AND "tadpole"');
    expect(web("frog tadpole")).toEqual({ websearch: "frog tadpole", prefix: null });
    expect(fts5("frog tadp*")).toBe('"frog" AND "tadp"*');
    expect(web("frog tadp*")).toEqual({ websearch: "frog", prefix: "tadp" });
    // Too short, a second one, inside OR, excluded: whole words.
    expect(fts5("fro* tad*")).toBe('"fro" AND "tad"');
    expect(fts5("frog* tadp*")).toBe('"frog"* AND "tadp"');
    expect(fts5("frog* OR toad")).toBe('("frog" OR "toad")');
    expect(fts5("pond -frog*")).toBe('("pond") NOT ("frog")');
  });

  it("reads quoted phrases, OR and -word", () => {
    expect(fts5('"theory of mind" brain')).toBe('"theory of mind" AND "brain"');
    expect(fts5("frog OR toad pond")).toBe('("frog" OR "toad") AND "pond"');
    expect(fts5("frog -toad")).toBe('("frog") NOT ("toad")');
    expect(fts5('frog -"green toad"')).toBe('("frog") NOT ("green toad")');
    expect(web('"theory of mind" frog OR toad -brain')).toEqual({
      websearch: '"theory of mind" frog or toad -brain',
      prefix: null,
    });
  });

  it("treats lower-case or, a stray OR and a lone dash as nothing", () => {
    expect(fts5("frog or toad")).toBe('"frog" AND "toad"');
    expect(fts5("OR frog OR")).toBe('"frog"');
    expect(fts5("frog - toad")).toBe('"frog" AND "toad"');
  });

  it("keeps only letters and digits: nothing else reaches the database", () => {
    for (const text of [
      '") OR 1=1 --',
      "title:duty",
      "NEAR(a b)",
      "*",
      "'",
      'a"b"c',
      "x^y {z}",
      "\u0000\u0002",
    ]) {
      const q = terms(text);
      for (const word of [...q.groups.flat(), ...q.excluded].flatMap((t) => t.words)) {
        expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
      }
    }
    expect(fts5("title:duty")).toBe('"title duty"');
    expect(fts5('") OR 1=1 --')).toBe('"1 1"');
  });

  it("reads a hyphenated word as adjacent words, spelt whole for PostgreSQL", () => {
    expect(fts5("covid-19 cases")).toBe('"covid 19" AND "cases"');
    expect(web("covid-19 cases")).toEqual({ websearch: "covid-19 cases", prefix: null });
  });

  it("drops stop words and repeats, so the pathological query has one word or none", () => {
    const q = terms("the the the the the the the the the the the the");
    expect(q.groups).toEqual([]);
    expect(q.ignored).toEqual(["the"]);
    expect(fts5("the the the the the the the the the the the the")).toBe("");
    expect(fts5("Frog frog FROG the frog of tadpoles")).toBe('"frog" AND "tadpoles"');
    expect(fts5("frog OR toad toad OR frog")).toBe('("frog" OR "toad")');
    expect(fts5('"the the the"')).toBe("");
    expect(fts5('"the theory of the mind of"')).toBe('"theory of the mind"');
  });

  it("drops one-letter words when a longer word remains", () => {
    expect(fts5("a frog of x")).toBe('"frog"');
    expect(fts5("x y")).toBe('"x" AND "y"');
  });

  it(`uses at most ${MAX_WORDS} words, required ones first`, () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ");
    const q = terms(`${many} -excluded`);
    expect(q.groups.flat().flatMap((t) => t.words)).toHaveLength(MAX_WORDS);
    expect(q.excluded).toEqual([]);
    const phrase = terms(`"${many}"`);
    expect(phrase.groups[0]![0]!.words).toHaveLength(MAX_WORDS);
  });

  it("finds nothing to do for a query of exclusions only", () => {
    expect(terms("-frog").groups).toEqual([]);
    expect(fts5("-frog -toad")).toBe("");
  });

  it("never keeps an excluded term that is also required", () => {
    expect(fts5("frog -frog")).toBe('"frog"');
  });

  it("recognises a pasted DOI, with or without a resolver", () => {
    for (const text of [
      "10.1371/journal.pone.0012345",
      " https://doi.org/10.1371/journal.pone.0012345 ",
      "http://dx.doi.org/10.1371/JOURNAL.PONE.0012345",
      "doi:10.1371/journal.pone.0012345",
      "DOI: 10.1371/journal.pone.0012345.",
      "doi.org/10.1371%2Fjournal.pone.0012345",
    ]) {
      expect(parseQuery(text)).toEqual({ kind: "doi", doi: "10.1371/journal.pone.0012345" });
    }
    expect(parseDoi("10.1145/1542476.1542528")).toBe("10.1145/1542476.1542528");
    expect(parseDoi("10.12/x")).toBeNull();
    expect(parseDoi("see 10.1371/journal.pone.0012345")).toBeNull();
    expect(parseDoi("%E0%A4%A")).toBeNull();
  });
});
