/**
 * schema.org JSON-LD of the scholarly model (app/lib/json-ld.ts; decision 307): people with
 * ORCID iDs and ROR ids, funding as `Grant`s, references as `citation`, the effective date; an
 * issue's `Periodical` with its ISSN and its publication date; a proceeding's acronym as
 * `alternateName`, never its subtitle.
 */
import { describe, expect, it } from "vitest";
import { issueJsonLd, type JsonLd, paperJsonLd, proceedingJsonLd } from "../../app/lib/json-ld.ts";
import type { PaperDetail, ProceedingDetail, PublicationDetail } from "../../shared/api.ts";
import { PLDI_2009 } from "../helpers/fixtures.ts";
import { emptyScholarly, literalAuthor, personAuthor } from "../helpers/paper-details.ts";

const origin = "https://journals.example.edu";

const paper: PaperDetail = {
  paperID: 42,
  journal_name: "Journal of Tests",
  journal_url: "tests",
  journal_title: "Journal of Tests, Vol. 3 No. 2 (2025)",
  title: "On Testing",
  authors: [
    {
      ...personAuthor("T.", "Di Matteo"),
      orcid: "https://orcid.org/0000-0002-1825-0097",
      affiliations: [{ name: "University of Tests", ror: "https://ror.org/05dxps055" }],
    },
    literalAuthor("The Test Consortium"),
  ],
  doi: "10.1234/jt.42",
  abstract: "An abstract.",
  keywords: "",
  file_url: "",
  volume: "3",
  issue: "2",
  show_number: true,
  cover_img: null,
  year: 2025,
  date_added: "2026-11-25",
  journal_abbreviation: "J Tests",
  issn: "1234-5679",
  publisher: "",
  published_on: "2026-11-25",
  first_page: "",
  last_page: "",
  page_count: null,
  issue_link: "/journal/tests/3/2",
  license_url: "https://creativecommons.org/licenses/by/4.0/",
  ...emptyScholarly("2025"),
  copyright_holder: "The authors",
  copyright_year: 2025,
  funding: [
    {
      funder_name: "Test Foundation",
      funder_id: "https://doi.org/10.13039/100000001",
      award_ids: ["A-1", "A-2"],
    },
    { funder_name: "Small Fund", funder_id: "", award_ids: [] },
  ],
  references: [
    { ref_id: "r1", label: "1", citation: "Smith J. A study.", doi: "10.1/x", pmid: "7", url: "" },
    { ref_id: "", label: "", citation: "A book.", doi: "", pmid: "", url: "" },
  ],
};

describe("a paper's JSON-LD", () => {
  const ld = paperJsonLd(origin, paper);

  it("dates the paper by its publication date, not the day its issue went online", () => {
    expect(ld.datePublished).toBe("2025");
  });

  it("describes people with names, ORCID iD and ROR ids; literal names whole", () => {
    expect(ld.author).toEqual([
      {
        "@type": "Person",
        name: "T. Di Matteo",
        givenName: "T.",
        familyName: "Di Matteo",
        sameAs: "https://orcid.org/0000-0002-1825-0097",
        affiliation: [
          {
            "@type": "Organization",
            name: "University of Tests",
            sameAs: "https://ror.org/05dxps055",
          },
        ],
      },
      { "@type": "Person", name: "The Test Consortium" },
    ]);
  });

  it("gives licence, copyright, one Grant per award with its funder, and the references", () => {
    expect(ld.license).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(ld.copyrightYear).toBe(2025);
    expect(ld.copyrightHolder).toEqual({ "@type": "Organization", name: "The authors" });
    const funder = {
      "@type": "Organization",
      name: "Test Foundation",
      sameAs: "https://doi.org/10.13039/100000001",
    };
    expect(ld.funding).toEqual([
      { "@type": "Grant", identifier: "A-1", funder },
      { "@type": "Grant", identifier: "A-2", funder },
      { "@type": "Grant", funder: { "@type": "Organization", name: "Small Fund" } },
    ]);
    expect(ld.funder).toEqual([funder, { "@type": "Organization", name: "Small Fund" }]);
    expect(ld.citation).toEqual([
      {
        "@type": "CreativeWork",
        name: "Smith J. A study.",
        sameAs: ["https://doi.org/10.1/x", "https://pubmed.ncbi.nlm.nih.gov/7/"],
      },
      { "@type": "CreativeWork", name: "A book." },
    ]);
  });

  it("describes funding given only as a statement", () => {
    const statement = paperJsonLd(origin, {
      ...paper,
      funding: [],
      funding_statement: "Funded by the Test Trust.",
    });
    expect(statement.funding).toEqual([
      { "@type": "Grant", description: "Funded by the Test Trust." },
    ]);
    expect(statement.funder).toBeUndefined();
  });
});

describe("an issue's JSON-LD", () => {
  const issue: PublicationDetail = {
    id: 1,
    journal_name: "Journal of Tests",
    journal_abbreviation: "J Tests",
    journal_url: "tests",
    volume: "3",
    issue: "2",
    show_number: true,
    title: "",
    year: 2025,
    publication_year: 2025,
    cover_img: null,
    papers: [],
    editors: {},
    published_on: "2026-11-25",
    publication_date: "2025-03",
    issn: "1234-5679 (print), 2345-678X (online)",
  };
  const ld = issueJsonLd(origin, issue);

  it("gives its publication date and its journal's ISSNs", () => {
    expect(ld.datePublished).toBe("2025-03");
    const volume = ld.isPartOf as JsonLd;
    const periodical = volume.isPartOf as JsonLd;
    expect(periodical.issn).toEqual(["1234-5679", "2345-678X"]);
  });
});

describe("a proceeding's JSON-LD", () => {
  const proceeding: ProceedingDetail = {
    id: 1,
    ...PLDI_2009,
    title: "Proceedings of the 30th ACM SIGPLAN Conference on PLDI",
    sub_title: "Dublin, Ireland",
    intro: "",
    cover_img: null,
    editors: {},
    papers: [],
    language: "en",
  };

  it("names the conference's acronym as alternateName, not its place", () => {
    expect(proceedingJsonLd(origin, proceeding).alternateName).toBe("PLDI '09");
    const same = proceedingJsonLd(origin, { ...proceeding, event_name: proceeding.title });
    expect(same.alternateName).toBeUndefined();
  });
});
