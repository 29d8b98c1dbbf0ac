import { formatList } from "../../../shared/i18n/intl.ts";
import { DEFAULT_LOCALE, type RenderLocale } from "../../../shared/i18n/locales.ts";

/**
 * Author names of a paper as one line in `locale` (English unless given): `A, B and C`, joined
 * by `Intl.ListFormat` (decision 382).
 */
export function authorLine(
  authors: { name: string }[],
  locale: RenderLocale = DEFAULT_LOCALE,
): string {
  return formatList(authors.map((a) => a.name).filter(Boolean), locale);
}
