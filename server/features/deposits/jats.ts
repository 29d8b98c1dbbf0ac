/**
 * The site's generated JATS: a paper's front matter and reference list as a JATS 1.1 Journal
 * Publishing `<article>` (NISO Z39.96-2015), valid against the DTD (decision 277). The same
 * writer serves `{paper page}/jats.xml` ({@link paperJatsXml}) and the `oai_jats` records of
 * `/oai` ({@link writeJatsArticle}).
 *
 * As the DTD wants: no namespace on `<article>` (JATS elements have none; `xlink:` and `ali:`
 * are declared on it), `journal-meta` with a `journal-id` and at least one `issn` (electronic
 * ISSNs as `epub`, print as `ppub`, decision 276), `pub-date` always (the effective date of
 * shared/dates.ts), pages or `elocation-id`, contributors with ORCID `contrib-id` and `aff`
 * (ROR ids in `institution-wrap`), `history`, `permissions` with `ali:free_to_read` and a
 * `license` holding `ali:license_ref`, `self-uri` of the page and PDF, `abstract`, `kwd-group`,
 * `funding-group`, `conference`, and `back/ref-list`. There is no body: the full text is the
 * PDF (or, when one is stored, an uploaded JATS galley the route prefers).
 *
 * Languages (decision 441): the article's `xml:lang` is the paper's language; each translation
 * is a `trans-title-group` with its `xml:lang` (after the title), a `trans-abstract` (after the
 * abstract) and a `kwd-group` with its `xml:lang` (after the paper's own keywords).
 */
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { parsePartialDate } from "../../../shared/dates.ts";
import { orcidId } from "../../../shared/orcid.ts";
import { JATS_RELATED_TYPES, noticeAnchor } from "../../../shared/updates.ts";
import { stripXmlForbidden } from "../../../shared/xml-text.ts";
import type { AppContext } from "../../services/context.ts";
import { recordsOfPapers, type ScholarlyRecord } from "./records.ts";

const XLINK_NS = "http://www.w3.org/1999/xlink";
const ALI_NS = "http://www.niso.org/schemas/ali/1.0/";
/** The public identifier and system URL of the JATS 1.1 Journal Publishing DTD. */
export const JATS_PUBLIC_ID = "-//NLM//DTD JATS (Z39.96) Journal Publishing DTD v1.1 20151215//EN";
export const JATS_SYSTEM_ID = "https://jats.nlm.nih.gov/publishing/1.1/JATS-journalpublishing1.dtd";

/** Text for an element: forbidden XML characters removed, whitespace collapsed. */
function clean(text: string): string {
  return stripXmlForbidden(text).replace(/\s+/g, " ").trim();
}

/** A JATS date's parts in the DTD's order (day, month, year) with its ISO attribute. */
function date(parent: XMLBuilder, name: string, iso: string, atts: Record<string, string>) {
  const d = parsePartialDate(iso);
  if (!d) return;
  const el = parent.ele(null, name, { ...atts, "iso-8601-date": iso });
  if (d.day !== undefined) el.ele(null, "day").txt(String(d.day).padStart(2, "0"));
  if (d.month !== undefined) el.ele(null, "month").txt(String(d.month).padStart(2, "0"));
  el.ele(null, "year").txt(String(d.year));
}

