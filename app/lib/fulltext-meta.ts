/**
 * `<head>` of a paper's HTML full-text page (issue 18, decision 285): its title
 * (`{paper title} (full text) | {product}`), the abstract as description, the page's own
 * canonical URL, and `citation_title` with `citation_abstract_html_url` and
 * `citation_fulltext_html_url` so a crawler that lands here finds the paper's abstract page.
 * The full Scholar and Dublin Core tags stay on the abstract page (./citation-meta.ts). The
 * title's "(full text)" is in the page's language, and its URLs carry the language's prefix.
 */
import type { MetaDescriptor } from "react-router";
import type { PaperReading } from "../../shared/api.ts";
import { DEFAULT_LOCALE, prefixOf, type RenderLocale } from "../../shared/i18n/locales.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { oneLine } from "../../shared/one-line.ts";
import { summary } from "./citation-meta.ts";

/** `{paper page}/fulltext`: where a paper's HTML full text is. */
export function fullTextPath(paperPagePath: string): string {
  return `${paperPagePath}/fulltext`;
}

/**
 * @param pagePath the paper's abstract page (`/journal/elife/12`).
 * @param origin public origin without a trailing slash.
 * @param locale the page's language.
 */
export function fullTextMeta(
  paper: Pick<PaperReading, "title" | "abstract">,
  pagePath: string,
  origin: string,
  siteName: string,
  locale: RenderLocale = DEFAULT_LOCALE,
): MetaDescriptor[] {
  const t = translatorFor(locale);
  const pagePrefix = prefixOf(locale);
  const url = `${origin}${pagePrefix}${fullTextPath(pagePath)}`;
  const title = t("{title} (full text)", { title: oneLine(paper.title) });
  const tags: MetaDescriptor[] = [{ title: `${title} | ${siteName}` }];
  const description = summary(paper.abstract);
  if (description) tags.push({ name: "description", content: description });
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { name: "citation_title", content: oneLine(paper.title) },
    { name: "citation_abstract_html_url", content: `${origin}${pagePrefix}${pagePath}` },
    { name: "citation_fulltext_html_url", content: url },
  );
  return tags;
}
