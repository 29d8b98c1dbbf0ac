/**
 * Starts the site: reads the configuration, opens and migrates the database, starts importing
 * the corpus into an empty catalogue (in the background), and serves HTTP. SIGTERM and SIGINT
 * shut down gracefully (server/http/shutdown.ts).
 *
 * This file holds what lives as long as the process (docs/decisions/235-one-server-module-graph.md):
 * the HTTP server, the configuration, the database connections with the read and PDF worker
 * pools (server/bootstrap.ts), graceful shutdown. Everything that answers requests is the site
 * module (server/site.ts): in production the server bundle of `BUILD_DIR` (default `build`), the
 * only copy of the API, services and pages that runs; in development (`NODE_ENV` not
 * `production`) the source loaded through Vite's `ssrLoadModule` on every request, so a server
 * edit applies at the next request without a restart.
 */
// first: zod's configuration must precede every schema (shared/zod-setup.ts)
import "../shared/zod-setup.ts";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import { createAppContext } from "./bootstrap.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { tryAdvisoryLock } from "./db/advisory-lock.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { originFrom, publicUrlWarning } from "./http/origin.ts";
import { handleShutdownSignals } from "./http/shutdown.ts";
import { applyHttpTimeouts } from "./http/timeouts.ts";
import type { AppContext } from "./services/context.ts";

type SiteModule = typeof import("./site.ts");
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The production site: the server bundle's one copy of everything that answers requests. */
async function productionSite(ctx: AppContext): Promise<{ site: SiteModule; handle: Handler }> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const site = (await import(path.join(buildDir, "server/index.js"))) as SiteModule;
  const { app, serveFast } = site.createSite(ctx, { clientDir: path.join(buildDir, "client") });
  return { site, handle: (req, res) => serveFast(req, res) || app(req, res) };
}

/**
 * The development site: Vite loads server/site.ts (and with it the API, services and pages) per
 * request; Vite drops a module and its importers from its graph when the file changes, so the
 * next request builds the site again from the edited source. One site is kept per loaded module
 * instance, so requests between edits reuse it.
 */
async function developmentSite(ctx: AppContext): Promise<{ site: SiteModule; handle: Handler }> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = async () => (await vite.ssrLoadModule("./server/site.ts")) as SiteModule;
  const sites = new WeakMap<SiteModule, ReturnType<SiteModule["createSite"]>>();
  const handle: Handler = (req, res) => {
    load()
      .then((site) => {
        let built = sites.get(site);
        if (!built) {
          built = site.createSite(ctx, { dev: { before: vite.middlewares } });
          sites.set(site, built);
        }
        built.app(req, res);
      })
      .catch((error: Error) => {
        // a module that does not load (a syntax error mid-edit): say so, keep serving
        vite.ssrFixStacktrace(error);
        ctx.log.error({ err: error }, "the site module did not load");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`The server code did not load:\n\n${error.stack ?? error.message}\n`);
      });
  };
  return { site: await load(), handle };
}

/**
 * The first-start import, by one process of those sharing the database (decision 297): the
 * one that gets the `first-start-import` advisory lock checks for an empty catalogue and
 * imports, holding the lock until the import is over; the others serve what is there.
 */
async function startSeedOnce(ctx: AppContext, site: SiteModule): Promise<void> {
  const release = await tryAdvisoryLock(ctx.db, ctx.dialect, "first-start-import");
  if (!release) {
    ctx.log.info("another process runs the first-start import");
    return;
  }
  try {
    const seeding = await site.startSeedIfEmpty(ctx);
    void seeding.finished.finally(release);
  } catch (error) {
    await release();
    throw error;
  }
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
  const { site, handle } =
    config.env === "production" ? await productionSite(ctx) : await developmentSite(ctx);
  // Started once, from the site module loaded at start: a reload does not start them again.
  await startSeedOnce(ctx, site); // imports an empty catalogue's corpus while the site serves
  const sweeps = site.startStorageSweeps(ctx); // orphans and temp files of a crash (decision 135)
  const stopReminders = site.startReviewReminders(ctx); // reviewers' due dates (decision 400)

  const server = createHttpServer(handle);
  server.listen(config.port, config.host ?? "0.0.0.0", () => {
    const where = originFrom(config.publicUrl, "http", `localhost:${config.port}`);
    ctx.log.info(`${config.siteName} is serving on ${where}`);
  });
  applyHttpTimeouts(server);
  const warning = publicUrlWarning(config);
  if (warning) ctx.log.warn(warning);
  handleShutdownSignals(server, {
    close: async () => {
      sweeps.stop();
      stopReminders();
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
