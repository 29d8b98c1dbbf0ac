import type { PublicationDetail } from "../../../shared/api.ts";

/**
 * The issue page's title line, `{abbreviation} Vol. {volume} No. {issue} ,{year}`, spaced and
 * punctuated exactly as spec section 2 writes it ('abbreviation Vol. x No. y ,year').
 */
export function issueTitleLine(
  p: Pick<PublicationDetail, "journal_abbreviation" | "volume" | "issue" | "year">,
): string {
  return `${p.journal_abbreviation} Vol. ${p.volume} No. ${p.issue} ,${p.year}`;
}
