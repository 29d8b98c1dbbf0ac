import type { PublicationDetail } from "../../../shared/api.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";

/**
 * The issue page's title line in the language of `t`: in English `{abbreviation} Vol. {volume}
 * No. {issue} ,{year}`, spaced and punctuated exactly as docs/product/screens.md writes it
 * ('abbreviation Vol. x No. y ,year'); without `No. y` for an issue that has no real number
 * (decision 185).
 */
export function issueTitleLine(
  p: Pick<PublicationDetail, "journal_abbreviation" | "volume" | "issue" | "show_number" | "year">,
  t: Translate,
): string {
  const abbreviation = p.journal_abbreviation;
  const year = String(p.year);
  return p.show_number
    ? t("{abbreviation} Vol. {volume} No. {number} ,{year}", {
        abbreviation,
        volume: p.volume,
        number: p.issue,
        year,
      })
    : t("{abbreviation} Vol. {volume} ,{year}", { abbreviation, volume: p.volume, year });
}
