/**
 * The languages of the site's interface (issue 32; decision 382): which exist, how each is
 * written (its own name, its direction), where its pages live, and which one a reader's
 * `Accept-Language` asks for. Pure, so pages, the server and the browser share it.
 *
 * The default language keeps the spec's paths (`/journal/{uri}`); every other language has its
 * public pages under a prefix of its own (`/es/journal/{uri}`), so that each language version
 * has its own URL for search engines (Google's "Managing multi-regional and multilingual
 * sites"). Tags are BCP 47 (RFC 5646) as `hreflang` and `lang` want them; prefixes are their
 * lower-case forms.
 */

/** The interface languages, the default first (BCP 47 tags). */
export const LOCALES = ["en", "es", "pt-BR", "fr", "id", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of the spec's paths and texts. */
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The pseudo-locale of the tests (issue 32): every catalogue text made recognisably foreign
 * (accented, bracketed, a third longer), so that a text which escaped the catalogues stands out
 * on a page. Served only when `PSEUDO_LOCALE=1` (server/config.ts); never listed or indexed.
 * `en-XA` is the tag Android and Chromium use for it.
 */
export const PSEUDO_LOCALE = "en-XA";
/** A locale the site can render: an interface language or the pseudo-locale. */
export type RenderLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language's own name, as its readers look for it in a language menu. */
export const LOCALE_NAMES: Record<RenderLocale, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  id: "Bahasa Indonesia",
  ar: "العربية",
  [PSEUDO_LOCALE]: "[Ƥşḗŭḓǿ]",
};

/** Writing direction of a locale (the `dir` attribute of its pages). */
export function directionOf(locale: RenderLocale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** `value` (a stored language, an account's `locale`) when it is an interface language, else the default. */
export function localeOr(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** Whether `value` names an interface language exactly (`"pt-BR"`, not `"pt-br"`). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * Paths that are never public pages in several languages: the API, files and feeds, the
 * hydrated manager, author and account pages, protocol endpoints, galleys and any file name.
 */
const NOT_LOCALIZED =
  /^\/(?:api|assets|files|pdfjs|sushi|oai|dashboard|manager|registration|forgot-password|reset-password|confirm-admin|logout|language|healthz|readyz|sitemaps?|author-signup|confirm-email|submissions|submit|review|submission-file|review-file)(?:[/.]|$)|\/download\/|\.(?!data$)[^/.]*$/;

/** Whether `path` (no query) is a public page that exists in every language. */
export function isLocalizedPage(path: string): boolean {
  return !NOT_LOCALIZED.test(path);
}

/** The path prefix of `locale`'s pages: `""` for the default, else `/es`, `/pt-br`, `/en-xa`. */
export function prefixOf(locale: RenderLocale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale.toLowerCase()}`;
}

/**
 * The locale a path's first segment names, and the path without it: `/pt-br/journals` →
 * `{ locale: "pt-BR", path: "/journals" }`; `/journals` → the default locale, unchanged. The
 * pseudo-locale's prefix counts only when `pseudo` is allowed.
 */
export function splitLocalePath(
  pathname: string,
  pseudo = false,
): { locale: RenderLocale; path: string; prefixed: boolean } {
  const match = /^\/([a-zA-Z]{2}(?:-[a-zA-Z]{2})?)(?=\/|$)/.exec(pathname);
  if (match) {
    const segment = match[1]!.toLowerCase();
    const candidates: RenderLocale[] = pseudo ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES];
    const locale = candidates.find((l) => l !== DEFAULT_LOCALE && l.toLowerCase() === segment);
    if (locale) {
      return { locale, path: pathname.slice(match[0].length) || "/", prefixed: true };
    }
  }
  return { locale: DEFAULT_LOCALE, path: pathname, prefixed: false };
}

/**
 * `path` (a site path: `/journals`, `/`, `/search?q=x`) as `locale`'s page; a path that is not a
 * public page ({@link isLocalizedPage}) or not a site path (`https://…`, `#top`) unchanged.
 */
export function localizedPath(locale: RenderLocale, path: string): string {
  const prefix = prefixOf(locale);
  if (!prefix || !path.startsWith("/") || path.startsWith("//")) return path;
  if (!isLocalizedPage(path.replace(/[?#].*$/, ""))) return path;
  return path === "/"
    ? prefix
    : path.startsWith("/?")
      ? `${prefix}${path.slice(1)}`
      : `${prefix}${path}`;
}

/**
 * The interface language an `Accept-Language` header (RFC 9110 section 12.5.4) prefers: the
 * first range by weight that names one of {@link LOCALES} exactly or by its primary language
 * (`es-MX` → `es`, `pt` or `pt-PT` → `pt-BR`, `ar-EG` → `ar`), or null when none does (the
 * default then applies). `*` and malformed ranges are ignored.
 */
export function negotiateLocale(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const locale = negotiate(header);
  if (header.length > NEGOTIATED_LENGTH) return locale;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(header, locale);
  return locale;
}

/**
 * {@link negotiateLocale}'s answers by header: every request without the `lang` cookie asks
 * (cached pages too), browsers send few distinct headers, and parsing one costs a few µs of CPU
 * (bench-i18n, docs/performance.md). At most 512 headers of up to 200 characters, emptied when
 * full, so odd headers cannot make it large.
 */
const negotiated = new Map<string, Locale | null>();
const NEGOTIATED_MAX = 512;
const NEGOTIATED_LENGTH = 200;

/** {@link negotiateLocale} without its memory. */
function negotiate(header: string): Locale | null {
  const ranges = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params
        .map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1])
        .find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/.test(r.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split("-")[0];
    const byLanguage = LOCALES.find((l) => l.split("-")[0]!.toLowerCase() === primary);
    if (byLanguage) return byLanguage;
  }
  return null;
}
