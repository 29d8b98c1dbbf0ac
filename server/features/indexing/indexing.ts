/**
 * Files for crawlers and feed readers: `/robots.txt`, the sitemap (sitemaps.org 0.9): the index
 * `/sitemap.xml` and its parts `/sitemaps/pages.xml` and `/sitemaps/papers-{N}.xml`
 * (docs/decisions/105-sitemap-layout.md), and the Atom feeds (RFC 4287) of the newest papers:
 * `/feed.xml` for the whole site (journal and conference papers) and `/journal/{uri}/feed.xml`
 * for one journal (docs/decisions/187-feeds.md). URLs are absolute, from `PUBLIC_URL` or the request's own origin. Sitemap parts are
 * streamed: written batch by batch as the rows are read.
 */
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { JOURNAL_URI_PATTERN } from "../../../shared/constants.ts";
import { journalFeedLink } from "../../../shared/format.ts";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { UPDATE_TYPE_LABELS } from "../../../shared/updates.ts";
import { sendNotFoundText } from "../../http/client-errors.ts";
import { publicOrigin } from "../../http/origin.ts";
import { escapeXml, xmlWriter } from "../../http/xml-stream.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { findJournalRow } from "../journals/queries.ts";
import {
  type FeedEntry,
  listFeedEntries,
  listSitemapParts,
  type PublicUrl,
  SITEMAP_PAPER_IDS,
  sitemapPageUrls,
  sitemapPaperUrls,
} from "./indexed-pages.ts";

/**
 * The `scheme` of an update notice's Atom `category`: its `term` is the Crossref update type
 * (decision 495), as Crossmark's documentation lists them.
 */
const CROSSREF_UPDATE_TYPES = "https://www.crossref.org/documentation/crossmark/";

const STATIC_PAGES = ["/", "/journals", "/categories", "/contact", "/accessibility", "/privacy"];
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const CRAWLER_CACHE = "public, max-age=3600";
/**
 * `pages.xml`, or `papers-{N}.xml` with N from 1 without leading zeros (one URL per part) and
 * small enough that its ids fit the 32-bit id column of PostgreSQL.
 */
const SITEMAP_FILE = z.union([
  z.literal("pages.xml"),
  z
    .string()
    .regex(/^papers-[1-9]\d{0,8}\.xml$/)
    .transform((name) => Number(name.slice("papers-".length, -".xml".length)))
    .pipe(z.number().max(Math.floor(2 ** 31 / SITEMAP_PAPER_IDS))),
]);

/** W3C date of the sitemap's `<lastmod>` (the day is enough for crawlers). */
const lastmod = (modified: string) => `<lastmod>${escapeXml(modified.slice(0, 10))}</lastmod>`;

const urlEntry = (base: string, url: PublicUrl) =>
  `<url><loc>${escapeXml(base + url.path)}</loc>${lastmod(url.modified)}</url>`;

