/**
 * A paper's generated JATS beside its page (issue 16, docs/decisions/277-jats-generator.md):
 * `/journal/{journal_url}/{paperID}/jats.xml` and `/proceedings/{slug}/{paperID}/jats.xml`,
 * `application/xml`, the JATS 1.1 Journal Publishing document of
 * server/services/deposits/jats.ts (`paperJatsXml`). The page's readability rule holds: a paper
 * of a draft issue or an inactive journal is `404 Page Not Found` except to the journal's managers
 * and administrators (`readableBy`, decision 260).
 */
import express, { type Response, type Router } from "express";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../shared/constants.ts";
import { readableBy } from "../services/access.ts";
import type { AppContext } from "../services/context.ts";
import { paperJatsXml } from "../services/deposits/jats.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../services/papers/queries.ts";
import { publicOrigin } from "./origin.ts";

function send(res: Response, xml: string | null): void {
  if (xml === null) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  res
    .status(200)
    .type("application/xml; charset=utf-8")
    .set("X-Content-Type-Options", "nosniff")
    .send(xml);
}

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
    send(res, found && (await paperJatsXml(ctx, id, publicOrigin(ctx.config, req))));
  });

  router.get("/proceedings/:slug/:paper/jats.xml", async (req, res, next) => {
    const { slug, paper } = req.params;
    const id = parsePaperId(paper);
    if (id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) return next();
    const found = await getProceedingPaper(ctx, slug, id);
    send(res, found && (await paperJatsXml(ctx, id, publicOrigin(ctx.config, req))));
  });

  return router;
}
