/**
 * Reads the article metadata the catalogue needs from a JATS XML file (NISO Z39.96, also the
 * older NLM Journal Publishing DTDs), with a standards DOM parser (@xmldom/xmldom: no DTD or
 * network loading, so `<!DOCTYPE … "http://dtd.nlm.nih.gov/…">` is never fetched).
 *
 * Everything comes from the JATS elements themselves: `article-title`; `contrib[contrib-type=
 * author]` with `name` (`given-names`, `surname`), affiliations through `xref[ref-type=aff]` or
 * an `aff` inside the contrib, and an e-mail from the contrib's own `email`, a `corresp` it points
 * to, or an e-mail printed in its affiliation (matched by printed initials such as "(F.P.F.)" or
 * by the surname in the address); `contrib[contrib-type=editor]` with `role` and affiliation;
 * the main `abstract` (not `abstract-type` summaries such as eLife digests or PLOS author
 * summaries; eLife's trailing "DOI: …" paragraph dropped); author `kwd-group`s (not eLife's
 * research-organism group); `article-id[pub-id-type=doi]`, `volume`, `issue`, `pub-date`, pages.
 *
 * Languages (decision 440): the article's `xml:lang`; its title, abstract and keywords in other
 * languages from `trans-title-group` (or an NLM 2 `trans-title`) with its `xml:lang`,
 * `trans-abstract` and author `kwd-group`s whose `xml:lang` is not the article's. Tags are
 * canonical BCP 47 tags of shared/languages.ts; a language the site does not list is left out.
 */
import type { Element, Node } from "@xmldom/xmldom";
import { partialDateFromParts } from "../../shared/dates.ts";
import { canonicalLanguageTag } from "../../shared/languages.ts";
import { normaliseOrcid } from "../../shared/orcid.ts";
import { normaliseRor } from "../../shared/ror.ts";
import { isJatsRefused, readJatsDocument } from "../features/fulltext/jats-read.ts";
import {
  CDATA,
  child,
  children,
  clean,
  descendants,
  descendantsByLocalName,
  isElement,
  optionalText,
  TEXT,
  textOf,
  walk,
} from "./jats-dom.ts";
import { type JatsFunder, readFunding } from "./jats-funding.ts";
import { type JatsReference, readReferences } from "./jats-references.ts";

export type { JatsFunder } from "./jats-funding.ts";
export type { JatsReference } from "./jats-references.ts";

export type JatsAffiliation = {
  /** Affiliation as printed, without its label or e-mails: "Department of …, University of …, City, Country". */
  text: string;
  /** The `institution` elements that are not departments, when the file marks them up. */
  organisations: string[];
  /** `https://ror.org/…` from an `institution-id` of type ror, or null. */
  ror: string | null;
};

export type JatsAuthor = {
  /** "Given-names Surname Suffix" (surname first for `name-style="eastern"`), or the literal name. */
  name: string;
  /** `""` for a literal name. */
  givenNames: string;
  /** With its particles as the file gives them ("Di Matteo"); `""` for a literal name. */
  surname: string;
  /** `<suffix>` ("Jr.", "III"), or `""`. A `<prefix>` (an honorific) is not kept. */
  suffix: string;
  /**
   * True for a name without a given/family split (`<collab>`, a `<string-name>` without
   * parts): it is stored as one literal name and never split.
   */
  literal: boolean;
  /** `https://orcid.org/…` from `contrib-id[contrib-id-type=orcid]` (check digit verified), or null. */
  orcid: string | null;
  /** `corresp="yes"` or an `xref` to a `corresp`. */
  corresponding: boolean;
  email: string | null;
  affiliations: JatsAffiliation[];
};

export type JatsEditor = {
  name: string;
  /** As printed, e.g. "Reviewing editor", "Academic Editor"; "Editor" when none is given. */
  role: string;
  affiliation: JatsAffiliation | null;
};

