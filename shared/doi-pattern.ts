/**
 * DOIs assigned from a journal's prefix and a suffix pattern, as OJS's DOI plugin does
 * (docs/decisions/279-doaj-doi-pattern-preservation.md). Pure functions for both sides.
 *
 * Pattern tokens: `%j` the journal's URL name, `%v` volume, `%i` issue number (empty for a
 * volume without numbers), `%Y` the issue's year, `%a` the paper's id, `%p` its first page or
 * article number. Default {@link DEFAULT_DOI_PATTERN}. The result must pass Crossref's DOI
 * syntax (decision 273), so values are reduced to the characters it allows.
 */
import { DOI_PATTERN, DOI_PREFIX_PATTERN, isDoiSuffixPattern } from "./schemas.ts";

/** OJS's default suffix pattern: journal, volume, issue, article id. */
export const DEFAULT_DOI_PATTERN = "%j.v%vi%i.%a";

/** What a pattern's tokens stand for. */
export type DoiPatternValues = {
  journal: string;
  volume: string;
  issue: string;
  year: number | string;
  paperId: number;
  page: string;
};

/** A value as a DOI may carry it: only Crossref's characters (decision 273). */
function part(value: string | number): string {
  return String(value)
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^-._;()/:A-Z0-9]/gi, "");
}

/**
 * The DOI `prefix/suffix` for a paper, the suffix from `pattern` (default
 * {@link DEFAULT_DOI_PATTERN}); null when the prefix or pattern is unusable or the result breaks
 * Crossref's syntax.
 */
export function assignDoi(
  prefix: string,
  pattern: string | null | undefined,
  values: DoiPatternValues,
): string | null {
  const p = (pattern ?? "").trim() || DEFAULT_DOI_PATTERN;
  if (!DOI_PREFIX_PATTERN.test(prefix.trim()) || !isDoiSuffixPattern(p)) return null;
  const suffix = p.replace(/%[jviYap]/g, (token) => {
    switch (token) {
      case "%j":
        return part(values.journal);
      case "%v":
        return part(values.volume);
      case "%i":
        return part(values.issue);
      case "%Y":
        return part(values.year);
      case "%a":
        return String(values.paperId);
      default:
        return part(values.page);
    }
  });
  const doi = `${prefix.trim()}/${suffix}`;
  return DOI_PATTERN.test(doi) ? doi : null;
}
