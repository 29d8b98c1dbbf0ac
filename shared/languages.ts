/**
 * The languages content is written in (issue 32, "Content in several languages"; decision
 * 440): a journal's primary language and the languages it publishes in, a paper's language and
 * the languages of its translated titles, abstracts and keywords. Not the interface languages
 * (shared/i18n/locales.ts): a journal may publish in German whatever languages the site's
 * pages are offered in.
 *
 * A language is stored as a BCP 47 tag (RFC 5646) in its canonical form, as `Intl` gives it
 * (`Intl.getCanonicalLocales`: `pt-br` → `pt-BR`, `spa` → `es`, `iw` → `he`), whose primary
 * language subtag is one of {@link CONTENT_LANGUAGES} (ISO 639-1): every writer can then name it
 * in the code its format wants, ISO 639-1 for Crossref, ISO 639-2/B for DOAJ, a text search
 * configuration for PostgreSQL. Region and script subtags are kept (`pt-BR`, `sr-Latn`);
 * private-use and extension subtags are refused.
 *
 * Pure data and functions, no zod (the schemas are in shared/schemas.ts), so pages can use it.
 */

/** A content language: its ISO 639-1 code and the codes other formats name it by. */
export type ContentLanguage = {
  /** ISO 639-1, the primary language subtag of its BCP 47 tags. */
  code: string;
  /** ISO 639-2/B (bibliographic), as DOAJ's schema (iso_639-2b.xsd) enumerates it. */
  bibliographic: string;
  /**
   * PostgreSQL's text search configuration of the language (`pg_ts_config`), or null when
   * PostgreSQL has no stemmer for it: its texts are then indexed with `simple`.
   */
  searchConfig: string | null;
};

/**
 * The languages content may be in (ISO 639-1), the major languages of scholarly publishing.
 * A language missing here is one row: its ISO 639-1 and 639-2/B codes and, when PostgreSQL has
 * one, its text search configuration (tests/unit/languages.test.ts checks the codes against the
 * Crossref and DOAJ schemas).
 */
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = [
  { code: "af", bibliographic: "afr", searchConfig: null },
  { code: "ar", bibliographic: "ara", searchConfig: "arabic" },
  { code: "bg", bibliographic: "bul", searchConfig: null },
  { code: "bn", bibliographic: "ben", searchConfig: null },
  { code: "ca", bibliographic: "cat", searchConfig: "catalan" },
  { code: "cs", bibliographic: "cze", searchConfig: null },
  { code: "cy", bibliographic: "wel", searchConfig: null },
  { code: "da", bibliographic: "dan", searchConfig: "danish" },
  { code: "de", bibliographic: "ger", searchConfig: "german" },
  { code: "el", bibliographic: "gre", searchConfig: "greek" },
  { code: "en", bibliographic: "eng", searchConfig: "english" },
  { code: "eo", bibliographic: "epo", searchConfig: null },
  { code: "es", bibliographic: "spa", searchConfig: "spanish" },
  { code: "et", bibliographic: "est", searchConfig: null },
  { code: "eu", bibliographic: "baq", searchConfig: "basque" },
  { code: "fa", bibliographic: "per", searchConfig: null },
  { code: "fi", bibliographic: "fin", searchConfig: "finnish" },
  { code: "fr", bibliographic: "fre", searchConfig: "french" },
  { code: "ga", bibliographic: "gle", searchConfig: "irish" },
  { code: "gl", bibliographic: "glg", searchConfig: null },
  { code: "he", bibliographic: "heb", searchConfig: null },
  { code: "hi", bibliographic: "hin", searchConfig: "hindi" },
  { code: "hr", bibliographic: "hrv", searchConfig: null },
  { code: "hu", bibliographic: "hun", searchConfig: "hungarian" },
  { code: "hy", bibliographic: "arm", searchConfig: "armenian" },
  { code: "id", bibliographic: "ind", searchConfig: "indonesian" },
  { code: "is", bibliographic: "ice", searchConfig: null },
  { code: "it", bibliographic: "ita", searchConfig: "italian" },
  { code: "ja", bibliographic: "jpn", searchConfig: null },
  { code: "ka", bibliographic: "geo", searchConfig: null },
  { code: "kk", bibliographic: "kaz", searchConfig: null },
  { code: "ko", bibliographic: "kor", searchConfig: null },
  { code: "ku", bibliographic: "kur", searchConfig: null },
  { code: "la", bibliographic: "lat", searchConfig: null },
  { code: "lt", bibliographic: "lit", searchConfig: "lithuanian" },
  { code: "lv", bibliographic: "lav", searchConfig: null },
  { code: "mk", bibliographic: "mac", searchConfig: null },
  { code: "ms", bibliographic: "may", searchConfig: null },
  { code: "nb", bibliographic: "nob", searchConfig: "norwegian" },
  { code: "ne", bibliographic: "nep", searchConfig: "nepali" },
  { code: "nl", bibliographic: "dut", searchConfig: "dutch" },
  { code: "nn", bibliographic: "nno", searchConfig: "norwegian" },
  { code: "no", bibliographic: "nor", searchConfig: "norwegian" },
  { code: "pl", bibliographic: "pol", searchConfig: null },
  { code: "pt", bibliographic: "por", searchConfig: "portuguese" },
  { code: "ro", bibliographic: "rum", searchConfig: "romanian" },
  { code: "ru", bibliographic: "rus", searchConfig: "russian" },
  { code: "sk", bibliographic: "slo", searchConfig: null },
  { code: "sl", bibliographic: "slv", searchConfig: null },
  { code: "sq", bibliographic: "alb", searchConfig: null },
  { code: "sr", bibliographic: "srp", searchConfig: "serbian" },
  { code: "sv", bibliographic: "swe", searchConfig: "swedish" },
  { code: "sw", bibliographic: "swa", searchConfig: null },
  { code: "ta", bibliographic: "tam", searchConfig: "tamil" },
  { code: "th", bibliographic: "tha", searchConfig: null },
  { code: "tr", bibliographic: "tur", searchConfig: "turkish" },
  { code: "uk", bibliographic: "ukr", searchConfig: null },
  { code: "ur", bibliographic: "urd", searchConfig: null },
  { code: "uz", bibliographic: "uzb", searchConfig: null },
  { code: "vi", bibliographic: "vie", searchConfig: null },
  { code: "yi", bibliographic: "yid", searchConfig: "yiddish" },
  { code: "zh", bibliographic: "chi", searchConfig: null },
];

