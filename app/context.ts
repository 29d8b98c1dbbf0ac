/**
 * Values the Express server hands to React Router loaders and actions (server side only):
 * the service context and what is known about the request (CSP nonce, signed-in manager).
 * Loaders read them with `context.get(appContext)` / `context.get(requestContext)`.
 */
import { createContext } from "react-router";
import type { AppContext } from "../server/services/context.ts";

/** `role`: `admin` (site administrator) or `manager` (journal manager); decision 190. */
export type SignedInUser = { id: number; name: string; email: string; role: "admin" | "manager" };

export type RequestInfo = {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  nonce: string;
  /** The signed-in manager, when the request carries a valid session cookie. */
  user: SignedInUser | null;
  /** Public origin (`https://host`), for canonical URLs and citation metadata. */
  origin: string;
  /**
   * Gives this response's Content-Security-Policy what the PDF reader needs (server/http/csp.ts,
   * `PDF_VIEWER_SOURCES`); called by app/entry.server.tsx for a route whose `handle` says
   * `pdfViewer: true`, before the headers are sent.
   */
  allowPdfViewer: () => void;
};

export const appContext = createContext<AppContext>();
export const requestContext = createContext<RequestInfo>();
