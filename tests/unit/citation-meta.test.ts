/**
 * `<head>` metadata of the paper page (app/lib/citation-meta.ts): Google Scholar tags in the
 * order Scholar reads them, Dublin Core, absolute URLs, and no empty tags; the scholarly model
 * (decisions 255, 306): the effective publication date, names as "Family, Given", the whole
 * abstract, references, the licence and the conference's place as Zotero reads them.
 */
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import {
  abstractParagraphs,
  paperMeta,
  proceedingPaperMeta,
  scholarDate,
  summary,
} from "../../app/lib/citation-meta.ts";
import type { PaperDetail, ProceedingPaperDetail } from "../../shared/api.ts";
import { issnList } from "../../shared/format.ts";
import { emptyScholarly, literalAuthor, personAuthor } from "../helpers/paper-details.ts";

const paper: PaperDetail = {
  paperID: 42,
  journal_name: "Journal of Tests",
  journal_url: "tests",
  journal_title: "Journal of Tests, Vol. 3 No. 2 (2025)",
  title: "On <Testing> & Things",
  authors: [
    literalAuthor("Ada Lovelace", "Analytical Society; University of London"),
    literalAuthor("Alan Turing"),
  ],
  doi: "10.1234/jt.42",
  abstract: "First paragraph.\n\nSecond paragraph.",
  keywords: "testing; metadata, scholar",
  file_url: "/journal/tests/download/42/on-testing-things.pdf",
  volume: "3",
  issue: "2",
  show_number: true,
  cover_img: "/files/covers/tests.png",
  year: 2025,
  date_added: "2025-06-01",
  journal_abbreviation: "J Tests",
  issn: "1234-5679 (print), 2345-678X (online)",
  publisher: "",
  published_on: "2025-05-30",
  first_page: "10",
  last_page: "",
  page_count: 5,
  issue_link: "/journal/tests/3/2",
  license_url: "",
  ...emptyScholarly("2025-05-30"),
};

const origin = "https://journals.example.edu";

function named(tags: MetaDescriptor[]): [string, string][] {
  return tags
    .filter((t): t is { name: string; content: string } => "name" in t && "content" in t)
    .map((t) => [t.name, t.content]);
}

/**
 * The DOI Zotero's Embedded Metadata translator reads from a page's tags, or null: `citation_doi`
 * (Highwire), else the first Dublin Core identifier (`DC.identifier`, `dc.identifier`,
 * `dcterms.identifier`) that is `DOI …` or `10.…` (its RDF translator) or in which
 * `Zotero.Utilities.cleanDOI` finds one: `/10(?:\.[0-9]{4,})?\/[^\s]*[^\s\.,]/`, which takes any
 * `10/`.
 */
function zoteroDoi(tags: MetaDescriptor[]): string | null {
  const pairs = named(tags);
  const cleanDoi = (x: string) => /10(?:\.[0-9]{4,})?\/[^\s]*[^\s.,]/.exec(x)?.[0] ?? null;
  const highwire = pairs.find(([n]) => n === "citation_doi")?.[1];
  if (highwire) return cleanDoi(highwire);
  for (const [name, value] of pairs) {
    if (!/^(dc|dcterms)\.identifier$/i.test(name)) continue;
    if (/^doi /i.test(value)) return value.slice(4);
    if (value.startsWith("10.")) return value;
    const doi = cleanDoi(value);
    if (doi) return doi;
  }
  return null;
}

