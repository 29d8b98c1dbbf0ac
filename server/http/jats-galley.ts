/**
 * A paper's stored JATS galley beside its page (issue 18, docs/decisions/287-jats-galleys.md):
 * `/journal/{journal_url}/{paperID}/jats.xml` and `/proceedings/{slug}/{paperID}/jats.xml` send
 * the JATS file uploaded or imported with the paper, as stored (`application/xml`, the file's
 * SHA-256 as a strong ETag, `nosniff`, the sandboxed CSP of uploaded files). A paper without a
 * stored galley is passed on (`next()`): to the generated JATS of the deposits work when that
 * route is mounted after this one, else to the 404 page. The page's readability rule holds: a
 * paper of a draft issue or an inactive journal is found only for its journal's managers and
 * administrators (`readableBy`, decision 260).
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { routeJournalUri, routeProceedingSlug } from "../../shared/route-params.ts";
import { readableBy } from "../services/access.ts";
import type { AppContext } from "../services/context.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../services/papers/queries.ts";

async function sendGalley(
  ctx: AppContext,
  paperId: number,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const galley = await ctx.db
    .selectFrom("paper_jats")
    .select(["storage_key", "sha256"])
    .where("paper_id", "=", paperId)
    .executeTakeFirst();
  if (!galley) return next();
  const etag = `"${galley.sha256}"`;
  res
    .set("ETag", etag)
    .set("X-Content-Type-Options", "nosniff")
    .set("Content-Security-Policy", "default-src 'none'; sandbox")
    .type("application/xml; charset=utf-8");
  if (req.headers["if-none-match"] === etag) {
    res.status(304).end();
    return;
  }
  res.status(200).send(await ctx.storage.read(galley.storage_key));
}

/** The two routes of the module comment. */
export function jatsGalleyRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/jats.xml", async (req, res, next) => {
    const id = parsePaperId(req.params.paper);
    const uri = routeJournalUri.safeParse(req.params.journalUrl);
    if (id === null || !uri.success) return next();
    try {
      const found = await getJournalPaper(
        ctx,
        uri.data,
        id,
        await readableBy(ctx, res.locals.user, uri.data),
      );
      if (!found) return next();
      await sendGalley(ctx, id, req, res, next);
    } catch (error) {
      next(error);
    }
  });

  router.get("/proceedings/:slug/:paper/jats.xml", async (req, res, next) => {
    const id = parsePaperId(req.params.paper);
    const slug = routeProceedingSlug.safeParse(req.params.slug);
    if (id === null || !slug.success) return next();
    try {
      const found = await getProceedingPaper(ctx, slug.data, id);
      if (!found) return next();
      await sendGalley(ctx, id, req, res, next);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
