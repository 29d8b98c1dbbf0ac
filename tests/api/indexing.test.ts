import { DOMParser } from "@xmldom/xmldom";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";

let t: TestContext;
let seed: SeededCatalogue;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: "https://journals.example.edu" });
  seed = await seedCatalogue(t.ctx);
});
afterAll(() => t.close());

const texts = (xml: string, tag: string) => {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  return Array.from(doc.getElementsByTagName(tag)).map((n) => n.textContent ?? "");
};

describe(`crawler files on ${dialectUnderTest}`, () => {
  it("robots.txt keeps crawlers out of the dashboard and names the sitemap", async () => {
    const res = await request(t.app).get("/robots.txt");
    expect(res.text).toContain("Disallow: /dashboard");
    expect(res.text).toContain("Sitemap: https://journals.example.edu/sitemap.xml");
  });

  it("the sitemap lists public journals, published issues and their papers only", async () => {
    const res = await request(t.app).get("/sitemap.xml");
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = texts(res.text, "loc");
    const base = "https://journals.example.edu";
    expect(locs).toContain(`${base}/journal/ethics-review`);
    expect(locs).toContain(`${base}/journal/ethics-review/3/2`);
    expect(locs).toContain(`${base}/journal/ethics-review/${seed.paperWithPdfId}`);
    expect(locs).not.toContain(`${base}/journal/ethics-review/3/3`);
    expect(locs.some((l) => l.includes("hidden-annals"))).toBe(false);
  });

  it("the Atom feed lists the newest visible papers with authors and DOI ids", async () => {
    const res = await request(t.app).get("/feed.xml");
    expect(res.headers["content-type"]).toMatch(/^application\/atom\+xml/);
    const titles = texts(res.text, "title");
    expect(titles).toContain("A good life");
    expect(titles).not.toContain("Secret");
    expect(texts(res.text, "id")).toContain("https://doi.org/10.7554/eLife.00353");
    expect(texts(res.text, "name")).toContain("Eve Marder");
  });
});
