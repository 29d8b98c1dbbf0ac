/**
 * FAIR Signposting (https://signposting.org/FAIR/, issue 33; decision 470): the typed links a
 * machine follows from a paper's landing page to its persistent identifier, its authors, its
 * licence, its files and its metadata, without reading HTML.
 *
 * - **Level 1**, `Link` header fields (RFC 8288):
 *   - the paper page (the landing page): `cite-as` (the DOI's URL, else the page itself),
 *     `type` (`https://schema.org/ScholarlyArticle` and `https://schema.org/AboutPage`),
 *     `author` (each author's ORCID iD), `license`, `describedby` (each metadata format served
 *     beside the page, with its media type), `item` (the galleys: the PDF, the JATS galley and
 *     the HTML full text made from it, with their types) and `linkset` (the Level 2 linkset in
 *     both formats). A page whose links would pass {@link LINK_HEADER_MAX} bytes leaves out its
 *     `author` and `item` links; the linkset always has them.
 *   - a galley (the PDF, the JATS galley): `collection` (the landing page) and `linkset`;
 *   - a metadata file (`jats.xml`, `jats-1.1.xml`): `describes` (the landing page) and `linkset`.
 * - **Level 2**, a linkset (RFC 9264) per paper at `{paper page}/linkset.json`
 *   (`application/linkset+json`) and `{paper page}/linkset` (`application/linkset`): the landing
 *   page's links, then each galley's and metadata file's, every link with its anchor.
 *
 * Every URL is absolute on the site's public origin and names the paper page without a
 * language prefix (decision 382): the page in every language is one landing page. URLs from
 * outside (a licence, an ORCID iD, a DOI) are written as WHATWG URLs serialize them, so no `>`,
 * quote, space or line break can end a link early; one that is not an http(s) URL is left out.
 */

import type { PaperReading } from "../../../shared/api.ts";

/** What the links of one paper are made from (all URLs absolute; `""` when absent). */
export type SignpostedPaper = {
  /** The paper page, without a language prefix: `https://host/journal/elife/12`. */
  pageUrl: string;
  /** The DOI (`10.7554/eLife.00353`), or `""`. */
  doi: string;
  /** The PDF galley, or `""`. */
  pdfUrl: string;
  /** Whether the paper has a JATS galley (and so an HTML full text, decision 285). */
  hasJatsGalley: boolean;
  /** The licence's URL, or `""`. */
  licenseUrl: string;
  /** The authors' ORCID iDs as `https://orcid.org/…` URLs, in order (`""` entries skipped). */
  orcids: readonly string[];
};

/**
 * A paper as its page and its API read give it (`file_url` a path), at `pagePath` (without a
 * language prefix) on `origin`.
 */
export function signpostedPaper(
  origin: string,
  pagePath: string,
  paper: Pick<PaperReading, "doi" | "file_url" | "license_url" | "authors">,
  hasJatsGalley: boolean,
): SignpostedPaper {
  return {
    pageUrl: `${origin}${pagePath}`,
    doi: paper.doi ?? "",
    pdfUrl: paper.file_url ? `${origin}${paper.file_url}` : "",
    hasJatsGalley,
    licenseUrl: paper.license_url ?? "",
    orcids: paper.authors.map((a) => a.orcid).filter(Boolean),
  };
}

/** One typed link (RFC 8288): its target, relation, target's media type and context. */
export type Signpost = {
  href: string;
  rel: string;
  type?: string;
  /** A profile the target conforms to (Signposting's `profile` attribute). */
  profile?: string;
  /** The link's context; the landing page when absent. */
  anchor?: string;
};

/**
 * Longest `Link` header value a landing page sends, in bytes. Servers and proxies commonly
 * refuse response headers past 8 KiB in all (nginx's and Apache's default buffers; Node's
 * `--max-http-header-size` is 16 KiB), and the page has others (the CSP is about 1 KiB).
 */
export const LINK_HEADER_MAX = 4096;

/** The relation types `type` points to for a scholarly article's landing page. */
const LANDING_PAGE_TYPES = ["https://schema.org/ScholarlyArticle", "https://schema.org/AboutPage"];

/** The metadata formats served beside a paper page, as path suffixes with their types. */
const METADATA_FORMATS: readonly { suffix: string; type: string; profile?: string }[] = [
  { suffix: "cite.bib", type: "application/x-bibtex" },
  { suffix: "cite.ris", type: "application/x-research-info-systems" },
  { suffix: "cite.json", type: "application/vnd.citationstyles.csl+json" },
  // the publisher's JATS galley as published, else the generated JATS (decision 287)
  { suffix: "jats.xml", type: "application/xml" },
  // the generated, DTD-valid JATS 1.1 (decision 277)
  {
    suffix: "jats-1.1.xml",
    type: "application/xml",
    profile: "https://jats.nlm.nih.gov/publishing/1.1/",
  },
];

/** The linkset URLs of a paper page, JSON first. */
export function linksetUrls(pageUrl: string): { json: string; text: string } {
  return { json: `${pageUrl}/linkset.json`, text: `${pageUrl}/linkset` };
}

/** `value` as an http(s) URL with nothing that could end a link early, else `""`. */
function safeUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "";
  } catch {
    return "";
  }
}

