/**
 * `<head>` metadata of a paper page: title, description, canonical link, Google Scholar
 * (Highwire Press `citation_*`) tags, Dublin Core (`DC.*`) and Open Graph, built from the
 * {@link PaperDetail} of GET /get_journal_paper (docs/product/api.md) or the
 * {@link ProceedingPaperDetail} of GET /get_proceeding_paper (a conference paper).
 *
 * Rules followed:
 * - Google Scholar inclusion guidelines ("Indexing guidelines", section "Meta tags"): one
 *   `citation_author` per author in order, each followed by its `citation_author_institution`
 *   tags, written "Family, Given" when the name is split (decision 255; a literal name as it
 *   is, so Zotero's Embedded Metadata translator never re-splits "Di Matteo");
 *   `citation_publication_date` and `citation_date` as `YYYY/MM/DD` (or `YYYY/MM`, `YYYY`), the
 *   paper's effective date (shared/dates.ts), never the day it was uploaded; `citation_pdf_url` and
 *   `citation_abstract_html_url` absolute and under the same path as the abstract page; a
 *   journal paper names its journal (`citation_journal_title`, volume, issue), a conference
 *   paper its proceedings (`citation_conference_title`, `citation_isbn`) and the conference's
 *   place as `eprints.event_location`, the tag Zotero's translator reads into `place`;
 *   `citation_abstract` carries the whole abstract (the description is cut at 300 characters);
 *   one `citation_reference` per reference (decision 306).
 * - The licence as `<link rel="license">` (HTML's licence link type) and `DC.rights`.
 * - Open Graph and Twitter card tags (app/lib/root-data.ts `previewMeta`), the journal's Atom
 *   feed link and schema.org JSON-LD (./json-ld.ts), as every public page has (decisions 187,
 *   188).
 * - Dublin Core in HTML (DCMI "Expressing Dublin Core metadata using HTML/XHTML meta and link
 *   elements"): `<link rel="schema.DC">` and `DC.element` names; dates ISO 8601; the one
 *   `DC.identifier` is the DOI's URL, none without a DOI (decision 471: reference managers read
 *   a DOI into any identifier with `10/` in it).
 * - Languages (decision 441): `citation_language` and `DC.language` name the paper's language;
 *   `DC.title`, `DC.description` and `DC.subject` are written in the paper's language and then in
 *   each translation's, each with its `lang` attribute (HTML allows `lang` on every element,
 *   and DCMI's HTML encoding reads it as the value's language).
 * - Only tags that have a value are written (brief of the paper page).
 * - In the page's language (decision 382): the canonical and preview URLs carry its prefix, and
 *   the one text made for people, the JSON-LD name of the HTML full text, is translated; every
 *   other value is the paper's own or for machines (`citation_*`, `DC.*`), never translated.
 */

import type { MetaDescriptor } from "react-router";
import type { PaperDetail, PaperReading, ProceedingPaperDetail } from "../../shared/api.ts";
import {
  issnList,
  paperLink,
  proceedingPaperLink,
  splitInstitutions,
  splitKeywords,
} from "../../shared/format.ts";
import { DEFAULT_LOCALE, prefixOf, type RenderLocale } from "../../shared/i18n/locales.ts";
import { type Translate, translatorFor } from "../../shared/i18n/translator.ts";
import { oneLine } from "../../shared/one-line.ts";
import { noticeAnchor } from "../../shared/updates.ts";
import { paperJsonLd, proceedingPaperJsonLd } from "./json-ld.ts";
import { journalFeedMeta, type PageMetaOptions, previewMeta } from "./root-data.ts";
import { citationAuthorName, referenceMetaContent } from "./scholarly-meta.ts";

/** Longest meta description, in characters, as on every page of the site (decision 045). */
const DESCRIPTION_MAX = 300;

/** `2012-12-13` → `2012/12/13`, `2012-12` → `2012/12`, `2009` → `2009`; "" when not a date. */
export function scholarDate(value: string): string {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value);
  if (!match) return "";
  return [match[1], match[2], match[3]].filter(Boolean).join("/");
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
export function paperTitle(paper: Pick<PaperReading, "title">, siteName: string): string {
  return `${oneLine(paper.title)} | ${siteName}`;
}

/** Where a paper was published, as its metadata names it. */
export type PaperVenue =
  | {
      kind: "journal";
      /** The journal's name, its abbreviation and ISSN line, volume and issue. */
      title: string;
      abbreviation: string;
      issn: string;
      volume: string;
      issue: string;
      /** The citation line (`DC.source`), e.g. `eLife, Vol. 1 No. 1 (2012)`. */
      source: string;
    }
  | {
      kind: "conference";
      /** The proceeding's title (`citation_conference_title`), its ISBN and ISSN. */
      title: string;
      isbn: string;
      issn: string;
      /** The citation line (`DC.source`), e.g. `Proceedings of … (PLDI '09), 2009`. */
      source: string;
      /** Where the conference took place (`Dublin, Ireland`), or `""`. */
      place: string;
    };

