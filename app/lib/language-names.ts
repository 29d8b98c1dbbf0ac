/**
 * The name of a content language (decision 440) in the page's language, by
 * `Intl.DisplayNames` ("German", "alemán", "ألمانية"); the pseudo-locale names them in English.
 * Built once per locale (building an Intl formatter costs more than using it).
 */
import type { RenderLocale } from "../../shared/i18n/locales.ts";

const cache = new Map<string, Intl.DisplayNames>();

/** A function naming a language tag in `locale`'s language (the tag itself when unknown). */
export function languageNamesIn(locale: RenderLocale | string): (tag: string) => string {
  const intl = locale === "en-XA" ? "en" : locale;
  let names = cache.get(intl);
  if (!names) {
    names = new Intl.DisplayNames([intl], { type: "language", fallback: "code" });
    cache.set(intl, names);
  }
  const found = names;
  return (tag) => (tag ? (found.of(tag) ?? tag) : "");
}