/** The article's title, abstract and keywords in another language (decision 440). */
export type JatsTranslation = {
  /** A canonical BCP 47 tag (shared/languages.ts), never the article's own language. */
  language: string;
  /** `""` when the file gives none in this language. */
  title: string;
  /** Paragraphs separated by a blank line, `""` when none. */
  abstract: string;
  keywords: string[];
};

export type JatsArticle = {
  /** The article's `xml:lang` as a canonical tag, or null when it names none the site lists. */
  language: string | null;
  /** Title, abstract and keywords in other languages, in the order the file first gives them. */
  translations: JatsTranslation[];
  title: string;
  doi: string | null;
  authors: JatsAuthor[];
  editors: JatsEditor[];
  /** Paragraphs separated by a blank line; "" when the article has no abstract. */
  abstract: string;
  keywords: string[];
  volume: string | null;
  issue: string | null;
  /** Publication date as precise as the file gives it: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  published: string | null;
  /** Year of the volume/collection (falls back to the publication year). */
  year: number | null;
  /** The issue's date (`pub-date` of type collection) as precise as given, or null. */
  issueDate: string | null;
  firstPage: string | null;
  lastPage: string | null;
  elocationId: string | null;
  /** Received and accepted dates (`history`), `YYYY-MM-DD`/`YYYY-MM`/`YYYY`, or null. */
  received: string | null;
  accepted: string | null;
  /** `ali:license_ref`, else the `license`'s link, as the file writes it. */
  licenseUrl: string | null;
  /** Licence text, for licences given without a URL. */
  licenseText: string | null;
  /** `copyright-holder`, else the holder named by the `copyright-statement`; null when neither. */
  copyrightHolder: string | null;
  copyrightYear: number | null;
  funders: JatsFunder[];
  /** `funding-statement` as one paragraph, or null. */
  fundingStatement: string | null;
  references: JatsReference[];
  journal: {
    title: string | null;
    abbreviation: string | null;
    issnPrint: string | null;
    issnElectronic: string | null;
    publisher: string | null;
  };
};

/** The file is not well-formed XML or not a JATS article. */
/** Whether `error` is a {@link JatsError}, by its name (see `isJatsRefused`, server/features/fulltext/jats-read.ts). */
export function isJatsError(error: unknown): error is JatsError {
  return error instanceof Error && error.name === "JatsError";
}

