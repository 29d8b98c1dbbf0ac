/**
 * A paper's JATS beside its page: `/journal/{journal_url}/{paperID}/jats.xml` and
 * `/proceedings/{slug}/{paperID}/jats.xml`, `application/xml`, `nosniff`.
 * - With a stored JATS galley (uploaded or imported with the paper; issue 18,
 *   docs/decisions/287-jats-galleys.md): that file as stored, with the file's SHA-256 as a strong
 *   ETag (304 on `If-None-Match`) and the sandboxed CSP of uploaded files.
 * - Without: the generated JATS 1.1 Journal Publishing document of
 *   server/features/deposits/jats.ts (issue 16, docs/decisions/277-jats-generator.md).
 * The page's readability rule holds: a paper of a draft issue or an inactive journal is
 * `404 Page Not Found` except to the journal's managers and administrators (`readableBy`,
 * decision 260).
 */
import express, { type Request, type Response, type Router } from "express";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../../shared/constants.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { paperJatsXml } from "../deposits/jats.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../papers/queries.ts";

/** Sends paper `paperId`'s JATS (found readable by the caller), or the 404 page when `null`. */
async function sendJats(
  ctx: AppContext,
  paperId: number | null,
  req: Request,
  res: Response,
): Promise<void> {
  if (paperId === null) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  res.type("application/xml; charset=utf-8").set("X-Content-Type-Options", "nosniff");
  const galley = await ctx.db
    .selectFrom("paper_jats")
    .select(["storage_key", "sha256"])
    .where("paper_id", "=", paperId)
    .executeTakeFirst();
  if (galley) {
    const etag = `"${galley.sha256}"`;
    res.set("ETag", etag).set("Content-Security-Policy", "default-src 'none'; sandbox");
    if (req.headers["if-none-match"] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).send(await ctx.storage.read(galley.storage_key));
    return;
  }
  const xml = await paperJatsXml(ctx, paperId, publicOrigin(ctx.config, req));
  if (xml === null) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  res.status(200).send(xml);
}

/** The two routes of the module comment. */
export function jatsXmlRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/jats.xml", async (req, res, next) => {
    const { journalUrl, paper } = req.params;
    const id = parsePaperId(paper);
    if (id === null || !JOURNAL_URI_PATTERN.test(journalUrl)) return next();
    const found = await getJournalPaper(
      ctx,
      journalUrl,
      id,
      await readableBy(ctx, res.locals.user, journalUrl),
    );
    await sendJats(ctx, found ? id : null, req, res);
  });

  router.get("/proceedings/:slug/:paper/jats.xml", async (req, res, next) => {
    const { slug, paper } = req.params;
    const id = parsePaperId(paper);
    if (id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) return next();
    const found = await getProceedingPaper(ctx, slug, id);
    await sendJats(ctx, found ? id : null, req, res);
  });

  return router;
}