/** What sets one kind of paper page apart: its path, its venue, and the page's extras. */
type PaperPlace = {
  path: string;
  venue: PaperVenue;
  extras: Pick<PageMetaOptions, "journal" | "jsonLd">;
};

/**
 * The `meta` builder of one kind of paper page: {@link scholarlyMeta} with what `place` says of
 * the paper. The builder takes the paper, the public origin without a trailing slash (root
 * loader's `origin`, e.g. `https://journals.example.edu`; every URL in the tags is made absolute
 * with it), the product name (`{product}`, for the title and `og:site_name`),
 * `{paper page}/fulltext` when the paper has an HTML full text (decision 285), else "", and the
 * page's language.
 */
function paperMetaBuilder<P extends PaperReading>(place: (paper: P, origin: string) => PaperPlace) {
  return (
    paper: P,
    origin: string,
    siteName: string,
    fullTextPath = "",
    locale: RenderLocale = DEFAULT_LOCALE,
  ): MetaDescriptor[] => {
    const { path, venue, extras } = place(paper, origin);
    return scholarlyMeta(paper, path, venue, origin, siteName, {
      ...extras,
      fullTextPath,
      pagePrefix: prefixOf(locale),
      t: translatorFor(locale),
    });
  };
}

/** All `<head>` descriptors of a journal paper's page, for the route's `meta` export. */
export const paperMeta = paperMetaBuilder((paper: PaperDetail, origin) => ({
  path: paperLink(paper.journal_url, paper.paperID),
  venue: {
    kind: "journal",
    title: paper.journal_name,
    abbreviation: paper.journal_abbreviation,
    issn: paper.issn,
    volume: paper.volume,
    // never claim the URL key of an issue without a real number (decision 185)
    issue: paper.show_number ? paper.issue : "",
    source: paper.journal_title,
  },
  extras: {
    journal: { uri: paper.journal_url, name: paper.journal_name },
    jsonLd: paperJsonLd(origin, paper),
  },
}));

/**
 * All `<head>` descriptors of a conference paper's page (docs/decisions/091-conference-paper-
 * metadata.md): as a journal paper's, with Google Scholar's conference fields
 * (`citation_conference_title`, `citation_isbn`) in place of the journal, volume and issue.
 */
export const proceedingPaperMeta = paperMetaBuilder((paper: ProceedingPaperDetail, origin) => ({
  path: proceedingPaperLink(paper.proceeding_slug, paper.paperID),
  venue: {
    kind: "conference",
    title: paper.proceeding_title,
    isbn: paper.isbn,
    issn: paper.issn,
    source: paper.citation_line,
    place: paper.event_location,
  },
  extras: { jsonLd: proceedingPaperJsonLd(origin, paper) },
}));

/**
 * The `<head>` descriptors of any paper page: title, description, canonical link, Scholar,
 * Dublin Core and Open Graph tags, in that order.
 * @param pagePath the paper page's path (`/journal/elife/12`), canonical and abstract URL.
 */
