import { beforeAll, describe, expect, it } from "vitest";
import { searchSummary } from "../../app/lib/search-summary.ts";
import { loadCatalogues } from "../../server/i18n/catalogues.ts";
import { formatNumber } from "../../shared/i18n/intl.ts";
import type { RenderLocale } from "../../shared/i18n/locales.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";

beforeAll(loadCatalogues);

const summary = (
  query: string,
  total: number,
  totalCapped = false,
  failed = false,
  locale: RenderLocale = "en",
) => searchSummary({ query, total, totalCapped, failed }, translatorFor(locale));

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

  it("groups the count's digits as the page's language does (decision 382)", () => {
    // no French translation yet: the English words, the count grouped as French groups it
    const french = formatNumber(4213, "fr");
    expect(french).not.toBe("4,213");
    expect(summary("frog", 4213, false, false, "fr")).toBe(
      `${french} articles correspondent à « frog ».`,
    );
    // the pseudo-locale shows the catalogue's text accented, the query as typed
    const pseudo = summary("frog", 2, false, false, "en-XA");
    expect(pseudo).toContain("frog");
    expect(pseudo).not.toContain("papers match");
  });
});
