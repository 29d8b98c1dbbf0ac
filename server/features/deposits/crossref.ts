/**
 * Crossref deposit XML, schema 5.3.1 (https://www.crossref.org/documentation/schema-library/
 * metadata-deposit-schema-5-3-1/; the schema files are in ../shared/interop/schemas/
 * crossref-5.3.1), written with xmlbuilder2 (docs/decisions/275-crossref-deposit-xml.md):
 *
 * - an issue: `<journal>` with `journal_metadata` (title, abbreviation, ISSNs by medium),
 *   `journal_issue` (date, volume, number) and one `journal_article` per paper with a DOI;
 * - a proceeding: `<conference>` with `event_metadata` (name, acronym-free, place, dates),
 *   `proceedings_metadata` (title, publisher, date, ISBN or `noisbn`) and one
 *   `conference_paper` per paper with a DOI.
 *
 * Each paper carries its contributors (people with given name, surname, suffix, affiliations
 * with ROR ids and ORCID iDs; literal names as `organization`), its JATS abstract, its
 * publication date (shared/dates.ts), pages or article number, funders (FundRef `fr:program`),
 * licence (AccessIndicators `ai:program`: `free_to_read` and `license_ref` for the version of
 * record and text mining), the resource URL on the site with its PDF for text and data mining
 * (`collection property="text-mining"`), and its references (`citation_list`: a DOI when known,
 * else the unstructured citation). Papers without a DOI are left out: Crossref registers DOIs.
 *
 * Languages (decision 441): the `language` attribute (ISO 639-1, the schema's list) of the
 * article or conference paper is the paper's, of `journal_metadata` the journal's primary one
 * and of `proceedings_metadata` the proceeding's; every abstract is a `jats:abstract` with its
 * `xml:lang`. A journal article's translated titles are further `titles` elements (the schema
 * allows 20; Crossref's advice for metadata in several languages), each a `title`: not
 * `original_language_title`, which Crossref keeps for registering a translation of a work. A
 * conference paper has one `titles`, its own title.
 *
 * Crossmark (decision 490): a journal with an update policy DOI sends `<crossmark>` on each
 * article (policy, domain, updates of notices without a DOI), and each notice with a DOI of its
 * own as a `journal_article` whose crossmark `updates` the paper's DOI.
 */
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { parsePartialDate } from "../../../shared/dates.ts";
import { iso6391 } from "../../../shared/languages.ts";
import { noticeAnchor, type UpdateNotice } from "../../../shared/updates.ts";
import { stripXmlForbidden } from "../../../shared/xml-text.ts";
import type {
  IssueVenue,
  JournalRecord,
  JournalVenue,
  ProceedingRecord,
  ProceedingVenue,
  ScholarlyRecord,
} from "./records.ts";

const CROSSREF_NS = "http://www.crossref.org/schema/5.3.1";
const CROSSREF_SCHEMA = "https://www.crossref.org/schemas/crossref5.3.1.xsd";
const JATS_NS = "http://www.ncbi.nlm.nih.gov/JATS1";
const AI_NS = "http://www.crossref.org/AccessIndicators.xsd";
const FR_NS = "http://www.crossref.org/fundref.xsd";
const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

/** Who deposits: Crossref's `<depositor>` and `<registrant>`. */
export type Depositor = { name: string; email: string; registrant: string };

/** The batch's identity: `doi_batch_id` (at most 100 characters) and a rising `timestamp`. */
export type Batch = { id: string; timestamp: number };

/** Text for an element: forbidden XML characters removed, whitespace collapsed. */
function clean(text: string): string {
  return stripXmlForbidden(text).replace(/\s+/g, " ").trim();
}

