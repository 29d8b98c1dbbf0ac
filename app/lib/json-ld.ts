/**
 * schema.org descriptions of the public pages as JSON-LD (issue 6; docs/decisions/
 * 188-json-ld-and-link-previews.md), written into `<head>` by React Router's
 * `script:ld+json` meta descriptor, which escapes `<`, `>` and `&` as `\u003c`… so no text can
 * close the script element.
 *
 * - Home page: `WebSite` with a `SearchAction` on `/search?q=`.
 * - Journal page: `Periodical` (name, abbreviation, ISSNs, publisher).
 * - Issue page: `PublicationIssue` (number, publication date) in its `PublicationVolume` in the
 *   `Periodical` carrying its ISSN; an issue without a real number (decision 185) is described
 *   as the volume.
 * - Paper page: `ScholarlyArticle` (authors as people: given and family names, ORCID iD as
 *   `sameAs`, affiliations with their ROR id as `sameAs`; the effective publication date of
 *   decision 255; DOI as `sameAs` and `identifier`, pages, keywords, licence, copyright, funding
 *   as `Grant`s with their `funder`, references as `citation`, PDF) `isPartOf` the issue as
 *   above, the `Periodical` carrying its ISSN (decision 307).
 * - Proceeding and conference paper pages: the proceedings as a `Book` (ISBN, publisher, its
 *   conference's acronym as `alternateName`) about the conference `Event`; a conference paper is
 *   a `ScholarlyArticle` `isPartOf` that book.
 * - Languages (decision 441): a paper's `inLanguage` is its language (a BCP 47 tag, as
 *   schema.org asks); its translated titles are `alternativeHeadline` and its translated
 *   abstracts `abstract` (with the paper's own abstract first), each a JSON-LD value object
 *   with its `@language`; `description` stays the paper's own abstract.
 * Empty values are left out.
 */

import type {
  FundingItem,
  JournalDetail,
  PaperAuthorItem,
  PaperDetail,
  PaperReading,
  ProceedingDetail,
  ProceedingPaperDetail,
  PublicationDetail,
  ReferenceItem,
} from "../../shared/api.ts";
import {
  issnList,
  paperLink,
  proceedingPaperLink,
  publicationLink,
  splitInstitutions,
  splitKeywords,
} from "../../shared/format.ts";
import { isRetraction, noticeAnchor } from "../../shared/updates.ts";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonLd = { [key: string]: Json };

export const SCHEMA_ORG = "https://schema.org";

/** `value` without keys whose value is `""`, `null`, `undefined` or an empty array. */
function compact(value: Record<string, Json | undefined>): JsonLd {
  const out: JsonLd = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[key] = v;
  }
  return out;
}

const absolute = (origin: string, path: string | null | undefined) =>
  path ? (path.startsWith("/") ? `${origin}${path}` : path) : undefined;

function organization(name: string | null | undefined): JsonLd | undefined {
  return name ? { "@type": "Organization", name } : undefined;
}

/** A journal as a `Periodical`; `issn` is the journal's ISSN line (one or two ISSNs). */
function periodical(
  origin: string,
  journal: { name: string; abbreviation?: string; uri: string; issn?: string; publisher?: string },
): JsonLd {
  const issns = issnList(journal.issn ?? "");
  return compact({
    "@type": "Periodical",
    name: journal.name,
    alternateName: journal.abbreviation,
    issn: issns.length > 1 ? issns : issns[0],
    publisher: organization(journal.publisher),
    url: `${origin}/journal/${journal.uri}`,
  });
}

/**
 * The issue as schema.org has it: a `PublicationIssue` in a `PublicationVolume` in the
 * periodical, or only the volume when the issue has no real number.
 */
function issueNode(
  origin: string,
  issue: { volume: string; issue: string; show_number: boolean; year: number; link: string },
  journal: JsonLd,
  extra: Record<string, Json | undefined> = {},
): JsonLd {
  const volume = compact({
    "@type": "PublicationVolume",
    volumeNumber: issue.volume,
    isPartOf: journal,
  });
  if (!issue.show_number) {
    return compact({ ...volume, url: `${origin}${issue.link}`, ...extra });
  }
  return compact({
    "@type": "PublicationIssue",
    issueNumber: issue.issue,
    url: `${origin}${issue.link}`,
    isPartOf: volume,
    ...extra,
  });
}

