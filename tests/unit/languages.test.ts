/**
 * Content languages (shared/languages.ts; decision 440): tags read into their canonical BCP 47
 * form, unlisted languages and private or extension subtags refused, and every listed language
 * named by a code the Crossref 5.3.1 and DOAJ schemas accept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONTENT_LANGUAGES,
  canonicalLanguageTag,
  iso6391,
  iso6392b,
  journalLanguages,
  searchConfigOf,
} from "../../shared/languages.ts";
import { SCHEMAS } from "../helpers/xml-validate.ts";

/** The values of the enumerations in an XSD file. */
function enumerations(file: string): Set<string> {
  const xsd = readFileSync(path.join(SCHEMAS, file), "utf8");
  return new Set([...xsd.matchAll(/enumeration value="([^"]+)"/g)].map((m) => m[1]!));
}

describe("content language tags", () => {
  it("reads tags into their canonical form", () => {
    expect(canonicalLanguageTag("pt-br")).toBe("pt-BR");
    expect(canonicalLanguageTag(" ES ")).toBe("es");
    expect(canonicalLanguageTag("spa")).toBe("es");
    expect(canonicalLanguageTag("ger")).toBe("de");
    expect(canonicalLanguageTag("iw")).toBe("he");
    expect(canonicalLanguageTag("es-419")).toBe("es-419");
    expect(canonicalLanguageTag("sr-latn")).toBe("sr-Latn");
  });

  it("refuses what is not a listed language", () => {
    for (const bad of ["", "xx", "klingon", "x-private", "en-US-u-ca-gregory", "e", "en_US"]) {
      expect(canonicalLanguageTag(bad), bad).toBeNull();
    }
  });

  it("names each language as Crossref, DOAJ and PostgreSQL do", () => {
    expect(iso6391("pt-BR")).toBe("pt");
    expect(iso6392b("de")).toBe("ger");
    expect(iso6392b("zh-Hans")).toBe("chi");
    expect(searchConfigOf("es-419")).toBe("spanish");
    expect(searchConfigOf("ja")).toBe("simple");
    const crossref = enumerations("crossref-5.3.1/common5.3.1.xsd");
    const doaj = enumerations("doaj/iso_639-2b.xsd");
    for (const language of CONTENT_LANGUAGES) {
      expect(crossref.has(language.code), language.code).toBe(true);
      expect(doaj.has(language.bibliographic), language.bibliographic).toBe(true);
      // the 639-2/B code and the 639-1 code name the same language
      expect(canonicalLanguageTag(language.bibliographic), language.code).toBe(language.code);
    }
  });

  it("reads a journal's stored languages, the primary one first", () => {
    expect(journalLanguages('["en","es"]', "es")).toEqual(["es", "en"]);
    expect(journalLanguages("not json", "de")).toEqual(["de"]);
    expect(journalLanguages('["xx", 3, "fr"]', "en")).toEqual(["en", "fr"]);
  });
});