export class JatsError extends Error {
  override name = "JatsError";
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * Parses a JATS article with the checks of every galley (server/features/fulltext/jats-read.ts:
 * no entity declarations, the counts and nesting of decision 385), so a corpus file costs the
 * importer no more than an upload costs the site. It parses in the calling thread, not the JATS
 * pool: the importer serves no request, and reads each paper's metadata once before writing it
 * (decision 386; its galleys are stored through `storeJatsGalley`, and so parsed in the pool).
 * @param maxBytes the largest file read (the importer passes `MAX_JATS_MB`); no limit by default.
 * @throws JatsError when the file is refused, is not well-formed XML, is not an `<article>`, or
 *   has no title.
 */
export function parseJats(xml: string, maxBytes = Number.POSITIVE_INFINITY): JatsArticle {
  let article: Element;
  try {
    article = readJatsDocument(xml, maxBytes).article;
  } catch (error) {
    if (isJatsRefused(error)) throw new JatsError(error.message);
    throw error;
  }
  return readJatsArticle(article);
}

/**
 * Reads the metadata of an `<article>` element already parsed (by {@link parseJats}, or by the
 * safe reader of uploads, server/features/fulltext/jats-read.ts).
 * @throws JatsError when it has no `<article-meta>` or no title.
 */
export function readJatsArticle(article: Element): JatsArticle {
  const front = child(article, "front");
  const meta = child(front, "article-meta");
  if (!meta) throw new JatsError("no <article-meta> in <front>");

  const title = textOf(descendants(child(meta, "title-group"), "article-title")[0]);
  if (!title) throw new JatsError("no <article-title>");

  const affs = affiliationIndex(meta);
  const contribs = children(meta, "contrib-group").flatMap((g) => children(g, "contrib"));
  const authorContribs = contribs.filter((c) => c.getAttribute("contrib-type") === "author");
  const authors = authorContribs.map((c) => readAuthor(c, affs));
  attachEmails(meta, authorContribs, authors, affs);

  const editors = dedupeEditors([
    ...contribs
      .filter((c) => c.getAttribute("contrib-type") === "editor")
      .map((c) => readEditor(c, affs)),
    ...editorsFromNotes(meta),
  ]);

  const language = languageOf(article);
  const dates = readDates(meta);
  const pub = readLicense(meta);
  const copyright = readCopyright(meta);
  const funding = readFunding(meta);
  return {
    language,
    translations: readTranslations(meta, language),
    title,
    doi: articleDoi(meta),
    authors,
    editors,
    abstract: readAbstract(meta),
    keywords: readKeywords(meta, language),
    volume: optionalText(child(meta, "volume")),
    issue: optionalText(child(meta, "issue")),
    published: dates.published,
    year: dates.year,
    issueDate: dates.collection,
    firstPage: optionalText(child(meta, "fpage")),
    lastPage: optionalText(child(meta, "lpage")),
    elocationId: optionalText(child(meta, "elocation-id")),
    received: historyDate(meta, "received"),
    accepted: historyDate(meta, "accepted"),
    licenseUrl: pub.url,
    licenseText: pub.text,
    copyrightHolder: copyright.holder,
    copyrightYear: copyright.year,
    funders: funding.funders,
    fundingStatement: funding.statement,
    references: readReferences(article),
    journal: readJournalMeta(child(front, "journal-meta")),
  };
}

function articleDoi(meta: Element): string | null {
  const id = children(meta, "article-id").find((e) => e.getAttribute("pub-id-type") === "doi");
  return optionalText(id);
}

/**
 * The affiliations of an article's meta: every `aff` with an id (including those inside
 * contrib-groups), and each `aff` read once however many contributors point to it (decision 385:
 * a consortium's thousands of authors share a few long affiliations).
 */
type Affiliations = {
  byId: Map<string, Element>;
  read: (aff: Element) => JatsAffiliation;
  /** The printed e-mails of an `aff` or `corresp`, found once per element. */
  emails: (container: Element) => PrintedEmails;
};

function affiliationIndex(meta: Element): Affiliations {
  const byId = new Map<string, Element>();
  for (const aff of descendants(meta, "aff")) {
    const id = aff.getAttribute("id");
    if (id) byId.set(id, aff);
  }
  return { byId, read: once(readAffiliation), emails: once(printedEmails) };
}

/** `f` with its answer kept per element. */
function once<T>(f: (el: Element) => T): (el: Element) => T {
  const known = new Map<Element, T>();
  return (el) => {
    let value = known.get(el);
    if (value === undefined) {
      value = f(el);
      known.set(el, value);
    }
    return value;
  };
}

const UNIT_CONTENT_TYPES = new Set(["dept", "department", "division", "lab", "unit"]);

/**
 * Affiliation text without the label (`label`, or a leading `sup` as in PMC files), e-mail
 * addresses, or an "E-Mail(s): …" tail (MDPI prints them inside the affiliation).
 */
export function readAffiliation(aff: Element): JatsAffiliation {
  let text = "";
  let started = false;
  const visit = (node: Node) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === TEXT || n.nodeType === CDATA) {
        text += n.nodeValue ?? "";
        if (/\S/.test(n.nodeValue ?? "")) started = true;
      } else if (isElement(n)) {
        const name = n.nodeName;
        if (name === "label" || name === "email") continue;
        if (name === "sup" && !started) continue;
        if (name === "institution-id") continue;
        started = true;
        visit(n);
      }
    }
  };
  visit(aff);
  text = clean(text)
    .replace(/[;,]?\s*E-?mails?\s*:.*$/i, "")
    .replace(/[\s;,.]+$/, "")
    .replace(/^[\s;,]+/, "");
  const organisations = descendants(aff, "institution")
    .filter((i) => !UNIT_CONTENT_TYPES.has((i.getAttribute("content-type") ?? "").toLowerCase()))
    .map((i) => textOf(i))
    .filter(Boolean);
  const ror =
    descendants(aff, "institution-id")
      .filter((i) => /^ror$/i.test(i.getAttribute("institution-id-type") ?? ""))
      .map((i) => normaliseRor(textOf(i)))
      .find((r) => r !== null) ?? null;
  return { text, organisations, ror };
}

