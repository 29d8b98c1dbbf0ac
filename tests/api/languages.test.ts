/**
 * The language of an answer over HTTP (issue 32; decision 382): a reader who chose another
 * language, or whose browser asks for one on a first visit, is sent to that language's URL (a
 * crawler never); the language menu's POST remembers the choice; API messages come in the
 * reader's language; the output cache keeps each language's answer apart. The pseudo-locale
 * (PSEUDO_LOCALE=1) stands in for a translation, so these checks need none.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { createOutputCache } from "../../server/http/output-cache.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
let t: TestContext;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  t = await createTestContext({ PSEUDO_LOCALE: "1" });
  app = createHttpApp(t.ctx, { outputCache: createOutputCache(t.ctx, { versionTtlMs: 0 }) });
});
afterAll(() => t?.close());

describe(`the reader's language (${dialectUnderTest})`, () => {
  it("sends a first visit to the language its browser asks for, and never a crawler", async () => {
    const first = await request(app)
      .get("/journals?page=2")
      .set("User-Agent", CHROME)
      .set("Accept-Language", "es-ES,es;q=0.9");
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe("/es/journals?page=2");
    expect(first.headers.vary).toMatch(/Cookie/);
    expect(first.headers.vary).toMatch(/Accept-Language/);
    expect(first.headers["cache-control"]).toMatch(/no-store/);

    const crawler = await request(app)
      .get("/journals")
      .set("User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1)")
      .set("Accept-Language", "es");
    expect(crawler.status).not.toBe(302);

    const chosen = await request(app).get("/").set("Cookie", "lang=ar");
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe("/ar");
  });

  it("remembers the language menu's choice and goes back to the page in that language", async () => {
    const res = await request(app)
      .post("/language")
      .type("form")
      .send({ lang: "pt-BR", to: "/es/journal/elife?x=1" });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/pt-br/journal/elife?x=1");
    expect(String(res.headers["set-cookie"])).toMatch(/^lang=pt-BR;.*HttpOnly.*SameSite=Lax/);

    // a page that is not public keeps its path; another site's address is not followed
    const dashboard = await request(app).post("/language").type("form").send({
      lang: "fr",
      to: "/dashboard/statistics",
    });
    expect(dashboard.headers.location).toBe("/dashboard/statistics");
    const away = await request(app).post("/language").type("form").send({
      lang: "fr",
      to: "//evil.example/x",
    });
    expect(away.headers.location).toBe("/fr");

    const forged = await request(app)
      .post("/language")
      .set("Sec-Fetch-Site", "cross-site")
      .type("form")
      .send({ lang: "fr", to: "/" });
    expect(forged.status).toBe(403);
  });

  it("refuses a language it does not have, in the reader's language", async () => {
    const english = await request(app).post("/language").type("form").send({ lang: "xx" });
    expect(english.status).toBe(400);
    expect(english.text).toBe("Choose one of the site's languages: en, es, pt-BR, fr, id, ar.");
    const pseudo = await request(app)
      .post("/language")
      .set("Cookie", "lang=en-XA")
      .type("form")
      .send({ lang: "xx" });
    expect(pseudo.status).toBe(400);
    expect(pseudo.text).not.toMatch(/Choose one/);
    // the placeholder's value is the same in every language
    expect(pseudo.text).toContain("en, es, pt-BR, fr, id, ar");
  });

  it("answers the API in the reader's language and caches each language apart", async () => {
    // the cache key names the origin: one host for every request
    const get = (path: string) => request(app).get(path).set("Host", "journals.example.test");
    const english = await get("/api/all_journals");
    expect(english.body.msg).toBe("OK");
    const pseudo = await get("/api/all_journals").set("Cookie", "lang=en-XA");
    expect(pseudo.body.msg).not.toBe("OK");
    expect(pseudo.body.msg).toMatch(/^\[!!.+!!\]$/);
    expect(pseudo.headers.vary).toMatch(/Accept-Language/);
    const again = await get("/api/all_journals");
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body.msg).toBe("OK");
    const pseudoAgain = await get("/api/all_journals").set("Cookie", "lang=en-XA");
    expect(pseudoAgain.headers["x-cache"]).toBe("hit");
    expect(pseudoAgain.body.msg).toBe(pseudo.body.msg);
  });
});
