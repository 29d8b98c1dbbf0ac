/**
 * A paper's JATS beside its page, `application/xml`, `nosniff`:
 * - `{paper page}/jats.xml` (`/journal/{journal_url}/{paperID}/jats.xml`,
 *   `/proceedings/{slug}/{paperID}/jats.xml`): with a stored JATS galley (uploaded or imported
 *   with the paper; issue 18, docs/decisions/287-jats-galleys.md) that file as the publisher
 *   made it (NLM/JATS of whatever version and tag set it declares), with the file's SHA-256 as a
 *   strong ETag (304 on `If-None-Match`) and the sandboxed CSP of uploaded files; without one,
 *   the generated document below.
 * - `{paper page}/jats-1.1.xml`: always the generated JATS 1.1 Journal Publishing document of
 *   server/features/deposits/jats.ts, valid against its DTD (issue 16,
 *   docs/decisions/277-jats-generator.md; issue 33, decision 474).
 * Both carry the FAIR Signposting `Link` of a metadata file: the page they describe and its
 * linkset (decision 470).
 * The page's readability rule holds: a paper of a draft issue or an inactive journal is
 * `404 Page Not Found` except to the journal's managers and administrators (`readableBy`,
 * decision 260).
 */
import express, { type Request, type Response, type Router } from "express";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../../shared/constants.ts";
import { paperLink, proceedingPaperLink } from "../../../shared/format.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { paperJatsXml } from "../deposits/jats.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../papers/queries.ts";
import { metadataLinkHeader } from "../signposting/signposting.ts";

/** The two files: the publisher's (else generated) and the generated. */
const FILES = { "jats.xml": "published", "jats-1.1.xml": "generated" } as const;
type JatsFile = (typeof FILES)[keyof typeof FILES];

/**
 * Sends paper `paperId`'s JATS `file` (found readable by the caller; its page at `pagePath`),
 * or the 404 page when `null`.
 */
async function sendJats(
  ctx: AppContext,
  paperId: number | null,
  pagePath: string,
  file: JatsFile,
  req: Request,
  res: Response,
): Promise<void> {
  if (paperId === null) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  const origin = publicOrigin(ctx.config, req);
  res
    .type("application/xml; charset=utf-8")
    .set("X-Content-Type-Options", "nosniff")
    .set("Link", metadataLinkHeader(`${origin}${pagePath}`));
  const galley =
    file === "published"
      ? await ctx.db
          .selectFrom("paper_jats")
          .select(["storage_key", "sha256"])
          .where("paper_id", "=", paperId)
          .executeTakeFirst()
      : undefined;
  if (galley) {
    const etag = `"${galley.sha256}"`;
    res
      .set("ETag", etag)
      .set("Content-Security-Policy", "default-src 'none'; sandbox")
      .set("Link", metadataLinkHeader(`${origin}${pagePath}`, true));
    if (req.headers["if-none-match"] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).send(await ctx.storage.read(galley.storage_key));
    return;
  }
  const xml = await paperJatsXml(ctx, paperId, origin);
  if (xml === null) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  res.status(200).send(xml);
}

/** The two routes of the module comment. */
export function jatsXmlRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/:file", async (req, res, next) => {
    const { journalUrl, paper, file } = req.params;
    const id = parsePaperId(paper);
    if (!Object.hasOwn(FILES, file) || id === null || !JOURNAL_URI_PATTERN.test(journalUrl)) {
      return next();
    }
    const found = await getJournalPaper(
      ctx,
      journalUrl,
      id,
      await readableBy(ctx, res.locals.user, journalUrl),
    );
    const which = FILES[file as keyof typeof FILES];
    await sendJats(ctx, found ? id : null, paperLink(journalUrl, id), which, req, res);
  });

  router.get("/proceedings/:slug/:paper/:file", async (req, res, next) => {
    const { slug, paper, file } = req.params;
    const id = parsePaperId(paper);
    if (!Object.hasOwn(FILES, file) || id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) {
      return next();
    }
    const found = await getProceedingPaper(ctx, slug, id);
    const which = FILES[file as keyof typeof FILES];
    await sendJats(ctx, found ? id : null, proceedingPaperLink(slug, id), which, req, res);
  });

  return router;
}