type PersonName = Pick<JatsAuthor, "name" | "givenNames" | "surname" | "suffix" | "literal">;

/** A `name` (or a `string-name` marked up with the same parts) as given, family and suffix. */
function nameParts(name: Element): PersonName | null {
  const surname = textOf(child(name, "surname"));
  if (!surname) return null;
  const givenNames = textOf(child(name, "given-names"));
  const suffix = textOf(child(name, "suffix"));
  const eastern = name.getAttribute("name-style") === "eastern";
  const parts = eastern ? [surname, givenNames] : [givenNames, surname];
  return { name: clean([...parts, suffix].join(" ")), givenNames, surname, suffix, literal: false };
}

/**
 * The contributor's name: `name` (surname with its particles, given names, suffix; a prefix is
 * an honorific and not kept), a `string-name` with the same parts, else a `string-name` or
 * `collab` as one literal name, never split (decision 259).
 */
function personName(contrib: Element): PersonName {
  const name = child(contrib, "name") ?? descendants(contrib, "name")[0] ?? null;
  const parts = name ? nameParts(name) : null;
  if (parts) return parts;
  const stringName = child(contrib, "string-name");
  const structured = stringName ? nameParts(stringName) : null;
  if (structured) return structured;
  const text = textOf(stringName ?? child(contrib, "collab"));
  return { name: text, givenNames: "", surname: "", suffix: "", literal: true };
}

/** The contributor's ORCID iD as the stored URI, or null (absent, or a wrong check digit). */
function orcidOf(contrib: Element): string | null {
  const ids = children(contrib, "contrib-id").filter((i) =>
    /^orcid$/i.test(i.getAttribute("contrib-id-type") ?? ""),
  );
  for (const id of ids) {
    const uri = normaliseOrcid(textOf(id));
    if (uri) return uri;
  }
  return null;
}

function ridsOf(contrib: Element, refType: string): string[] {
  return descendants(contrib, "xref")
    .filter((x) => x.getAttribute("ref-type") === refType)
    .flatMap((x) => (x.getAttribute("rid") ?? "").split(/\s+/))
    .filter(Boolean);
}

function contribAffiliations(contrib: Element, affs: Affiliations): JatsAffiliation[] {
  const elements = [
    ...children(contrib, "aff"),
    ...ridsOf(contrib, "aff")
      .map((rid) => affs.byId.get(rid))
      .filter((a): a is Element => !!a),
  ];
  const seen = new Set<string>();
  const out: JatsAffiliation[] = [];
  for (const el of elements) {
    const aff = affs.read(el);
    if (aff.text && !seen.has(aff.text)) {
      seen.add(aff.text);
      out.push(aff);
    }
  }
  return out;
}

function readAuthor(contrib: Element, affs: Affiliations): JatsAuthor {
  const person = personName(contrib);
  const email = optionalText(descendants(contrib, "email")[0]);
  return {
    ...person,
    orcid: orcidOf(contrib),
    corresponding:
      contrib.getAttribute("corresp") === "yes" || ridsOf(contrib, "corresp").length > 0,
    email,
    affiliations: contribAffiliations(contrib, affs),
  };
}

