/**
 * The shared rules of the scholarly model (decision 255): ORCID iDs and their check digit, ROR
 * ids, partial dates and a paper's effective date, Creative Commons licence URLs.
 */
import { describe, expect, it } from "vitest";
import {
  dateParts,
  effectivePaperDate,
  isPartialDate,
  issuePublicationDate,
  parsePartialDate,
  partialDateFromParts,
} from "../../shared/dates.ts";
import {
  canonicalLicenceUrl,
  isCreativeCommonsUrl,
  LICENCE_CHOICES,
  parseLicenceUrl,
} from "../../shared/licences.ts";
import { isValidOrcid, normaliseOrcid, orcidCheckCharacter, orcidId } from "../../shared/orcid.ts";
import { normaliseRor } from "../../shared/ror.ts";

describe("ORCID iDs", () => {
  it("computes the ISO 7064 MOD 11-2 check character as ORCID documents it", () => {
    expect(orcidCheckCharacter("000000021825009")).toBe("7");
    // ORCID's example of an X check character
    expect(orcidCheckCharacter("000000021694233")).toBe("X");
  });

  it("accepts the forms people paste and stores the https URI", () => {
    for (const form of [
      "0000-0002-1825-0097",
      "https://orcid.org/0000-0002-1825-0097",
      "http://orcid.org/0000-0002-1825-0097",
      "orcid.org/0000-0002-1825-0097/",
      "ORCID: 0000 0002 1825 0097",
      "0000000218250097",
    ]) {
      expect(normaliseOrcid(form), form).toBe("https://orcid.org/0000-0002-1825-0097");
    }
    expect(normaliseOrcid("0000-0002-1694-233x")).toBe("https://orcid.org/0000-0002-1694-233X");
    // corpus iDs (eLife 04490, 13833)
    expect(isValidOrcid("http://orcid.org/0000-0003-3159-3534")).toBe(true);
    expect(isValidOrcid("http://orcid.org/0000-0003-0745-8279")).toBe(true);
  });

  it("refuses a wrong check digit and other shapes", () => {
    expect(normaliseOrcid("0000-0002-1825-0098")).toBeNull();
    expect(normaliseOrcid("0000-0002-1825-009")).toBeNull();
    expect(normaliseOrcid("https://example.org/0000-0002-1825-0097")).toBeNull();
    expect(orcidId("https://orcid.org/0000-0002-1825-0097")).toBe("0000-0002-1825-0097");
  });
});

describe("ROR ids", () => {
  it("checks the MOD 97-10 digits and stores the URI", () => {
    expect(normaliseRor("052gg0110")).toBe("https://ror.org/052gg0110");
    expect(normaliseRor("https://ror.org/042NB2S44")).toBe("https://ror.org/042nb2s44");
    expect(normaliseRor("052gg0111")).toBeNull();
    expect(normaliseRor("152gg0110")).toBeNull();
    expect(normaliseRor("https://ror.org/052gg011")).toBeNull();
  });
});

describe("partial dates", () => {
  it("accepts a year, a year and month, or a real day", () => {
    expect(parsePartialDate("2015")).toEqual({ year: 2015 });
    expect(parsePartialDate("2015-04")).toEqual({ year: 2015, month: 4 });
    expect(parsePartialDate("2016-02-29")).toEqual({ year: 2016, month: 2, day: 29 });
    for (const bad of ["2015-02-29", "2015-13", "2015-4", "15", "2015/04/01", "0000", ""]) {
      expect(isPartialDate(bad), bad).toBe(false);
    }
  });

  it("builds dates from JATS parts as precise as they are valid", () => {
    expect(partialDateFromParts("2016", "1", "10")).toBe("2016-01-10");
    expect(partialDateFromParts("2014", "12", undefined)).toBe("2014-12");
    expect(partialDateFromParts("2015", "02", "30")).toBe("2015-02");
    expect(partialDateFromParts("2015", "", "3")).toBe("2015");
    expect(partialDateFromParts("Spring", "1", "1")).toBeNull();
    expect(dateParts({ year: 2015, month: 4 })).toEqual([[2015, 4]]);
  });

  it("gives a paper its own date, else its issue's, else its proceeding's year", () => {
    expect(
      effectivePaperDate({
        published_on: "2015-04-15",
        issue: { publication_date: "2015", year: 2015 },
      }),
    ).toEqual({ year: 2015, month: 4, day: 15, iso: "2015-04-15", source: "paper" });
    expect(
      effectivePaperDate({
        published_on: null,
        issue: { publication_date: "2019-06", year: 2019 },
      }),
    ).toMatchObject({ iso: "2019-06", source: "issue" });
    expect(
      effectivePaperDate({ published_on: "", issue: { publication_date: null, year: 2019 } }),
    ).toMatchObject({ iso: "2019", source: "issue" });
    expect(effectivePaperDate({ published_on: null, proceeding: { year: 2009 } })).toMatchObject({
      iso: "2009",
      source: "proceeding",
    });
    expect(issuePublicationDate({ publication_date: null, year: 2021 })).toBe("2021");
  });
});

describe("Creative Commons licences", () => {
  it("maps the spellings of one licence to its canonical URL, label and badge", () => {
    for (const url of [
      "http://creativecommons.org/licenses/by/4.0/",
      "https://creativecommons.org/licenses/by/4.0",
      "https://creativecommons.org/licenses/by/4.0/legalcode",
      "https://www.creativecommons.org/licenses/by/4.0/deed.en",
    ]) {
      expect(canonicalLicenceUrl(url), url).toBe("https://creativecommons.org/licenses/by/4.0/");
    }
    expect(parseLicenceUrl("http://creativecommons.org/licenses/by-nc-nd/3.0/")).toMatchObject({
      label: "CC BY-NC-ND 3.0",
      name: "Creative Commons Attribution-NonCommercial-NoDerivatives 3.0 Unported",
      badge: "by-nc-nd",
      icons: ["cc", "by", "nc", "nd"],
    });
    expect(parseLicenceUrl("https://creativecommons.org/licenses/by/3.0/us/")?.label).toBe(
      "CC BY 3.0 US",
    );
    expect(parseLicenceUrl("https://creativecommons.org/publicdomain/zero/1.0/")).toMatchObject({
      code: "cc0",
      label: "CC0 1.0",
      badge: "cc-zero",
    });
  });

  it("keeps other URLs as given and names no licence for them", () => {
    expect(isCreativeCommonsUrl("https://example.org/licence")).toBe(false);
    expect(isCreativeCommonsUrl("https://creativecommons.org/licenses/by/9.0/")).toBe(false);
    expect(canonicalLicenceUrl(" https://example.org/licence ")).toBe(
      "https://example.org/licence",
    );
    expect(canonicalLicenceUrl("")).toBeNull();
    expect(LICENCE_CHOICES.map((l) => l.label)).toEqual([
      "CC BY 4.0",
      "CC BY-SA 4.0",
      "CC BY-ND 4.0",
      "CC BY-NC 4.0",
      "CC BY-NC-SA 4.0",
      "CC BY-NC-ND 4.0",
      "CC0 1.0",
    ]);
  });
});
