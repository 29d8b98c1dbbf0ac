/**
 * Starts the site: reads the configuration, migrates the database, starts importing the corpus
 * into an empty catalogue (in the background), and serves HTTP. In development the pages come
 * from Vite's dev server with hot reload; in production from the build in `BUILD_DIR` (default
 * `build`). SIGTERM and SIGINT shut down gracefully (server/http/shutdown.ts).
 */
// first: zod's configuration must precede every schema (shared/zod-setup.ts)
import "../shared/zod-setup.ts";
import { createServer as createHttpServer } from "node:http";
import path from "node:path";
import type { Request, Response } from "express";
import type { RequestInfo } from "../app/context.ts";
import { createAppContext } from "./bootstrap.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { createHttpApp } from "./http/app.ts";
import { publicOrigin } from "./http/origin.ts";
import { createOutputCache } from "./http/output-cache.ts";
import { handleShutdownSignals } from "./http/shutdown.ts";
import { applyHttpTimeouts } from "./http/timeouts.ts";
import { startSeedIfEmpty } from "./import/seed.ts";
import type { AppContext } from "./services/context.ts";
import { startStorageSweeps } from "./storage/sweep.ts";

type SsrModule = {
  createSsrHandler: (
    ctx: AppContext,
    info: (req: Request, res: Response) => RequestInfo,
  ) => (req: Request, res: Response, next: (e?: unknown) => void) => Promise<void>;
};

function requestInfoFor(config: Config) {
  return (req: Request, res: Response): RequestInfo => ({
    nonce: res.locals.nonce,
    user: res.locals.user,
    origin: publicOrigin(config, req),
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { ctx, close } = await createAppContext(config);
  await startSeedIfEmpty(ctx); // imports an empty catalogue's corpus while the site serves
  const sweeps = startStorageSweeps(ctx); // orphans and temp files of a crash (decision 135)

  const info = requestInfoFor(config);
  let app: ReturnType<typeof createHttpApp>;
  // In production, cached public answers are sent before Express is entered (http/output-cache.ts).
  let cache: ReturnType<typeof createOutputCache> | undefined;
  if (config.env === "production") {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const ssr = (await import(path.join(buildDir, "server/index.js"))) as SsrModule;
    if (config.outputCacheBytes > 0) {
      cache = createOutputCache(ctx, { maxBytes: config.outputCacheBytes });
    }
    app = createHttpApp(ctx, {
      clientDir: path.join(buildDir, "client"),
      pages: ssr.createSsrHandler(ctx, info),
      outputCache: cache ?? false,
    });
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = createHttpApp(ctx, {
      before: vite.middlewares,
      devCsp: true,
      outputCache: false,
      pages: async (req, res, next) => {
        try {
          const ssr = (await vite.ssrLoadModule("./server/ssr.ts")) as SsrModule;
          await ssr.createSsrHandler(ctx, info)(req, res, next);
        } catch (error) {
          vite.ssrFixStacktrace(error as Error);
          next(error);
        }
      },
    });
  }

  const server = createHttpServer((req, res) => {
    if (!cache?.serveFast(req, res)) app(req, res);
  });
  server.listen(config.port, config.host ?? "0.0.0.0", () => {
    const where = config.publicUrl ?? `http://localhost:${config.port}`;
    ctx.log.info(`${config.siteName} is serving on ${where}`);
  });
  applyHttpTimeouts(server);
  if (config.env === "production" && !config.publicUrl && !config.allowedHosts) {
    ctx.log.warn(
      "PUBLIC_URL and ALLOWED_HOSTS are unset: only localhost, 127.0.0.1 and [::1] are answered",
    );
  }
  handleShutdownSignals(server, {
    close: async () => {
      sweeps.stop();
      await close();
    },
    log: ctx.log,
  });
  // A database outage rejects every query in flight; one whose promise nobody awaited any more
  // must not end the process (issue 7). Any other unhandled rejection still does.
  process.on("unhandledRejection", (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    ctx.log.warn({ reason: (reason as Error).message }, "database unavailable (unawaited query)");
  });
}

await main();