function readEditor(contrib: Element, affs: Affiliations): JatsEditor {
  const { name } = personName(contrib);
  const role = textOf(child(contrib, "role")) || "Editor";
  return { name, role, affiliation: contribAffiliations(contrib, affs)[0] ?? null };
}

/** PMC/Hindawi files name the handling editor in a footnote: "Academic Editor: Lorenzo Mannelli". */
function editorsFromNotes(meta: Element): JatsEditor[] {
  const out: JatsEditor[] = [];
  for (const fn of descendants(child(meta, "author-notes"), "fn")) {
    const match = /^((?:[A-Z][\w-]*\s)*Editor):\s*(.+?)\.?$/.exec(textOf(fn));
    if (match) out.push({ name: match[2]!, role: match[1]!, affiliation: null });
  }
  return out;
}

function dedupeEditors(editors: JatsEditor[]): JatsEditor[] {
  const seen = new Set<string>();
  return editors.filter((e) => {
    const key = `${e.name.toLowerCase()}|${e.role.toLowerCase()}`;
    if (!e.name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// E-mails

/** Upper-case initials of a person: "Francesco P." "Fanizzi" → "FPF", "Roger JW" "Truscott" → "RJWT". */
export function initialsOf(givenNames: string, surname: string): string {
  return `${givenNames} ${surname}`
    .split(/[\s.\-‐]+/)
    .filter(Boolean)
    .map((token) =>
      /^\p{Lu}{2,3}$/u.test(token) && givenNames.includes(token)
        ? token
        : (token.match(/\p{L}/u)?.[0] ?? "").toUpperCase(),
    )
    .join("");
}

type PrintedEmail = { address: string; before: string; initials: string | null };

/**
 * The e-mails printed in one `corresp` or `aff`, as {@link matchEmail} compares them: the first
 * with each printed initials, and the letters of each address and of the text before it,
 * worked out once for every author compared (decision 385).
 */
type PrintedEmails = {
  list: PrintedEmail[];
  byInitials: Map<string, PrintedEmail>;
  addressLetters: string[];
  beforeLetters: string[];
};

/**
 * Most e-mails of one container compared with an author's surname: that compares every author
 * with every address, so past this (no real `corresp` prints so many) only initials match.
 */
const MAX_SURNAME_CANDIDATES = 100;

function printedEmails(container: Element): PrintedEmails {
  const list = emailsIn(container);
  const byInitials = new Map<string, PrintedEmail>();
  for (const e of list)
    if (e.initials && !byInitials.has(e.initials)) byInitials.set(e.initials, e);
  const surnames = list.length <= MAX_SURNAME_CANDIDATES;
  return {
    list,
    byInitials,
    addressLetters: surnames ? list.map((e) => letters(e.address.split("@")[0] ?? "")) : [],
    beforeLetters: surnames ? list.map((e) => letters(e.before)) : [],
  };
}

/** E-mail addresses inside `container` with the initials printed after each ("(JRH)"). */
function emailsIn(container: Element): PrintedEmail[] {
  const out: PrintedEmail[] = [];
  let before = "";
  let current: PrintedEmail | null = null;
  let tail = "";
  const close = () => {
    if (current) {
      const m = /^\s*\(([^)]{1,20})\)/.exec(tail);
      current.initials = m ? m[1]!.replace(/[^\p{L}]/gu, "").toUpperCase() : null;
      out.push(current);
    }
  };
  for (const node of walk(container)) {
    if (isElement(node) && node.nodeName === "email") {
      close();
      current = { address: textOf(node), before, initials: null };
      tail = "";
      before = "";
    } else if (node.nodeType === TEXT && !(node.parentNode && isEmailElement(node.parentNode))) {
      if (current) tail += node.nodeValue ?? "";
      before += node.nodeValue ?? "";
    }
  }
  close();
  return out.filter((e) => e.address);
}

function isEmailElement(node: Node): boolean {
  return isElement(node) && node.nodeName === "email";
}

function letters(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\p{L}]/gu, "")
    .toLowerCase();
}

/** The printed e-mail that belongs to `author` among `printed`, or null. */
function matchEmail(
  author: JatsAuthor,
  printed: PrintedEmails,
  pointers: number,
): PrintedEmail | null {
  // a literal name is matched by its last word, as a surname would be
  const surnameOf = author.surname || (author.name.split(" ").at(-1) ?? "");
  const byInitials = printed.byInitials.get(initialsOf(author.givenNames, surnameOf));
  if (byInitials) return byInitials;
  const { list } = printed;
  if (list.length === 1 && list[0]!.initials === null && pointers === 1) return list[0]!;
  const surname = letters(surnameOf);
  if (surname.length >= 3) {
    for (let i = 0; i < printed.addressLetters.length; i++) {
      const e = list[i]!;
      if (
        printed.addressLetters[i]!.includes(surname) ||
        (e.initials === null && printed.beforeLetters[i]!.endsWith(surname))
      ) {
        return e;
      }
    }
  }
  return null;
}

function attachEmails(
  meta: Element,
  contribs: Element[],
  authors: JatsAuthor[],
  affs: Affiliations,
): void {
  const corresps = new Map<string, Element>();
  for (const c of descendants(meta, "corresp")) {
    const id = c.getAttribute("id");
    if (id) corresps.set(id, c);
  }
  const pointerCount = new Map<string, number>();
  for (const contrib of contribs) {
    for (const rid of ridsOf(contrib, "corresp")) {
      pointerCount.set(rid, (pointerCount.get(rid) ?? 0) + 1);
    }
  }
  contribs.forEach((contrib, i) => {
    const author = authors[i]!;
    if (author.email) return;
    for (const rid of ridsOf(contrib, "corresp")) {
      const corresp = corresps.get(rid);
      if (!corresp) continue;
      const found = matchEmail(author, affs.emails(corresp), pointerCount.get(rid) ?? 1);
      if (found) {
        author.email = found.address;
        return;
      }
    }
    for (const rid of ridsOf(contrib, "aff")) {
      const aff = affs.byId.get(rid);
      if (!aff) continue;
      const found = matchEmail(author, affs.emails(aff), Number.POSITIVE_INFINITY);
      if (found) {
        author.email = found.address;
        return;
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Abstract, keywords, dates, licence, journal

/** Paragraph texts of an abstract, a `sec`'s title leading its first paragraph. */
function abstractParagraphs(abstract: Element): string[] {
  const out: string[] = [];
  for (const el of children(abstract)) {
    if (el.nodeName === "p") {
      const text = textOf(el);
      if (text) out.push(text);
    } else if (el.nodeName === "sec") {
      const title = textOf(child(el, "title"));
      const paras = abstractParagraphs(el);
      if (title && paras.length) paras[0] = `${title.replace(/[.:]?$/, ".")} ${paras[0]}`;
      for (const para of paras) out.push(para);
    } else if (el.nodeName === "list") {
      for (const li of children(el, "list-item")) out.push(textOf(li));
    }
  }
  return out;
}

function readAbstract(meta: Element): string {
  const abstracts = children(meta, "abstract");
  const main = abstracts.find((a) => !a.getAttribute("abstract-type")) ?? abstracts[0];
  if (!main) return "";
  const paragraphs = abstractParagraphs(main);
  if (paragraphs.length > 1 && /^DOI:/i.test(paragraphs.at(-1)!)) paragraphs.pop();
  return paragraphs.join("\n\n");
}

const AUTHOR_KEYWORD_TYPES = /^(author|author-keywords|author-generated|keywords?)$/i;

/** The author keyword groups of the article meta (not eLife's research-organism group). */
function authorKeywordGroups(meta: Element): Element[] {
  return children(meta, "kwd-group").filter((g) => {
    const type = g.getAttribute("kwd-group-type");
    return !type || AUTHOR_KEYWORD_TYPES.test(type);
  });
}

/** An element's `xml:lang` as a canonical tag of shared/languages.ts, or null. */
function languageOf(el: Element | null | undefined): string | null {
  return canonicalLanguageTag(el?.getAttribute("xml:lang"));
}

/** The keywords of a group's `kwd`s. */
function keywordsOf(group: Element): string[] {
  return descendants(group, "kwd")
    .map((k) => textOf(k))
    .filter(Boolean);
}

/**
 * The article's own keywords: the author groups without an `xml:lang`, or in the article's
 * language `language` (a group in another language is a translation's).
 */
function readKeywords(meta: Element, language: string | null): string[] {
  return authorKeywordGroups(meta)
    .filter((g) => !g.hasAttribute("xml:lang") || languageOf(g) === language)
    .flatMap(keywordsOf);
}

/**
 * The title, abstract and keywords the file gives in languages other than `language` (the
 * article's), merged per language: `trans-title-group/@xml:lang` (JATS 1.x; an NLM 2
 * `trans-title` carries its own), `trans-abstract/@xml:lang`, `kwd-group/@xml:lang`.
 */
function readTranslations(meta: Element, language: string | null): JatsTranslation[] {
  const byLanguage = new Map<string, JatsTranslation>();
  const entry = (tag: string | null) => {
    if (!tag || tag === language) return null;
    let t = byLanguage.get(tag);
    if (!t) {
      t = { language: tag, title: "", abstract: "", keywords: [] };
      byLanguage.set(tag, t);
    }
    return t;
  };
  const titleGroup = child(meta, "title-group");
  for (const group of children(titleGroup, "trans-title-group")) {
    const titleEl = child(group, "trans-title");
    const t = entry(languageOf(group) ?? languageOf(titleEl));
    const title = textOf(titleEl);
    if (t && title && !t.title) t.title = title;
  }
  for (const titleEl of children(titleGroup, "trans-title")) {
    const t = entry(languageOf(titleEl));
    const title = textOf(titleEl);
    if (t && title && !t.title) t.title = title;
  }
  for (const abstract of children(meta, "trans-abstract")) {
    const t = entry(languageOf(abstract));
    const text = abstractParagraphs(abstract).join("\n\n");
    if (t && text && !t.abstract) t.abstract = text;
  }
  for (const group of authorKeywordGroups(meta)) {
    if (!group.hasAttribute("xml:lang")) continue;
    const t = entry(languageOf(group));
    if (t) t.keywords.push(...keywordsOf(group));
  }
  return [...byLanguage.values()].filter((t) => t.title || t.abstract || t.keywords.length);
}

/** A JATS date element (`pub-date`, `date`) as precise as it is valid (shared/dates.ts). */
function dateOf(el: Element): string | null {
  return partialDateFromParts(
    textOf(child(el, "year")),
    textOf(child(el, "month")),
    textOf(child(el, "day")),
  );
}

/** The `history` date of `type` (`received`, `accepted`), or null. */
function historyDate(meta: Element, type: string): string | null {
  const date = children(child(meta, "history"), "date").find(
    (d) => d.getAttribute("date-type") === type,
  );
  return date ? dateOf(date) : null;
}

function readDates(meta: Element): {
  published: string | null;
  year: number | null;
  collection: string | null;
} {
  const dates = children(meta, "pub-date").map((el) => ({
    type: el.getAttribute("pub-type") ?? el.getAttribute("date-type") ?? "",
    format: el.getAttribute("publication-format") ?? "",
    date: dateOf(el),
  }));
  const rank = (d: (typeof dates)[number]) => {
    if (d.type === "epub" || (d.type === "pub" && d.format === "electronic")) return 0;
    if (d.type === "pub" || d.type === "epub-ppub") return 1;
    if (d.type === "ppub") return 2;
    return 3;
  };
  const published = dates
    .filter((d) => d.date && d.type !== "collection")
    .sort((a, b) => rank(a) - rank(b) || b.date!.length - a.date!.length)[0]?.date;
  const collection =
    dates.find((d) => d.type === "collection" && d.date) ??
    dates.find((d) => d.type === "ppub" && d.date);
  const yearText = (collection?.date ?? published ?? "").slice(0, 4);
  return {
    published: published ?? collection?.date ?? null,
    year: /^\d{4}$/.test(yearText) ? Number(yearText) : null,
    collection: dates.find((d) => d.type === "collection" && d.date)?.date ?? null,
  };
}

const XLINK = "http://www.w3.org/1999/xlink";

function readLicense(meta: Element): { url: string | null; text: string | null } {
  const permissions = child(meta, "permissions");
  // NISO ALI (JATS 1.1+): the machine-readable licence, inside or beside <license>
  const ali = descendantsByLocalName(permissions, "license_ref")
    .map((el) => textOf(el))
    .find((url) => /^https?:\/\//i.test(url));
  const license = descendants(permissions, "license")[0];
  if (!license) return { url: ali ?? null, text: null };
  const href =
    ali ||
    license.getAttributeNS(XLINK, "href") ||
    descendants(license, "ext-link")
      .map((l) => l.getAttributeNS(XLINK, "href"))
      .find((h) => h && /creativecommons\.org/.test(h)) ||
    /https?:\/\/creativecommons\.org\/[^\s)]+/.exec(textOf(license))?.[0] ||
    null;
  return { url: href || null, text: optionalText(license) };
}

/**
 * `copyright-holder` and `copyright-year`; without a holder element, the holder the
 * `copyright-statement` names ("Copyright © 2016 Anahita Sanaei Dashti et al." → "Anahita
 * Sanaei Dashti et al."; "© 2014 by the authors; licensee MDPI, …" → "the authors"), and the
 * year it prints.
 */
function readCopyright(meta: Element): { holder: string | null; year: number | null } {
  const permissions = child(meta, "permissions");
  const statement = textOf(child(permissions, "copyright-statement"));
  const yearText =
    textOf(child(permissions, "copyright-year")) ||
    (/\b(1[89]|20)\d{2}\b/.exec(statement)?.[0] ?? "");
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  const holder = textOf(child(permissions, "copyright-holder")) || holderOf(statement);
  return { holder: holder || null, year };
}

/** The holder a copyright statement names: its text without "Copyright ©", the year, "by". */
function holderOf(statement: string): string {
  const holder = (statement.split(";")[0] ?? "")
    .replace(/^\s*(?:copyright|©|\(c\)|\s)+/i, "")
    .replace(/^(?:1[89]|20)\d{2}\b[\s,]*/, "")
    .replace(/^by\s+/i, "")
    .trim();
  return /\bet al\.$/.test(holder) ? holder : holder.replace(/[\s.,]+$/, "");
}

function readJournalMeta(journalMeta: Element | null): JatsArticle["journal"] {
  const ids = children(journalMeta, "journal-id");
  const abbreviation =
    ids.find((i) => i.getAttribute("journal-id-type") === "nlm-ta") ??
    descendants(journalMeta, "abbrev-journal-title")[0];
  const issns = children(journalMeta, "issn");
  const issn = (kinds: string[]) =>
    optionalText(
      issns.find((i) =>
        kinds.includes(i.getAttribute("pub-type") ?? i.getAttribute("publication-format") ?? ""),
      ),
    );
  return {
    title: optionalText(descendants(journalMeta, "journal-title")[0]),
    abbreviation: optionalText(abbreviation),
    issnPrint: issn(["ppub", "print"]),
    issnElectronic: issn(["epub", "electronic"]),
    publisher: optionalText(descendants(journalMeta, "publisher-name")[0]),
  };
}
