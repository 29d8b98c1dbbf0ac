/**
 * The site with React Router's request handling mounted, for tests over HTTP without Vite or the
 * client build: server/site.ts's `createSite` (the output cache's fast path, the Express app, the
 * SSR handler of server/ssr.ts with app/entry.server.tsx) over a small server build of the app's
 * shape: a root route around `<Outlet />` and the app's own catch-all route
 * (app/routes/not-found.tsx, `*`), besides a parameterised one (`journal/:journalUrl`) whose
 * page is a few words, and on demand the paper pages with their real loaders. React Router matches, decodes and re-encodes the request's location as
 * it does for the real pages (`encodeLocation` of its static router; issue 30, decision 395).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { type LoaderFunction, Outlet, type ServerBuild, useParams } from "react-router";
import * as entry from "../../app/entry.server.tsx";
import * as notFound from "../../app/routes/not-found.tsx";
import { loader as journalPaperLoader } from "../../app/routes/paper.tsx";
import { loader as journalFullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { loader as proceedingPaperLoader } from "../../app/routes/proceeding-paper.tsx";
import { loader as proceedingFullTextLoader } from "../../app/routes/proceeding-paper-fulltext.tsx";
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

/** A page that shows only that its loader ran (the loader is the part under test). */
function LoadedPage() {
  return createElement("main", null, "Paper");
}

/**
 * The paper pages' and full texts' routes with their real loaders (app/lib/paper-load.ts: the response's
 * headers set there, FAIR Signposting) and {@link LoadedPage} for a component.
 */
const PAPER_ROUTES = {
  "routes/paper": { path: "journal/:journalUrl/:paper", loader: journalPaperLoader },
  "routes/proceeding-paper": { path: "proceedings/:slug/:paper", loader: proceedingPaperLoader },
  "routes/paper-fulltext": {
    path: "journal/:journalUrl/:paper/fulltext",
    loader: journalFullTextLoader,
  },
  "routes/proceeding-paper-fulltext": {
    path: "proceedings/:slug/:paper/fulltext",
    loader: proceedingFullTextLoader,
  },
} as const;

/**
 * A server build of the shape React Router's compiler writes, with the modules above; with
 * `paperPages`, the paper pages' routes of {@link PAPER_ROUTES} too.
 */
export function smallServerBuild(options: { paperPages?: boolean } = {}): ServerBuild {
  const papers = options.paperPages ? Object.entries(PAPER_ROUTES) : [];
  const build: ServerBuild = {
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
  for (const [id, route] of papers) {
    build.routes[id] = {
      id,
      parentId: "root",
      path: route.path,
      // the route's own loader, whose parameters React Router's matching gives
      module: { default: LoadedPage, loader: route.loader as LoaderFunction },
    };
    build.assets.routes[id] = { ...entryRoute(id, route.path, "root"), hasLoader: true };
  }
  return build;
}

/**
 * Serves the site with {@link smallServerBuild} on 127.0.0.1 (a free port), as server/main.ts
 * serves it: the fast path first, then the app. Close it with `server.close()`.
 */
export async function listenWithPages(
  ctx: AppContext,
  options: { paperPages?: boolean } = {},
): Promise<{ server: Server; port: number }> {
  const build = smallServerBuild(options);
  const site = createSite(ctx, { pagesBuild: async () => build });
  const server = createServer((req, res) => site.serveFast(req, res) || site.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
