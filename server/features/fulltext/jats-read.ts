/**
 * Reading an untrusted JATS file safely (issue 18, docs/decisions/286-untrusted-jats.md; the
 * bounds of one galley, docs/decisions/385-bounded-work-per-galley.md): the checks every JATS
 * galley passes before it is parsed, stored or rendered.
 *
 * - **Size**: at most `maxBytes` (`MAX_JATS_MB`, default 10 MiB; the longest corpus file is 0.3 MB).
 * - **Encoding**: UTF-8 (a byte-order mark is allowed), as every JATS publisher writes it.
 * - **No entity declarations**: a `<!DOCTYPE>` with an internal subset declaring `<!ENTITY`
 *   (the "billion laughs" and external-entity attacks) is refused before parsing; the parser
 *   (@xmldom/xmldom) never loads a DTD or a network resource and knows only XML's five entities.
 * - **Counts, before parsing** ({@link markupCounts}): at most {@link MAX_ELEMENTS} elements,
 *   {@link MAX_REFERENCES} references and {@link MAX_SECTIONS} sections. The counts are of the
 *   start tags' `<` in the text, which can only over-count (a `<` in a comment or CDATA section
 *   is counted, and no element exists without one), so no spelling of the file hides an element
 *   from them; they bound the parser's time (linear in elements) and every pass after it.
 * - **Nesting, from the parsed document**: the depth of the tree the parser built, measured by a
 *   walk without recursion, at most {@link MAX_DEPTH}; the tree walks after it (building the
 *   full text, rendering it) recurse at most that deep.
 * - **Well-formed, an `<article>`**: any parser error refuses the file.
 */
import { DOMParser, type Element, type Node } from "@xmldom/xmldom";

/**
 * The deepest element nesting accepted (decision 385). The deepest corpus article is 24 deep
 * (MathML in a table in a section). React's server renderer runs out of stack at about 104
 * nested sections on a first render and then leaves parts of the page out; 64 keeps every
 * accepted file well inside that (it was 200 before decision 385, which let such pages through).
 */
export const MAX_DEPTH = 64;

/**
 * The most elements one galley may have (decision 385): nearly five times the longest corpus
 * article (8,380). Parsing, building the tree and rendering it take time in proportion (about
 * 20–40 µs an element on the 2-core benchmark machine, most of it @xmldom/xmldom's parser), and
 * all of it on the event loop: `npm run bench` times the largest galley accepted at its upload
 * check and first render against a second each.
 */
export const MAX_ELEMENTS = 40_000;

/**
 * The most references (`<ref>`) one galley may have (decision 385): the corpus's longest list
 * has 89, long reviews a few thousand; the paper forms take 2,000.
 */
export const MAX_REFERENCES = 5_000;

/** The most sections (`<sec>`, any prefix) one galley may have (decision 385); the corpus's most is 42. */
export const MAX_SECTIONS = 2_000;

/** The file cannot be used as a JATS galley; `message` says why, for the form field. */
/**
 * Whether `error` is a {@link JatsRefusedError}, by its name: the production server's bundle and
 * the worker pool (loaded from source by server/bootstrap.ts) each hold their own copy of this
 * class, so `instanceof` fails across them (decision 386).
 */
export function isJatsRefused(error: unknown): error is JatsRefusedError {
  return error instanceof Error && error.name === "JatsRefusedError" && "reason" in error;
}

export class JatsRefusedError extends Error {
  override name = "JatsRefusedError";
  /** `too_large` for the size and count limits (413), else `invalid` (400). */
  readonly reason: "too_large" | "invalid";
  constructor(message: string, reason: "too_large" | "invalid" = "invalid") {
    super(message);
    this.reason = reason;
  }
}

/**
 * Checks `data` (see the module comment) and parses it.
 * @returns the `<article>` element and the text it was parsed from.
 * @throws JatsRefusedError saying what is wrong, in words for the person who uploaded the file.
 */
