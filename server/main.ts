/**
 * Starts the site: reads the configuration, migrates the database, imports the corpus into an
 * empty catalogue, and serves HTTP. In development the pages come from Vite's dev server with
 * hot reload; in production from the build in `BUILD_DIR` (default `build`).
 */
import path from "node:path";
import type { Request, Response } from "express";
import type { RequestInfo } from "../app/context.ts";
import { createAppContext } from "./bootstrap.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { createHttpApp } from "./http/app.ts";
import { seedIfEmpty } from "./import/seed.ts";
import type { AppContext } from "./services/context.ts";

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
    origin: config.publicUrl ?? `${req.protocol}://${req.get("host")}`,
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
  await seedIfEmpty(ctx);

  const info = requestInfoFor(config);
  let app: ReturnType<typeof createHttpApp>;
  if (config.env === "production") {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const ssr = (await import(path.join(buildDir, "server/index.js"))) as SsrModule;
    app = createHttpApp(ctx, {
      clientDir: path.join(buildDir, "client"),
      pages: ssr.createSsrHandler(ctx, info),
    });
  } else {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    app = createHttpApp(ctx, {
      before: vite.middlewares,
      devCsp: true,
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

  const server = app.listen(config.port, config.host ?? "0.0.0.0", () => {
    const where = config.publicUrl ?? `http://localhost:${config.port}`;
    ctx.log.info(`${config.siteName} is serving on ${where}`);
  });
  const shutdown = () => {
    server.close(() => {
      void close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

await main();