describe("paperMeta", () => {
  const tags = paperMeta(paper, origin, "Athenaeum");
  const pairs = named(tags);
  const all = (name: string) => pairs.filter(([n]) => n === name).map(([, c]) => c);

  it("titles the page and links the canonical URL", () => {
    expect(tags).toContainEqual({ title: "On <Testing> & Things | Athenaeum" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://journals.example.edu/journal/tests/42",
    });
  });

  it("puts each author's institutions right after the author", () => {
    const scholar = pairs.filter(([n]) => n.startsWith("citation_author"));
    expect(scholar).toEqual([
      ["citation_author", "Ada Lovelace"],
      ["citation_author_institution", "Analytical Society"],
      ["citation_author_institution", "University of London"],
      ["citation_author", "Alan Turing"],
    ]);
  });

  it("gives the Scholar fields with absolute URLs and Scholar's date form", () => {
    expect(all("citation_title")).toEqual(["On <Testing> & Things"]);
    expect(all("citation_publication_date")).toEqual(["2025/05/30"]);
    expect(all("citation_journal_title")).toEqual(["Journal of Tests"]);
    expect(all("citation_journal_abbrev")).toEqual(["J Tests"]);
    expect(all("citation_issn")).toEqual(["1234-5679", "2345-678X"]);
    expect(all("citation_volume")).toEqual(["3"]);
    expect(all("citation_issue")).toEqual(["2"]);
    expect(all("citation_firstpage")).toEqual(["10"]);
    expect(all("citation_doi")).toEqual(["10.1234/jt.42"]);
    expect(all("citation_keywords")).toEqual(["testing", "metadata", "scholar"]);
    expect(all("citation_abstract_html_url")).toEqual([`${origin}/journal/tests/42`]);
    expect(all("citation_pdf_url")).toEqual([`${origin}${paper.file_url}`]);
  });

  it("claims no issue number for an issue without one (decision 185)", () => {
    const unnumbered = paperMeta(
      { ...paper, show_number: false, journal_title: "Journal of Tests, Vol. 3 (2025)" },
      origin,
      "Athenaeum",
    );
    const names = unnumbered.map((t) => ("name" in t ? t.name : ""));
    expect(names).not.toContain("citation_issue");
    expect(unnumbered).toContainEqual({ name: "citation_volume", content: "3" });
    expect(unnumbered).toContainEqual({
      name: "DC.source",
      content: "Journal of Tests, Vol. 3 (2025)",
    });
  });

  it("adds Dublin Core", () => {
    expect(all("DC.title")).toEqual([paper.title]);
    expect(all("DC.creator")).toEqual(["Ada Lovelace", "Alan Turing"]);
    expect(all("DC.identifier")).toEqual(["https://doi.org/10.1234/jt.42"]);
    expect(all("DC.date")).toEqual(["2025-05-30"]);
    expect(all("DC.source")).toEqual([paper.journal_title]);
  });

  it("writes only tags that have a value", () => {
    expect(all("citation_publisher")).toEqual([]);
    expect(all("citation_lastpage")).toEqual([]);
    expect(all("DC.rights")).toEqual([]);
    expect(pairs.every(([, c]) => c.trim() !== "")).toBe(true);
  });

  it("dates the paper by its publication date, never the day its issue went online", () => {
    // an issue created for 2025 and put online on 25 November 2026 (issue 16)
    const late = named(
      paperMeta(
        { ...paper, published_on: "2026-11-25", publication_date: "2025" },
        origin,
        "Athenaeum",
      ),
    );
    const of = (name: string) => late.filter(([n]) => n === name).map(([, c]) => c);
    expect(of("citation_publication_date")).toEqual(["2025"]);
    expect(of("citation_date")).toEqual(["2025"]);
    expect(of("DC.date")).toEqual(["2025"]);
    expect(all("citation_date")).toEqual(["2025/05/30"]);
  });

  it("writes split names as 'Family, Given' and literal names whole", () => {
    const people = named(
      paperMeta(
        {
          ...paper,
          authors: [
            personAuthor("T.", "Di Matteo"),
            { ...personAuthor("Martin Luther", "King"), suffix: "Jr." },
            literalAuthor("Pietro A. Siciliano"),
            literalAuthor("The PLOS ONE Staff"),
          ],
        },
        origin,
        "Athenaeum",
      ),
    );
    const expected = [
      "Di Matteo, T.",
      "King, Martin Luther, Jr.",
      "Pietro A. Siciliano",
      "The PLOS ONE Staff",
    ];
    expect(people.filter(([n]) => n === "citation_author").map(([, c]) => c)).toEqual(expected);
    expect(people.filter(([n]) => n === "DC.creator").map(([, c]) => c)).toEqual(expected);
  });

  it("carries the whole abstract, not the cut description", () => {
    const long = `${"A sentence of the abstract that goes on. ".repeat(20)}The end.`;
    const tags = named(paperMeta({ ...paper, abstract: long }, origin, "Athenaeum"));
    const of = (name: string) => tags.filter(([n]) => n === name).map(([, c]) => c);
    expect(of("description")[0]!.length).toBeLessThanOrEqual(300);
    expect(of("citation_abstract")).toEqual([long.replace(/\s+/g, " ").trim()]);
  });

  it("writes the licence as a link, DC.rights, and each reference", () => {
    const licensed = paperMeta(
      {
        ...paper,
        license_url: "https://creativecommons.org/licenses/by/4.0/",
        references: [
          {
            ref_id: "r1",
            label: "1",
            citation: "Smith J. A study. J Tests. 2019;1:1-2.",
            doi: "10.1234/a.1",
            pmid: "",
            url: "",
          },
          {
            ref_id: "r2",
            label: "2",
            citation: "Doe J. Another. doi:10.1234/B.2",
            doi: "10.1234/b.2",
            pmid: "123",
            url: "",
          },
          { ref_id: "", label: "", citation: "A book.\nSecond line", doi: "", pmid: "", url: "" },
        ],
      },
      origin,
      "Athenaeum",
    );
    expect(licensed).toContainEqual({
      tagName: "link",
      rel: "license",
      href: "https://creativecommons.org/licenses/by/4.0/",
    });
    const of = (name: string) =>
      named(licensed)
        .filter(([n]) => n === name)
        .map(([, c]) => c);
    expect(of("DC.rights")).toEqual(["https://creativecommons.org/licenses/by/4.0/"]);
    expect(of("citation_reference")).toEqual([
      "Smith J. A study. J Tests. 2019;1:1-2. https://doi.org/10.1234/a.1",
      "Doe J. Another. doi:10.1234/B.2",
      "A book. Second line",
    ]);
    const bare = paperMeta(paper, origin, "Athenaeum");
    expect(bare.some((t) => "rel" in t && t.rel === "license")).toBe(false);
  });

  it("gives reference managers no false DOI (decision 471)", () => {
    // a site on port 8010 and a journal whose URL name ends in 10: its URLs hold `10/`
    const site = "http://journals.example.edu:8010";
    const noDoi = { ...paper, doi: "", journal_url: "nature10" };
    const without = paperMeta(noDoi, site, "Athenaeum");
    expect(zoteroDoi(without)).toBeNull();
    // the URLs are still there for them, where no DOI is read
    expect(named(without)).toContainEqual([
      "citation_abstract_html_url",
      `${site}/journal/nature10/42`,
    ]);
    expect(zoteroDoi(paperMeta({ ...paper, journal_url: "nature10" }, site, "Athenaeum"))).toBe(
      paper.doi,
    );
    // the rule itself finds the false DOI the page URL gave before
    expect(zoteroDoi([{ name: "DC.identifier", content: `${site}/journal/tests/42` }])).toBe(
      "10/journal/tests/42",
    );
  });

  it("leaves the PDF tags out when there is no full text", () => {
    const none = named(paperMeta({ ...paper, file_url: "" }, origin, "Athenaeum"));
    expect(none.some(([n]) => n === "citation_pdf_url" || n === "DC.format")).toBe(false);
  });
});

