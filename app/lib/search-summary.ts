import type { Translate } from "../../shared/i18n/translator.ts";

/**
 * The sentence above the search results (docs/decisions/002-search.md, 100-search-top-k.md), in
 * the language of `t`: what to type when there is no query, nothing when the search failed (the
 * page says so elsewhere), "No papers match …", or the count (by the language's plural rules,
 * its digits grouped as the language groups them), "10,000+" when the count stopped at its cap.
 */
export function searchSummary(
  r: {
    query: string;
    total: number;
    totalCapped: boolean;
    failed: boolean;
  },
  t: Translate,
): string {
  if (!r.query) {
    return t(
      "Type words of a title, an author's name, a keyword or a phrase from the full text in the search box above.",
    );
  }
  if (r.failed) return "";
  if (r.totalCapped) {
    return t(
      "{count, plural, one {#+ paper matches “{query}”.} other {#+ papers match “{query}”.}}",
      { count: r.total, query: r.query },
    );
  }
  return t(
    "{count, plural, =0 {No papers match “{query}”.} one {# paper matches “{query}”.} other {# papers match “{query}”.}}",
    { count: r.total, query: r.query },
  );
}
