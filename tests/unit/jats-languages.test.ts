/**
 * The importer's JATS reader on languages (server/import/jats.ts; decision 440): the article's
 * `xml:lang`, its `trans-title-group`s (and NLM 2's `trans-title`), `trans-abstract`s and
 * `kwd-group`s in other languages as translations; keyword groups in the article's language or
 * without one are its own keywords; a language the site does not list is left out.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseJats } from "../../server/import/jats.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/multilingual/jats/bilingual.xml");

/** A minimal article whose `article-meta` ends with `meta`. */
const article = (lang: string, meta: string) => `<article${lang}><front><article-meta>
  <title-group><article-title>Título</article-title>${meta}</article-meta></front></article>`;

describe("languages of a JATS article", () => {
  it("reads the bilingual fixture", () => {
    const jats = parseJats(readFileSync(FIXTURE, "utf8"));
    expect(jats.language).toBe("es");
    expect(jats.keywords).toEqual(["murciélagos", "dispersión de semillas", "bosque tropical"]);
    expect(jats.translations).toEqual([
      {
        language: "en",
        title: "Fruit bats and seed dispersal in tropical forests",
        abstract:
          "Populations of fruit-eating bats disperse seeds in tropical forests.\n\nWe measured the seed rain over two years in regenerating plots.",
        keywords: ["bats", "seed dispersal", "tropical forest"],
      },
    ]);
  });

  it("reads NLM 2 trans-titles, canonical tags, and leaves unlisted languages out", () => {
    const jats = parseJats(
      article(
        ' xml:lang="pt-br"',
        `<trans-title xml:lang="EN">Title</trans-title></title-group>
        <trans-abstract xml:lang="qq"><p>Unknown.</p></trans-abstract>
        <kwd-group><kwd>sapos</kwd></kwd-group>
        <kwd-group xml:lang="pt-BR"><kwd>rãs</kwd></kwd-group>
        <kwd-group xml:lang="spa"><kwd>ranas</kwd></kwd-group>`,
      ),
    );
    expect(jats.language).toBe("pt-BR");
    expect(jats.keywords).toEqual(["sapos", "rãs"]);
    expect(jats.translations).toEqual([
      { language: "en", title: "Title", abstract: "", keywords: [] },
      { language: "es", title: "", abstract: "", keywords: ["ranas"] },
    ]);
  });

  it("names no language for an article without xml:lang", () => {
    const jats = parseJats(article("", "</title-group>"));
    expect(jats.language).toBeNull();
    expect(jats.translations).toEqual([]);
  });
});
