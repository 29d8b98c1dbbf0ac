/**
 * The `<meta>` tags of a served page's head, read with parse5 as a browser parses HTML:
 * `[name or property, content]` in document order, whatever other attributes (such as a
 * language's `lang`, decision 441) a tag carries and in whatever order.
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";

type Element = DefaultTreeAdapterMap["element"];

function elements(node: DefaultTreeAdapterMap["parentNode"]): Element[] {
  const out: Element[] = [];
  for (const child of node.childNodes) {
    if ("tagName" in child) {
      out.push(child);
      out.push(...elements(child));
    }
  }
  return out;
}

/** Each head `<meta>` with a `name` or `property` and a `content`: `[key, content]`. */
export function metaTags(html: string): [string, string][] {
  const out: [string, string][] = [];
  const document = parse(html);
  const htmlElement = document.childNodes.find((n) => "tagName" in n && n.tagName === "html");
  const head =
    htmlElement && "childNodes" in htmlElement
      ? htmlElement.childNodes.find((n) => "tagName" in n && n.tagName === "head")
      : undefined;
  if (!head || !("childNodes" in head)) return out;
  for (const e of elements(head as Element)) {
    if (e.tagName !== "meta") continue;
    const attr = (name: string) => e.attrs.find((a) => a.name === name)?.value;
    const key = attr("name") ?? attr("property");
    const content = attr("content");
    if (key !== undefined && content !== undefined) out.push([key, content]);
  }
  return out;
}
