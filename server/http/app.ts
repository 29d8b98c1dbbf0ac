/**
 * The Express application (DESIGN section 1): security headers, logging, compression, the built
 * client assets, uploaded files, the JSON API, PDF galleys, and finally the server-rendered pages.
 * `pages` is the React Router handler (see server/ssr.ts); without it (API tests) unmatched
 * requests get a plain 404.
 */
import { randomBytes } from "node:crypto";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createApiRouter } from "../api/index.ts";
import type { AppContext } from "../services/context.ts";
import { downloadRouter } from "./downloads.ts";
import { indexingRouter } from "./indexing.ts";
import { oaiRouter } from "./oai.ts";
import { pdfjsAssetsRouter } from "./pdfjs-assets.ts";
import { loadUser } from "./session.ts";

export type HttpAppOptions = {
  /** Server-rendered pages; called for every request nothing else answered. */
  pages?: RequestHandler;
  /** Folder of the built client (`build/client`), served as static assets in production. */
  clientDir?: string;
  /** Extra middleware mounted before everything else (Vite's dev middleware). */
  before?: RequestHandler;
  /** Relax the Content-Security-Policy for Vite's dev server (inline HMR client). */
  devCsp?: boolean;
};

/** Builds the application; does not listen. */
export function createHttpApp(ctx: AppContext, options: HttpAppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);

  app.use(
    pinoHttp({
      logger: ctx.log,
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => /^\/(assets|files|pdfjs)\//.test(req.url ?? "") },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.locals.user = null;
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: options.devCsp
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
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
            },
          },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: ctx.config.publicUrl?.startsWith("https://") ? undefined : false,
    }),
  );
  app.use(compression());
  if (options.before) app.use(options.before);

  if (options.clientDir) {
    app.use(
      "/assets",
      express.static(`${options.clientDir}/assets`, {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    "/files",
    express.static(ctx.storage.root, {
      index: false,
      dotfiles: "deny",
      fallthrough: false,
      immutable: true,
      maxAge: "1y",
      setHeaders(res) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      },
    }),
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

  app.use("/api", createApiRouter(ctx));
  app.use(downloadRouter(ctx));
  app.use(indexingRouter(ctx));
  app.use(oaiRouter(ctx));

  if (options.pages) app.use(options.pages);
  else app.use((_req, res) => res.status(404).type("text/plain").send("404 Page Not Found"));
  return app;
}
