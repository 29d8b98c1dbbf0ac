/**
 * Permanent redirects from a renamed journal's old addresses (issue 8, Stable links;
 * docs/decisions/200-stable-journal-links.md). A GET or HEAD of
 * - a page under `/journal/{old}`: the journal, its issues `/{volume}/{issue}`, its papers
 *   `/{paperID}` and their galleys `/download/{paperID}/{name}.pdf`;
 * - a public API call naming the journal: `/api/get_journal/{old}`, `/api/get_publications/{old}/…`,
 *   `/api/get_publication/{old}/…`, `/api/get_journal_paper/{old}/…`
 * is answered 301 to the same address under the journal's current URI, query string kept. After
 * several renames every old URI points straight at the current one (one hop, no chain). An
 * inactive journal's old addresses redirect only its managers (`readableBy`, decision 260). Other
 * requests, and URIs no journal ever left, pass on untouched.
 */
import type { RequestHandler } from "express";
import { JOURNAL_URI_PATTERN } from "../../../shared/constants.ts";
import type { AppContext } from "../../services/context.ts";
import { readableBy } from "../accounts/access.ts";
import { currentUriOf } from "./old-uris.ts";
import { findJournalRow } from "./queries.ts";

const JOURNAL_ADDRESS =
  /^(\/journal\/|\/api\/(?:get_journal|get_publications|get_publication|get_journal_paper)\/)([^/?]+)(.*)$/;

export function oldUriRedirects(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = JOURNAL_ADDRESS.exec(req.originalUrl);
    if (!match) return next();
    const [, prefix, uri, rest] = match as unknown as [string, string, string, string];
    if (!JOURNAL_URI_PATTERN.test(uri)) return next();
    try {
      const current = await currentUriOf(ctx, uri);
      if (!current) return next();
      // an inactive journal's new address is no reader's business (decision 260): the old one
      // answers the 404 the new one would
      const journal = await findJournalRow(ctx, current, {
        includeInactive: (await readableBy(ctx, res.locals.user, current)).includeUnpublished,
      });
      if (!journal) return next();
      res.redirect(301, `${prefix}${current}${rest}`);
    } catch (error) {
      next(error);
    }
  };
}
