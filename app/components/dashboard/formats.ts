/**
 * What the dashboard writes with `Intl` besides the shared dates, numbers and sentence lists
 * (shared/i18n/intl.ts; issue 32, decision 382): file sizes, month names and lists of items.
 * Dates are written by shared/i18n/intl.ts only, in one format (issue 34). English keeps the
 * site's British forms (`1.2 MB`); the pseudo-locale writes as English. Formatters are built once per locale and kind.
 */
import { cached, intlLocale as intlTag } from "../../../shared/i18n/intl.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";

/**
 * A file size for people: megabytes with one decimal from 1 MiB (`1.2 MB`), else whole
 * kilobytes, at least 1 (`340 kB`); units of 1024 bytes, names and digits of `locale`.
 */
export function fileSize(bytes: number, locale: RenderLocale): string {
  const tag = intlTag(locale);
  if (bytes >= 1024 * 1024) {
    return cached(
      `MB ${tag}`,
      () =>
        new Intl.NumberFormat(tag, {
          style: "unit",
          unit: "megabyte",
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
    ).format(bytes / 1024 / 1024);
  }
  return cached(
    `kB ${tag}`,
    () => new Intl.NumberFormat(tag, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }),
  ).format(Math.max(1, Math.round(bytes / 1024)));
}

/** The twelve months' names in `locale`, January first (`January`, `enero`, `يناير`). */
export function monthNames(locale: RenderLocale, width: "long" | "short" = "long"): string[] {
  const tag = intlTag(locale);
  const format = cached(
    `months ${width} ${tag}`,
    () => new Intl.DateTimeFormat(tag, { month: width, timeZone: "UTC" }),
  );
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)));
}

/** Items listed as a form names its fields (`Title, Abstract, 3 authors`): no conjunction. */
export function itemList(items: readonly string[], locale: RenderLocale): string {
  const tag = intlTag(locale);
  return cached(
    `items ${tag}`,
    () => new Intl.ListFormat(tag, { type: "unit", style: "short" }),
  ).format(items);
}
