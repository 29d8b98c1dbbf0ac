/**
 * `<head>` metadata of a paper page: title, description, canonical link, Google Scholar
 * (Highwire Press `citation_*`) tags, Dublin Core (`DC.*`) and Open Graph, built from the
 * {@link PaperDetail} of GET /get_journal_paper (DESIGN section 2).
 *
 * Rules followed:
 * - Google Scholar inclusion guidelines ("Indexing guidelines", section "Meta tags"): one
 *   `citation_author` per author in order, each followed by its `citation_author_institution`
 *   tags; `citation_publication_date` as `YYYY/MM/DD` (or `YYYY`); `citation_pdf_url` and
 *   `citation_abstract_html_url` absolute and under the same path as the abstract page.
 * - Dublin Core in HTML (DCMI "Expressing Dublin Core metadata using HTML/XHTML meta and link
 *   elements"): `<link rel="schema.DC">` and `DC.element` names; dates ISO 8601.
 * - Only tags that have a value are written (brief of the paper page).
 */
import type { MetaDescriptor } from "react-router";
import type { PaperDetail } from "../../shared/api.ts";
import { paperLink, splitInstitutions, splitKeywords } from "../../shared/format.ts";

/** Longest meta description, in characters, as on every page of the site (decision 045). */
const DESCRIPTION_MAX = 300;

/** `2012-12-13` → `2012/12/13`, `2012-12` → `2012/12`, `2009` → `2009`; "" when not a date. */
export function scholarDate(value: string): string {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value);
  if (!match) return "";
  return [match[1], match[2], match[3]].filter(Boolean).join("/");
}

/** Every ISSN (`1234-567X`) found in the journal's ISSN line, in order, without repeats. */
export function issnList(issnLine: string): string[] {
  return [...new Set(issnLine.toUpperCase().match(/\b\d{4}-\d{3}[\dX]\b/g) ?? [])];
}

/** The abstract as one line, cut at a word boundary to at most `max` characters with "…". */
export function summary(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** The abstract's paragraphs: every line break in the stored text starts a new one. */
export function abstractParagraphs(abstract: string): string[] {
  return abstract
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** `<title>` of the paper page: `{paper title} | {product}`, like every page of the site. */
export function paperTitle(paper: Pick<PaperDetail, "title">, siteName: string): string {
  return `${paper.title} | ${siteName}`;
}

/** Absolute URL of the paper's abstract page (also its canonical URL). */
export function paperPageUrl(origin: string, paper: Pick<PaperDetail, "journal_url" | "paperID">) {
  return `${origin}${paperLink(paper.journal_url, paper.paperID)}`;
}

/**
 * All `<head>` descriptors of a paper page, for the route's `meta` export.
 * @param origin public origin without a trailing slash (root loader's `origin`), e.g.
 *   `https://journals.example.edu`; every URL in the tags is made absolute with it.
 * @param siteName product name (`{product}`), for the title and `og:site_name`.
 */
export function paperMeta(paper: PaperDetail, origin: string, siteName: string): MetaDescriptor[] {
  const pageUrl = paperPageUrl(origin, paper);
  const pdfUrl = paper.file_url ? `${origin}${paper.file_url}` : "";
  const doiUrl = paper.doi ? `https://doi.org/${paper.doi}` : "";
  const keywords = splitKeywords(paper.keywords);
  const issns = issnList(paper.issn);
  const date = paper.published_on || (paper.year ? String(paper.year) : "");
  const description =
    summary(paper.abstract) ||
    summary(
      `${paper.title}. ${paper.authors.map((a) => a.name).join(", ")}. ${paper.journal_title}.`,
    );

  const tags: MetaDescriptor[] = [];
  const name = (key: string, content: string | number | null | undefined) => {
    const value = content == null ? "" : String(content).trim();
    if (value) tags.push({ name: key, content: value });
  };
  const property = (key: string, content: string) => {
    if (content) tags.push({ property: key, content });
  };

  tags.push({ title: paperTitle(paper, siteName) });
  name("description", description);
  tags.push({ tagName: "link", rel: "canonical", href: pageUrl });

  // Google Scholar / Highwire Press
  name("citation_title", paper.title);
  for (const author of paper.authors) {
    name("citation_author", author.name);
    for (const institution of splitInstitutions(author.institution)) {
      name("citation_author_institution", institution);
    }
  }
  name("citation_publication_date", scholarDate(date));
  name("citation_journal_title", paper.journal_name);
  name("citation_journal_abbrev", paper.journal_abbreviation);
  for (const issn of issns) name("citation_issn", issn);
  name("citation_publisher", paper.publisher);
  name("citation_volume", paper.volume);
  name("citation_issue", paper.issue);
  name("citation_firstpage", paper.first_page);
  name("citation_lastpage", paper.last_page);
  name("citation_doi", paper.doi);
  for (const keyword of keywords) name("citation_keywords", keyword);
  name("citation_abstract_html_url", pageUrl);
  name("citation_pdf_url", pdfUrl);

  // Dublin Core
  tags.push({ tagName: "link", rel: "schema.DC", href: "http://purl.org/dc/elements/1.1/" });
  name("DC.title", paper.title);
  for (const author of paper.authors) name("DC.creator", author.name);
  name("DC.date", date);
  name("DC.identifier", doiUrl);
  name("DC.identifier", pageUrl);
  name("DC.publisher", paper.publisher);
  name("DC.source", paper.journal_title);
  for (const issn of issns) name("DC.source.ISSN", issn);
  for (const keyword of keywords) name("DC.subject", keyword);
  name("DC.description", paper.abstract.replace(/\s+/g, " "));
  name("DC.type", "Text");
  if (pdfUrl) name("DC.format", "application/pdf");
  name("DC.rights", paper.license_url);

  // Open Graph (link previews)
  property("og:type", "article");
  property("og:title", paper.title);
  property("og:description", description);
  property("og:url", pageUrl);
  property("og:site_name", siteName);
  return tags;
}