export function scholarlyMeta(
  paper: PaperReading,
  pagePath: string,
  venue: PaperVenue,
  origin: string,
  siteName: string,
  extras: Pick<PageMetaOptions, "journal" | "jsonLd"> & {
    fullTextPath?: string;
    /** The page's language prefix (`/es`; decision 382): its pages' URLs carry it, files not. */
    pagePrefix?: string;
    /** `t` in the page's language (English unless given). */
    t?: Translate;
  } = {},
): MetaDescriptor[] {
  const prefix = extras.pagePrefix ?? "";
  const t = extras.t ?? translatorFor(DEFAULT_LOCALE);
  const pageUrl = `${origin}${prefix}${pagePath}`;
  const fullTextUrl = extras.fullTextPath ? `${origin}${prefix}${extras.fullTextPath}` : "";
  const pdfUrl = paper.file_url ? `${origin}${paper.file_url}` : "";
  const doiUrl = paper.doi ? `https://doi.org/${paper.doi}` : "";
  const keywords = splitKeywords(paper.keywords);
  const issns = issnList(venue.issn);
  // the effective date of decision 255, never when the paper or its issue went online
  const date = paper.publication_date || (paper.year ? String(paper.year) : "");
  const description =
    summary(paper.abstract) ||
    summary(`${paper.title}. ${paper.authors.map((a) => a.name).join(", ")}. ${venue.source}.`);

  const tags: MetaDescriptor[] = [];
  // Every value is one line: a line break or a control character in a title, a name or a
  // keyword would reach the readers of these tags (Zotero, Scholar) as part of the value.
  const name = (key: string, content: string | number | null | undefined, lang?: string) => {
    const value = content == null ? "" : oneLine(String(content));
    if (value)
      tags.push(lang ? { name: key, content: value, lang } : { name: key, content: value });
  };
  // the paper's texts in its own language, then in each translation's (decision 441)
  const versions = [
    { language: paper.language, title: paper.title, abstract: paper.abstract, keywords },
    ...paper.translations.map((t) => ({ ...t, keywords: splitKeywords(t.keywords) })),
  ];

  tags.push({ title: paperTitle(paper, siteName) });
  name("description", description);
  tags.push({ tagName: "link", rel: "canonical", href: pageUrl });

  // Google Scholar / Highwire Press
  name("citation_title", paper.title);
  for (const author of paper.authors) {
    name("citation_author", citationAuthorName(author));
    for (const institution of splitInstitutions(author.institution)) {
      name("citation_author_institution", institution);
    }
  }
  name("citation_publication_date", scholarDate(date));
  name("citation_date", scholarDate(date));
  if (venue.kind === "journal") {
    name("citation_journal_title", venue.title);
    name("citation_journal_abbrev", venue.abbreviation);
  } else {
    name("citation_conference_title", venue.title);
    name("citation_isbn", venue.isbn);
    name("eprints.event_location", venue.place);
  }
  for (const issn of issns) name("citation_issn", issn);
  name("citation_publisher", paper.publisher);
  if (venue.kind === "journal") {
    name("citation_volume", venue.volume);
    name("citation_issue", venue.issue);
  }
  name("citation_firstpage", paper.first_page);
  name("citation_lastpage", paper.last_page);
  name("citation_doi", paper.doi);
  for (const keyword of keywords) name("citation_keywords", keyword);
  name("citation_abstract", paper.abstract.replace(/\s+/g, " ").trim());
  name("citation_language", paper.language);
  name("citation_abstract_html_url", pageUrl);
  name("citation_pdf_url", pdfUrl);
  name("citation_fulltext_html_url", fullTextUrl);
  for (const reference of paper.references) {
    name("citation_reference", referenceMetaContent(reference));
  }
  if (paper.license_url) tags.push({ tagName: "link", rel: "license", href: paper.license_url });

  // Dublin Core
  tags.push({ tagName: "link", rel: "schema.DC", href: "http://purl.org/dc/elements/1.1/" });
  for (const v of versions) name("DC.title", v.title, v.language);
  for (const author of paper.authors) name("DC.creator", citationAuthorName(author));
  name("DC.date", date);
  // The DOI is the only identifier written here (decision 471): Zotero's Embedded Metadata
  // takes a DOI from any DC.identifier its `cleanDOI` matches, and that matches any `10/`
  // (`/10(?:\.[0-9]{4,})?\/[^\s]*[^\s.,]/`), so a page URL on a port ending in 10 or under a
  // journal named `x10` became a false DOI. The page's URL is the canonical link, `og:url`
  // and `citation_abstract_html_url`.
  name("DC.identifier", doiUrl);
  name("DC.publisher", paper.publisher);
  name("DC.source", venue.source);
  for (const issn of issns) name("DC.source.ISSN", issn);
  for (const v of versions) {
    for (const keyword of v.keywords) name("DC.subject", keyword, v.language);
  }
  for (const v of versions) name("DC.description", v.abstract.replace(/\s+/g, " "), v.language);
  name("DC.language", paper.language);
  name("DC.type", "Text");
  if (pdfUrl) name("DC.format", "application/pdf");
  name("DC.rights", paper.license_url);
  // update notices (decision 490): each a DC.relation, its DOI URL or its anchor on this page
  for (const u of paper.updates) {
    name("DC.relation", u.doi ? `https://doi.org/${u.doi}` : `${pageUrl}#${noticeAnchor(u.id)}`);
  }

  // Open Graph and Twitter card (link previews), the journal's feed, schema.org
  tags.push(
    ...previewMeta(origin, {
      title: paper.title,
      description,
      siteName,
      type: "article",
      image: paper.cover_img,
      path: `${prefix}${pagePath}`,
    }),
  );
  if (extras.journal) tags.push(journalFeedMeta(extras.journal));
  if (extras.jsonLd) {
    // the HTML full text as a part of the article (decision 285)
    const hasPart = fullTextUrl
      ? { hasPart: { "@type": "WebPage", name: t("Full text (HTML)"), url: fullTextUrl } }
      : {};
    tags.push({ "script:ld+json": { ...extras.jsonLd, ...hasPart } });
  }
  return tags;
}
