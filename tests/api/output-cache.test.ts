import { createServer } from "node:http";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { Express, RequestHandler } from "express";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { updateJournalSubmission } from "../../server/features/journals/commands.ts";
import { deletePaper } from "../../server/features/papers/commands.ts";
import {
  createPartner,
  removePartner,
  reorderPartners,
} from "../../server/features/partners/commands.ts";
import {
  deletePublication,
  setPublicationStatus,
} from "../../server/features/publications/commands.ts";
import { rebuildSearchIndex } from "../../server/features/search/search.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { LOG_REDACT_PATHS } from "../../server/http/log-url.ts";
import {
  createOutputCache,
  isPublicPath,
  ownMemory,
  PUBLIC_CACHE_CONTROL,
} from "../../server/http/output-cache.ts";
import { currentCatalogueVersion } from "../../server/services/catalogue-version.ts";
import type { AppContext } from "../../server/services/context.ts";
import { journalStep2Schema } from "../../shared/schemas.ts";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: TestContext;
let cookie: string;
let app: Express;
let rendered = 0;
let logo: Buffer;
let seed: SeededCatalogue;

/**
 * A stand-in for the React Router handler: a page listing the partners, written in several
 * chunks, with an inline script carrying the response's CSP nonce, as React Router's are.
 */
function pagesOf(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    if (req.path === "/manager") {
      res.type("html").send("<form>sign in</form>");
      return;
    }
    if (req.path !== "/" && req.path !== "/journals") {
      res.status(404).type("html").send("<h1>Page not found</h1>");
      return;
    }
    rendered += 1;
    const partners = await ctx.db
      .selectFrom("partners")
      .select("name")
      .orderBy("position")
      .execute();
    res.status(200).type("html");
    res.write("<!doctype html><html><body><ul>");
    for (const p of partners) res.write(`<li>${p.name}</li>`);
    res.write(`</ul><p>${"Filler text so the page is worth compressing. ".repeat(40)}</p>`);
    res.end(`<script nonce="${res.locals.nonce}">window.ready = true;</script></body></html>`);
  };
}

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  ({ cookie } = await signedInManager(t));
  logo = await pngImage(96, 96);
  app = createHttpApp(t.ctx, { pages: pagesOf(t.ctx) });
});
afterAll(() => t.close());

/** The cache key includes the origin (PUBLIC_URL is unset), so every request names one host. */
const HOST = "journals.example.test";
const get = (path: string, target: Express = app) =>
  request(target).get(path).set("Host", HOST).set("Accept-Encoding", "identity");

const cspNonce = (res: request.Response) =>
  /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
const scriptNonce = (res: request.Response) => /<script nonce="([^"]+)"/.exec(res.text)?.[1];

async function addPartner(name: string, target: Express = app) {
  const res = await request(target)
    .post("/api/create_partner")
    .set("Cookie", cookie)
    .field("name", name)
    .field("link", "")
    .attach("logo", logo, "logo.png");
  expect(res.status).toBe(201);
}