function journalMeta(front: XMLBuilder, r: ScholarlyRecord): void {
  const meta = front.ele(null, "journal-meta");
  const v = r.venue;
  meta
    .ele(null, "journal-id", { "journal-id-type": "publisher-id" })
    .txt(v.kind === "journal" ? v.uri : v.slug);
  const titles = meta.ele(null, "journal-title-group");
  titles.ele(null, "journal-title").txt(clean(v.kind === "journal" ? v.name : v.title));
  if (v.kind === "journal" && v.abbreviation && v.abbreviation !== v.name) {
    titles
      .ele(null, "abbrev-journal-title", { "abbrev-type": "publisher" })
      .txt(clean(v.abbreviation));
  }
  if (v.kind === "journal") {
    if (v.printIssn) meta.ele(null, "issn", { "pub-type": "ppub" }).txt(v.printIssn);
    if (v.electronicIssn) meta.ele(null, "issn", { "pub-type": "epub" }).txt(v.electronicIssn);
    // the DTD requires an issn: a journal without one states none (decision 277)
    if (!v.printIssn && !v.electronicIssn) meta.ele(null, "issn", { "pub-type": "epub" });
  } else {
    // a proceeding's series ISSN when it has one; else the required element, empty
    meta.ele(null, "issn", { "pub-type": "ppub" }).txt(v.issn);
    if (v.isbn) meta.ele(null, "isbn").txt(v.isbn);
  }
  const publisher = clean(v.publisher);
  if (publisher) meta.ele(null, "publisher").ele(null, "publisher-name").txt(publisher);
}

/** An XML ID for a reference: its own `ref_id` when usable and unique, else `ref{n}`. */
function refIds(r: ScholarlyRecord): string[] {
  const seen = new Set<string>();
  return r.references.map((ref, i) => {
    const own = ref.ref_id;
    const id =
      own && /^[A-Za-z_][\w.-]*$/.test(own) && !seen.has(own) && !/^(aff|c)\d+$/.test(own)
        ? own
        : `ref${i + 1}`;
    seen.add(id);
    return id;
  });
}

function contributors(meta: XMLBuilder, r: ScholarlyRecord): void {
  if (r.authors.length === 0) return;
  const group = meta.ele(null, "contrib-group");
  for (const a of r.authors) {
    const contrib = group.ele(null, "contrib", {
      "contrib-type": "author",
      ...(a.corresponding ? { corresp: "yes" } : {}),
    });
    if (a.orcid) {
      contrib
        .ele(null, "contrib-id", { "contrib-id-type": "orcid", authenticated: "false" })
        .txt(`https://orcid.org/${orcidId(a.orcid)}`);
    }
    const family = clean(a.family_name ?? "");
    if (family) {
      const name = contrib.ele(null, "name", { "name-style": "western" });
      name.ele(null, "surname").txt(family);
      const given = clean(a.given_names ?? "");
      if (given) name.ele(null, "given-names").txt(given);
      if (a.suffix) name.ele(null, "suffix").txt(clean(a.suffix));
    } else {
      contrib.ele(null, "collab").txt(clean(a.name));
    }
    const affiliations = a.affiliations.filter((f) => clean(f.name));
    for (const f of affiliations) {
      const aff = contrib.ele(null, "aff");
      if (f.ror) {
        const wrap = aff.ele(null, "institution-wrap");
        wrap.ele(null, "institution-id", { "institution-id-type": "ror" }).txt(f.ror);
        wrap.ele(null, "institution").txt(clean(f.name));
      } else {
        aff.ele(null, "institution").txt(clean(f.name));
      }
    }
    if (affiliations.length === 0 && a.institution) {
      contrib.ele(null, "aff").ele(null, "institution").txt(clean(a.institution));
    }
  }
}

function permissions(meta: XMLBuilder, r: ScholarlyRecord): void {
  const p = meta.ele(null, "permissions");
  const holder = clean(r.copyrightHolder);
  if (holder || r.copyrightYear) {
    p.ele(null, "copyright-statement").txt(
      ["©", r.copyrightYear ? String(r.copyrightYear) : "", holder].filter(Boolean).join(" "),
    );
  }
  if (r.copyrightYear) p.ele(null, "copyright-year").txt(String(r.copyrightYear));
  if (holder) p.ele(null, "copyright-holder").txt(holder);
  p.ele(ALI_NS, "ali:free_to_read");
  if (r.licenseUrl) {
    const license = p.ele(null, "license", { "xlink:href": r.licenseUrl });
    license.ele(ALI_NS, "ali:license_ref").txt(r.licenseUrl);
    license
      .ele(null, "license-p")
      .txt("This article is distributed under the terms of the licence at ")
      .ele(null, "ext-link", { "ext-link-type": "uri", "xlink:href": r.licenseUrl })
      .txt(r.licenseUrl)
      .up()
      .txt(".");
  }
}

