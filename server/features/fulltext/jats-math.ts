/**
 * MathML of a JATS file (`mml:math`, any prefix) as the allow-listed {@link MathNode} tree the
 * browser renders (MathML Core, Chromium 109+, Firefox, Safari): presentation elements only,
 * `semantics` reduced to its presentation child, `annotation`s dropped, the deprecated `mfenced`
 * (which MathML Core no longer draws) rewritten as an `mrow` of `mo` fences and separators.
 * Attributes are kept only from {@link ATTRIBUTES}, with plain values (no URLs, no script).
 */
import type { Element } from "@xmldom/xmldom";
import type { MathNode } from "../../../shared/fulltext.ts";
import { CDATA, isElement, localName, TEXT } from "../../import/jats-dom.ts";

const ELEMENTS = new Set([
  "math",
  "mi",
  "mn",
  "mo",
  "ms",
  "mtext",
  "mspace",
  "mrow",
  "mfrac",
  "msqrt",
  "mroot",
  "msub",
  "msup",
  "msubsup",
  "munder",
  "mover",
  "munderover",
  "mmultiscripts",
  "mprescripts",
  "none",
  "mtable",
  "mtr",
  "mtd",
  "mstyle",
  "mpadded",
  "mphantom",
  "menclose",
  "merror",
]);

const ATTRIBUTES = new Set([
  "mathvariant",
  "display",
  "displaystyle",
  "scriptlevel",
  "stretchy",
  "fence",
  "separator",
  "symmetric",
  "lspace",
  "rspace",
  "minsize",
  "maxsize",
  "largeop",
  "movablelimits",
  "accent",
  "accentunder",
  "linethickness",
  "width",
  "height",
  "depth",
  "columnspan",
  "rowspan",
  "notation",
]);

/** An attribute value that can only be a keyword, a number or a length. */
const PLAIN_VALUE = /^[A-Za-z0-9 .%+-]{0,40}$/;

/**
 * The allow-listed tree of a `math` element (see the module comment); its text is kept with
 * whitespace collapsed. `display` is set to "block" when `block` is true (display formulas).
 */
export function mathTree(el: Element, block: boolean): MathNode {
  const node = mathNode(el) ?? { tag: "math", attrs: {}, c: [] };
  const attrs: Record<string, string> = {};
  if (block) attrs.display = "block";
  return { tag: "math", attrs, c: node.tag === "math" ? node.c : [node] };
}

function mathNode(el: Element): MathNode | null {
  const name = localName(el);
  if (name === "semantics") {
    const first = childElements(el).find((c) => !localName(c).startsWith("annotation"));
    return first ? mathNode(first) : null;
  }
  if (name === "mfenced") return fenced(el);
  if (!ELEMENTS.has(name)) {
    // an unknown element (maligngroup, mlabeledtr, anything foreign): its content as an mrow
    if (name.startsWith("annotation") || name === "malignmark" || name === "maligngroup") {
      return null;
    }
    const c = mathChildren(el);
    return c.length ? { tag: "mrow", attrs: {}, c } : null;
  }
  const attrs: Record<string, string> = {};
  for (const attr of Array.from(el.attributes)) {
    const key = attr.localName ?? attr.name;
    if (ATTRIBUTES.has(key) && PLAIN_VALUE.test(attr.value)) attrs[key] = attr.value;
  }
  return { tag: name, attrs, c: mathChildren(el) };
}

function mathChildren(el: Element): (MathNode | string)[] {
  const out: (MathNode | string)[] = [];
  const tokens = new Set(["mi", "mn", "mo", "ms", "mtext"]);
  const keepText = tokens.has(localName(el));
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (isElement(n)) {
      const child = mathNode(n);
      if (child) out.push(child);
    } else if (keepText && (n.nodeType === TEXT || n.nodeType === CDATA)) {
      const text = (n.nodeValue ?? "").replace(/\s+/g, " ");
      if (text.trim()) out.push(text.trim());
    }
  }
  return out;
}

function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n)) out.push(n);
  return out;
}

/** `<mfenced open="(" close=")" separators=",">a b</mfenced>` → `<mrow><mo>(</mo>a<mo>,</mo>b<mo>)</mo></mrow>`. */
function fenced(el: Element): MathNode {
  const fence = (text: string): MathNode => ({ tag: "mo", attrs: {}, c: text ? [text] : [] });
  const open = el.getAttribute("open") ?? "(";
  const close = el.getAttribute("close") ?? ")";
  const separators = (el.getAttribute("separators") ?? ",").replace(/\s+/g, "");
  const parts = childElements(el)
    .map(mathNode)
    .filter((n): n is MathNode => n !== null);
  const c: MathNode[] = [];
  if (open) c.push(fence(open.slice(0, 4)));
  parts.forEach((part, i) => {
    if (i > 0 && separators)
      c.push(fence(separators[Math.min(i - 1, separators.length - 1)] ?? ""));
    c.push(part);
  });
  if (close) c.push(fence(close.slice(0, 4)));
  return { tag: "mrow", attrs: {}, c };
}
