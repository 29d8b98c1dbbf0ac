/** DOIs from a journal's prefix and pattern (decision 279), by Crossref's syntax (decision 273). */
import { describe, expect, it } from "vitest";
import { assignDoi, DEFAULT_DOI_PATTERN } from "../../shared/doi-pattern.ts";
import { isDoiSuffixPattern, journalEditSchema } from "../../shared/schemas.ts";

const values = {
  journal: "plos-one",
  volume: "10",
  issue: "1",
  year: 2015,
  paperId: 42,
  page: "e0111971",
};

describe("DOI patterns", () => {
  it("expands OJS's default pattern", () => {
    expect(DEFAULT_DOI_PATTERN).toBe("%j.v%vi%i.%a");
    expect(assignDoi("10.55555", null, values)).toBe("10.55555/plos-one.v10i1.42");
    expect(assignDoi("10.55555", "%Y/%p.%a", values)).toBe("10.55555/2015/e0111971.42");
  });

  it("keeps only the characters Crossref allows in what managers typed", () => {
    expect(assignDoi("10.55555", null, { ...values, volume: "Vol 10 [special]" })).toBe(
      "10.55555/plos-one.vVol-10-speciali1.42",
    );
  });

  it("refuses a bad prefix or pattern", () => {
    expect(assignDoi("10.55", null, values)).toBeNull();
    expect(assignDoi("10.55555", "%j.%v", values)).toBeNull(); // no %a: not unique per paper
    expect(isDoiSuffixPattern("%j.%q.%a")).toBe(false);
    expect(isDoiSuffixPattern("x#%a")).toBe(false);
    expect(isDoiSuffixPattern("%j.v%vi%i.%a")).toBe(true);
  });

  it("checks the journal form's fields", () => {
    const base = {
      journal_name: "J",
      abbreviation: "J",
      journal_uri: "j",
      publisher: "P",
      pub_frequency: "monthly",
      issn: "1234-5678",
      journal_intro: "Intro",
      journal_active: "Y",
      primary_journal_uri: "j",
    };
    const bad = journalEditSchema.safeParse({ ...base, doi_prefix: "10.1", doi_pattern: "%j" });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join("."));
    expect(paths).toContain("doi_prefix");
    expect(paths).toContain("doi_pattern");
    const good = journalEditSchema.safeParse({ ...base, doi_prefix: "10.12345", doi_pattern: "" });
    expect(good.error?.issues.filter((i) => String(i.path[0]).startsWith("doi")) ?? []).toEqual([]);
  });
});
