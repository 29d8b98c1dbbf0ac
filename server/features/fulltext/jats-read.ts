/**
 * Reading an untrusted JATS file safely (issue 18, docs/decisions/286-untrusted-jats.md): the
 * checks every JATS galley passes before it is parsed, stored or rendered.
 *
 * - **Size**: at most `maxBytes` (`MAX_JATS_MB`, default 10 MiB; the longest corpus file is 0.3 MB).
 * - **Encoding**: UTF-8 (a byte-order mark is allowed), as every JATS publisher writes it.
 * - **No entity declarations**: a `<!DOCTYPE>` with an internal subset declaring `<!ENTITY`
 *   (the "billion laughs" and external-entity attacks) is refused before parsing; the parser
 *   (@xmldom/xmldom) never loads a DTD or a network resource and knows only XML's five entities.
 * - **Nesting**: a linear scan of the tags refuses a file nested deeper than {@link MAX_DEPTH}
 *   elements before the DOM is built (a deep tree costs the parser quadratic time: 22 MB of
 *   nested `<sec>` took 73 s), so the tree walks after it cannot overflow the stack.
 * - **Well-formed, an `<article>`**: any parser error refuses the file.
 */
import { DOMParser, type Element } from "@xmldom/xmldom";

/** The deepest element nesting accepted; real JATS (MathML tables inside figures) stays under 40. */
export const MAX_DEPTH = 200;

/** The file cannot be used as a JATS galley; `message` says why, for the form field. */
export class JatsRefusedError extends Error {
  override name = "JatsRefusedError";
  /** `too_large` for the size limit (413), else `invalid` (400). */
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
  if (bytes > maxBytes) {
    throw new JatsRefusedError(
      `The JATS file is larger than ${formatMb(maxBytes)}. Upload a smaller file.`,
      "too_large",
    );
  }
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
  const depth = nestingDepth(xml);
  if (depth > MAX_DEPTH) {
    throw new JatsRefusedError(
      `The JATS file nests elements more than ${MAX_DEPTH} deep, which no article needs. It was refused.`,
    );
  }
  let root: Element | null;
  try {
    const doc = new DOMParser({
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
  return { article: root, xml };
}

/**
 * The deepest element nesting of `xml`, found by scanning its tags once (comments, CDATA,
 * processing instructions and the DOCTYPE skipped; an attribute value may hold `>`). Stops
 * counting past {@link MAX_DEPTH} + 1. Not a validator: the parser checks the rest.
 */
export function nestingDepth(xml: string): number {
  const tag =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<(\/?)[^\s/>!?][^\s/>]*(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/g;
  let depth = 0;
  let max = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[0].startsWith("<!") || m[0].startsWith("<?")) continue;
    if (m[1] === "/") depth -= 1;
    else if (m[2] !== "/") {
      depth += 1;
      if (depth > max) {
        max = depth;
        if (max > MAX_DEPTH) break;
      }
    }
  }
  return max;
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
