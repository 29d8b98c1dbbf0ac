/**
 * The sentence above the search results (docs/decisions/002-search.md, 100-search-top-k.md):
 * what to type when there is no query, nothing when the search failed (the page says so
 * elsewhere), "No papers match …", or the count, "10,000+" when the count stopped at its cap.
 */
export function searchSummary(r: {
  query: string;
  total: number;
  totalCapped: boolean;
  failed: boolean;
}): string {
  if (!r.query) {
    return "Type words of a title, an author's name, a keyword or a phrase from the full text in the search box above.";
  }
  if (r.failed) return "";
  if (r.total === 0) return `No papers match “${r.query}”.`;
  const count = `${r.total.toLocaleString("en-US")}${r.totalCapped ? "+" : ""}`;
  const verb = r.total === 1 && !r.totalCapped ? "paper matches" : "papers match";
  return `${count} ${verb} “${r.query}”.`;
}