function funding(meta: XMLBuilder, r: ScholarlyRecord): void {
  const funders = r.funding.filter((f) => clean(f.funder_name));
  const statement = clean(r.fundingStatement);
  if (funders.length === 0 && !statement) return;
  const group = meta.ele(null, "funding-group");
  funders.forEach((f, i) => {
    const award = group.ele(null, "award-group", { id: `fund${i + 1}` });
    const source = award.ele(null, "funding-source");
    if (f.funder_id) {
      const wrap = source.ele(null, "institution-wrap");
      wrap.ele(null, "institution").txt(clean(f.funder_name));
      wrap
        .ele(null, "institution-id", {
          "institution-id-type": f.funder_id.startsWith("https://ror.org/") ? "ror" : "FundRef",
        })
        .txt(f.funder_id);
    } else {
      source.txt(clean(f.funder_name));
    }
    for (const id of f.award_ids.map(clean).filter(Boolean)) award.ele(null, "award-id").txt(id);
  });
  if (statement) group.ele(null, "funding-statement").txt(statement);
}

/** `text` as JATS paragraphs (blank lines separate paragraphs) under a new `name` element. */
function paragraphs(parent: XMLBuilder, name: string, text: string, atts = {}): void {
  const list = stripXmlForbidden(text)
    .split(/\n\s*\n/)
    .map(clean)
    .filter(Boolean);
  if (list.length === 0) return;
  const el = parent.ele(null, name, atts);
  for (const p of list) el.ele(null, "p").txt(p);
}

/**
 * A `related-article` per update notice (decision 490), its type JATS 1.1's value for the
 * relation (`retraction-forward`, `correction-forward`…), naming the notice by its DOI when it
 * has one, else by its anchor on the paper's page, with its title.
 */
function relatedNotices(meta: XMLBuilder, r: ScholarlyRecord): void {
  for (const notice of r.updates) {
    const atts: Record<string, string> = {
      "related-article-type": JATS_RELATED_TYPES[notice.type],
      id: `notice-${notice.id}`,
    };
    if (notice.doi) Object.assign(atts, { "ext-link-type": "doi", "xlink:href": notice.doi });
    else {
      Object.assign(atts, {
        "ext-link-type": "uri",
        "xlink:href": `${r.pageUrl}#${noticeAnchor(notice.id)}`,
      });
    }
    meta.ele(null, "related-article", atts).txt(clean(notice.title));
  }
}