export function indexingRouter(ctx: AppContext): Router {
  const router = express.Router();
  const origin = (req: Request) => publicOrigin(ctx.config, req);

  router.get("/robots.txt", (req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", CRAWLER_CACHE)
      .send(
        [
          "User-agent: *",
          "Disallow: /dashboard",
          "Disallow: /api/",
          "Disallow: /search",
          "",
          `Sitemap: ${origin(req)}/sitemap.xml`,
          "",
        ].join("\n"),
      );
  });

  router.get("/sitemap.xml", async (req, res) => {
    const base = origin(req);
    const parts = await listSitemapParts(ctx);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<sitemapindex xmlns="${SITEMAP_NS}">`,
      ...parts.map((part) => {
        const path = part.kind === "pages" ? "pages" : `papers-${part.page}`;
        const loc = `<loc>${escapeXml(`${base}/sitemaps/${path}.xml`)}</loc>`;
        return `<sitemap>${loc}${part.modified ? lastmod(part.modified) : ""}</sitemap>`;
      }),
      "</sitemapindex>",
    ];
    res.type("application/xml").set("Cache-Control", CRAWLER_CACHE).send(xml.join(""));
  });

  router.get("/sitemaps/:file", async (req, res, next) => {
    const file = SITEMAP_FILE.safeParse(req.params.file);
    if (!file.success) return next();
    const batches =
      file.data === "pages.xml" ? sitemapPageUrls(ctx) : sitemapPaperUrls(ctx, file.data);
    // The first batch is read before answering, so a part without papers is a 404, not an
    // empty (and schema-invalid) urlset.
    const first = await batches.next();
    if (file.data !== "pages.xml" && first.done) {
      sendNotFoundText(res);
      return;
    }
    res.type("application/xml").set("Cache-Control", CRAWLER_CACHE);
    // Node drops a HEAD response's body anyway; this saves reading the rows for nothing.
    if (req.method === "HEAD") {
      await batches.return(undefined);
      res.end();
      return;
    }
    const out = xmlWriter(res);
    let open = await out.write(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${SITEMAP_NS}">`,
    );
    const base = origin(req);
    if (file.data === "pages.xml") {
      const pages = STATIC_PAGES.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`);
      open &&= await out.write(pages.join(""));
    }
    for (let batch = first; open && !batch.done; batch = await batches.next()) {
      open = await out.write(batch.value.map((url) => urlEntry(base, url)).join(""));
    }
    await batches.return(undefined);
    if (open) await out.write("</urlset>");
    out.end();
  });

  router.get("/feed.xml", async (req, res) => {
    const base = origin(req);
    const entries = await listFeedEntries(ctx);
    const t = feedTranslator();
    sendFeed(
      res,
      base,
      entries,
      {
        title: t("{name}: new papers", { name: ctx.config.siteName }),
        path: "/feed.xml",
        alternate: "/",
        author: ctx.config.siteName,
      },
      t,
    );
  });

  router.get("/journal/:journalUrl/feed.xml", async (req, res, next) => {
    const { journalUrl } = req.params;
    if (!JOURNAL_URI_PATTERN.test(journalUrl)) return next();
    const journal = await findJournalRow(ctx, journalUrl);
    if (!journal) {
      sendNotFoundText(res);
      return;
    }
    const entries = await listFeedEntries(ctx, { journalUri: journalUrl });
    const path = journalFeedLink(journalUrl);
    const t = feedTranslator();
    sendFeed(
      res,
      origin(req),
      entries,
      {
        title: t("{name}: new papers", { name: journal.name }),
        path,
        alternate: `/journal/${journalUrl}`,
        author: journal.publisher || journal.name,
        updatedAtLeast: journal.updated_at,
      },
      t,
    );
  });

  return router;
}

/**
 * `t` of the feeds' own words (their titles): the site's default language, whoever asks. A feed
 * has one unprefixed URL that feed readers poll without the reader's cookie, so it keeps one
 * language (decision 435).
 */
function feedTranslator(): Translate {
  return serverTranslator(DEFAULT_LOCALE);
}

type FeedHead = {
  title: string;
  /** The feed's own path (`/feed.xml`), its id and `rel="self"`. */
  path: string;
  /** The page the feed follows (`/`, `/journal/{uri}`). */
  alternate: string;
  /** The feed's author, for entries without authors (RFC 4287 section 4.1.1). */
  author: string;
  /** A feed without entries is still as new as this (ISO 8601). */
  updatedAtLeast?: string;
};

/**
 * Writes an Atom feed (RFC 4287): `published` is each paper's publication date and `updated`
 * its last change; the feed's `updated` is the newest entry's. Written as text with
 * {@link escapeXml}, as the sitemaps are: it drops the characters XML cannot carry, so one bad
 * title cannot break the feed, and costs a tenth of building the same feed with xmlbuilder2
 * (docs/decisions/250-feeds-in-the-output-cache.md). The Atom schema test holds the shape.
 */
function sendFeed(
  res: Response,
  base: string,
  entries: FeedEntry[],
  head: FeedHead,
  t: Translate,
): void {
  const text = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const link = (rel: string, type: string, href: string) =>
    `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;
  const person = (name: string) => `<author>${text("name", name)}</author>`;
  const updated = entries.reduce(
    (max, e) => (e.updated > max ? e.updated : max),
    head.updatedAtLeast ?? new Date(0).toISOString(),
  );
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">',
    text("title", head.title),
    text("id", `${base}${head.path}`),
    link("self", "application/atom+xml", `${base}${head.path}`),
    link("alternate", "text/html", `${base}${head.alternate}`),
    text("updated", updated),
    person(head.author),
  ];
  for (const e of entries) {
    parts.push(
      "<entry>",
      text("title", e.title),
      text("id", e.doi ? `https://doi.org/${e.doi}` : `${base}${e.path}`),
      link("alternate", "text/html", `${base}${e.path}`),
      e.related ? link("related", "text/html", `${base}${e.related}`) : "",
      e.update_type
        ? `<category scheme="${CROSSREF_UPDATE_TYPES}" term="${e.update_type}" label="${escapeXml(t(UPDATE_TYPE_LABELS[e.update_type]))}"/>`
        : "",
      text("published", e.published),
      text("updated", e.updated),
      ...e.authors.map(person),
      e.summary ? text("summary", e.summary) : "",
      e.source_title ? `<source>${text("title", e.source_title)}</source>` : "",
      "</entry>",
    );
  }
  parts.push("</feed>");
  res.type("application/atom+xml").set("Cache-Control", "public, max-age=600").send(parts.join(""));
}
