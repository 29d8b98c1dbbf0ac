/**
 * A paper's FAIR Signposting linkset (Level 2, RFC 9264; ./signposting.ts, decision 470):
 * `{paper page}/linkset.json` as `application/linkset+json` and `{paper page}/linkset` as
 * `application/linkset`, for `/journal/{journal_url}/{paperID}` and
 * `/proceedings/{slug}/{paperID}`. The paper page's readability rule holds (decision 260): a
 * paper a reader may not see is `404 Page Not Found`, as its page is. Each answer carries the
 * linkset's own `Link` to the page it describes.
 */
import express, { type Request, type Response, type Router } from "express";
import type { PaperReading } from "../../../shared/api.ts";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../../shared/constants.ts";
import { paperLink, proceedingPaperLink } from "../../../shared/format.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { hasFullText } from "../fulltext/reader.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../papers/queries.ts";
import {
  linksetJson,
  linksetText,
  metadataLinkHeader,
  paperLinkset,
  signpostedPaper,
} from "./signposting.ts";

/** The two formats by the path's last segment. */
const FORMATS = { linkset: "text", "linkset.json": "json" } as const;

/** Sends `paper`'s linkset (page `pagePath`) in the format of `file`, or the 404 text. */
async function sendLinkset(
  ctx: AppContext,
  paper: PaperReading | null,
  pagePath: string,
  format: "text" | "json",
  req: Request,
  res: Response,
): Promise<void> {
  if (!paper) {
    sendNotFoundText(res);
    return;
  }
  const origin = publicOrigin(ctx.config, req);
  const signposted = signpostedPaper(
    origin,
    pagePath,
    paper,
    await hasFullText(ctx, paper.paperID),
  );
  const links = paperLinkset(signposted);
  res.set("Link", metadataLinkHeader(signposted.pageUrl)).set("X-Content-Type-Options", "nosniff");
  if (format === "json") {
    res.type("application/linkset+json").send(JSON.stringify(linksetJson(links)));
  } else {
    res.type("application/linkset").send(linksetText(links));
  }
}

/** The routes of the module comment. */
export function linksetRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/:file", async (req, res, next) => {
    const { journalUrl, paper, file } = req.params;
    const id = parsePaperId(paper);
    if (!Object.hasOwn(FORMATS, file) || id === null || !JOURNAL_URI_PATTERN.test(journalUrl)) {
      return next();
    }
    const found = await getJournalPaper(
      ctx,
      journalUrl,
      id,
      await readableBy(ctx, res.locals.user, journalUrl),
    );
    const format = FORMATS[file as keyof typeof FORMATS];
    await sendLinkset(ctx, found, paperLink(journalUrl, id), format, req, res);
  });

  router.get("/proceedings/:slug/:paper/:file", async (req, res, next) => {
    const { slug, paper, file } = req.params;
    const id = parsePaperId(paper);
    if (!Object.hasOwn(FORMATS, file) || id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) {
      return next();
    }
    const found = await getProceedingPaper(ctx, slug, id);
    const format = FORMATS[file as keyof typeof FORMATS];
    await sendLinkset(ctx, found, proceedingPaperLink(slug, id), format, req, res);
  });

  return router;
}
