/**
 * Dates, numbers and lists in the reader's language, by `Intl` (issue 32; decision 382). English
 * keeps the site's British forms (`21 November 2026`, `1,234`); every other language its own
 * (`21 de noviembre de 2026`, `١٬٢٣٤` in Arabic). Formatters are built once per locale and kind:
 * building an `Intl.DateTimeFormat` costs far more than formatting with it (issue 11).
 */
import { DEFAULT_LOCALE, PSEUDO_LOCALE, type RenderLocale } from "./locales.ts";

/** The `Intl` locale of a site locale: British English for English and the pseudo-locale. */
export function intlLocale(locale: RenderLocale): string {
  return locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE ? "en-GB" : locale;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

/**
 * The formatter stored under `key` (its kind, options and `Intl` locale, e.g. `day en-GB`),
 * made by `make` the first time: one per key for the process or page.
 */
export function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(
  key: string,
  make: () => T,
): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/**
 * A date as people read it: `YYYY-MM-DD` or a timestamp as day, month and year (`21 November
 * 2026`), `YYYY-MM` as month and year, `YYYY` as is, in UTC; anything else unchanged.
 */
export function formatDate(value: string | null | undefined, locale: RenderLocale): string {
  if (!value) return "";
  if (/^\d{4}$/.test(value)) return value;
  const tag = intlLocale(locale);
  if (/^\d{4}-\d{2}$/.test(value)) {
    return cached(
      `month ${tag}`,
      () => new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
    ).format(new Date(`${value}-01T00:00:00Z`));
  }
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `day ${tag}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }),
  ).format(date);
}

/**
 * A moment (an ISO timestamp) as the site writes dates, {@link formatDate}'s day, month and
 * year, then the time of day in UTC, 24-hour (`29 November 2026 11:08`); empty for no value,
 * the text unchanged when it is no timestamp. One date format everywhere (issue 34); no words
 * of its own ("at", "UTC") that the catalogues would not have.
 */
export function formatDateTime(value: string | null | undefined, locale: RenderLocale): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const tag = intlLocale(locale);
  const time = cached(
    `time ${tag}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "UTC",
      }),
  ).format(date);
  return `${formatDate(value, locale)} ${time}`;
}

/**
 * A whole number as people read it (`1,234`).
 * @public
 */
export function formatNumber(value: number, locale: RenderLocale): string {
  const tag = intlLocale(locale);
  return cached(`number ${tag}`, () => new Intl.NumberFormat(tag)).format(value);
}

/**
 * Items joined as a sentence does (`A, B and C`).
 * @public
 */
export function formatList(items: readonly string[], locale: RenderLocale): string {
  const tag = intlLocale(locale);
  return cached(
    `list ${tag}`,
    () => new Intl.ListFormat(tag, { style: "long", type: "conjunction" }),
  ).format(items);
}
