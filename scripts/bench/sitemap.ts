/**
 * The sitemap figure of `npm run bench:scale`: fetches `/sitemap.xml`; when it is a sitemap index
 * (`<sitemapindex>`), fetches every sitemap it lists. sitemaps.org caps one sitemap at 50,000
 * URLs; issue 11 asks each file to be served within 200 ms.
 */
import { timedGet } from "./load.ts";

export type SitemapFigure = {
  kind: "index" | "urlset" | "other";
  /** Files fetched: the index (or the single urlset) and every listed sitemap. */
  files: number;
  /** Slowest file, milliseconds (second fetch of each, so caches are warm as in production). */
  slowestMs: number;
  slowestUrl: string;
  /**
   * Slowest first fetch, milliseconds: the file built, as after a catalogue write (the output
   * cache keeps each file per catalogue version; nothing asked for them before in a bench run).
   */
  slowestFirstMs: number;
  slowestFirstUrl: string;
  /** URL count of the largest sitemap. */
  largestUrls: number;
  /** URLs over all sitemaps. */
  totalUrls: number;
};

const count = (text: string, tag: string) => text.split(`<${tag}>`).length - 1;

async function warmTime(url: string): Promise<{ ms: number; firstMs: number; text: string }> {
  const first = await timedGet(url);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  const second = await timedGet(url);
  return { ms: second.ms, firstMs: first.ms, text: second.text };
}

/** Measures the sitemap of the server at `base` (`http://host:port`). */
export async function measureSitemap(base: string): Promise<SitemapFigure> {
  const top = await warmTime(`${base}/sitemap.xml`);
  if (!top.text.includes("<sitemapindex")) {
    const urls = count(top.text, "url");
    return {
      kind: top.text.includes("<urlset") ? "urlset" : "other",
      files: 1,
      slowestMs: top.ms,
      slowestUrl: "/sitemap.xml",
      slowestFirstMs: top.firstMs,
      slowestFirstUrl: "/sitemap.xml",
      largestUrls: urls,
      totalUrls: urls,
    };
  }
  const figure: SitemapFigure = {
    kind: "index",
    files: 1,
    slowestMs: top.ms,
    slowestUrl: "/sitemap.xml",
    slowestFirstMs: top.firstMs,
    slowestFirstUrl: "/sitemap.xml",
    largestUrls: 0,
    totalUrls: 0,
  };
  const locs = [...top.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
  for (const loc of locs) {
    // Listed URLs are absolute, with the public origin; fetch them from this server.
    const parsed = new URL(loc.replaceAll("&amp;", "&"));
    const page = await warmTime(`${base}${parsed.pathname}${parsed.search}`);
    const urls = count(page.text, "url");
    figure.files++;
    figure.totalUrls += urls;
    figure.largestUrls = Math.max(figure.largestUrls, urls);
    if (page.firstMs > figure.slowestFirstMs) {
      figure.slowestFirstMs = page.firstMs;
      figure.slowestFirstUrl = parsed.pathname + parsed.search;
    }
    if (page.ms > figure.slowestMs) {
      figure.slowestMs = page.ms;
      figure.slowestUrl = parsed.pathname + parsed.search;
    }
  }
  return figure;
}