const conferencePaper: ProceedingPaperDetail = {
  paperID: 7,
  cover_img: null,
  title: "Trace-based Just-in-Time Type Specialization",
  authors: [literalAuthor("Andreas Gal", "Mozilla Corporation")],
  doi: "10.1145/1542476.1542528",
  abstract: "Dynamic languages are hard to compile.",
  keywords: "JavaScript, trace trees",
  file_url: "/proceedings/pldi-2009/download/7/trace-based.pdf",
  year: 2009,
  date_added: "2026-01-01",
  publisher: "ACM",
  published_on: "2009-06",
  first_page: "465",
  last_page: "478",
  page_count: 14,
  license_url: "",
  proceeding_slug: "pldi-2009",
  proceeding_title: "Proceedings of the 30th ACM SIGPLAN Conference on PLDI",
  proceeding_link: "/proceedings/pldi-2009",
  event_name: "PLDI '09",
  event_start_date: "2009-06-15",
  event_end_date: "2009-06-20",
  event_location: "Dublin, Ireland",
  isbn: "978-1-60558-392-1",
  issn: "",
  citation_line: "Proceedings of the 30th ACM SIGPLAN Conference on PLDI (PLDI '09), 2009",
  ...emptyScholarly("2009-06"),
};

describe("proceedingPaperMeta", () => {
  const tags = proceedingPaperMeta(conferencePaper, origin, "Athenaeum");
  const pairs = named(tags);
  const all = (name: string) => pairs.filter(([n]) => n === name).map(([, c]) => c);
  const page = `${origin}/proceedings/pldi-2009/7`;

  it("names the conference and its ISBN, not a journal, volume or issue", () => {
    expect(all("citation_conference_title")).toEqual([conferencePaper.proceeding_title]);
    expect(all("citation_isbn")).toEqual(["978-1-60558-392-1"]);
    expect(all("citation_publisher")).toEqual(["ACM"]);
    for (const name of ["citation_journal_title", "citation_volume", "citation_issue"]) {
      expect(all(name), name).toEqual([]);
    }
    expect(all("citation_issn")).toEqual([]);
  });

  it("gives the conference's place where Zotero reads it", () => {
    expect(all("eprints.event_location")).toEqual(["Dublin, Ireland"]);
  });

  it("gives pages, date, DOI and URLs under the proceeding's path", () => {
    expect(all("citation_firstpage")).toEqual(["465"]);
    expect(all("citation_lastpage")).toEqual(["478"]);
    expect(all("citation_publication_date")).toEqual(["2009/06"]);
    expect(all("citation_doi")).toEqual(["10.1145/1542476.1542528"]);
    expect(all("citation_abstract_html_url")).toEqual([page]);
    expect(all("citation_pdf_url")).toEqual([`${origin}${conferencePaper.file_url}`]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: page });
    expect(all("DC.source")).toEqual([conferencePaper.citation_line]);
    expect(all("DC.identifier")).toEqual(["https://doi.org/10.1145/1542476.1542528"]);
  });

  it("writes the proceeding's ISSN when it has one", () => {
    const withIssn = named(
      proceedingPaperMeta({ ...conferencePaper, issn: "0362-1340" }, origin, "Athenaeum"),
    );
    expect(withIssn.filter(([n]) => n === "citation_issn")).toEqual([
      ["citation_issn", "0362-1340"],
    ]);
  });
});

describe("helpers", () => {
  it("formats dates the way Scholar asks", () => {
    expect(scholarDate("2012-12-13")).toBe("2012/12/13");
    expect(scholarDate("2012-12")).toBe("2012/12");
    expect(scholarDate("2009")).toBe("2009");
    expect(scholarDate("2026-11-21T10:00:00.000Z")).toBe("2026/11/21");
    expect(scholarDate("")).toBe("");
  });

  it("finds every ISSN once", () => {
    expect(issnList("1553-734X (print), 1553-7358 (online)")).toEqual(["1553-734X", "1553-7358"]);
    expect(issnList("2050-084x")).toEqual(["2050-084X"]);
    expect(issnList("")).toEqual([]);
  });

  it("shortens at a word boundary", () => {
    expect(summary("short text")).toBe("short text");
    const long = "word ".repeat(80);
    const cut = summary(long);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("keeps the abstract's paragraphs", () => {
    expect(abstractParagraphs("One.\n\nTwo.\r\nThree.")).toEqual(["One.", "Two.", "Three."]);
    expect(abstractParagraphs("  ")).toEqual([]);
  });
});
