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

/** Text nodes and elements of `root` in document order (depth first), for scanning. */
export function* walk(root: Node): Generator<Node> {
  for (let n = root.firstChild; n; n = n.nextSibling) {
    yield n;
    if (isElement(n)) yield* walk(n);
  }
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
