/**
 * A JATS article's reference list (`back/ref-list/ref`, nested ref-lists included) as the
 * catalogue stores it (decision 255, `paper_references`): each reference as one plain-text
 * citation string, its DOI, PubMed id and first web link, its printed label and its `ref/@id`.
 *
 * The citation string (decision 259):
 * - `mixed-citation` (and any citation whose own text carries punctuation, or `<x>` generated
 *   text) is printed as tagged: its text, machine-only `object-id`s left out;
 * - `element-citation`, `citation` and `nlm-citation` without punctuation (eLife, Hindawi, MDPI)
 *   are composed from their parts in one plain style, as PLOS prints its own:
 *   `Allison JD, Hare JD (2009) Title. Source 184: 768–782.`, books as
 *   `Authors (year) Title. In: Editors, editors. Source. Place: Publisher. pp. 1–9.`
 *
 * The DOI is an identifier the reference marks up (`pub-id`/`object-id` of type doi), else a DOI
 * link's printed text (some files link one DOI and print another; the printed one is the
 * reference's), else its link, else `doi: 10.…` in the text.
 */
import type { Element, Node } from "@xmldom/xmldom";
import { DOI_PATTERN, normaliseDoi } from "../../shared/schemas.ts";
import {
  CDATA,
  child,
  children,
  clean,
  descendants,
  firstDescendant,
  isElement,
  optionalText,
  TEXT,
  textOf,
} from "./jats-dom.ts";

/** One reference as read; `null` for what the file does not give. */
export type JatsReference = {
  refId: string | null;
  label: string | null;
  citation: string;
  doi: string | null;
  pmid: string | null;
  url: string | null;
};

const XLINK = "http://www.w3.org/1999/xlink";
const CITATIONS = ["mixed-citation", "element-citation", "citation", "nlm-citation"];

/** Every reference of the article's `back` in order (references of sub-articles left out). */
export function readReferences(article: Element): JatsReference[] {
  return referenceElements(article)
    .map(readReference)
    .filter((r): r is JatsReference => r !== null);
}

/**
 * The `ref` elements of the article's `back` in document order. A `ref` inside another is part
 * of that one's text, not a reference of its own: reading it again would make the work grow with
 * the square of the nesting (decision 385).
 */
export function referenceElements(article: Element): Element[] {
  const back = child(article, "back");
  const out: Element[] = [];
  let n: Node | null = back?.firstChild ?? null;
  while (n && back) {
    if (isElement(n) && n.nodeName === "ref") out.push(n);
    else if (isElement(n) && n.firstChild) {
      n = n.firstChild;
      continue;
    }
    while (n && n !== back && !n.nextSibling) n = n.parentNode;
    n = n && n !== back ? n.nextSibling : null;
  }
  return out;
}

function readReference(ref: Element): JatsReference | null {
  const citation = firstCitation(ref);
  const source = citation ?? ref;
  const text = citation && isComposed(citation) ? composeCitation(citation) : printedText(source);
  if (!text) return null;
  return {
    refId: ref.getAttribute("id") || null,
    label: optionalText(child(ref, "label")),
    citation: text,
    doi: referenceDoi(source),
    pmid: idOfType(source, "pmid"),
    url: webLink(source),
  };
}

/** The first citation element of a `ref` (inside `citation-alternatives` too). */
function firstCitation(ref: Element): Element | null {
  return firstDescendant(ref, (el) => CITATIONS.includes(el.nodeName));
}

/**
 * True for a citation to compose from its parts: not a `mixed-citation`, no `<x>` generated
 * text, and no punctuation of its own between its elements.
 */
function isComposed(citation: Element): boolean {
  if (citation.nodeName === "mixed-citation") return false;
  if (children(citation, "x").length > 0) return false;
  for (let n = citation.firstChild; n; n = n.nextSibling) {
    if ((n.nodeType === TEXT || n.nodeType === CDATA) && /\S/.test(n.nodeValue ?? "")) {
      return false;
    }
  }
  return true;
}

/** The text of a citation as printed, without its label and the machine-only object ids. */
function printedText(el: Element): string {
  let text = "";
  const visit = (node: Node) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === TEXT || n.nodeType === CDATA) text += n.nodeValue ?? "";
      else if (isElement(n) && n.nodeName !== "object-id" && n.nodeName !== "label") visit(n);
    }
  };
  visit(el);
  return tidy(text);
}

