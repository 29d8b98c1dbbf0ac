/**
 * The Content-Security-Policy of the site's HTML (docs/architecture.md, Content-Security-Policy):
 * one strict policy for every page, and the one widening a page may ask for by its route's
 * `handle` (app/root.tsx, `RouteHandle`).
 *
 * - {@link cspDirectives}: the directives helmet writes on every response (server/http/app.ts).
 * - {@link PDF_VIEWER_SOURCES}: what the PDF reader needs on top, given only to the pages that
 *   open it (the paper pages, `handle.pdfViewer`; decision 266). pdf.js keeps a reader's image
 *   (stamp) annotation as a `data:` URL and reads it back with `XMLHttpRequest` when the page is
 *   reloaded (its `ImageManager` → `fetchData`), which `connect-src` governs: without `data:`
 *   there the image silently vanished after a reload (issue 15).
 * - {@link widenCsp}: a policy with extra sources added to some of its directives.
 */
import type { Response } from "express";

type Nonce = (req: unknown, res: unknown) => string;

/**
 * The site's directives, in helmet's form (camel-cased names, sources as strings or per-request
 * functions). `nonce` gives this response's script nonce (`'nonce-…'`).
 */
export function cspDirectives(nonce: Nonce) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      nonce,
      // pdf.js decodes some image formats with WebAssembly
      "'wasm-unsafe-eval'",
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    workerSrc: ["'self'", "blob:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** Extra sources per directive, by the directive's own (kebab-case) name. */
export type CspSources = Readonly<Record<string, readonly string[]>>;

/**
 * What the PDF reader adds to a page's policy: `connect-src data:`, so pdf.js can read back the
 * image annotations it keeps as `data:` URLs. A `data:` URL carries its bytes in itself, so
 * allowing it to be fetched sends nothing anywhere. Nothing else is needed: pdf.js's worker,
 * fonts, CMaps and wasm decoders are same-origin (`/assets`, `/pdfjs`), and the images it draws
 * (`data:`, `blob:`) are already allowed by `img-src`.
 */
export const PDF_VIEWER_SOURCES: CspSources = { "connect-src": ["data:"] };

/**
 * `policy` (a serialized CSP header value) with `extra`'s sources appended to their directives,
 * each source once. A directive the policy lacks is added with `default-src`'s sources first,
 * since those applied to it until now. Directive names compare case-insensitively (CSP Level 3,
 * section 2.2).
 */
export function widenCsp(policy: string, extra: CspSources): string {
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(/\s+/));
  for (const [name, sources] of Object.entries(extra)) {
    let directive = directives.find(([own]) => own?.toLowerCase() === name.toLowerCase());
    if (!directive) {
      // a fetch directive the policy lacks fell back to default-src: it keeps those sources
      const fallback = directives.find(([own]) => own?.toLowerCase() === "default-src");
      directive = [name, ...(fallback?.slice(1) ?? [])];
      directives.push(directive);
    }
    for (const source of sources) if (!directive.includes(source)) directive.push(source);
  }
  return directives.map((parts) => parts.join(" ")).join(";");
}

/**
 * Widens the policy `res` is about to send by `extra` (no-op when it sends none, as the
 * development server does). Called while the page renders, before the headers go out.
 */
export function widenResponseCsp(res: Response, extra: CspSources): void {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", widenCsp(policy, extra));
}
