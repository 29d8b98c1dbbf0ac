import { describe, expect, it } from "vitest";
import { searchSummary } from "../../app/lib/search-summary.ts";

const summary = (query: string, total: number, totalCapped = false, failed = false) =>
  searchSummary({ query, total, totalCapped, failed });

describe("search results summary", () => {
  it("gives the count, with thousands separated", () => {
    expect(summary("frog", 1)).toBe("1 paper matches “frog”.");
    expect(summary("frog", 4213)).toBe("4,213 papers match “frog”.");
    expect(summary("frog", 0)).toBe("No papers match “frog”.");
  });

  it("says '10,000+' when the count stopped at its cap", () => {
    expect(summary("species", 10_000, true)).toBe("10,000+ papers match “species”.");
  });

  it("explains the search without a query and says nothing when it failed", () => {
    expect(summary("", 0)).toMatch(/^Type words of a title/);
    expect(summary("frog", 0, false, true)).toBe("");
  });
});