export function readJatsDocument(
  data: Uint8Array | string,
  maxBytes: number,
): { article: Element; xml: string } {
  const bytes = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
  if (bytes > maxBytes) throw new JatsRefusedError(jatsTooLarge(maxBytes), "too_large");
  let xml: string;
  if (typeof data === "string") xml = data;
  else {
    try {
      xml = new TextDecoder("utf-8", { fatal: true }).decode(data);
    } catch {
      throw new JatsRefusedError("The JATS file is not UTF-8 text. Save it as UTF-8 XML.");
    }
  }
  if (/<!ENTITY/i.test(xml)) {
    throw new JatsRefusedError(
      "The JATS file declares its own entities (<!ENTITY>), which are not accepted. Remove the declarations or write the characters themselves.",
    );
  }
  checkCounts(markupCounts(xml));
  let root: Element | null;
  try {
    const doc = new DOMParser({
      locator: false,
      onError: (level, message) => {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(xml, "text/xml");
    root = doc.documentElement;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new JatsRefusedError(
      `The JATS file is not well-formed XML: ${message.replace(/\s+/g, " ").slice(0, 200)}`,
    );
  }
  if (root?.nodeName !== "article") {
    throw new JatsRefusedError(
      "The file is not a JATS article: its root element is not <article>.",
    );
  }
  if (treeDepth(root) > MAX_DEPTH) {
    throw new JatsRefusedError(
      `The JATS file nests elements more than ${MAX_DEPTH} deep; the site reads at most ${MAX_DEPTH} levels, more than any article needs. Upload the article's JATS as the publisher's tools wrote it.`,
    );
  }
  return { article: root, xml };
}

/** The message of a JATS file over `maxBytes` (`MAX_JATS_MB`), whether read or cut off while uploaded. */
export function jatsTooLarge(maxBytes: number): string {
  return `The JATS file is larger than ${formatMb(maxBytes)}. Upload a smaller file.`;
}

/** Upper bounds of what a JATS text holds, from its start tags (see {@link markupCounts}). */
export type MarkupCounts = { elements: number; references: number; sections: number };

/**
 * Upper bounds of the elements, `ref` and `sec` elements (any prefix) of `xml`, in one pass
 * over its `<` characters: every `<` followed by a name character is counted as a start tag.
 * A start tag always begins so, and XML allows no raw `<` in text or attribute values, so the
 * counts are never below the document's; a `<` inside a comment, CDATA section or processing
 * instruction can only add to them.
 */
export function markupCounts(xml: string): MarkupCounts {
  const counts = { elements: 0, references: 0, sections: 0 };
  for (let at = xml.indexOf("<"); at !== -1; at = xml.indexOf("<", at + 1)) {
    if (!NAME_CHAR.test(xml.charAt(at + 1))) continue; // an end tag, comment, PI, DOCTYPE, CDATA
    counts.elements += 1;
    // the name's local part: after a prefix's colon, up to the first character outside a name
    let end = at + 1;
    let local = at + 1;
    for (let c = xml.charAt(end); NAME_CHAR.test(c); c = xml.charAt(++end)) {
      if (c === ":") local = end + 1;
    }
    const length = end - local;
    if (length === 3) {
      const name = xml.slice(local, end);
      if (name === "ref") counts.references += 1;
      else if (name === "sec") counts.sections += 1;
    }
  }
  return counts;
}

/** A character that may follow `<` in a start tag's name (anything but markup and space). */
const NAME_CHAR = /^[^\s<>/!?="'&]$/;

function checkCounts(counts: MarkupCounts): void {
  const over = (count: number, max: number, what: string, advice: string) => {
    if (count > max) {
      throw new JatsRefusedError(
        `The JATS file has more than ${max.toLocaleString("en")} ${what}; the site reads at most ${max.toLocaleString("en")} in one article. ${advice}`,
        "too_large",
      );
    }
  };
  over(
    counts.references,
    MAX_REFERENCES,
    "references (<ref>)",
    "Upload the article with a shorter reference list.",
  );
  over(
    counts.sections,
    MAX_SECTIONS,
    "sections (<sec>)",
    "Upload the article without its supplementary sections.",
  );
  over(
    counts.elements,
    MAX_ELEMENTS,
    "XML elements",
    "Upload the article without its supplementary material or largest tables.",
  );
}

/** The deepest element nesting under `root` (1 for a childless root), walked without recursion. */
export function treeDepth(root: Element): number {
  let depth = 1;
  let max = 1;
  let node: Node = root;
  for (;;) {
    const child = elementFrom(node.firstChild);
    if (child) {
      node = child;
      depth += 1;
      if (depth > max) max = depth;
      continue;
    }
    // no child: the next element sibling of the node or of its nearest ancestor that has one
    for (;;) {
      if (node === root) return max;
      const next = elementFrom(node.nextSibling);
      if (next) {
        node = next;
        break;
      }
      const parent: Node | null = node.parentNode;
      if (!parent) return max;
      node = parent;
      depth -= 1;
    }
  }
}

/** `from` or its first following sibling that is an element; null when none is. */
function elementFrom(from: Node | null): Node | null {
  let node = from;
  while (node && node.nodeType !== ELEMENT) node = node.nextSibling;
  return node;
}

const ELEMENT = 1;

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
