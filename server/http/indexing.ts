/**
 * Files for crawlers and feed readers: `/robots.txt`, the sitemap (sitemaps.org 0.9): the index
 * `/sitemap.xml` and its parts `/sitemaps/pages.xml` and `/sitemaps/papers-{N}.xml`
 * (docs/decisions/105-sitemap-layout.md), and `/feed.xml` (Atom, RFC 4287) of the newest
 * papers. URLs are absolute, from `PUBLIC_URL` or the request's own origin. Sitemap parts are
 * streamed: written batch by batch as the rows are read.
 */
import express, { type Request, type Router } from "express";
import { create } from "xmlbuilder2";
import { z } from "zod";
import type { AppContext } from "../services/context.ts";
import {
  listRecentPapers,
  listSitemapParts,
  type PublicUrl,
  SITEMAP_PAPER_IDS,
  sitemapPageUrls,
  sitemapPaperUrls,
} from "../services/indexing.ts";
import { publicOrigin } from "./origin.ts";
import { escapeXml, xmlWriter } from "./xml-stream.ts";

const STATIC_PAGES = ["/", "/journals", "/categories", "/contact"];
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
      res.status(404).type("text/plain").send("404 Page Not Found");
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
    const entries = await listRecentPapers(ctx);
    const feed = create({ version: "1.0", encoding: "UTF-8" }).ele(
      "http://www.w3.org/2005/Atom",
      "feed",
    );
    feed.ele("title").txt(`${ctx.config.siteName}: new papers`);
    feed.ele("id").txt(`${base}/feed.xml`);
    feed.ele("link", { rel: "self", href: `${base}/feed.xml` });
    feed.ele("link", { rel: "alternate", href: `${base}/` });
    feed.ele("updated").txt(entries[0]?.updated ?? new Date(0).toISOString());
    for (const e of entries) {
      const entry = feed.ele("entry");
      entry.ele("title").txt(e.title);
      entry.ele("id").txt(e.doi ? `https://doi.org/${e.doi}` : `${base}${e.path}`);
      entry.ele("link", { rel: "alternate", href: `${base}${e.path}` });
      entry.ele("updated").txt(e.updated);
      entry.ele("published").txt(e.published);
      for (const name of e.authors) entry.ele("author").ele("name").txt(name);
      if (e.summary) entry.ele("summary").txt(e.summary);
      entry.ele("source").ele("title").txt(e.journal_name);
    }
    res
      .type("application/atom+xml")
      .set("Cache-Control", "public, max-age=600")
      .send(feed.end({ prettyPrint: false }));
  });

  return router;
}
