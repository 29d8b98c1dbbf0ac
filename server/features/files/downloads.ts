/**
 * Paper PDF galleys (docs/product/files.md), each under its abstract page's path, as Google Scholar
 * wants `citation_pdf_url`:
 * - journal papers at `/journal/{journal_url}/download/{paperID}/{name}.pdf`;
 * - conference papers at `/proceedings/{slug}/download/{paperID}/{name}.pdf`
 *   (docs/decisions/090-public-proceedings.md).
 * Served by `send` with a strong ETag (a hash of the bytes, ./pdf-etag.ts), Last-Modified,
 * Accept-Ranges and 206 partial content (`If-Range` honoured as RFC 9110 section 13.1.5 says),
 * always as `application/pdf` (the type the server assigned when it checked the upload), never sniffed.
 * A paper of a draft issue or an inactive journal is served to that journal's managers and to
 * administrators only (`readableBy`, decision 260). An unknown or malformed place, a paper of
 * another journal or proceeding, a paper without a PDF, or one whose file the storage has lost
 * is `404 Page Not Found` (the reader then says 'Missing PDF', issue 34). `{name}` is free: only `.pdf` is required of it.
 * A PDF carries the FAIR Signposting `Link` of a galley: its page as `collection`, and the
 * page's linkset (decision 470).
 */
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { JOURNAL_URI_PATTERN, PROCEEDING_SLUG_PATTERN } from "../../../shared/constants.ts";
import { paperLink, proceedingPaperLink, slugify } from "../../../shared/format.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { findPaperFile, findProceedingPaperFile, parsePaperId } from "../papers/queries.ts";
import { galleyLinkHeader } from "../signposting/signposting.ts";
import { fileState, stampedVersionFile } from "../updates/notices.ts";
import { storedVersion } from "../updates/versions.ts";
import { storedEtag, strongEtag } from "./pdf-etag.ts";
import { sendStored } from "./send-stored.ts";

type StoredPdf = { key: string; title: string } | null;

/**
 * The galley readers get of paper `id` (decision 490): the stamped copy of a retracted paper,
 * none of a removed one (`removed`: the notice's text, the reason), else the stored original.
 */
async function readersCopy(
  ctx: AppContext,
  id: number,
  found: StoredPdf,
): Promise<StoredPdf | { removed: string }> {
  if (!found) return null;
  const state = await fileState(ctx.db, id);
  if (state.kind === "removed") return { removed: state.reason };
  return state.kind === "stamped" ? { ...found, key: state.key } : found;
}

export function downloadRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/download/:paper/:name", async (req, res, next) => {
    const { journalUrl, paper, name } = req.params;
    const id = parsePaperId(paper);
    const found =
      id !== null && JOURNAL_URI_PATTERN.test(journalUrl) && name.endsWith(".pdf")
        ? await journalPaperFile(ctx, res, journalUrl, id)
        : null;
    if (found && id !== null) signpostGalley(ctx, req, res, paperLink(journalUrl, id));
    await sendPdf(ctx, id === null ? null : await readersCopy(ctx, id, found), req, res, next);
  });

  router.get("/proceedings/:slug/download/:paper/:name", async (req, res, next) => {
    const { slug, paper, name } = req.params;
    const id = parsePaperId(paper);
    const found =
      id !== null && PROCEEDING_SLUG_PATTERN.test(slug) && name.endsWith(".pdf")
        ? await findProceedingPaperFile(ctx, slug, id)
        : null;
    if (found && id !== null) signpostGalley(ctx, req, res, proceedingPaperLink(slug, id));
    await sendPdf(ctx, id === null ? null : await readersCopy(ctx, id, found), req, res, next);
  });

  // an earlier version's PDF (decision 490), beside its page `{paper page}/version/{n}`
  router.get(
    "/journal/:journalUrl/:paper/version/:version/download.pdf",
    async (req, res, next) => {
      const { journalUrl, paper, version } = req.params;
      const id = parsePaperId(paper);
      const n = parsePaperId(version);
      const current =
        id !== null && n !== null && JOURNAL_URI_PATTERN.test(journalUrl)
          ? await journalPaperFile(ctx, res, journalUrl, id)
          : null;
      await sendPdf(ctx, await earlierCopy(ctx, id, n, current), req, res, next);
    },
  );

  router.get("/proceedings/:slug/:paper/version/:version/download.pdf", async (req, res, next) => {
    const { slug, paper, version } = req.params;
    const id = parsePaperId(paper);
    const n = parsePaperId(version);
    const current =
      id !== null && n !== null && PROCEEDING_SLUG_PATTERN.test(slug)
        ? await findProceedingPaperFile(ctx, slug, id)
        : null;
    await sendPdf(ctx, await earlierCopy(ctx, id, n, current), req, res, next);
  });

  return router;
}

/**
 * The PDF of paper `id` of the journal at `journalUrl` (key and title), or null: none, a paper of
 * another journal, or one the request's reader (`res.locals.user`) may not read (`readableBy`:
 * a draft issue's or an inactive journal's papers only for its managers; decision 260).
 */
