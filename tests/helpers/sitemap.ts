/**
 * Reading the sitemap as a crawler does: the index at `/sitemap.xml`, then every part it names.
 */
import type { Express } from "express";
import request from "supertest";

/** The `<loc>` texts of an XML document, in order (sitemaps escape no characters we use). */
export const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** Every URL of every part the sitemap index lists, with `origin` cut from the part URLs. */
export async function sitemapLocs(app: Express, origin: string): Promise<string[]> {
  const index = await request(app).get("/sitemap.xml");
  const locs: string[] = [];
  for (const part of locsOf(index.text)) {
    const res = await request(app).get(part.slice(origin.length));
    if (res.status !== 200) throw new Error(`${part} answered ${res.status}`);
    locs.push(...locsOf(res.text));
  }
  return locs;
}