function articleMeta(front: XMLBuilder, r: ScholarlyRecord): void {
  const meta = front.ele(null, "article-meta");
  if (r.doi) meta.ele(null, "article-id", { "pub-id-type": "doi" }).txt(r.doi);
  const titles = meta.ele(null, "title-group");
  titles.ele(null, "article-title").txt(clean(r.title));
  for (const t of r.translations) {
    if (!clean(t.title)) continue;
    titles
      .ele(null, "trans-title-group", { "xml:lang": t.language })
      .ele(null, "trans-title")
      .txt(clean(t.title));
  }
  contributors(meta, r);
  date(meta, "pub-date", r.date.iso, {
    "pub-type": "epub",
    "date-type": "pub",
    "publication-format": "electronic",
  });
  if (r.issue) {
    if (r.issue.volume) meta.ele(null, "volume").txt(clean(r.issue.volume));
    if (r.issue.number) meta.ele(null, "issue").txt(clean(r.issue.number));
  }
  if (r.pages) {
    meta.ele(null, "fpage").txt(clean(r.pages.first));
    meta.ele(null, "lpage").txt(clean(r.pages.last));
  } else if (r.articleNumber) {
    meta.ele(null, "elocation-id").txt(clean(r.articleNumber));
  }
  if (parsePartialDate(r.receivedOn) || parsePartialDate(r.acceptedOn)) {
    const history = meta.ele(null, "history");
    date(history, "date", r.receivedOn, { "date-type": "received" });
    date(history, "date", r.acceptedOn, { "date-type": "accepted" });
  }
  permissions(meta, r);
  meta.ele(null, "self-uri", { "xlink:href": r.pageUrl });
  if (r.pdfUrl) meta.ele(null, "self-uri", { "xlink:href": r.pdfUrl, "content-type": "pdf" });
  relatedNotices(meta, r);
  paragraphs(meta, "abstract", r.abstract);
  for (const t of r.translations) {
    paragraphs(meta, "trans-abstract", t.abstract, { "xml:lang": t.language });
  }
  if (r.keywords.length > 0) {
    const group = meta.ele(null, "kwd-group", { "kwd-group-type": "author" });
    for (const k of r.keywords) group.ele(null, "kwd").txt(clean(k));
  }
  for (const t of r.translations) {
    if (t.keywords.length === 0) continue;
    const group = meta.ele(null, "kwd-group", {
      "kwd-group-type": "author",
      "xml:lang": t.language,
    });
    for (const k of t.keywords) group.ele(null, "kwd").txt(clean(k));
  }
  funding(meta, r);
  if (r.venue.kind === "proceeding") {
    const e = r.venue.event;
    const c = meta.ele(null, "conference");
    const range =
      e.endDate && e.endDate !== e.startDate ? `${e.startDate}/${e.endDate}` : e.startDate;
    c.ele(null, "conf-date", e.startDate ? { "iso-8601-date": e.startDate } : {}).txt(range);
    c.ele(null, "conf-name").txt(clean(e.name || r.venue.title));
    if (e.location) c.ele(null, "conf-loc").txt(clean(e.location));
  }
}

function back(article: XMLBuilder, r: ScholarlyRecord): void {
  const refs = r.references.filter((ref) => clean(ref.citation));
  if (refs.length === 0) return;
  const ids = refIds({ ...r, references: refs });
  const list = article.ele(null, "back").ele(null, "ref-list");
  refs.forEach((ref, i) => {
    const el = list.ele(null, "ref", { id: ids[i]! });
    if (clean(ref.label)) el.ele(null, "label").txt(clean(ref.label));
    const citation = el.ele(null, "mixed-citation").txt(clean(ref.citation));
    if (ref.doi) citation.txt(" ").ele(null, "pub-id", { "pub-id-type": "doi" }).txt(ref.doi);
    if (ref.pmid) citation.txt(" ").ele(null, "pub-id", { "pub-id-type": "pmid" }).txt(ref.pmid);
  });
}

/**
 * Writes the paper as a JATS `<article>` (no namespace, DTD-valid) under `parent`: a document
 * (the `jats.xml` route) or an OAI-PMH `<metadata>` element.
 */
export function writeJatsArticle(parent: XMLBuilder, r: ScholarlyRecord): void {
  // in no namespace, also inside an OAI-PMH answer (whose default namespace it undeclares)
  const article = parent.ele(null, "article", {
    "xmlns:xlink": XLINK_NS,
    "xmlns:ali": ALI_NS,
    "article-type": "research-article",
    "dtd-version": "1.1",
    "xml:lang": r.language,
  });
  const front = article.ele(null, "front");
  journalMeta(front, r);
  articleMeta(front, r);
  back(article, r);
}

/** The paper as a standalone JATS document, with the Journal Publishing 1.1 DOCTYPE. */
export function jatsDocument(r: ScholarlyRecord): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" }).dtd({
    name: "article",
    pubID: JATS_PUBLIC_ID,
    sysID: JATS_SYSTEM_ID,
  });
  writeJatsArticle(doc, r);
  return doc.end({ prettyPrint: true });
}

/**
 * The generated JATS document of paper `paperId` (journal or conference paper), links on
 * `origin`; null when there is no such paper. Readability (drafts, inactive journals) is the
 * caller's rule: check the paper is readable first.
 */
export async function paperJatsXml(
  ctx: AppContext,
  paperId: number,
  origin: string,
): Promise<string | null> {
  const [record] = await recordsOfPapers(ctx, [paperId], origin);
  return record ? jatsDocument(record) : null;
}