/** `10.1002/(SICI)1097-4571<3::AID>` → `https://doi.org/10.1002/(SICI)1097-4571%3C3%3A%3AAID%3E`. */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.trim().split("/").map(encodeURIComponent).join("/")}`;
}

/** A galley of the paper: its URL and type. */
function galleys(paper: SignpostedPaper): { href: string; type: string }[] {
  const out: { href: string; type: string }[] = [];
  if (paper.pdfUrl) out.push({ href: paper.pdfUrl, type: "application/pdf" });
  if (paper.hasJatsGalley) {
    out.push({ href: `${paper.pageUrl}/jats.xml`, type: "application/xml" });
    out.push({ href: `${paper.pageUrl}/fulltext`, type: "text/html" });
  }
  return out;
}

/** The linkset links of a paper page, JSON first. */
function linksetLinks(pageUrl: string): Signpost[] {
  const urls = linksetUrls(pageUrl);
  return [
    { href: urls.json, rel: "linkset", type: "application/linkset+json" },
    { href: urls.text, rel: "linkset", type: "application/linkset" },
  ];
}

/**
 * The landing page's links (Level 1, without anchors): cite-as, type, author, license,
 * describedby, item, linkset.
 */
export function landingPageSignposts(paper: SignpostedPaper): Signpost[] {
  const links: Signpost[] = [
    { href: paper.doi ? doiUrl(paper.doi) : paper.pageUrl, rel: "cite-as" },
    ...LANDING_PAGE_TYPES.map((href) => ({ href, rel: "type" })),
  ];
  for (const orcid of paper.orcids) {
    const href = safeUrl(orcid);
    if (href) links.push({ href, rel: "author" });
  }
  const license = safeUrl(paper.licenseUrl);
  if (license) links.push({ href: license, rel: "license" });
  for (const format of METADATA_FORMATS) {
    links.push({
      href: `${paper.pageUrl}/${format.suffix}`,
      rel: "describedby",
      type: format.type,
      ...(format.profile ? { profile: format.profile } : {}),
    });
  }
  for (const galley of galleys(paper)) links.push({ ...galley, rel: "item" });
  links.push(...linksetLinks(paper.pageUrl));
  return links;
}

/**
 * Every link of the paper's linkset (Level 2), each with its anchor: the landing page's, then
 * each galley's `collection` and each metadata file's `describes`.
 */
export function paperLinkset(paper: SignpostedPaper): Signpost[] {
  const page = paper.pageUrl;
  const links: Signpost[] = landingPageSignposts(paper).map((l) => ({ ...l, anchor: page }));
  for (const galley of galleys(paper)) {
    links.push({ href: page, rel: "collection", type: "text/html", anchor: galley.href });
  }
  for (const format of METADATA_FORMATS) {
    links.push({
      href: page,
      rel: "describes",
      type: "text/html",
      anchor: `${page}/${format.suffix}`,
    });
  }
  return links;
}

/** One link as a `link-value` of RFC 8288 (section 3): `<href>; rel="…"; type="…"`. */
function linkValue(link: Signpost): string {
  let value = `<${link.href}>`;
  if (link.anchor) value += `; anchor="${link.anchor}"`;
  value += `; rel="${link.rel}"`;
  if (link.type) value += `; type="${link.type}"`;
  if (link.profile) value += `; profile="${link.profile}"`;
  return value;
}

/** Links as one `Link` header field value. */
export function linkHeader(links: readonly Signpost[]): string {
  return links.map(linkValue).join(", ");
}

/**
 * The landing page's `Link` header value: all of {@link landingPageSignposts}, or, when that
 * would pass {@link LINK_HEADER_MAX} bytes, all but the `author` and `item` links.
 */
export function landingPageLinkHeader(paper: SignpostedPaper): string {
  const links = landingPageSignposts(paper);
  const all = linkHeader(links);
  if (Buffer.byteLength(all) <= LINK_HEADER_MAX) return all;
  return linkHeader(links.filter((l) => l.rel !== "author" && l.rel !== "item"));
}

/** A galley's `Link` header value: the landing page as its `collection`, and the linkset. */
export function galleyLinkHeader(pageUrl: string): string {
  return linkHeader([
    { href: pageUrl, rel: "collection", type: "text/html" },
    ...linksetLinks(pageUrl),
  ]);
}

/**
 * A metadata file's `Link` header value: the landing page it `describes`, and the linkset; a
 * file that is also a galley (a publisher's JATS galley) names the page as its `collection` too.
 */
export function metadataLinkHeader(pageUrl: string, alsoGalley = false): string {
  return linkHeader([
    { href: pageUrl, rel: "describes", type: "text/html" },
    ...(alsoGalley ? [{ href: pageUrl, rel: "collection", type: "text/html" }] : []),
    ...linksetLinks(pageUrl),
  ]);
}

/**
 * The linkset as `application/linkset+json` (RFC 9264 section 4.2): one context object per
 * anchor, in order, each relation an array of target objects.
 */
export function linksetJson(links: readonly Signpost[]): {
  linkset: Record<string, string | { href: string; type?: string; profile?: string }[]>[];
} {
  const contexts = new Map<string, Record<string, { href: string; type?: string }[]>>();
  for (const { anchor = "", rel, href, type, profile } of links) {
    let context = contexts.get(anchor);
    if (!context) {
      context = {};
      contexts.set(anchor, context);
    }
    const target = { href, ...(type ? { type } : {}), ...(profile ? { profile } : {}) };
    const targets = context[rel] ?? [];
    targets.push(target);
    context[rel] = targets;
  }
  return {
    linkset: [...contexts].map(([anchor, context]) => ({ anchor, ...context })),
  };
}

/**
 * The linkset as `application/linkset` (RFC 9264 section 4.1): the links as a `Link` header
 * value with every anchor given, one link a line.
 */
export function linksetText(links: readonly Signpost[]): string {
  return `${links.map(linkValue).join(",\n")}\n`;
}
