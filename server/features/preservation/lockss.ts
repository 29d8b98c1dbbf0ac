/**
 * LOCKSS and CLOCKSS manifest pages (issue 16, docs/decisions/279-doaj-doi-pattern-preservation.md):
 * `/journal/{journal_url}/lockss/{year}` lists, for one active journal and one year, every
 * published issue of that year with its papers' pages and PDF galleys, under the permission
 * statements the LOCKSS and CLOCKSS crawlers look for
 * (https://www.lockss.org/, "LOCKSS system has permission to collect, preserve, and serve this
 * Archival Unit"; CLOCKSS: "… to ingest, preserve, and serve …"), as OJS's LOCKSS plugin
 * writes them. A plain HTML page the crawler starts from; links are absolute on `PUBLIC_URL`
 * (else the request's origin). An unknown or inactive journal, or a year without published
 * issues, is `404 Page Not Found`.
 */
import express, { type Router } from "express";
import { JOURNAL_URI_PATTERN } from "../../../shared/constants.ts";
import { paperLink, publicationLabel, publicationLink } from "../../../shared/format.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { publicOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { galleyUrl } from "../papers/queries.ts";

export const LOCKSS_PERMISSION =
  "LOCKSS system has permission to collect, preserve, and serve this Archival Unit.";
export const CLOCKSS_PERMISSION =
  "CLOCKSS system has permission to ingest, preserve, and serve this Archival Unit.";

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function lockssRouter(ctx: AppContext): Router {
  const router = express.Router();

  router.get("/journal/:journalUrl/lockss/:year", async (req, res, next) => {
    const { journalUrl, year: yearText } = req.params;
    if (!JOURNAL_URI_PATTERN.test(journalUrl) || !/^[1-9]\d{3}$/.test(yearText)) return next();
    const year = Number(yearText);
    const journal = await ctx.db
      .selectFrom("journals")
      .select(["id", "name", "uri", "issn", "eissn", "publisher", "preservation"])
      .where("uri", "=", journalUrl)
      .where("active", "=", 1)
      .executeTakeFirst();
    const issues = journal
      ? await ctx.db
          .selectFrom("publications")
          .select(["id", "volume", "number", "show_number", "year", "title"])
          .where("journal_id", "=", journal.id)
          .where("status", "=", "published")
          .where("year", "=", year)
          .orderBy("id")
          .execute()
      : [];
    if (!journal || issues.length === 0) {
      sendNotFoundText(res);
      return;
    }
    const papers = await ctx.db
      .selectFrom("papers")
      .select(["id", "title", "file", "publication_id"])
      .where(
        "publication_id",
        "in",
        issues.map((i) => i.id),
      )
      .orderBy("position")
      .orderBy("id")
      .execute();
    const origin = publicOrigin(ctx.config, req);
    const a = (href: string, text: string) => `<a href="${html(origin + href)}">${html(text)}</a>`;
    const items = issues.map((issue) => {
      const label = publicationLabel(issue.volume, issue.number, issue.year, issue.show_number);
      const list = papers
        .filter((p) => p.publication_id === issue.id)
        .map((p) => {
          const pdf = p.file ? ` (${a(galleyUrl(journal.uri, p.id, p.title), "PDF")})` : "";
          return `<li>${a(paperLink(journal.uri, p.id), p.title)}${pdf}</li>`;
        })
        .join("");
      return `<li>${a(publicationLink(journal.uri, issue.volume, issue.number), label)}${list ? `<ul>${list}</ul>` : ""}</li>`;
    });
    const issn = [journal.issn, journal.eissn].filter(Boolean).join(", ");
    const title = `${journal.name}, ${year}: LOCKSS and CLOCKSS manifest`;
    res
      .status(200)
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title></head><body><h1>${html(title)}</h1>` +
          `<p>${a(`/journal/${journal.uri}`, journal.name)}${issn ? `, ISSN ${html(issn)}` : ""}${journal.publisher ? `, ${html(journal.publisher)}` : ""}.</p>` +
          (journal.preservation ? `<p>${html(journal.preservation)}</p>` : "") +
          `<ul>${items.join("")}</ul>` +
          `<p>${LOCKSS_PERMISSION}</p>` +
          `<p>${CLOCKSS_PERMISSION}</p></body></html>`,
      );
  });

  return router;
}
