/**
 * 'Cite this paper' files (docs/decisions/186-cite-this-paper.md), beside each paper page:
 * - `/journal/{journal_url}/{paperID}/cite.bib`, `cite.ris`, `cite.json` for journal papers;
 * - `/proceedings/{slug}/{paperID}/cite.bib`, `cite.ris`, `cite.json` for conference papers.
 * BibTeX, RIS and CSL-JSON, produced by citation-js (server/features/citations/cite.ts), sent as
 * attachments named after the paper. The URLs are stable: they depend only on the paper's page.
 *
 * And `{paper page}/citations.json` (docs/decisions/245-citations-off-the-page.md): the
 * references the page's panel shows, `{ styles: [{ key, label, text }] }` (APA, MLA, Chicago,
 * Harvard, IEEE, Vancouver), formatted in the citation worker (`ctx.citationPool`; in this
 * thread when the context has none). A public answer: the output cache keeps it
 * (./output-cache.ts). When the worker fails (busy, time limit, crash) the answer is
 * `503 {"error": …}`, kept by no cache.
 *
 * A paper readers cannot see (a draft issue's, an inactive journal's: shown only to that journal's
 * managers and administrators, `readableBy`, decision 260), or any other file name, is
 * `404 Page Not Found`. Signed-in answers are never kept by the output cache.
 */

import type { CslItem } from "@citation-js/core";
import express, { type Response, type Router } from "express";
import type { CitationReferences } from "../../../shared/api.ts";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../../shared/constants.ts";
import { paperLink, proceedingPaperLink, slugify } from "../../../shared/format.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { answerTranslator } from "../../http/locale.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../papers/queries.ts";
import { metadataLinkHeader } from "../signposting/signposting.ts";
import { CitationPoolError } from "./citation-pool.ts";
import {
  CITATION_FILES,
  type CitationFileFormat,
  citationFile,
  journalPaperItem,
  proceedingPaperItem,
} from "./cite.ts";

type CiteFile = CitationFileFormat | "references";

/** `cite.bib` → `bib`, `citations.json` → `references`; anything else null. */
function citeFormat(file: string): CiteFile | null {
  if (file === "citations.json") return "references";
  const match = /^cite\.(bib|ris|json)$/.exec(file);
  return match ? (match[1] as CitationFileFormat) : null;
}

function notFound(res: Response): void {
  sendNotFoundText(res);
}

function sendFile(
  res: Response,
  item: CslItem,
  title: string,
  format: CitationFileFormat,
  pageUrl: string,
) {
  res
    // the paper page this file describes (FAIR Signposting, decision 470)
    .set("Link", metadataLinkHeader(pageUrl))
    .set("Content-Type", `${CITATION_FILES[format].type}; charset=utf-8`)
    .set("Content-Disposition", `attachment; filename="${slugify(title)}.${format}"`)
    .set("X-Content-Type-Options", "nosniff")
    .send(citationFile(item, format));
}

/** The six references of `item`, from the worker (or this thread without one). */
async function references(ctx: AppContext, item: CslItem): Promise<CitationReferences> {
  if (ctx.citationPool) return { styles: await ctx.citationPool.format(item) };
  const { formatCitations } = await import("./format.ts");
  return { styles: formatCitations(item) };
}

async function send(
  ctx: AppContext,
  res: Response,
  item: CslItem | null,
  title: string,
  format: CiteFile,
  pageUrl: string,
) {
  if (!item) return notFound(res);
  if (format !== "references") return sendFile(res, item, title, format, pageUrl);
  try {
    res.json(await references(ctx, item));
  } catch (error) {
    if (!(error instanceof CitationPoolError)) throw error;
    ctx.log.warn({ reason: error.message }, "citations could not be formatted");
    res
      .status(503)
      .set("Retry-After", "5")
      .set("Cache-Control", "no-store")
      .json({
        error: answerTranslator(res)(
          msg("The references could not be formatted just now. Please try again."),
        ),
      });
  }
}

export function citationRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/:file", async (req, res, next) => {
    const { journalUrl, paper, file } = req.params;
    const format = citeFormat(file);
    const id = parsePaperId(paper);
    if (!format || id === null || !JOURNAL_URI_PATTERN.test(journalUrl)) return next();
    const found = await getJournalPaper(
      ctx,
      journalUrl,
      id,
      await readableBy(ctx, res.locals.user, journalUrl),
    );
    const url = `${publicOrigin(ctx.config, req)}${paperLink(journalUrl, id)}`;
    await send(ctx, res, found && journalPaperItem(found, url), found?.title ?? "", format, url);
  });

  router.get("/proceedings/:slug/:paper/:file", async (req, res, next) => {
    const { slug, paper, file } = req.params;
    const format = citeFormat(file);
    const id = parsePaperId(paper);
    if (!format || id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) return next();
    const found = await getProceedingPaper(ctx, slug, id);
    const url = `${publicOrigin(ctx.config, req)}${proceedingPaperLink(slug, id)}`;
    await send(ctx, res, found && proceedingPaperItem(found, url), found?.title ?? "", format, url);
  });

  return router;
}
