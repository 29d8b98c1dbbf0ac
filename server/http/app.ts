/**
 * The Express application (docs/product/overview.md#shape-of-the-system): health probes, security headers, logging,
 * compression, the built client assets, uploaded files, the JSON API, PDF galleys, and finally
 * the server-rendered pages; a database outage anywhere is answered 503 (decision 130).
 * `pages` is the React Router handler (server/ssr.ts, mounted by server/site.ts); without it (API tests) unmatched
 * requests get a plain 404.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createApiRouter } from "../api/index.ts";
import { workflowFilesRouter } from "../api/workflow.ts";
import { citationRouter } from "../features/citations/citations.ts";
import { downloadRouter } from "../features/files/downloads.ts";
import { immutableFolder } from "../features/files/immutable-folder.ts";
import { pdfjsAssetsRouter } from "../features/files/pdfjs-assets.ts";
import { STORED_FILE_HEADERS, storedFilesRouter } from "../features/files/stored-files.ts";
import { jatsXmlRouter } from "../features/fulltext/jats-xml.ts";
import { indexingRouter } from "../features/indexing/indexing.ts";
import { oldUriRedirects } from "../features/journals/old-uri-redirects.ts";
import { languageChoiceRouter } from "../features/languages/language-choice.ts";
import { oaiRouter } from "../features/oai/oai.ts";
import { lockssRouter } from "../features/preservation/lockss.ts";
import { linksetRouter } from "../features/signposting/linkset.ts";
import { sushiRouter } from "../features/usage/sushi.ts";
import { usageObserver } from "../features/usage/usage-observer.ts";
import type { AppContext } from "../services/context.ts";
import {
  decodablePath,
  finalErrorHandler,
  originFormOnly,
  sendNotFoundText,
} from "./client-errors.ts";
import { cspDirectives } from "./csp.ts";
import { healthRouter } from "./health.ts";
import { localeMiddleware } from "./locale.ts";
import { loggableUrl } from "./log-url.ts";
import { hostGuard } from "./origin.ts";
import { createOutputCache, type OutputCache } from "./output-cache.ts";
import { loadUser } from "./session.ts";
import { unavailableErrorHandler } from "./unavailable.ts";

export type HttpAppOptions = {
  /** Server-rendered pages; called for every request nothing else answered. */
  pages?: RequestHandler;
  /** Folder of the built client (`build/client`), served as static assets in production. */
  clientDir?: string;
  /** Extra middleware mounted before everything else (Vite's dev middleware). */
  before?: RequestHandler;
  /** Relax the Content-Security-Policy for Vite's dev server (inline HMR client). */
  devCsp?: boolean;
  /**
   * Output cache of public pages and API answers (./output-cache.ts): by default one of
   * `OUTPUT_CACHE_MB` (0: none); `false` for none (the dev server, whose pages change with the
   * code); or the one whose `serveFast` the node:http server also calls (server/site.ts).
   */
  outputCache?: false | OutputCache;
};

/**
 * The files at the top of the client build (favicon and the like), served for exactly those
 * paths: the folder is listed once at start, so page and API requests never touch the disk
 * (docs/decisions/106-static-files.md). `/assets` is mounted separately.
 */
function clientRootFiles(clientDir: string): RequestHandler {
  const files = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}

/** Builds the application; does not listen. */
export function createHttpApp(ctx: AppContext, options: HttpAppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);
  // `GET http://host/ HTTP/1.1`, `OPTIONS * HTTP/1.1`: 400 before anything reads the path
  app.use(originFormOnly);
  // COUNTER usage: notes abstract views, PDF requests and searches once answered (decision 280)
  app.use(usageObserver(ctx));
  // Before logging and sessions: load balancers poll these every few seconds.
  app.use(healthRouter(ctx));

  app.use(
    pinoHttp({
      logger: ctx.log,
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => /^\/(assets|files|pdfjs)\//.test(req.url ?? "") },
      // one line per request; a 4xx is the client's doing, so never an error (client-errors.ts)
      customLogLevel: (_req, res) =>
        res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );
  // before anything reads the path or builds a URL from the Host (issue 7)
  app.use(decodablePath);
  app.use(hostGuard(ctx.config));
  // the answer's language; a public page's prefix comes off req.url here (decision 382)
  app.use(localeMiddleware(ctx));

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.locals.user = null;
    res.locals.author = null;
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: options.devCsp
        ? false
        : {
            directives: cspDirectives(
              (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
            ),
          },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: ctx.config.publicUrl?.startsWith("https://") ? undefined : false,
    }),
  );
  app.use(compression());
  if (options.before) app.use(options.before);
  const cache =
    options.outputCache ??
    (ctx.config.outputCacheBytes > 0 &&
      createOutputCache(ctx, { maxBytes: ctx.config.outputCacheBytes }));
  if (cache) app.use(cache.middleware);

  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(`${options.clientDir}/assets`, {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(clientRootFiles(options.clientDir));
  }

  app.use(
    "/files",
    ctx.storage.kind === "s3"
      ? storedFilesRouter(ctx) // a bucket (decision 295)
      : immutableFolder(ctx.storage.root, STORED_FILE_HEADERS),
  );

  app.use(pdfjsAssetsRouter());

  app.use(async (req, res, next) => {
    try {
      res.locals.user = await loadUser(ctx, req, res);
      next();
    } catch (error) {
      next(error);
    }
  });

  // a renamed journal's old addresses, pages, galleys and public API calls alike (decision 200)
  app.use(oldUriRedirects(ctx));
  app.use("/api", createApiRouter(ctx));
  app.use(downloadRouter(ctx));
  app.use(linksetRouter(ctx)); // {paper page}/linkset(.json): FAIR Signposting (decision 470)
  app.use(workflowFilesRouter(ctx)); // submissions' files (decision 400)
  app.use(citationRouter(ctx));
  app.use(jatsXmlRouter(ctx)); // {paper page}/jats.xml: the stored galley, else generated (decisions 277, 287)
  app.use(lockssRouter(ctx)); // /journal/{uri}/lockss/{year} (decision 279)
  app.use(indexingRouter(ctx));
  app.use(oaiRouter(ctx));
  app.use(sushiRouter(ctx)); // COUNTER_SUSHI API 5.1 (decision 282)
  app.use(languageChoiceRouter(ctx)); // the language menu's form (decision 382)

  if (options.pages) app.use(options.pages);
  else app.use((_req, res) => sendNotFoundText(res));
  app.use(unavailableErrorHandler);
  app.use(finalErrorHandler);
  return app;
}
