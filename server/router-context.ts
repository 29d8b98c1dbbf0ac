/**
 * Values the Express server hands to React Router loaders and actions (server side only):
 * the service context and what is known about the request (CSP nonce, signed-in manager).
 * Loaders read them with `context.get(appContext)` / `context.get(requestContext)`; the server
 * sets them per request (./ssr.ts). They live on the server's side so that no server module
 * imports the app (issue 20: app → server → shared); app/context.ts passes them on to the
 * route modules.
 */
import { createContext } from "react-router";
import type { SignedInUser } from "../shared/api.ts";
import type { RenderLocale } from "../shared/i18n/locales.ts";
import type { AppContext } from "./services/context.ts";

export type RequestInfo = {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  nonce: string;
  /** The signed-in manager, when the request carries a valid session cookie. */
  user: SignedInUser | null;
  /** Public origin (`https://host`), for canonical URLs and citation metadata. */
  origin: string;
  /** The page's language (server/http/locale.ts; decision 382). */
  locale: RenderLocale;
  /**
   * Gives this response's Content-Security-Policy what the PDF reader needs (server/http/csp.ts,
   * `PDF_VIEWER_SOURCES`); called by app/entry.server.tsx for a route whose `handle` says
   * `pdfViewer: true`, before the headers are sent.
   */
  allowPdfViewer: () => void;
  /**
   * Sets this response's `Link` header field (a paper page's FAIR Signposting, decision 470),
   * before the headers are sent; the output cache keeps it with the page.
   */
  setLinkHeader: (value: string) => void;
};

export const appContext = createContext<AppContext>();
export const requestContext = createContext<RequestInfo>();