/** Text cut to `max` characters (the schema's maxLength). */
function cut(text: string, max: number): string {
  const value = clean(text);
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** Crossref `<publication_date>`-like parts: month, day, year (the schema's order). */
function dateParts(el: XMLBuilder, iso: string): void {
  const date = parsePartialDate(iso);
  if (!date) return;
  if (date.month !== undefined) el.ele("month").txt(String(date.month).padStart(2, "0"));
  if (date.day !== undefined) el.ele("day").txt(String(date.day).padStart(2, "0"));
  el.ele("year").txt(String(date.year));
}

function publicationDate(parent: XMLBuilder, iso: string): void {
  dateParts(parent.ele("publication_date", { media_type: "online" }), iso);
}

function doiData(parent: XMLBuilder, doi: string, resource: string, pdfUrl: string): void {
  const data = parent.ele("doi_data");
  data.ele("doi").txt(doi);
  data.ele("resource").txt(resource);
  if (pdfUrl) {
    const tdm = data.ele("collection", { property: "text-mining" });
    tdm.ele("item").ele("resource", { mime_type: "application/pdf" }).txt(pdfUrl);
  }
}

/** `contributors`: people as `person_name`, literal names as `organization`. */
function contributors(parent: XMLBuilder, record: ScholarlyRecord): void {
  if (record.authors.length === 0) return;
  const group = parent.ele("contributors");
  record.authors.forEach((a, i) => {
    const atts = { sequence: i === 0 ? "first" : "additional", contributor_role: "author" };
    const family = clean(a.family_name ?? "");
    if (!family) {
      group.ele("organization", atts).txt(cut(a.name, 512));
      return;
    }
    const person = group.ele("person_name", atts);
    const given = clean(a.given_names ?? "");
    if (given) person.ele("given_name").txt(cut(given, 60));
    person.ele("surname").txt(cut(family, 60));
    if (a.suffix) person.ele("suffix").txt(cut(a.suffix, 10));
    const affiliations = a.affiliations.filter((f) => clean(f.name) || f.ror);
    if (affiliations.length > 0) {
      const list = person.ele("affiliations");
      for (const f of affiliations) {
        const inst = list.ele("institution");
        if (clean(f.name)) inst.ele("institution_name").txt(cut(f.name, 1024));
        if (f.ror) inst.ele("institution_id", { type: "ror" }).txt(f.ror);
      }
    } else if (a.institution) {
      person
        .ele("affiliations")
        .ele("institution")
        .ele("institution_name")
        .txt(cut(a.institution, 1024));
    }
    if (a.orcid) person.ele("ORCID", { authenticated: "false" }).txt(a.orcid);
  });
}

/** An abstract as JATS paragraphs (blank lines separate paragraphs) in `language`. */
function abstract(parent: XMLBuilder, text: string, language: string): void {
  const paragraphs = stripXmlForbidden(text)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return;
  const el = parent.ele(JATS_NS, "jats:abstract", { "xml:lang": language });
  for (const p of paragraphs) el.ele(JATS_NS, "jats:p").txt(p);
}

/** The paper's abstract, then each translation's, each with its language. */
function abstracts(parent: XMLBuilder, record: ScholarlyRecord): void {
  abstract(parent, record.abstract, record.language);
  for (const t of record.translations) abstract(parent, t.abstract, t.language);
}

/** `{ language }` in ISO 639-1 when the schema's list has it (decision 441), else nothing. */
function languageAttribute(tag: string): { language?: string } {
  const code = iso6391(tag);
  return code ? { language: code } : {};
}

/** Most `titles` a journal article may have (crossref5.3.1.xsd). */
const MAX_TITLES = 20;

function pagesAndNumber(parent: XMLBuilder, record: ScholarlyRecord): void {
  if (record.pages) {
    const pages = parent.ele("pages");
    pages.ele("first_page").txt(cut(record.pages.first, 32));
    pages.ele("last_page").txt(cut(record.pages.last, 32));
  }
  if (record.articleNumber) {
    parent
      .ele("publisher_item")
      .ele("item_number", { item_number_type: "article_number" })
      .txt(cut(record.articleNumber, 32));
  }
}

/** FundRef: one `fundgroup` per funder with its id and award numbers. */
function funding(parent: XMLBuilder, record: ScholarlyRecord): void {
  const funders = record.funding.filter((f) => clean(f.funder_name) || f.funder_id);
  if (funders.length === 0) return;
  const program = parent.ele(FR_NS, "fr:program", { name: "fundref" });
  for (const f of funders) {
    const group = program.ele(FR_NS, "fr:assertion", { name: "fundgroup" });
    const name = clean(f.funder_name);
    if (name) {
      const funder = group.ele(FR_NS, "fr:assertion", { name: "funder_name" }).txt(name);
      if (f.funder_id) {
        funder.ele(FR_NS, "fr:assertion", { name: "funder_identifier" }).txt(f.funder_id);
      }
    } else {
      group.ele(FR_NS, "fr:assertion", { name: "funder_identifier" }).txt(f.funder_id);
    }
    for (const award of f.award_ids.map(clean).filter(Boolean)) {
      group.ele(FR_NS, "fr:assertion", { name: "award_number" }).txt(award);
    }
  }
}

/**
 * AccessIndicators: every paper on this site is free to read; its licence (when it has one)
 * applies to the version of record and to text mining, from its publication date.
 */
function accessIndicators(parent: XMLBuilder, record: ScholarlyRecord): void {
  const program = parent.ele(AI_NS, "ai:program", { name: "AccessIndicators" });
  program.ele(AI_NS, "ai:free_to_read");
  if (!record.licenseUrl) return;
  const start = parsePartialDate(record.date.iso);
  const startDate = start
    ? `${start.year}-${String(start.month ?? 1).padStart(2, "0")}-${String(start.day ?? 1).padStart(2, "0")}`
    : undefined;
  for (const appliesTo of ["vor", "tdm"]) {
    program
      .ele(AI_NS, "ai:license_ref", {
        applies_to: appliesTo,
        ...(startDate ? { start_date: startDate } : {}),
      })
      .txt(record.licenseUrl);
  }
}

/** `citation_list`: each reference with its DOI, and its text when it has none. */
function citations(parent: XMLBuilder, record: ScholarlyRecord): void {
  const refs = record.references.filter((r) => clean(r.citation) || r.doi);
  if (refs.length === 0) return;
  const list = parent.ele("citation_list");
  refs.forEach((r, i) => {
    const citation = list.ele("citation", { key: `ref${i + 1}` });
    if (r.doi) citation.ele("doi").txt(r.doi);
    else citation.ele("unstructured_citation").txt(clean(r.citation));
  });
}

/** Crossmark's `crossmark_domain`: the site's host when the schema's `cm_domain` takes it. */
function crossmarkDomain(pageUrl: string): string {
  const host = new URL(pageUrl).hostname;
  return /^[A-Za-z0-9_]+([-.][A-Za-z0-9_]+)*\.[A-Za-z0-9_]+([-.][A-Za-z0-9_]+)*$/.test(host) &&
    host.length >= 4
    ? host
    : "";
}

/**
 * `<crossmark>` (decision 490): the journal's policy DOI, the site's domain, and `updates`
 * naming `updated` (a DOI) with each notice's type and date; returns the block, whose
 * `custom_metadata` then takes the funding and licence programs.
 */
function crossmark(
  parent: XMLBuilder,
  policyDoi: string,
  pageUrl: string,
  updated: { doi: string; notices: readonly UpdateNotice[] },
): XMLBuilder {
  const block = parent.ele("crossmark");
  block.ele("crossmark_policy").txt(policyDoi);
  const domain = crossmarkDomain(pageUrl);
  if (domain) block.ele("crossmark_domains").ele("crossmark_domain").ele("domain").txt(domain);
  block.ele("crossmark_domain_exclusive").txt("false");
  if (updated.doi && updated.notices.length > 0) {
    const updates = block.ele("updates");
    for (const notice of updated.notices) {
      updates.ele("update", { type: notice.type, date: notice.date }).txt(updated.doi);
    }
  }
  return block;
}

/** The Crossmark policy DOI of a record's journal, `""` for a conference paper or none. */
function policyOf(record: ScholarlyRecord): string {
  return record.venue.kind === "journal" ? record.venue.updatePolicyDoi : "";
}

/**
 * The parts every registered paper shares, after its titles and dates. With a Crossmark policy,
 * the funding and licence programs go in the crossmark's `custom_metadata` (the schema's
 * choice), and the notices without a DOI of their own are updates of the paper's own DOI
 * (Crossref's in-place updates); a notice with its DOI is its own item ({@link noticeArticle}).
 */
function paperBody(parent: XMLBuilder, record: ScholarlyRecord): void {
  pagesAndNumber(parent, record);
  const policy = policyOf(record);
  if (policy) {
    const block = crossmark(parent, policy, record.pageUrl, {
      doi: record.doi,
      notices: record.updates.filter((u) => !u.doi),
    });
    const custom = block.ele("custom_metadata");
    funding(custom, record);
    accessIndicators(custom, record);
  } else {
    funding(parent, record);
    accessIndicators(parent, record);
  }
  doiData(parent, record.doi, record.pageUrl, record.pdfUrl);
  citations(parent, record);
}

/**
 * A notice with its own DOI as its own `journal_article` (decision 490): its title and date,
 * and, with the journal's Crossmark policy, `updates` naming the paper it updates; its resource
 * is its anchor on the paper's page.
 */
function noticeArticle(parent: XMLBuilder, record: ScholarlyRecord, notice: UpdateNotice): void {
  const article = parent.ele("journal_article", {
    publication_type: "full_text",
    ...languageAttribute(record.language),
  });
  article.ele("titles").ele("title").txt(clean(notice.title));
  publicationDate(article, notice.date);
  const policy = policyOf(record);
  if (policy) crossmark(article, policy, record.pageUrl, { doi: record.doi, notices: [notice] });
  const data = article.ele("doi_data");
  data.ele("doi").txt(notice.doi);
  data.ele("resource").txt(`${record.pageUrl}#${noticeAnchor(notice.id)}`);
}

function batchDocument(batch: Batch, depositor: Depositor) {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  const root = doc.ele(CROSSREF_NS, "doi_batch", {
    version: "5.3.1",
    "xmlns:xsi": XSI_NS,
    "xmlns:jats": JATS_NS,
    "xmlns:ai": AI_NS,
    "xmlns:fr": FR_NS,
    "xsi:schemaLocation": `${CROSSREF_NS} ${CROSSREF_SCHEMA}`,
  });
  const head = root.ele("head");
  head.ele("doi_batch_id").txt(cut(batch.id, 100));
  head.ele("timestamp").txt(String(batch.timestamp));
  const who = head.ele("depositor");
  who.ele("depositor_name").txt(cut(depositor.name, 130));
  who.ele("email_address").txt(depositor.email);
  head.ele("registrant").txt(cut(depositor.registrant, 255));
  return { doc, body: root.ele("body") };
}

/** `journal_metadata` of a journal. */
function journalMetadata(parent: XMLBuilder, journal: JournalVenue): void {
  const meta = parent.ele("journal_metadata", languageAttribute(journal.language));
  meta.ele("full_title").txt(cut(journal.name, 255));
  if (journal.abbreviation && journal.abbreviation !== journal.name) {
    meta.ele("abbrev_title").txt(cut(journal.abbreviation, 150));
  }
  if (journal.printIssn) meta.ele("issn", { media_type: "print" }).txt(journal.printIssn);
  if (journal.electronicIssn) {
    meta.ele("issn", { media_type: "electronic" }).txt(journal.electronicIssn);
  }
}

/**
 * The deposit of an issue's papers that have a DOI.
 * @returns the XML document (UTF-8, with its declaration).
 */
export function issueDepositXml(
  journal: JournalVenue,
  issue: IssueVenue,
  records: readonly JournalRecord[],
  batch: Batch,
  depositor: Depositor,
): string {
  const { doc, body } = batchDocument(batch, depositor);
  const el = body.ele("journal");
  journalMetadata(el, journal);
  const issueEl = el.ele("journal_issue");
  publicationDate(issueEl, issue.date);
  if (issue.volume) issueEl.ele("journal_volume").ele("volume").txt(cut(issue.volume, 32));
  if (issue.number) issueEl.ele("issue").txt(cut(issue.number, 32));
  for (const record of records) {
    if (!record.doi) continue;
    const article = el.ele("journal_article", {
      publication_type: "full_text",
      ...languageAttribute(record.language),
    });
    article.ele("titles").ele("title").txt(clean(record.title));
    const translated = record.translations.map((t) => clean(t.title)).filter(Boolean);
    for (const title of translated.slice(0, MAX_TITLES - 1)) {
      article.ele("titles").ele("title").txt(title);
    }
    contributors(article, record);
    abstracts(article, record);
    publicationDate(article, record.date.iso);
    if (record.acceptedOn) {
      const accepted = parsePartialDate(record.acceptedOn);
      if (accepted?.day !== undefined) dateParts(article.ele("acceptance_date"), record.acceptedOn);
    }
    paperBody(article, record);
    for (const notice of record.updates) if (notice.doi) noticeArticle(el, record, notice);
  }
  return doc.end({ prettyPrint: true });
}

/** `conference_date` with its parsed parts and its printed text ("15–20 June 2009"). */
function conferenceDate(parent: XMLBuilder, start: string, end: string): void {
  const s = parsePartialDate(start);
  if (!s) return;
  const e = parsePartialDate(end) ?? s;
  const atts: Record<string, string> = { start_year: String(s.year) };
  if (s.month !== undefined) atts.start_month = String(s.month).padStart(2, "0");
  if (s.day !== undefined) atts.start_day = String(s.day).padStart(2, "0");
  atts.end_year = String(e.year);
  if (e.month !== undefined) atts.end_month = String(e.month).padStart(2, "0");
  if (e.day !== undefined) atts.end_day = String(e.day).padStart(2, "0");
  parent.ele("conference_date", atts).txt(end && end !== start ? `${start}/${end}` : start);
}

/**
 * The deposit of a proceeding's papers that have a DOI.
 * @returns the XML document (UTF-8, with its declaration).
 */
export function proceedingDepositXml(
  proceeding: ProceedingVenue,
  records: readonly ProceedingRecord[],
  batch: Batch,
  depositor: Depositor,
): string {
  const { doc, body } = batchDocument(batch, depositor);
  const el = body.ele("conference");
  const event = el.ele("event_metadata");
  event.ele("conference_name").txt(cut(proceeding.event.name || proceeding.title, 512));
  if (proceeding.event.location) {
    event.ele("conference_location").txt(cut(proceeding.event.location, 512));
  }
  conferenceDate(event, proceeding.event.startDate, proceeding.event.endDate);
  const meta = el.ele("proceedings_metadata", languageAttribute(proceeding.language));
  meta.ele("proceedings_title").txt(cut(proceeding.title, 512));
  meta
    .ele("publisher")
    .ele("publisher_name")
    .txt(cut(proceeding.publisher || proceeding.title, 255));
  publicationDate(meta, String(proceeding.year));
  if (proceeding.isbn) meta.ele("isbn").txt(proceeding.isbn);
  else meta.ele("noisbn", { reason: "simple_series" });
  for (const record of records) {
    if (!record.doi) continue;
    const paper = el.ele("conference_paper", {
      publication_type: "full_text",
      ...languageAttribute(record.language),
    });
    contributors(paper, record);
    paper.ele("titles").ele("title").txt(clean(record.title));
    abstracts(paper, record);
    publicationDate(paper, record.date.iso);
    paperBody(paper, record);
  }
  return doc.end({ prettyPrint: true });
}
