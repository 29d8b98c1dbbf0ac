import type { PublicationDetail } from "../../../shared/api.ts";
import { volumeNumber } from "../../../shared/format.ts";

/**
 * The issue page's title line, `{abbreviation} Vol. {volume} No. {issue} ,{year}`, spaced and
 * punctuated exactly as docs/product/screens.md writes it ('abbreviation Vol. x No. y ,year'); without
 * `No. y` for an issue that has no real number (decision 185).
 */
export function issueTitleLine(
  p: Pick<PublicationDetail, "journal_abbreviation" | "volume" | "issue" | "show_number" | "year">,
): string {
  return `${p.journal_abbreviation} ${volumeNumber(p.volume, p.issue, p.show_number)} ,${p.year}`;
}
