/**
 * DOAJ article XML (https://doaj.org/docs/xml/; schema doajArticles.xsd with `orcid_id`, in
 * tests/fixtures/schemas/doaj), the upload DOAJ takes for a journal's articles
 * (docs/decisions/279-doaj-doi-pattern-preservation.md): one `record` per paper with its
 * language, publisher, journal title, ISSNs by medium (decision 276), publication date
 * (shared/dates.ts), volume, issue, pages or the article number as `startPage`, DOI, the site's
 * paper id as `publisherRecordId`, title, authors (name, ORCID iD, affiliation ids into
 * `affiliationsList`), abstract, the full-text URL (the PDF, else the page) and keywords.
 * Written with xmlbuilder2.
 *
 * Languages (decision 441): DOAJ names them by ISO 639-2/B codes (iso_639-2b.xsd): `language`
 * is the paper's, and its title, abstract and keywords are written in its language and then in
 * each translation's, each with its `language` attribute. A language DOAJ's list lacks is left
 * unnamed rather than named wrongly.
 */
import { create } from "xmlbuilder2";
import { iso6392b } from "../../../shared/languages.ts";
import { stripXmlForbidden } from "../../../shared/xml-text.ts";
import type { JournalRecord, JournalVenue } from "./records.ts";

const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
const DOAJ_SCHEMA = "https://doaj.org/static/doaj/doajArticles.xsd";

function clean(text: string): string {
  return stripXmlForbidden(text).replace(/\s+/g, " ").trim();
}

/** An ISSN as DOAJ's pattern takes it (`1234-5678`), or "" when it is not one. */
function issn(value: string): string {
  const v = value.trim().toUpperCase();
  return /^\d{4}-?\d{3}[\dX]$/.test(v) ? v : "";
}

/** `{ language }` as DOAJ's ISO 639-2/B code, or nothing when its list lacks the language. */
function languageAttribute(tag: string): { language?: string } {
  const code = iso6392b(tag);
  return code ? { language: code } : {};
}

/**
 * The DOAJ XML of `records` (papers of `journal`).
 * @returns the XML document; DOAJ requires at least one record, so a journal without papers
 *   gives an empty `records` element the schema refuses (the dashboard offers no link then).
 */
export function doajXml(journal: JournalVenue, records: readonly JournalRecord[]): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele("records", {
    "xmlns:xsi": XSI_NS,
    "xsi:noNamespaceSchemaLocation": DOAJ_SCHEMA,
  });
  for (const r of records) {
    const rec = root.ele("record");
    const language = iso6392b(r.language);
    if (language) rec.ele("language").txt(language);
    // the paper's own texts, then each translation's (decision 441)
    const versions = [
      { language: r.language, title: r.title, abstract: r.abstract, keywords: r.keywords },
      ...r.translations,
    ];
    if (clean(journal.publisher)) rec.ele("publisher").txt(clean(journal.publisher));
    rec.ele("journalTitle").txt(clean(journal.name));
    if (issn(journal.printIssn)) rec.ele("issn").txt(issn(journal.printIssn));
    if (issn(journal.electronicIssn)) rec.ele("eissn").txt(issn(journal.electronicIssn));
    rec.ele("publicationDate").txt(r.date.iso);
    if (r.issue.volume) rec.ele("volume").txt(clean(r.issue.volume));
    if (r.issue.number) rec.ele("issue").txt(clean(r.issue.number));
    if (r.pages) {
      rec.ele("startPage").txt(clean(r.pages.first));
      rec.ele("endPage").txt(clean(r.pages.last));
    } else if (r.articleNumber) {
      rec.ele("startPage").txt(clean(r.articleNumber));
    }
    if (r.doi) rec.ele("doi").txt(r.doi);
    rec.ele("publisherRecordId").txt(String(r.paperId));
    rec.ele("documentType").txt("article");
    rec.ele("title", languageAttribute(r.language)).txt(clean(r.title));
    for (const t of r.translations) {
      if (clean(t.title)) rec.ele("title", languageAttribute(t.language)).txt(clean(t.title));
    }
    const affiliations: string[] = [];
    if (r.authors.length > 0) {
      const authors = rec.ele("authors");
      for (const a of r.authors) {
        const author = authors.ele("author");
        author.ele("name").txt(clean(a.name));
        const names = a.affiliations.length
          ? a.affiliations.map((f) => clean(f.name))
          : a.institution
            ? [clean(a.institution)]
            : [];
        for (const name of names.filter(Boolean)) {
          let index = affiliations.indexOf(name);
          if (index < 0) index = affiliations.push(name) - 1;
          author.ele("affiliationId").txt(String(index + 1));
        }
        if (a.orcid) author.ele("orcid_id").txt(a.orcid);
      }
    }
    if (affiliations.length > 0) {
      const list = rec.ele("affiliationsList");
      affiliations.forEach((name, i) => {
        list.ele("affiliationName", { affiliationId: String(i + 1) }).txt(name);
      });
    }
    for (const v of versions) {
      if (clean(v.abstract))
        rec.ele("abstract", languageAttribute(v.language)).txt(clean(v.abstract));
    }
    if (r.pdfUrl) rec.ele("fullTextUrl", { format: "pdf" }).txt(r.pdfUrl);
    else rec.ele("fullTextUrl", { format: "html" }).txt(r.pageUrl);
    for (const v of versions) {
      if (v.keywords.length === 0) continue;
      const keywords = rec.ele("keywords", languageAttribute(v.language));
      for (const k of v.keywords) keywords.ele("keyword").txt(clean(k));
    }
  }
  return doc.end({ prettyPrint: true });
}