const BY_CODE = new Map(CONTENT_LANGUAGES.map((l) => [l.code, l]));

/**
 * The language of content whose language nobody stated: a conference paper of a proceeding
 * without a language, a row written before languages existed (migration 040).
 */
export const DEFAULT_CONTENT_LANGUAGE = "en";

/** Most languages a journal lists, and most translations a paper carries. */
export const MAX_LANGUAGES = 20;

/** Subtags after the language: an optional script (`Latn`) and an optional region (`BR`, `419`). */
const TAG_SHAPE = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/i;

/**
 * `value` as a canonical BCP 47 tag (`pt-br` → `pt-BR`, `spa` → `es`) whose language is one of
 * {@link CONTENT_LANGUAGES}, or null when it is not such a tag (a typo, an unlisted language,
 * a private-use or extension subtag).
 */
export function canonicalLanguageTag(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!TAG_SHAPE.test(text)) return null;
  let tag: string;
  try {
    tag = Intl.getCanonicalLocales(text)[0] ?? "";
  } catch {
    return null;
  }
  return BY_CODE.has(primaryLanguage(tag)) && TAG_SHAPE.test(tag) ? tag : null;
}

/** The primary language subtag of a tag, lower case: `pt-BR` → `pt`. */
export function primaryLanguage(tag: string): string {
  return (tag.split("-")[0] ?? "").toLowerCase();
}

/** The listed language of `tag`, or undefined. */
function languageOf(tag: string): ContentLanguage | undefined {
  return BY_CODE.get(primaryLanguage(tag));
}

/** ISO 639-1 of `tag` (Crossref's `language` attribute), or null when it is not listed. */
export function iso6391(tag: string): string | null {
  return languageOf(tag)?.code ?? null;
}

/** ISO 639-2/B of `tag` (DOAJ's `language`), or null when it is not listed. */
export function iso6392b(tag: string): string | null {
  return languageOf(tag)?.bibliographic ?? null;
}

/** PostgreSQL's text search configuration for `tag`'s texts: its language's, else `simple`. */
export function searchConfigOf(tag: string): string {
  return languageOf(tag)?.searchConfig ?? "simple";
}

/**
 * A journal's languages as stored (`journals.languages`, a JSON array of tags) read back: the
 * valid tags, the primary language first and once.
 */
export function journalLanguages(stored: string | null | undefined, primary: string): string[] {
  let parsed: unknown = [];
  try {
    parsed = JSON.parse(stored ?? "[]");
  } catch {
    parsed = [];
  }
  const tags = Array.isArray(parsed)
    ? parsed.map((v) => (typeof v === "string" ? canonicalLanguageTag(v) : null))
    : [];
  return [...new Set([primary, ...tags.filter((t): t is string => t !== null)])];
}
