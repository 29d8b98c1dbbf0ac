/**
 * Paper PDF galleys at `/journal/{journal_url}/download/{paperID}/{name}.pdf` (DESIGN section 4):
 * under the abstract page's path, as Google Scholar wants `citation_pdf_url`. Served by `send`
 * with ETag, Last-Modified, Accept-Ranges and 206 partial content, always as `application/pdf`
 * (the type the server assigned when it checked the upload), never sniffed.
 */
import express, { type Router } from "express";
import { JOURNAL_URI_PATTERN } from "../../shared/constants.ts";
import { slugify } from "../../shared/format.ts";
import type { AppContext } from "../services/context.ts";
import { findPaperFile, parsePaperId } from "../services/papers/queries.ts";

export function downloadRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.get("/journal/:journalUrl/download/:paper/:name", async (req, res, next) => {
    const { journalUrl, paper, name } = req.params;
    const id = parsePaperId(paper);
    const found =
      id !== null && JOURNAL_URI_PATTERN.test(journalUrl) && name.endsWith(".pdf")
        ? await findPaperFile(ctx, journalUrl, id, { includeUnpublished: Boolean(res.locals.user) })
        : null;
    if (!found) {
      res.status(404).type("text/plain").send("404 Page Not Found");
      return;
    }
    const fileName = `${slugify(found.title)}.pdf`;
    // The page CSP (object-src 'none') would stop browsers' own PDF viewers; a PDF runs no
    // script in the site's origin, and nosniff keeps it from being read as anything else.
    res.removeHeader("Content-Security-Policy");
    res.sendFile(
      ctx.storage.absolutePath(found.key),
      {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${fileName}"`,
          "X-Content-Type-Options": "nosniff",
          "Cache-Control": "public, max-age=3600",
        },
        acceptRanges: true,
        etag: true,
        lastModified: true,
        dotfiles: "deny",
      },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });
  return router;
}
