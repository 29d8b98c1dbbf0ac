/**
 * The React Router app as an Express handler that receives the process's service context, so
 * loaders and the JSON API share one database pool. Mounted last by the site (server/site.ts, the
 * entry of the server bundle).
 */
import { createRequestHandler } from "@react-router/express";
import type { NextFunction, Request, Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { withOutageScope } from "./http/outage-scope.ts";
import { appContext, type RequestInfo, requestContext } from "./router-context.ts";
import type { AppContext } from "./services/context.ts";

/**
 * Express handler rendering every page route; `requestInfo` reads per-request values. `build` is
 * the app's server build (Vite's virtual module) unless a test hands it a small one of its own
 * (tests/helpers/router-pages.ts), to run React Router's request handling where there is no Vite.
 */
export function createSsrHandler(
  ctx: AppContext,
  requestInfo: (req: Request, res: Response) => RequestInfo,
  build: () => Promise<ServerBuild> = () =>
    import("virtual:react-router/server-build") as Promise<ServerBuild>,
) {
  const handler = createRequestHandler({
    build,
    mode: ctx.config.env === "production" ? "production" : "development",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(appContext, ctx);
      context.set(requestContext, requestInfo(req, res));
      return context;
    },
  });
  // Each page request remembers whether it met a database outage (answered 503).
  return (req: Request, res: Response, next: NextFunction) =>
    withOutageScope(() => handler(req, res, next));
}