async function journalPaperFile(
  ctx: AppContext,
  res: Response,
  journalUrl: string,
  id: number,
): Promise<StoredPdf> {
  return findPaperFile(ctx, journalUrl, id, await readableBy(ctx, res.locals.user, journalUrl));
}

/**
 * The FAIR Signposting `Link` of a galley (decision 470): its landing page `pagePath` as
 * `collection`, and the page's linkset.
 */
function signpostGalley(ctx: AppContext, req: Request, res: Response, pagePath: string): void {
  res.set("Link", galleyLinkHeader(`${publicOrigin(ctx.config, req)}${pagePath}`));
}

/**
 * The PDF of earlier version `n` of paper `id`, once `current` says the paper is readable
 * (found, whether or not it has a PDF now); withdrawn with the paper's files on a removal.
 */
async function earlierCopy(
  ctx: AppContext,
  id: number | null,
  n: number | null,
  current: { title: string } | null,
): Promise<StoredPdf | { removed: string }> {
  if (id === null || n === null || !current) return null;
  const version = await storedVersion(ctx.db, id, n);
  if (!version?.file) return null;
  const state = await fileState(ctx.db, id);
  if (state.kind === "removed") return { removed: state.reason };
  // a retracted paper's earlier versions are stamped too (decision 497)
  const stamped = await stampedVersionFile(ctx.db, id, n);
  return { key: stamped ?? version.file, title: `${version.title} v${n}` };
}

/** Sends the stored PDF (Range, ETag, Last-Modified), or the 404 text when there is none. */
async function sendPdf(
  ctx: AppContext,
  found: StoredPdf | { removed: string },
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  if (!found) {
    sendNotFoundText(res);
    return;
  }
  if ("removed" in found) {
    // withdrawn for a legal reason (decision 490): gone, with the notice's reason
    res.status(410).type("text/plain").send(`410 Gone: ${found.removed}`);
    return;
  }
  const fileName = `${slugify(found.title)}.pdf`;
  const headers = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${fileName}"`,
    "X-Content-Type-Options": "nosniff",
    // A replaced PDF keeps its URL: caches must check the ETag every time (a cheap 304).
    "Cache-Control": "public, no-cache",
  };
  // The page CSP (object-src 'none') would stop browsers' own PDF viewers; a PDF runs no
  // script in the site's origin, and nosniff keeps it from being read as anything else.
  res.removeHeader("Content-Security-Policy");
  if (!ctx.storage.absolutePath) {
    await sendFromBucket(ctx, found.key, headers, req, res).catch(next);
    return;
  }
  const file = ctx.storage.absolutePath(found.key);
  let etag: string;
  try {
    etag = await strongEtag(file);
  } catch (error) {
    if (!isMissingFile(error)) {
      next(error);
      return;
    }
    // A row naming a file the storage lost (a restore without its files, a disk replaced):
    // readers get the 404 pdf.js reports as 'Missing PDF', the operator a warning (issue 34).
    ctx.log.warn({ key: found.key }, "a paper's PDF is missing from the storage");
    res.removeHeader("Link");
    res.status(404).type("text/plain").send("404 Page Not Found");
    return;
  }
  // `send` uses the ETag set here for If-None-Match and If-Range. A weak validator in If-Range
  // never matches (RFC 9110 section 13.1.5), but `send` would find the tag inside `W/"…"`: drop
  // the Range so the whole file is sent.
  res.set("ETag", etag);
  if (req.get("If-Range")?.trimStart().startsWith("W/")) delete req.headers.range;
  res.sendFile(
    file,
    {
      headers,
      acceptRanges: true,
      etag: false,
      lastModified: true,
      dotfiles: "deny",
    },
    (error) => {
      if (error && !res.headersSent) next(error);
    },
  );
}

/** Whether `error` says a file does not exist. */
function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

/**
 * The galley from a bucket (decision 295): streamed through the application with the same strong
 * ETag, or, with `S3_PRESIGN=1`, a 302 to a presigned URL of the object (the store then answers
 * Range and conditional requests itself, with its own ETag). A key without an object is a 404.
 */
async function sendFromBucket(
  ctx: AppContext,
  key: string,
  headers: Record<string, string>,
  req: Request,
  res: Response,
): Promise<void> {
  const stat = await ctx.storage.stat(key);
  if (!stat) {
    sendNotFoundText(res);
    return;
  }
  if (ctx.storage.presign) {
    const url = await ctx.storage.presign(key, {
      contentType: headers["Content-Type"] ?? "application/pdf",
      contentDisposition: headers["Content-Disposition"] ?? "inline",
    });
    res.set("Cache-Control", "no-store").redirect(302, url);
    return;
  }
  const etag = await storedEtag(ctx.storage, key, stat);
  await sendStored(ctx.storage, key, stat, etag, req, res, headers);
}
