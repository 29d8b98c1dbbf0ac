/**
 * The `oai_jats` metadata format of `/oai`: a record's JATS 1.1 (Journal Publishing, NISO
 * Z39.96) front matter, as OJS's OAI JATS plugin and Janeway offer to journal harvesters. The
 * `<article>` is in the namespace OJS gives it, `https://jats.nlm.nih.gov/publishing/1.1/`,
 * because OAI-PMH requires namespaced metadata (protocol section 2.5); it has a `<front>` only
 * (no body: the full text is the PDF named by `self-uri`). docs/decisions/152-oai-jats.md.
 */
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import type { OaiRecord } from "../services/oai.ts";

export const JATS_PREFIX = "oai_jats";
export const JATS_NS = "https://jats.nlm.nih.gov/publishing/1.1/";
export const JATS_SCHEMA =
  "https://jats.nlm.nih.gov/publishing/1.1/xsd/JATS-journalpublishing1.xsd";
const XLINK = "http://www.w3.org/1999/xlink";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";

/** "Given Names Surname" → JATS `name` parts; the last word is taken as the surname. */
function nameParts(name: string): { given: string; surname: string } {
  const words = name.trim().split(/\s+/);
  const surname = words.pop() ?? "";
  return { given: words.join(" "), surname };
}

/** Writes `record` as a JATS `<article>` with its front matter under `parent` (`<metadata>`). */
export function writeJats(parent: XMLBuilder, record: OaiRecord): void {
  const f = record.front;
  const ns = (el: XMLBuilder, name: string, attrs?: Record<string, string>) =>
    el.ele(JATS_NS, name, attrs);
  const article = parent.ele(JATS_NS, "article", {
    "xmlns:xlink": XLINK,
    "xmlns:xsi": XSI,
    "xsi:schemaLocation": `${JATS_NS} ${JATS_SCHEMA}`,
    "article-type": "research-article",
    "dtd-version": "1.1",
    "xml:lang": "en",
  });
  const front = ns(article, "front");

  const journal = ns(front, "journal-meta");
  ns(journal, "journal-id", { "journal-id-type": "publisher-id" }).txt(f.venueId);
  ns(ns(journal, "journal-title-group"), "journal-title").txt(f.venueTitle);
  if (f.issn) ns(journal, "issn", { "pub-type": "ppub" }).txt(f.issn);
  if (f.eissn) ns(journal, "issn", { "pub-type": "epub" }).txt(f.eissn);
  if (f.isbn) ns(journal, "isbn").txt(f.isbn);
  if (f.publisher) ns(ns(journal, "publisher"), "publisher-name").txt(f.publisher);

  const meta = ns(front, "article-meta");
  if (f.doi) ns(meta, "article-id", { "pub-id-type": "doi" }).txt(f.doi);
  ns(ns(meta, "title-group"), "article-title").txt(record.dc.title);
  if (record.dc.creator.length > 0) {
    const group = ns(meta, "contrib-group");
    for (const creator of record.dc.creator) {
      const { given, surname } = nameParts(creator);
      const name = ns(ns(group, "contrib", { "contrib-type": "author" }), "name");
      ns(name, "surname").txt(surname);
      if (given) ns(name, "given-names").txt(given);
    }
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(f.published);
  if (date) {
    const pub = ns(meta, "pub-date", { "date-type": "pub", "publication-format": "electronic" });
    ns(pub, "day").txt(date[3]!);
    ns(pub, "month").txt(date[2]!);
    ns(pub, "year").txt(date[1]!);
  }
  if (f.volume) ns(meta, "volume").txt(f.volume);
  if (f.issue) ns(meta, "issue").txt(f.issue);
  if (f.licenseUrl) {
    ns(ns(meta, "permissions"), "license", { "xlink:href": f.licenseUrl });
  }
  ns(meta, "self-uri", { "xlink:href": f.pageUrl });
  if (f.pdfUrl) ns(meta, "self-uri", { "xlink:href": f.pdfUrl, "content-type": "application/pdf" });
  if (record.dc.description) ns(ns(meta, "abstract"), "p").txt(record.dc.description);
  if (f.keywords.length > 0) {
    const group = ns(meta, "kwd-group", { "kwd-group-type": "author" });
    for (const k of f.keywords) ns(group, "kwd").txt(k);
  }
  if (f.conference) {
    const c = ns(meta, "conference");
    if (f.conference.startDate) {
      const range =
        f.conference.endDate && f.conference.endDate !== f.conference.startDate
          ? `${f.conference.startDate}/${f.conference.endDate}`
          : f.conference.startDate;
      ns(c, "conf-date").txt(range);
    }
    ns(c, "conf-name").txt(f.conference.name);
    if (f.conference.location) ns(c, "conf-loc").txt(f.conference.location);
  }
}
