/**
 * A database that cannot be reached answers 503 with Retry-After (decision 130), and the probes
 * for a load balancer tell "up" from "ready". The PostgreSQL restart itself is in
 * tests/api/pg-restart.test.ts.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { UNAVAILABLE_MESSAGE } from "../../server/http/unavailable.ts";
import { registrationBody, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const expectUnavailableJson = (res: request.Response) => {
  expect(res.status).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.body).toEqual({ status: 0, msg: UNAVAILABLE_MESSAGE });
};

describe(`health probes on ${dialectUnderTest}`, () => {
  it("/healthz and /readyz answer 200 uncached while database and storage work", async () => {
    const health = await request(t.app).get("/healthz");
    expect(health.status).toBe(200);
    expect(health.text).toBe("ok");
    expect(health.headers["cache-control"]).toBe("no-store");
    const ready = await request(t.app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.text).toBe("ready");
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz is 503 naming the storage when it cannot be used; /healthz stays 200", async () => {
    // A file where the storage folder should be: nothing can be stored or read there.
    await rm(t.ctx.storage.root, { recursive: true, force: true });
    await writeFile(t.ctx.storage.root, "");
    try {
      const ready = await request(t.app).get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.text).toBe("not ready: storage not readable and writable");
      expect(ready.headers["retry-after"]).toBe("5");
      expect((await request(t.app).get("/healthz")).status).toBe(200);
    } finally {
      await rm(t.ctx.storage.root);
      await mkdir(t.ctx.storage.root, { recursive: true });
    }
  });
});

describe("PostgreSQL that cannot be reached", () => {
  // Nothing listens on this port (the test ports of decision 130); connections are refused.
  const handle = openDatabase({
    databaseUrl: "postgres://postgres@127.0.0.1:55439/none",
    timeouts: { connectMs: 1000 },
  });
  const app = () => createHttpApp({ ...t.ctx, db: handle.db, dialect: "postgres" });
  afterAll(() => handle.close());

  it("API calls answer 503 with Retry-After and the envelope, and the process lives on", async () => {
    expectUnavailableJson(await request(app()).get("/api/latest_publications"));
    expectUnavailableJson(await request(app()).post("/api/register").send(registrationBody()));
  });

  it("the sitemap, the feed, OAI and a signed-in page request answer 503 in plain text", async () => {
    // A well-formed session cookie makes every request look its session up first.
    const { cookie } = await signedInManager(t);
    for (const url of ["/sitemap.xml", "/feed.xml", "/oai?verb=Identify", "/journals"]) {
      const res = await request(app()).get(url).set("Cookie", cookie);
      expect(res.status, url).toBe(503);
      expect(res.headers["retry-after"], url).toBe("5");
      expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
      expect(res.text, url).toBe(UNAVAILABLE_MESSAGE);
    }
  });

  it("/readyz is 503 naming the database; /healthz stays 200", async () => {
    const ready = await request(app()).get("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.text).toBe("not ready: database unreachable");
    expect((await request(app()).get("/healthz")).text).toBe("ok");
  });
});

describe.skipIf(dialectUnderTest !== "sqlite")("SQLite locked by another process", () => {
  let other: DatabaseSync | undefined;
  afterEach(() => {
    other?.close();
    other = undefined;
  });

  it("a write that waits past busy_timeout answers 503, reads go on, and writes work after", async () => {
    await sql`PRAGMA busy_timeout = 100`.execute(t.ctx.db);
    try {
      other = new DatabaseSync(path.join(t.dataDir, "athenaeum.sqlite"));
      other.exec("BEGIN IMMEDIATE");
      expectUnavailableJson(await request(t.app).post("/api/register").send(registrationBody()));
      expect((await request(t.app).get("/api/latest_publications")).status).toBe(200);
      other.exec("ROLLBACK");
      const res = await request(t.app).post("/api/register").send(registrationBody());
      expect(res.status).toBe(201);
    } finally {
      await sql`PRAGMA busy_timeout = 5000`.execute(t.ctx.db);
    }
  });
});
