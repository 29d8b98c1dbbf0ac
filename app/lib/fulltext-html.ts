/**
 * A full text's article rendered to HTML once per galley tree (decision 319). The reader keeps
 * each galley's tree (server/features/fulltext/reader.ts, 32 per process); this keeps, beside
 * each tree object, the HTML that {@link FullTextArticle} renders from it (the longest corpus
 * paper: about 170 KB), so a full-text page that misses the output cache renders only its frame.
 * The HTML reaches the page beside the loader's answer, not in it (./article-html.ts).
 *
 * Server-only: imported by the full-text loader (app/lib/paper-load.ts), which React Router
 * removes from the browser build with its imports.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { FullText } from "../../shared/fulltext.ts";
import {
  FullTextArticle,
  fullTextContents,
  type RenderedFullText,
} from "../components/fulltext/full-text-page.tsx";

/** Keyed by the reader's tree object: gone with it when the reader's cache lets it go. */
const rendered = new WeakMap<FullText, RenderedFullText>();

/** `text` as its page shows it: language, contents list, and the article's HTML. */
export function renderFullText(text: FullText): RenderedFullText {
  let page = rendered.get(text);
  if (!page) {
    page = {
      lang: text.lang,
      contents: fullTextContents(text),
      html: renderToStaticMarkup(createElement(FullTextArticle, { text })),
    };
    rendered.set(text, page);
  }
  return page;
}
