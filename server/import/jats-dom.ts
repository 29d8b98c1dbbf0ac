/**
 * DOM helpers of the JATS reader (./jats.ts and its friends ./jats-references.ts,
 * ./jats-funding.ts): element children by name, text with whitespace collapsed, a document-order
 * walk. Elements are matched by their qualified name as written (`ali:license_ref` by its
 * local name: {@link localName}).
 */
import type { Element, Node } from "@xmldom/xmldom";

export const ELEMENT = 1;
export const TEXT = 3;
export const CDATA = 4;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && node.nodeType === ELEMENT;
}

export function children(parent: Element | null | undefined, name?: string): Element[] {
  const out: Element[] = [];
  if (!parent) return out;
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (isElement(n) && (name === undefined || n.nodeName === name)) out.push(n);
  }
  return out;
}

export function child(parent: Element | null | undefined, name: string): Element | null {
  return children(parent, name)[0] ?? null;
}

export function descendants(parent: Element | null | undefined, name: string): Element[] {
  if (!parent) return [];
  return Array.from(parent.getElementsByTagName(name));
}

/**
 * Collapses whitespace runs to one space and trims. Re-indented files put line breaks around
 * inline elements ("(\n<italic>Limnonectes</italic>\n)"), so a space just inside brackets or
 * before a comma or semicolon is dropped too: such a space never belongs there in the text.
 */
export function clean(text: string | null | undefined): string {
  return (text ?? "")
    .replace(/\s+/g, " ")
    .replace(/([([]) /g, "$1")
    .replace(/ ([)\],;])/g, "$1")
    .trim();
}

export function textOf(node: Node | null | undefined): string {
  return clean(node?.textContent);
}

export function optionalText(node: Node | null | undefined): string | null {
  const text = textOf(node);
  return text === "" ? null : text;
}

/**
 * Text nodes and elements of `root` in document order (depth first), for scanning; without
 * recursion, so each node costs the same however deep it lies (decision 385).
 */
export function* walk(root: Node): Generator<Node> {
  let n: Node | null = root.firstChild;
  while (n) {
    yield n;
    if (isElement(n) && n.firstChild) {
      n = n.firstChild;
      continue;
    }
    while (n && n !== root && !n.nextSibling) n = n.parentNode;
    n = n && n !== root ? n.nextSibling : null;
  }
}

/**
 * The first element under `parent` (in document order) that `test` accepts, or null; stops
 * there, and builds no list of the descendants as {@link descendants} does.
 */
export function firstDescendant(
  parent: Element | null | undefined,
  test: (el: Element) => boolean,
): Element | null {
  if (!parent) return null;
  for (const n of walk(parent)) if (isElement(n) && test(n)) return n;
  return null;
}

/** The local name of an element (`license_ref` of `ali:license_ref`). */
export function localName(el: Element): string {
  return el.localName ?? el.nodeName.replace(/^.*:/, "");
}

/** Descendants of `parent` whose local name is `name`, whatever their prefix. */
export function descendantsByLocalName(
  parent: Element | null | undefined,
  name: string,
): Element[] {
  if (!parent) return [];
  return Array.from(parent.getElementsByTagName("*")).filter((el) => localName(el) === name);
}
