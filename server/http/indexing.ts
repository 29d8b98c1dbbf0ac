/**
 * Files for crawlers and feed readers: `/robots.txt`, `/sitemap.xml` (sitemaps.org 0.9) and
 * `/feed.xml` (Atom, RFC 4287) of the newest papers. URLs are absolute, from `PUBLIC_URL` or the
 * request's own origin.
 */
import express, { type Request, type Router } from "express";
import { create } from "xmlbuilder2";
import type { AppContext } from "../services/context.ts";
import { listPublicUrls, listRecentPapers } from "../services/indexing.ts";

const STATIC_PAGES = ["/", "/journals", "/categories", "/contact"];

export function indexingRouter(ctx: AppContext): Router {
  const router = express.Router();
  const origin = (req: Request) => ctx.config.publicUrl ?? `${req.protocol}://${req.get("host")}`;

  router.get("/robots.txt", (req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
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
    const doc = create({ version: "1.0", encoding: "UTF-8" }).ele(
      "http://www.sitemaps.org/schemas/sitemap/0.9",
      "urlset",
    );
    for (const path of STATIC_PAGES) doc.ele("url").ele("loc").txt(`${base}${path}`);
    for (const url of await listPublicUrls(ctx)) {
      const entry = doc.ele("url");
      entry.ele("loc").txt(`${base}${url.path}`);
      entry.ele("lastmod").txt(url.modified.slice(0, 10));
    }
    res
      .type("application/xml")
      .set("Cache-Control", "public, max-age=3600")
      .send(doc.end({ prettyPrint: false }));
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
