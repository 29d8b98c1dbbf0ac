/**
 * The HTML of a full text's article from its loader to its page without passing through the
 * loader's answer (decision 319). React Router encodes every loader answer for hydration
 * (turbo-stream), even on the pages it does not hydrate (decision 240): the longest corpus
 * article's 170 KB of HTML cost more to encode than the rest of its page cost to render. So the
 * full-text loader puts the HTML in the request's router context ({@link articleHtmlSlot}),
 * app/entry.server.tsx hands it to the render as a React context ({@link ArticleHtml}), and the
 * page places it. Empty wherever no loader set it (other pages, the browser).
 */
import { createContext as createReactContext } from "react";
import { createContext as createRouterContext } from "react-router";

/** The request's slot: set by the full-text loader, read by app/entry.server.tsx. */
export const articleHtmlSlot = createRouterContext<string>("");

/** The same HTML as the page's render sees it. */
export const ArticleHtml = createReactContext("");