/** Home page: the site, and how to search it. */
export function websiteJsonLd(origin: string, siteName: string): JsonLd {
  return {
    "@context": SCHEMA_ORG,
    "@type": "WebSite",
    name: siteName,
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** Journal page. */
export function journalJsonLd(origin: string, journal: JournalDetail): JsonLd {
  const issn = [journal.issn, journal.eissn].filter(Boolean).join(", ");
  return compact({
    "@context": SCHEMA_ORG,
    ...periodical(origin, { ...journal, issn }),
    description: journal.intro,
    image: absolute(origin, journal.image),
  });
}

/** Issue page. */
export function issueJsonLd(origin: string, p: PublicationDetail): JsonLd {
  const journal = periodical(origin, {
    name: p.journal_name,
    abbreviation: p.journal_abbreviation,
    uri: p.journal_url,
    issn: p.issn,
  });
  return {
    "@context": SCHEMA_ORG,
    ...issueNode(
      origin,
      { ...p, link: publicationLink(p.journal_url, p.volume, p.issue) },
      journal,
      {
        name: p.title || undefined,
        // the issue's publication date (decision 255), not the day it went online
        datePublished: p.publication_date || String(p.year),
        image: absolute(origin, p.cover_img),
        hasPart: p.papers.map((paper) => ({
          "@type": "ScholarlyArticle",
          name: paper.title,
          url: `${origin}${paperLink(p.journal_url, paper.paperID)}`,
        })),
      },
    ),
  };
}

/**
 * An author as a schema.org `Person`: the derived name, and given/family names when the name is
 * split (a literal name is only `name`), the ORCID iD as `sameAs` (schema.org's way to name a
 * person's identifier URL, as Google reads it), affiliations as `Organization`s with their ROR
 * id as `sameAs`.
 */
function person(author: PaperAuthorItem): JsonLd {
  const affiliations =
    author.affiliations.length > 0
      ? author.affiliations
      : splitInstitutions(author.institution).map((name) => ({ name, ror: "" }));
  return compact({
    "@type": "Person",
    name: author.name,
    givenName: author.family_name ? author.given_names : undefined,
    familyName: author.family_name,
    honorificSuffix: author.suffix,
    sameAs: author.orcid,
    affiliation: affiliations.map((a) =>
      compact({ "@type": "Organization", name: a.name, sameAs: a.ror }),
    ),
  });
}

/**
 * Funding as schema.org `Grant`s (the `funding` of a `CreativeWork`): one per award id, each with
 * its `funder` (an `Organization`, its Crossref Funder ID or ROR id as `sameAs`); a funder
 * without awards is one `Grant` without an identifier. A paper whose funding is only a
 * statement (decision 255) has one `Grant` described by it.
 */
function grants(funding: FundingItem[], statement: string): JsonLd[] {
  const out: JsonLd[] = [];
  for (const f of funding) {
    const funder = compact({ "@type": "Organization", name: f.funder_name, sameAs: f.funder_id });
    const ids = f.award_ids.length > 0 ? f.award_ids : [undefined];
    for (const id of ids) out.push(compact({ "@type": "Grant", identifier: id, funder }));
  }
  if (out.length === 0 && statement) out.push({ "@type": "Grant", description: statement });
  return out;
}

/**
 * A reference as a `citation`: a `CreativeWork` named by the reference as printed, with its DOI
 * (and PubMed or web address) as `sameAs`.
 */
function citation(reference: ReferenceItem): JsonLd {
  const same = [
    reference.doi ? `https://doi.org/${reference.doi}` : "",
    reference.pmid ? `https://pubmed.ncbi.nlm.nih.gov/${reference.pmid}/` : "",
    reference.url,
  ].filter(Boolean);
  return compact({
    "@type": "CreativeWork",
    name: reference.citation,
    sameAs: same.length > 1 ? same : same[0],
  });
}

/** `text` as a JSON-LD value object in `language` (`{"@value", "@language"}`). */
function inLanguage(text: string, language: string): JsonLd {
  return { "@value": text.replace(/\s+/g, " ").trim(), "@language": language };
}

/** What a journal paper and a conference paper say alike. */
function articleFields(origin: string, paper: PaperReading, pagePath: string) {
  const doiUrl = paper.doi ? `https://doi.org/${paper.doi}` : undefined;
  const translated = (pick: (t: PaperReading["translations"][number]) => string) =>
    paper.translations.filter((t) => pick(t).trim()).map((t) => inLanguage(pick(t), t.language));
  return {
    "@type": "ScholarlyArticle",
    "@id": `${origin}${pagePath}`,
    headline: paper.title.length > 110 ? undefined : paper.title,
    name: paper.title,
    inLanguage: paper.language,
    alternativeHeadline: translated((t) => t.title),
    // every abstract with its language, once the paper has one in another language
    abstract: paper.translations.some((t) => t.abstract.trim())
      ? [inLanguage(paper.abstract, paper.language), ...translated((t) => t.abstract)]
      : undefined,
    url: `${origin}${pagePath}`,
    author: paper.authors.map(person),
    // the effective date of decision 255: the paper's own, its issue's or its proceeding's year
    datePublished: paper.publication_date || String(paper.year),
    sameAs: doiUrl,
    identifier: paper.doi
      ? { "@type": "PropertyValue", propertyID: "DOI", value: paper.doi }
      : undefined,
    description: paper.abstract.replace(/\s+/g, " ").trim(),
    keywords: splitKeywords(paper.keywords),
    pageStart: paper.first_page,
    pageEnd: paper.last_page,
    license: paper.license_url,
    copyrightHolder: paper.copyright_holder
      ? { "@type": "Organization", name: paper.copyright_holder }
      : undefined,
    copyrightYear: paper.copyright_year ?? undefined,
    funding: grants(paper.funding, paper.funding_statement),
    funder: [
      ...new Map(
        paper.funding.map((f) => [
          f.funder_name,
          compact({ "@type": "Organization", name: f.funder_name, sameAs: f.funder_id }),
        ]),
      ).values(),
    ],
    citation: paper.references.map(citation),
    // update notices (decision 490): schema.org's `correction`, each a CorrectionComment
    // naming its type; a retracted paper says so in `creativeWorkStatus`
    correction: paper.updates.length
      ? paper.updates.map((u) =>
          compact({
            "@type": "CorrectionComment",
            additionalType: u.type,
            name: u.title,
            text: u.text,
            datePublished: u.date,
            url: u.doi ? `https://doi.org/${u.doi}` : `${origin}${pagePath}#${noticeAnchor(u.id)}`,
          }),
        )
      : undefined,
    creativeWorkStatus: paper.updates.some((u) => isRetraction(u.type)) ? "Retracted" : undefined,
    publisher: organization(paper.publisher),
    image: absolute(origin, paper.cover_img),
    isAccessibleForFree: true,
    encoding: paper.file_url
      ? {
          "@type": "MediaObject",
          contentUrl: `${origin}${paper.file_url}`,
          encodingFormat: "application/pdf",
        }
      : undefined,
  };
}

/** Journal paper page. */
export function paperJsonLd(origin: string, paper: PaperDetail): JsonLd {
  const journal = periodical(origin, {
    name: paper.journal_name,
    abbreviation: paper.journal_abbreviation,
    uri: paper.journal_url,
    issn: paper.issn,
    publisher: paper.publisher,
  });
  return compact({
    "@context": SCHEMA_ORG,
    ...articleFields(origin, paper, paperLink(paper.journal_url, paper.paperID)),
    isPartOf: issueNode(origin, { ...paper, link: paper.issue_link }, journal),
  });
}

/** The proceedings as a `Book` about its conference. */
function proceedingsBook(
  origin: string,
  p: Pick<
    ProceedingDetail,
    | "title"
    | "isbn"
    | "issn"
    | "publisher"
    | "event_name"
    | "event_start_date"
    | "event_end_date"
    | "event_location"
  > & { link: string },
): JsonLd {
  return compact({
    "@type": "Book",
    name: p.title,
    // the conference's short name ("PLDI '09"), as the proceedings are cited; never the
    // subtitle, which the importer fills with the conference's place (decision 307)
    alternateName: p.event_name && p.event_name !== p.title ? p.event_name : undefined,
    isbn: p.isbn,
    issn: p.issn,
    publisher: organization(p.publisher),
    url: `${origin}${p.link}`,
    about: compact({
      "@type": "Event",
      name: p.event_name,
      startDate: p.event_start_date,
      endDate: p.event_end_date,
      location: p.event_location ? { "@type": "Place", name: p.event_location } : undefined,
    }),
  });
}

/** Proceeding page. */
export function proceedingJsonLd(origin: string, p: ProceedingDetail): JsonLd {
  return compact({
    "@context": SCHEMA_ORG,
    ...proceedingsBook(origin, p),
    datePublished: String(p.year),
    description: p.intro,
    image: absolute(origin, p.cover_img),
    hasPart: p.papers.map((paper) => ({
      "@type": "ScholarlyArticle",
      name: paper.title,
      url: `${origin}${proceedingPaperLink(p.slug, paper.paperID)}`,
    })),
  });
}

/** Conference paper page. */
export function proceedingPaperJsonLd(origin: string, paper: ProceedingPaperDetail): JsonLd {
  return compact({
    "@context": SCHEMA_ORG,
    ...articleFields(origin, paper, proceedingPaperLink(paper.proceeding_slug, paper.paperID)),
    isPartOf: proceedingsBook(origin, {
      ...paper,
      title: paper.proceeding_title,
      link: paper.proceeding_link,
    }),
  });
}
