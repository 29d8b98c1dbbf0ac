/**
 * 'Cite this paper' (decision 186): the six styles come out of citation-js with the paper's
 * facts in each; the vendored MLA, Chicago and IEEE styles are registered; an issue without a
 * real number (decision 185) is never cited with one; the panel links the paper's JATS files.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CitePanel } from "../../app/components/paper/cite-panel.tsx";
import { LocaleProvider } from "../../app/i18n/use-t.tsx";
import {
  journalPaperItem,
  paperCitations,
  proceedingPaperItem,
} from "../../server/features/citations/cite.ts";
import { formatCitations } from "../../server/features/citations/format.ts";
import type { PaperDetail, ProceedingPaperDetail } from "../../shared/api.ts";
import { emptyScholarly, literalAuthor, personAuthor } from "../helpers/paper-details.ts";

const paper: PaperDetail = {
  paperID: 12,
  journal_name: "eLife",
  journal_url: "elife",
  journal_title: "eLife, Vol. 5 (2016)",
  title: "Stability of a neural circuit",
  authors: [
    personAuthor("Alexander", "Lintz", "Brandeis University"),
    personAuthor("Gidon", "Felsen"),
  ],
  doi: "10.7554/eLife.13833",
  abstract: "",
  keywords: "",
  file_url: "",
  volume: "5",
  issue: "1",
  show_number: false,
  year: 2016,
  date_added: "2026-01-01",
  journal_abbreviation: "eLife",
  issn: "2050-084X",
  publisher: "eLife Sciences Publications",
  published_on: "2016-05-30",
  first_page: "e13833",
  last_page: "",
  page_count: null,
  issue_link: "/journal/elife/5/1",
  license_url: "",
  cover_img: null,
  ...emptyScholarly("2016-05-30"),
};
const URL = "https://journals.example.edu/journal/elife/12";

describe("formatted references", () => {
  const styles = formatCitations(journalPaperItem(paper, URL));

  it("come in APA, MLA, Chicago, Harvard, IEEE and Vancouver, each naming the paper", () => {
    expect(styles.map((s) => s.label)).toEqual([
      "APA",
      "MLA",
      "Chicago",
      "Harvard",
      "IEEE",
      "Vancouver",
    ]);
    for (const s of styles) {
      expect(s.text, s.label).toContain("Stability of a Neural Circuit".slice(0, 12));
      expect(s.text, s.label).toMatch(/Lintz/);
      expect(s.text, s.label).toMatch(/2016/);
      expect(s.text, s.label).toMatch(/10\.7554\/eLife\.13833/i);
    }
  });

  it("follow each style's own form", () => {
    const text = Object.fromEntries(styles.map((s) => [s.key, s.text]));
    expect(text.apa).toMatch(/^Lintz, A\., & Felsen, G\. \(2016\)\./);
    expect(text.mla).toMatch(/^Lintz, Alexander, and Gidon Felsen\. “Stability/);
    expect(text.ieee).toMatch(/^A\. Lintz and G\. Felsen, “Stability/);
    expect(text.vancouver).toMatch(/^Lintz A, Felsen G\./);
  });

  it("cite the volume of an issue without a number, and no issue", () => {
    const text = Object.fromEntries(styles.map((s) => [s.key, s.text]));
    expect(text.apa).toContain("eLife, 5, e13833");
    expect(text.apa).not.toContain("5(1)");
    const numbered = formatCitations(journalPaperItem({ ...paper, show_number: true }, URL));
    expect(numbered.find((s) => s.key === "apa")?.text).toContain("eLife, 5(1), e13833");
  });

  it("give a conference paper its proceedings", () => {
    const conference: ProceedingPaperDetail = {
      ...paper,
      paperID: 7,
      title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
      authors: [personAuthor("Andreas", "Gal")],
      doi: "10.1145/1542476.1542528",
      published_on: "2009-06-15",
      first_page: "465",
      last_page: "478",
      proceeding_slug: "pldi-2009",
      proceeding_title: "Proceedings of the 30th ACM SIGPLAN Conference on PLDI",
      proceeding_link: "/proceedings/pldi-2009",
      event_name: "PLDI '09",
      event_start_date: "2009-06-15",
      event_end_date: "2009-06-21",
      event_location: "Dublin, Ireland",
      isbn: "978-1-60558-392-1",
      issn: "",
      citation_line: "",
    };
    const [apa] = formatCitations(proceedingPaperItem(conference, URL));
    expect(apa?.text).toContain("Proceedings of the 30th ACM SIGPLAN Conference on PLDI");
    expect(apa?.text).toContain("465–478");
  });

  it("name people by their family names, particles kept, and literal names whole (decision 255)", () => {
    const item = journalPaperItem(
      {
        ...paper,
        authors: [
          personAuthor("T.", "Di Matteo"),
          personAuthor("Anahita", "Sanaei Dashti"),
          literalAuthor("The PLOS ONE Staff"),
        ],
      },
      URL,
    );
    expect(item.author).toEqual([
      { family: "Di Matteo", given: "T." },
      { family: "Sanaei Dashti", given: "Anahita" },
      { literal: "The PLOS ONE Staff" },
    ]);
    const apa = formatCitations(item).find((s) => s.key === "apa")?.text;
    expect(apa).toMatch(/^Di Matteo, T\., Sanaei Dashti, A\., & The PLOS ONE Staff\./);
  });

  it("are not on the page: it gets the style choices, their URL and the files beside it", () => {
    const { styles, references, files } = paperCitations("/journal/elife/12");
    expect(styles).toEqual([
      { key: "apa", label: "APA" },
      { key: "mla", label: "MLA" },
      { key: "chicago", label: "Chicago" },
      { key: "harvard", label: "Harvard" },
      { key: "ieee", label: "IEEE" },
      { key: "vancouver", label: "Vancouver" },
    ]);
    expect(references).toBe("/journal/elife/12/citations.json");
    expect(files).toEqual([
      { format: "bib", label: "BibTeX", href: "/journal/elife/12/cite.bib" },
      { format: "ris", label: "RIS", href: "/journal/elife/12/cite.ris" },
      { format: "json", label: "CSL-JSON", href: "/journal/elife/12/cite.json" },
    ]);
  });

  it("link the JATS as published and the generated JATS 1.1 from the panel (decision 474)", () => {
    const citations = paperCitations("/journal/elife/12");
    expect(citations.jats).toEqual({
      published: "/journal/elife/12/jats.xml",
      generated: "/journal/elife/12/jats-1.1.xml",
    });
    const html = renderToStaticMarkup(
      createElement(LocaleProvider, {
        locale: "en",
        // biome-ignore lint/correctness/noChildrenProp: LocaleProvider's props require children, which a third argument does not satisfy for TypeScript
        children: createElement(CitePanel, { citations }),
      }),
    );
    expect(html).toMatch(/<a href="\/journal\/elife\/12\/jats.xml"[^>]*>as published<\/a>/);
    expect(html).toMatch(
      /<a href="\/journal\/elife\/12\/jats-1.1.xml"[^>]*>JATS 1.1 \(valid against its DTD\)<\/a>/,
    );
  });
});
