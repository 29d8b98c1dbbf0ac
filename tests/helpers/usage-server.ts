/**
 * A server process that counts usage as production does (issue 17), for the tests that run two
 * of them on one database: the start sequence of server/main.ts (configuration from the
 * environment, the process context with its usage buffer, the output cache's fast path in front
 * of Express, graceful shutdown on SIGTERM that writes the last batch) with one stand-in: the
 * React Router pages need the client build, so abstract pages and the search page are answered
 * by a small handler that looks the paper up through the same service as the real page
 * (`getJournalPaper`: 200 for a paper readers may see, 404 otherwise). The hook that counts sees
 * URLs and statuses only (server/features/usage/usage-observer.ts), as it does in production.
 *
 * Prints `listening {port}` when ready. Run with tests/helpers/child-server.ts.
 */
import { createServer } from "node:http";
import type { RequestHandler } from "express";
import { createAppContext } from "../../server/bootstrap.ts";
import { loadConfig } from "../../server/config.ts";
import { getJournalPaper, getProceedingPaper } from "../../server/features/papers/queries.ts";
import { countedFastPath } from "../../server/features/usage/usage-observer.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { createOutputCache } from "../../server/http/output-cache.ts";
import { handleShutdownSignals } from "../../server/http/shutdown.ts";
import type { AppContext } from "../../server/services/context.ts";

/** The paper pages (and the search page) as status codes with a small HTML body. */
function standInPages(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    try {
      const journal = /^\/journal\/([a-z0-9-]+)\/([1-9][0-9]{0,8})\/?$/.exec(req.path);
      const proceeding = /^\/proceedings\/([a-z0-9-]+)\/([1-9][0-9]{0,8})\/?$/.exec(req.path);
      const paper = journal
        ? await getJournalPaper(ctx, journal[1]!, Number(journal[2]))
        : proceeding
          ? await getProceedingPaper(ctx, proceeding[1]!, Number(proceeding[2]))
          : undefined;
      if (paper) {
        res.status(200).type("html").send(`<!doctype html><title>${paper.paperID}</title>`);
      } else if (req.path === "/search") {
        res.status(200).type("html").send("<!doctype html><title>Search</title>");
      } else {
        res.status(404).type("html").send("<!doctype html><title>404 Page Not Found</title>");
      }
    } catch (error) {
      next(error);
    }
  };
}

const config = loadConfig();
const { ctx, close } = await createAppContext(config);
const cache = createOutputCache(ctx, { maxBytes: config.outputCacheBytes });
const app = createHttpApp(ctx, { outputCache: cache, pages: standInPages(ctx) });
const serveFast = countedFastPath(ctx, cache.serveFast);
const server = createServer((req, res) => serveFast(req, res) || app(req, res));
handleShutdownSignals(server, { close, log: ctx.log });
server.listen(config.port, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" ? address?.port : ""}\n`);
});
