/**
 * The site as one module graph (docs/decisions/235-one-server-module-graph.md): the entry of the
 * server bundle that `react-router build` writes to `build/server/index.js` (vite.config.ts), and
 * the module `npm run dev` loads through Vite's `ssrLoadModule` on every request (server/main.ts),
 * so an edit to any API, service or page module applies without a restart.
 *
 * It holds everything that answers requests (the Express app: API, downloads, OAI, output cache,
 * server-rendered pages) and the start-up jobs that write through the services (the first-start
 * import, the storage sweeps). What lives as long as the process (HTTP server, configuration,
 * database connections, read and PDF worker pools, graceful shutdown) is built outside it by
 * server/main.ts and comes in as the {@link AppContext}.
 */
// first: zod's configuration must precede every schema (shared/zod-setup.ts)
import "../shared/zod-setup.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";
import { countedFastPath } from "./features/usage/usage-observer.ts";
import { createHttpApp } from "./http/app.ts";
import { PDF_VIEWER_SOURCES, widenResponseCsp } from "./http/csp.ts";
import { publicOrigin } from "./http/origin.ts";
import { createOutputCache } from "./http/output-cache.ts";
import { loadCatalogues } from "./i18n/catalogues.ts";
import type { RequestInfo } from "./router-context.ts";
import type { AppContext } from "./services/context.ts";
import { createSsrHandler } from "./ssr.ts";

export { startReviewReminders } from "./features/workflow/reminders.ts";
export { startSeedIfEmpty } from "./import/seed.ts";
export { startStorageSweeps } from "./storage/sweep.ts";

export type SiteOptions = {
  /** Folder of the built client (`build/client`), served as static assets; production only. */
  clientDir?: string;
  /**
   * The development server: no output cache (pages change with the code), a CSP that lets
   * Vite's inline HMR client run, and Vite's middleware (`before`) ahead of the site.
   */
  dev?: { before: RequestHandler };
  /**
   * The pages' server build; by default the app's own (server/ssr.ts). Tests hand a small one
   * (tests/helpers/router-pages.ts) to run React Router's request handling without Vite.
   */
  pagesBuild?: () => Promise<ServerBuild>;
};

/** The Express app and the node:http fast path in front of it. */
export type Site = {
  /** Handles every request `serveFast` did not answer. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Answers a cached public page or API answer without entering Express (server/http/output-cache.ts);
   * false when it did not (no cache, a miss, a signed-in reader).
   */
  serveFast: (req: IncomingMessage, res: ServerResponse) => boolean;
};

/** What a page's loaders read about the request (app/context.ts). */
function requestInfo(ctx: AppContext) {
  return (req: Request, res: Response): RequestInfo => ({
    nonce: res.locals.nonce,
    user: res.locals.user,
    origin: publicOrigin(ctx.config, req),
    locale: res.locals.locale,
    allowPdfViewer: () => widenResponseCsp(res, PDF_VIEWER_SOURCES),
    setLinkHeader: (value) => {
      if (!res.headersSent) res.setHeader("Link", value);
    },
  });
}

/**
 * Builds the site on the process's context. Holds no connection, timer or thread of its own
 * beyond the output cache's memory, so the development server may build a new one whenever Vite
 * reloaded a module and let the old one be collected.
 */
export function createSite(ctx: AppContext, options: SiteOptions = {}): Site {
  // every language's catalogue, read once (decision 382): pages and answers may be in any
  loadCatalogues();
  // The output cache lives here, with the catalogue writes it listens to
  // (services/catalogue-version.ts keeps its listeners per module instance).
  const cache =
    !options.dev && ctx.config.outputCacheBytes > 0
      ? createOutputCache(ctx, { maxBytes: ctx.config.outputCacheBytes })
      : undefined;
  const app = createHttpApp(ctx, {
    clientDir: options.clientDir,
    before: options.dev?.before,
    devCsp: Boolean(options.dev),
    outputCache: cache ?? false,
    pages: createSsrHandler(ctx, requestInfo(ctx), options.pagesBuild),
  });
  return {
    app: (req, res) => app(req, res),
    // a page answered from memory counts like a rendered one (decision 280); Express, which
    // the others go through, notes them itself (server/http/app.ts)
    serveFast: cache ? countedFastPath(ctx, cache.serveFast) : () => false,
  };
}
