/**
 * A full text's article rendered to HTML once per galley tree and language (decision 319). The
 * reader keeps each galley's tree (server/features/fulltext/reader.ts, 32 per process); this
 * keeps, beside each tree object, the HTML that {@link FullTextArticle} renders from it in each
 * language asked for (the longest corpus paper: about 170 KB), so a full-text page that misses
 * the output cache renders only its frame. The article's own words are the paper's; its section
 * labels ('Abstract', 'References', 'Figures and tables'…), figure and table notes and the
 * contents list are in the page's language (decision 382). The HTML reaches the page beside
 * the loader's answer, not in it (./article-html.ts).
 *
 * Server-only: imported by the full-text loader (app/lib/paper-load.ts), which React Router
 * removes from the browser build with its imports.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import type { FullText, RenderedFullText } from "../../shared/fulltext.ts";
import type { RenderLocale } from "../../shared/i18n/locales.ts";
import { FullTextArticle, fullTextContents } from "../components/fulltext/full-text-page.tsx";
import { LocaleProvider } from "../i18n/use-t.tsx";

/** Keyed by the reader's tree object: gone with it when the reader's cache lets it go. */
const rendered = new WeakMap<FullText, Map<RenderLocale, RenderedFullText>>();

/** `text` as its page shows it in `locale`: language, contents list, and the article's HTML. */
export function renderFullText(text: FullText, locale: RenderLocale): RenderedFullText {
  let byLocale = rendered.get(text);
  if (!byLocale) {
    byLocale = new Map();
    rendered.set(text, byLocale);
  }
  let page = byLocale.get(locale);
  if (!page) {
    page = {
      lang: text.lang,
      contents: fullTextContents(text, serverTranslator(locale)),
      html: renderToStaticMarkup(
        createElement(LocaleProvider, {
          locale,
          // biome-ignore lint/correctness/noChildrenProp: LocaleProvider's props require children, which a third argument does not satisfy for TypeScript
          children: createElement(FullTextArticle, { text }),
        }),
      ),
    };
    byLocale.set(locale, page);
  }
  return page;
}
