/**
 * The site with React Router's request handling mounted, for tests over HTTP without Vite or the
 * client build: server/site.ts's `createSite` (the output cache's fast path, the Express app, the
 * SSR handler of server/ssr.ts with app/entry.server.tsx) over a small server build of the app's
 * shape: a root route around `<Outlet />` and the app's own catch-all route
 * (app/routes/not-found.tsx, `*`), besides a parameterised one (`journal/:journalUrl`) whose
 * page is a few words. React Router matches, decodes and re-encodes the request's location as
 * it does for the real pages (`encodeLocation` of its static router; issue 30, decision 395).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { Outlet, type ServerBuild, useParams } from "react-router";
import * as entry from "../../app/entry.server.tsx";
import * as notFound from "../../app/routes/not-found.tsx";
import type { AppContext } from "../../server/services/context.ts";
import { createSite } from "../../server/site.ts";

function Root() {
  return createElement(
    "html",
    { lang: "en" },
    createElement("head", null, createElement("title", null, "Athenaeum")),
    createElement("body", null, createElement(Outlet)),
  );
}

function JournalPage() {
  return createElement("main", null, `Journal ${useParams().journalUrl ?? ""}`);
}

const entryRoute = (id: string, path: string | undefined, parentId?: string) => ({
  id,
  path,
  parentId,
  module: `/${id}.js`,
  hasAction: false,
  hasLoader: id === "routes/not-found",
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: id === "root",
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
});

/** A server build of the shape React Router's compiler writes, with the modules above. */
export function smallServerBuild(): ServerBuild {
  return {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: { default: Root, ErrorBoundary: Root } },
      "routes/journal": {
        id: "routes/journal",
        parentId: "root",
        path: "journal/:journalUrl",
        module: { default: JournalPage },
      },
      "routes/not-found": {
        id: "routes/not-found",
        parentId: "root",
        path: "*",
        module: notFound,
      },
    },
    assets: {
      entry: { imports: [], module: "/entry.client.js" },
      routes: {
        root: entryRoute("root", ""),
        "routes/journal": entryRoute("routes/journal", "journal/:journalUrl", "root"),
        "routes/not-found": entryRoute("routes/not-found", "*", "root"),
      },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

/**
 * Serves the site with {@link smallServerBuild} on 127.0.0.1 (a free port), as server/main.ts
 * serves it: the fast path first, then the app. Close it with `server.close()`.
 */
export async function listenWithPages(ctx: AppContext): Promise<{ server: Server; port: number }> {
  const build = smallServerBuild();
  const site = createSite(ctx, { pagesBuild: async () => build });
  const server = createServer((req, res) => site.serveFast(req, res) || site.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