describe(`output cache on ${dialectUnderTest}`, () => {
  it("serves the second request of a public page from memory with the same bytes and headers", async () => {
    const before = rendered;
    const first = await get("/journals");
    const second = await get("/journals");
    expect(first.status).toBe(200);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(rendered - before).toBe(1);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers["content-security-policy"]).toBe(
      first.headers["content-security-policy"],
    );
    for (const res of [first, second]) {
      expect(res.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers["cache-control"]).toContain("stale-while-revalidate");
      expect(res.headers.vary).toMatch(/Cookie/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  it("gives a cached page the CSP header of the nonce its inline scripts carry", async () => {
    const miss = await get("/?nonce-check");
    const hit = await get("/?nonce-check");
    expect(hit.headers["x-cache"]).toBe("hit");
    for (const res of [miss, hit]) {
      expect(cspNonce(res)).toBeTruthy();
      expect(scriptNonce(res)).toBe(cspNonce(res));
    }
    const other = await get("/?another-url");
    expect(cspNonce(other)).not.toBe(cspNonce(miss));
    // A reload revalidates: the browser keeps its stored body and takes the 304's headers, so
    // the 304 must name the nonce of that body (or the page's scripts are blocked).
    const revalidated = await get("/?nonce-check").set("If-None-Match", String(miss.headers.etag));
    expect(revalidated.status).toBe(304);
    expect(cspNonce(revalidated)).toBe(scriptNonce(miss));
  });

  it("caches public API answers and answers If-None-Match with 304", async () => {
    const first = await get("/api/all_journals");
    const second = await get("/api/all_journals");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toEqual(first.body);
    expect(second.body.status).toBe(1);
    expect(second.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);

    const etag = second.headers.etag as string;
    const notModified = await get("/api/all_journals").set("If-None-Match", etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.etag).toBe(etag);
    const weak = await get("/api/all_journals").set("If-None-Match", `"x", W/${etag}`);
    expect(weak.status).toBe(304);
    const changed = await get("/api/all_journals").set("If-None-Match", '"something-else"');
    expect(changed.status).toBe(200);
  });

  it("sends compressed copies with their own ETag and the same content", async () => {
    const plain = await get("/?compressed");
    const etag = String(plain.headers.etag);
    const gzip = await request(app)
      .get("/?compressed")
      .set("Host", HOST)
      .set("Accept-Encoding", "gzip");
    const br = await request(app)
      .get("/?compressed")
      .set("Host", HOST)
      .set("Accept-Encoding", "gzip, br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.text).toBe(plain.text);
    expect(br.text).toBe(plain.text);
    expect(gzip.headers.etag).toBe(etag.replace(/"$/, '-gzip"'));
    const revalidated = await request(app)
      .get("/?compressed")
      .set("Host", HOST)
      .set("Accept-Encoding", "gzip")
      .set("If-None-Match", etag);
    expect(revalidated.status).toBe(304);
  });

  it("answers HEAD from the cache without a body", async () => {
    const full = await get("/?head");
    const head = await request(app)
      .head("/?head")
      .set("Host", HOST)
      .set("Accept-Encoding", "identity");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("hit");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(full.text)));
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it("shows a catalogue write through the API at the next public request", async () => {
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("hit");
    await get("/api/partners");
    expect((await get("/api/partners")).headers["x-cache"]).toBe("hit");

    await addPartner("Written Through The API");

    const page = await get("/");
    expect(page.headers["x-cache"]).toBe("miss");
    expect(page.text).toContain("<li>Written Through The API</li>");
    const api = await get("/api/partners");
    expect(api.headers["x-cache"]).toBe("miss");
    expect(api.body.partners.map((p: { name: string }) => p.name)).toContain(
      "Written Through The API",
    );
  });

  it("shows a write made through the services (the importer's path) too", async () => {
    await get("/api/partners");
    expect((await get("/api/partners")).headers["x-cache"]).toBe("hit");
    await createPartner(t.ctx, { name: "Imported Partner", link: "" });
    const api = await get("/api/partners");
    expect(api.headers["x-cache"]).toBe("miss");
    expect(api.body.partners.map((p: { name: string }) => p.name)).toContain("Imported Partner");
  });

  it("keeps the Atom feeds like pages until the next catalogue write", async () => {
    for (const path of ["/feed.xml", "/journal/ethics-review/feed.xml"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers["content-type"], path).toMatch(/^application\/atom\+xml/);
      expect(first.text, path).toContain("<entry>");
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBe("hit");
      expect(again.headers["cache-control"], path).toBe(PUBLIC_CACHE_CONTROL);
      expect(again.text, path).toBe(first.text);
    }
    await createPartner(t.ctx, { name: "Feed Invalidating Partner", link: "" });
    expect((await get("/feed.xml")).headers["x-cache"]).toBe("miss");
    // an unknown journal's feed is a 404, never kept
    await get("/journal/no-such-journal/feed.xml");
    const missing = await get("/journal/no-such-journal/feed.xml");
    expect(missing.status).toBe(404);
    expect(missing.headers["x-cache"]).toBeUndefined();
  });

  it("keeps the sitemap index and its parts until the next catalogue write (decision 301)", async () => {
    for (const path of ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/papers-1.xml"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers["content-type"], path).toMatch(/^application\/xml/);
      expect(first.headers["x-cache"], path).toBe("miss");
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBe("hit");
      expect(again.text, path).toBe(first.text);
    }
    expect((await get("/sitemap.xml")).text).toContain("/sitemaps/papers-1.xml</loc>");
    await createPartner(t.ctx, { name: "Sitemap Invalidating Partner", link: "" });
    expect((await get("/sitemap.xml")).headers["x-cache"]).toBe("miss");
    expect((await get("/sitemaps/papers-1.xml")).headers["x-cache"]).toBe("miss");
    // a part without papers is a 404, never kept
    await get("/sitemaps/papers-999.xml");
    const missing = await get("/sitemaps/papers-999.xml");
    expect(missing.status).toBe(404);
    expect(missing.headers["x-cache"]).toBeUndefined();
  });

  it("never caches a signed-in manager's request and marks it private, no-store", async () => {
    for (const path of ["/?signed-in", "/api/all_journals", "/api/dashboard/all_journals"]) {
      const res = await get(path).set("Cookie", cookie);
      expect(res.status).toBe(200);
      expect(res.headers["x-cache"]).toBeUndefined();
      expect(res.headers["cache-control"]).toMatch(/private|no-store/);
      expect(res.headers.vary).toMatch(/Cookie/);
    }
    const page = await get("/?signed-in").set("Cookie", cookie);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    // nothing the manager got was kept: the first anonymous request renders anew
    expect((await get("/?signed-in")).headers["x-cache"]).toBe("miss");
    // a stale or forged session cookie bypasses the cache as well
    const forged = await get("/?signed-in").set("Cookie", "athenaeum_session=forged");
    expect(forged.headers["x-cache"]).toBeUndefined();
  });

  it("keeps only 200 answers of public URLs", async () => {
    for (const path of [
      "/api/get_journal/no-such-journal",
      "/no-such-page",
      "/api/dashboard/all_journals",
      "/manager",
    ]) {
      await get(path);
      const again = await get(path);
      expect(again.headers["x-cache"], path).toBeUndefined();
    }
    const notFound = await get("/api/get_journal/no-such-journal");
    expect(notFound.status).toBe(404);
    expect(notFound.headers["cache-control"]).toBe("no-store");
  });

  it("tells public URLs from private ones", () => {
    for (const path of [
      "/",
      "/journals",
      "/journal/ethics-review/3",
      "/journals.data",
      "/_root.data",
      "/search",
      "/api/all_journals",
      "/api/get_publications/ethics-review/Y",
      "/api/all_proceedings",
      "/feed.xml",
      "/journal/ethics-review/feed.xml",
      "/sitemap.xml",
      "/sitemaps/papers-1.xml",
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of [
      "/dashboard",
      "/dashboard/partners.data",
      "/manager",
      "/registration",
      "/logout",
      "/api/get_publications/ethics-review",
      "/api/all_proceedings/Y",
      "/api/delete_paper/ethics-review/3",
      "/api/logout",
      "/journal/ethics-review/download/3/paper.pdf",
      "/robots.txt",
      "/journal/ethics-review/3/cite.bib",
      "/oai",
      "/assets/entry.js",
    ]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it("drops the least recently used entries beyond its size", async () => {
    const small = createHttpApp(t.ctx, {
      pages: pagesOf(t.ctx),
      outputCache: createOutputCache(t.ctx, { maxBytes: 8_000 }),
    });
    for (const n of [1, 2, 3, 4]) await get(`/?lru=${n}`, small);
    expect((await get("/?lru=4", small)).headers["x-cache"]).toBe("hit");
    expect((await get("/?lru=1", small)).headers["x-cache"]).toBe("miss");
  });

  it("keeps a compressed copy in memory of its own size, not a view of zlib's block (decision 321)", () => {
    const page = Buffer.from("<li>A search result</li>".repeat(2_000));
    const gzip = gzipSync(page, { level: 6 });
    // zlib hands back a view of its output block, far larger than the copy
    expect(gzip.buffer.byteLength).toBeGreaterThan(gzip.byteLength);
    const kept = ownMemory(gzip);
    expect(kept.buffer.byteLength).toBe(kept.byteLength);
    expect(kept.equals(gzip)).toBe(true);
  });

  it("counts compressed copies in its size, dropping older entries for them (decision 321)", async () => {
    // an entry counts its body and 1 KiB of headers; room for two, and 10 bytes more
    const entry = Buffer.byteLength((await get("/?size-probe")).text) + 1024;
    const small = createHttpApp(t.ctx, {
      pages: pagesOf(t.ctx),
      outputCache: createOutputCache(t.ctx, { maxBytes: 2 * entry + 10 }),
    });
    await get("/?enc=a", small);
    await get("/?enc=b", small);
    expect((await get("/?enc=a", small)).headers["x-cache"]).toBe("hit");
    expect((await get("/?enc=b", small)).headers["x-cache"]).toBe("hit");
    // a's Brotli copy takes the cache past its size: b, now the least recently used, goes
    const br = await request(small).get("/?enc=a").set("Host", HOST).set("Accept-Encoding", "br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect((await get("/?enc=a", small)).headers["x-cache"]).toBe("hit");
    expect((await get("/?enc=b", small)).headers["x-cache"]).toBe("miss");
  });
});

describe(`the catalogue version on ${dialectUnderTest}`, () => {
  it("moves with every kind of catalogue write, and not with a write that fails", async () => {
    const moves = async (write: () => Promise<unknown>) => {
      const before = await currentCatalogueVersion(t.ctx);
      await write();
      return (await currentCatalogueVersion(t.ctx)) - before;
    };
    expect(
      await moves(() =>
        setPublicationStatus(t.ctx, "ethics-review", seed.draftIssueId, "published"),
      ),
    ).toBe(1);
    const info = journalStep2Schema.parse({
      journal_uri: "ethics-review",
      submission_guide: "Submit a PDF of at most 20 pages.",
      other_guide: "None.",
      journal_email: "editor@ethics.example",
      journal_cost: "None",
      contact_name: "Ada Lovelace",
      contact_email: "ada@ethics.example",
    });
    expect(await moves(() => updateJournalSubmission(t.ctx, info))).toBe(1);
    expect(await moves(() => deletePaper(t.ctx, "ethics-review", seed.paperWithoutPdfId))).toBe(1);
    const { id } = await createPartner(t.ctx, { name: "Version Partner", link: "" });
    const order = await t.ctx.db.selectFrom("partners").select("id").orderBy("position").execute();
    expect(await moves(() => reorderPartners(t.ctx, order.map((p) => p.id).reverse()))).toBe(1);
    expect(await moves(() => removePartner(t.ctx, id))).toBe(1);
    expect(await moves(() => rebuildSearchIndex(t.ctx))).toBe(1);

    // refused inside its transaction (the issue still has papers): rolled back with the bump
    expect(
      await moves(() =>
        deletePublication(t.ctx, "ethics-review", seed.issueId).catch(() => undefined),
      ),
    ).toBe(0);
  });
});

describe(`two processes on one ${dialectUnderTest} database`, () => {
  let other: { ctx: AppContext; app: Express; close: () => Promise<void> };

  beforeAll(() => {
    const handle = openDatabase(t.database);
    const ctx: AppContext = { ...t.ctx, db: handle.db };
    const app = createHttpApp(ctx, { outputCache: createOutputCache(ctx, { versionTtlMs: 0 }) });
    other = { ctx, app, close: handle.close };
  });
  afterAll(() => other.close());

  it("agree on the version: a write through one invalidates the other's cache", async () => {
    await get("/api/partners", other.app);
    expect((await get("/api/partners", other.app)).headers["x-cache"]).toBe("hit");

    await addPartner("Seen By The Other Process", app);

    const res = await get("/api/partners", other.app);
    expect(res.headers["x-cache"]).toBe("miss");
    expect(res.body.partners.map((p: { name: string }) => p.name)).toContain(
      "Seen By The Other Process",
    );
  });

  it("reusing a version for versionTtlMs, see other processes' writes that late, their own at once", async () => {
    // the version's age is read from performance.now(): a fake one, moved on by hand
    vi.useFakeTimers({ toFake: ["performance"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const lagging = createHttpApp(other.ctx, {
      outputCache: createOutputCache(other.ctx, { versionTtlMs: 1500 }),
    });
    const names = async () => {
      const res = await get("/api/partners", lagging);
      return { cache: res.headers["x-cache"], text: JSON.stringify(res.body) };
    };
    await names();
    // through the first process's services, while the fake clock stands still
    await createPartner(t.ctx, { name: "Written Elsewhere", link: "" });
    const stale = await names();
    expect(stale.cache).toBe("hit");
    expect(stale.text).not.toContain("Written Elsewhere");

    await addPartner("Written Here", lagging);
    const own = await names();
    expect(own.cache).toBe("miss");
    expect(own.text).toContain("Written Elsewhere");
    expect(own.text).toContain("Written Here");

    await createPartner(t.ctx, { name: "Written Elsewhere Again", link: "" });
    vi.advanceTimersByTime(1400);
    expect((await names()).text).not.toContain("Written Elsewhere Again");
    vi.advanceTimersByTime(200);
    const later = await names();
    expect(later.cache).toBe("miss");
    expect(later.text).toContain("Written Elsewhere Again");
  });
});

describe("the node:http front (server/main.ts)", () => {
  it("answers hits before Express with the headers of the rendered page", async () => {
    const cache = createOutputCache(t.ctx);
    const site = createHttpApp(t.ctx, { pages: pagesOf(t.ctx), outputCache: cache });
    let throughExpress = 0;
    const server = createServer((req, res) => {
      if (cache.serveFast(req, res)) return;
      throughExpress += 1;
      site(req, res);
    });
    const front = (path: string) =>
      request(server).get(path).set("Host", HOST).set("Accept-Encoding", "identity");

    const miss = await front("/?front");
    const hit = await front("/?front");
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(throughExpress).toBe(1);
    expect(hit.text).toBe(miss.text);
    for (const header of [
      "content-security-policy",
      "x-frame-options",
      "x-content-type-options",
      "etag",
      "cache-control",
      "content-type",
    ]) {
      expect(hit.headers[header], header).toBe(miss.headers[header]);
    }
    expect(scriptNonce(hit)).toBe(cspNonce(hit));
    expect((await front("/?front").set("If-None-Match", String(hit.headers.etag))).status).toBe(
      304,
    );
    expect(throughExpress).toBe(1);

    const signedIn = await front("/?front").set("Cookie", cookie);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(throughExpress).toBe(2);
  });

  it("answers hits of another language's pages before Express too, apart from English's", async () => {
    const cache = createOutputCache(t.ctx);
    const site = createHttpApp(t.ctx, { pages: pagesOf(t.ctx), outputCache: cache });
    let throughExpress = 0;
    const server = createServer((req, res) => {
      if (cache.serveFast(req, res)) return;
      throughExpress += 1;
      site(req, res);
    });
    const front = (path: string) =>
      request(server).get(path).set("Host", HOST).set("Accept-Encoding", "identity");

    const miss = await front("/es?front");
    const hit = await front("/es?front");
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(hit.text).toBe(miss.text);
    expect(throughExpress).toBe(1);
    // the same page spelt with a slash is the same entry; the English page is another one
    expect((await front("/es/?front")).headers["x-cache"]).toBe("hit");
    expect(throughExpress).toBe(1);
    expect((await front("/?front")).headers["x-cache"]).toBe("miss");
    expect(throughExpress).toBe(2);
  });
});

describe("the node:http front's answers against Express's (issue 36)", () => {
  /** Every header but the date, names lower-case, as a client reads them. */
  const headersOf = (res: request.Response) => {
    const { date: _date, ...rest } = res.headers as Record<string, string>;
    return rest;
  };

  it("carries exactly the headers Express sends for the same hit, in every case it answers", async () => {
    const cache = createOutputCache(t.ctx);
    const site = createHttpApp(t.ctx, { pages: pagesOf(t.ctx), outputCache: cache });
    let throughExpress = 0;
    const front = createServer((req, res) => {
      if (cache.serveFast(req, res)) return;
      throughExpress += 1;
      site(req, res);
    });
    // the same app and cache without the front: every hit passes the middleware stack
    const slow = createServer((req, res) => site(req, res));
    const first = await request(front).get("/?same").set("Host", HOST);
    expect(first.headers["x-cache"]).toBe("miss");
    const api = await request(front).get("/api/all_journals").set("Host", HOST);
    expect(api.headers["x-cache"]).toBe("miss");
    const etag = String(first.headers.etag);

    type Case = [string, (r: request.SuperTest<request.Test>) => request.Test];
    const cases: Case[] = [
      ["GET, identity", (r) => r.get("/?same").set("Accept-Encoding", "identity")],
      ["GET, gzip", (r) => r.get("/?same").set("Accept-Encoding", "gzip")],
      ["GET, br", (r) => r.get("/?same").set("Accept-Encoding", "gzip, deflate, br")],
      ["HEAD", (r) => r.head("/?same").set("Accept-Encoding", "identity")],
      ["HEAD, gzip", (r) => r.head("/?same").set("Accept-Encoding", "gzip")],
      [
        "If-None-Match",
        (r) => r.get("/?same").set("Accept-Encoding", "identity").set("If-None-Match", etag),
      ],
      [
        "If-None-Match, gzip",
        (r) => r.get("/?same").set("Accept-Encoding", "gzip").set("If-None-Match", etag),
      ],
      [
        "a cookie that is not a session",
        (r) => r.get("/?same").set("Accept-Encoding", "identity").set("Cookie", "theme=dark"),
      ],
      [
        "a browser's languages",
        (r) =>
          r
            .get("/?same")
            .set("Accept-Encoding", "gzip, br")
            .set("Accept-Language", "en-US,en;q=0.9")
            .set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0"),
      ],
      ["an API answer", (r) => r.get("/api/all_journals").set("Accept-Encoding", "identity")],
      ["an API answer, gzip", (r) => r.get("/api/all_journals").set("Accept-Encoding", "gzip")],
    ];
    for (const [name, make] of cases) {
      const before = throughExpress;
      const fast = await make(request(front) as never).set("Host", HOST);
      expect(throughExpress, `${name}: answered before Express`).toBe(before);
      const slowRes = await make(request(slow) as never).set("Host", HOST);
      expect(fast.status, name).toBe(slowRes.status);
      expect(fast.headers["x-cache"], name).toBe("hit");
      expect(headersOf(fast), name).toEqual(headersOf(slowRes));
      expect(fast.text, name).toBe(slowRes.text);
    }
  });
});

describe("the node:http front's access log (decision 541)", () => {
  it("writes one pino line per hit, the URL's secrets cut, as Express's log would", async () => {
    let written = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = pino({ level: "info", redact: LOG_REDACT_PATHS }, sink);
    const ctx = { ...t.ctx, log };
    const cache = createOutputCache(ctx);
    const site = createHttpApp(ctx, { pages: pagesOf(ctx), outputCache: cache });
    const front = createServer((req, res) => {
      if (!cache.serveFast(req, res)) site(req, res);
    });
    const path = "/?logged&token=s3cret";
    await request(front).get(path).set("Host", HOST);
    written = "";
    const hit = await request(front).get(path).set("Host", HOST);
    expect(hit.headers["x-cache"]).toBe("hit");
    const lines = written
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: "GET", url: "/?logged&token=[redacted]" },
      res: { statusCode: 200 },
      msg: "request completed",
    });
    expect(written).not.toContain("s3cret");
  });
});
