/**
 * 'Cite this paper' downloads (docs/decisions/186-cite-this-paper.md), beside each paper page:
 * - `/journal/{journal_url}/{paperID}/cite.bib`, `cite.ris`, `cite.json` for journal papers;
 * - `/proceedings/{slug}/{paperID}/cite.bib`, `cite.ris`, `cite.json` for conference papers.
 * BibTeX, RIS and CSL-JSON, produced by citation-js (server/services/citation/cite.ts), sent as
 * attachments named after the paper. The URLs are stable: they depend only on the paper's page.
 * A paper readers cannot see, or any other file name, is `404 Page Not Found`.
 */

import type { CslItem } from "@citation-js/core";
import express, { type Response, type Router } from "express";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../shared/constants.ts";
import { paperLink, proceedingPaperLink, slugify } from "../../shared/format.ts";
import {
  CITATION_FILES,
  type CitationFileFormat,
  citationFile,
  journalPaperItem,
  proceedingPaperItem,
} from "../services/citation/cite.ts";
import type { AppContext } from "../services/context.ts";
import { getJournalPaper, getProceedingPaper, parsePaperId } from "../services/papers/queries.ts";
import { publicOrigin } from "./origin.ts";

/** `cite.bib` → `bib`; anything else null. */
function citeFormat(file: string): CitationFileFormat | null {
  const match = /^cite\.(bib|ris|json)$/.exec(file);
  return match ? (match[1] as CitationFileFormat) : null;
}

function send(res: Response, item: CslItem | null, title: string, format: CitationFileFormat) {
  if (!item) {
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  res
    .set("Content-Type", `${CITATION_FILES[format].type}; charset=utf-8`)
    .set("Content-Disposition", `attachment; filename="${slugify(title)}.${format}"`)
    .set("X-Content-Type-Options", "nosniff")
    .send(citationFile(item, format));
}

export function citationRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/:paper/:file", async (req, res, next) => {
    const { journalUrl, paper, file } = req.params;
    const format = citeFormat(file);
    const id = parsePaperId(paper);
    if (!format || id === null || !JOURNAL_URI_PATTERN.test(journalUrl)) return next();
    const found = await getJournalPaper(ctx, journalUrl, id, {
      includeUnpublished: Boolean(res.locals.user),
    });
    const url = `${publicOrigin(ctx.config, req)}${paperLink(journalUrl, id)}`;
    send(res, found && journalPaperItem(found, url), found?.title ?? "", format);
  });

  router.get("/proceedings/:slug/:paper/:file", async (req, res, next) => {
    const { slug, paper, file } = req.params;
    const format = citeFormat(file);
    const id = parsePaperId(paper);
    if (!format || id === null || !PROCEEDING_SLUG_PATTERN.test(slug)) return next();
    const found = await getProceedingPaper(ctx, slug, id);
    const url = `${publicOrigin(ctx.config, req)}${proceedingPaperLink(slug, id)}`;
    send(res, found && proceedingPaperItem(found, url), found?.title ?? "", format);
  });

  return router;
}