/** Collapses whitespace and drops spaces before punctuation the source's layout left. */
function tidy(text: string): string {
  return clean(text)
    .replace(/ ([.:])/g, "$1")
    .replace(/(\w) ?([–-]) ?(\w)/g, (whole, a: string, dash: string, b: string) =>
      /\d/.test(a) && /\d/.test(b) ? `${a}${dash}${b}` : whole,
    )
    .replace(/\.{2,}/g, ".");
}

/** "Surname GN" (with a suffix), a collab, a string-name as written, "et al." */
function personText(el: Element): string {
  if (el.nodeName === "etal") return "et al.";
  if (el.nodeName === "name") {
    const surname = textOf(child(el, "surname"));
    const given = textOf(child(el, "given-names"));
    const suffix = textOf(child(el, "suffix"));
    return [surname, given, suffix].filter(Boolean).join(" ");
  }
  return textOf(el);
}

const PERSON_ELEMENTS = new Set(["name", "string-name", "collab", "etal"]);

/** People of the citation's person-groups of `type` (authors: also groups without a type and direct children). */
function people(citation: Element, type: "author" | "editor"): string {
  const groups = children(citation, "person-group").filter((g) => {
    const t = g.getAttribute("person-group-type");
    return type === "author" ? !t || t === "author" : t === type;
  });
  const direct = type === "author" ? [citation] : [];
  const persons = [...direct, ...groups].flatMap((g) =>
    children(g).filter((el) => PERSON_ELEMENTS.has(el.nodeName)),
  );
  return persons.map(personText).filter(Boolean).join(", ");
}

/** `text` ending with sentence punctuation. */
function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/** The citation composed from its parts (see the module comment). */
function composeCitation(citation: Element): string {
  const part = (name: string) => textOf(child(citation, name));
  const authors = people(citation, "author");
  const editors = people(citation, "editor");
  const year = part("year");
  const title = part("article-title") || part("chapter-title") || part("data-title");
  const source = part("source");
  const volume = part("volume");
  const issue = part("issue");
  const first = part("fpage");
  const last = part("lpage");
  const pages = first && last ? `${first}–${last}` : first || part("elocation-id");
  const publisher = [part("publisher-loc"), part("publisher-name")].filter(Boolean).join(": ");

  const lead = [authors, year ? `(${year})` : ""].filter(Boolean).join(" ");
  let serial = source;
  if (source && (volume || issue)) {
    serial = `${source} ${volume}${issue ? `(${issue})` : ""}${pages ? `: ${pages}` : ""}`;
  }
  const segments = [
    lead,
    title,
    editors ? `In: ${editors}, editors` : "",
    part("edition"),
    serial,
    part("conf-name"),
    publisher,
    source && (volume || issue) ? "" : pages ? `pp. ${pages}` : "",
    part("comment"),
  ].filter(Boolean);
  const text = segments
    .map((s, i) => (i === 0 && year && lead.endsWith(")") ? s : sentence(s)))
    .join(" ");
  return tidy(text);
}

/** The text of the first `pub-id`/`object-id` of `type` in the citation. */
function idOfType(el: Element, type: string): string | null {
  const ids = [...descendants(el, "pub-id"), ...descendants(el, "object-id")];
  const found = ids.find((i) => i.getAttribute("pub-id-type")?.toLowerCase() === type);
  return optionalText(found);
}

/** `value` as a bare DOI when it is one (a link or `doi:` prefix dropped), else null. */
function asDoi(value: string | null | undefined): string | null {
  if (!value) return null;
  const doi = normaliseDoi(value).replace(/[.,;]+$/, "");
  return DOI_PATTERN.test(doi) ? doi : null;
}

function referenceDoi(el: Element): string | null {
  const marked = asDoi(idOfType(el, "doi"));
  if (marked) return marked;
  const links = descendants(el, "ext-link");
  for (const link of links) {
    const printed = asDoi(textOf(link));
    if (printed) return printed;
  }
  for (const link of links) {
    const href = link.getAttributeNS(XLINK, "href");
    if (href && /doi\.org\//i.test(href)) {
      const doi = asDoi(href);
      if (doi) return doi;
    }
  }
  const inText = /\bdoi:\s*(10\.\d{4,9}\/\S+)/i.exec(textOf(el));
  return asDoi(inText?.[1]);
}

/** The first web link of the reference that is not a DOI link. */
function webLink(el: Element): string | null {
  for (const link of [...descendants(el, "ext-link"), ...descendants(el, "uri")]) {
    const href = link.getAttributeNS(XLINK, "href") || textOf(link);
    if (/^https?:\/\//i.test(href) && !/doi\.org\//i.test(href)) return href.trim();
  }
  return null;
}
