/**
 * Issue 7: each of the five causes of 500s found by fuzzing, now a 4xx with a clear message;
 * the Host a response is built from (docs/decisions/140-host-trust.md); one log line, never a
 * stack, for an expected 4xx.
 */
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeResumptionToken } from "../../server/features/oai/oai-token.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

let t: TestContext;
let cookie: string;

beforeAll(async () => {
  t = await createTestContext();
  cookie = (await signedInManager(t)).cookie;
});
afterAll(() => t?.close());

const json = "application/json";

describe(`bad requests get a 4xx (${dialectUnderTest})`, () => {
  it("malformed %-encoding in a path is a 400, in the envelope under /api", async () => {
    const api = await request(t.app).get("/api/get_journal/%ff");
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ status: 0, msg: "The address contains malformed %-encoding." });
    for (const path of ["/journal/%ff/1", "/files/%e2%28", "/journal/a/download/1/%c0.pdf", "/%"]) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.text).toBe("The address contains malformed %-encoding.");
    }
  });

  it("a JSON body in another charset is a 415, a bad Content-Encoding a 400 or 415", async () => {
    const post = () => request(t.app).post("/api/login").set("Sec-Fetch-Site", "same-origin");
    const charset = await post().set("Content-Type", `${json}; charset=klingon`).send("{}");
    expect(charset.status).toBe(415);
    expect(charset.body.msg).toMatch(/charset "klingon" is not supported/);

    const notGzip = await post()
      .set("Content-Type", json)
      .set("Content-Encoding", "gzip")
      .send('{"email":"a"}');
    expect(notGzip.status).toBe(400);
    expect(notGzip.body).toEqual({
      status: 0,
      msg: "The request body does not match its Content-Encoding.",
    });

    const unknown = await post()
      .set("Content-Type", json)
      .set("Content-Encoding", "zorg")
      .send("{}");
    expect(unknown.status).toBe(415);
    expect(unknown.body.msg).toMatch(/Content-Encoding "zorg" is not supported/);

    const truncated = await post().set("Content-Type", json).send('{"email": "a');
    expect(truncated.status).toBe(400);
    expect(truncated.body.msg).toBe("The request body is not valid JSON.");

    // a real gzip body is still read
    const gzipped = await post()
      .set("Content-Type", json)
      .set("Content-Encoding", "gzip")
      .serialize((body: unknown) => body as string) // send the bytes as they are
      .send(gzipSync('{"email":"nobody@example.org","pword":"wrong password"}'));
    expect(gzipped.status).toBe(401);
  });

  it("multipart without a boundary, with a malformed part or cut short is a 400", async () => {
    const post = (contentType: string, body: string) =>
      request(t.app)
        .post("/api/create_publication/no-such-journal")
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "same-origin")
        .set("Content-Type", contentType)
        .send(body);
    const cases = [
      post("multipart/form-data", "junk"),
      post("multipart/form-data; boundary=b", "--b\r\nno header end"),
      post(
        "multipart/form-data; boundary=b",
        '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc',
      ),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.msg).toMatch(/^The multipart body is malformed: /);
    }
  });

  it("a Host header no URL can be built from is a 400 everywhere", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/oai?verb=Identify", "/api/all_journals"]) {
      for (const host of ["[", "a b", "x@evil.example", "evil.example/path", ""]) {
        const res = await request(t.app).get(path).set("Host", host);
        expect(res.status, `${path} Host: ${host}`).toBe(400);
      }
    }
  });

  it("OAI verbs named after Object.prototype members are badVerb", async () => {
    for (const verb of ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"]) {
      const res = await request(t.app).get(`/oai?verb=${verb}`);
      expect(res.status, verb).toBe(200);
      expect(res.text).toContain('<error code="badVerb">');
    }
  });

  it("a resumption token this server did not sign, or one with objects inside, is refused", async () => {
    const secret = t.ctx.config.sessionSecret;
    const forged = [
      Buffer.from(JSON.stringify({ after: 0, set: { a: 1 } })).toString("base64url"),
      encodeResumptionToken({ after: 0 }, "another secret of at least 32 characters"),
      `${encodeResumptionToken({ after: 0 }, secret)}x`,
      // signed, but a field of the wrong shape
      encodeResumptionToken({ after: 0, set: { a: 1 } } as never, secret),
      encodeResumptionToken({ after: -1 }, secret),
    ];
    for (const token of forged) {
      const res = await request(t.app).get(
        `/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`,
      );
      expect(res.status).toBe(200);
      expect(res.text).toContain('<error code="badResumptionToken">');
    }
  });
});

describe("the Host a response is built from", () => {
  const FOREIGN = "evil.example";
  const paths = ["/robots.txt", "/sitemap.xml", "/feed.xml", "/oai?verb=Identify"];

  async function withEnv(env: Record<string, string>, run: (c: TestContext) => Promise<void>) {
    const c = await createTestContext(env);
    try {
      await run(c);
    } finally {
      await c.close();
    }
  }

  it("production without PUBLIC_URL or ALLOWED_HOSTS answers loopback names only", async () => {
    await withEnv({ NODE_ENV: "production" }, async (c) => {
      for (const path of paths) {
        const foreign = await request(c.app).get(path).set("Host", FOREIGN);
        expect(foreign.status).toBe(400);
        expect(foreign.text).not.toContain(FOREIGN);
        const local = await request(c.app).get(path).set("Host", "localhost:3000");
        expect(local.status).toBe(200);
      }
      const robots = await request(c.app).get("/robots.txt").set("Host", "127.0.0.1:8080");
      expect(robots.text).toContain("Sitemap: http://127.0.0.1:8080/sitemap.xml");
    });
  });

  it("ALLOWED_HOSTS answers its hosts (and trusted proxies' X-Forwarded-Host) only", async () => {
    await withEnv(
      { NODE_ENV: "production", ALLOWED_HOSTS: "journals.example.edu, alt.example.edu:8443" },
      async (c) => {
        const ok = await request(c.app).get("/robots.txt").set("Host", "Journals.Example.Edu");
        expect(ok.status).toBe(200);
        expect(ok.text).toContain("Sitemap: http://journals.example.edu/sitemap.xml");
        expect(
          (await request(c.app).get("/robots.txt").set("Host", "alt.example.edu:8443")).status,
        ).toBe(200);
        expect(
          (await request(c.app).get("/robots.txt").set("Host", "alt.example.edu")).status,
        ).toBe(400);
        for (const path of paths) {
          const res = await request(c.app).get(path).set("Host", FOREIGN);
          expect(res.status).toBe(400);
          expect(res.text).not.toContain(FOREIGN);
        }
        // TRUST_PROXY is 0: a forwarded host is not even looked at
        const forwarded = await request(c.app)
          .get("/robots.txt")
          .set("Host", "journals.example.edu")
          .set("X-Forwarded-Host", FOREIGN);
        expect(forwarded.status).toBe(200);
        expect(forwarded.text).not.toContain(FOREIGN);
      },
    );
  });

  it("with PUBLIC_URL a foreign Host never appears in a response body", async () => {
    await withEnv(
      { NODE_ENV: "production", PUBLIC_URL: "https://journals.example.edu" },
      async (c) => {
        for (const path of paths) {
          const res = await request(c.app).get(path).set("Host", FOREIGN);
          expect(res.status).toBe(200);
          expect(res.text).toContain("journals.example.edu");
          expect(res.text).not.toContain(FOREIGN);
        }
      },
    );
  });
});

describe("logging of expected 4xx", () => {
  it("is one line per request, never a stack trace", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).trim().split("\n"));
        done();
      },
    });
    const stderr: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => stderr.push(args.join(" "));
    try {
      const app = createHttpApp({ ...t.ctx, log: pino({ level: "info" }, sink) });
      // Express's own final handler stays quiet under "test"; make it speak as in production
      app.set("env", "production");
      expect((await request(app).get("/files/../../etc/passwd")).status).toBe(403);
      expect((await request(app).get("/files/.secret")).status).toBe(403);
      expect((await request(app).get("/files/covers/none.webp")).status).toBe(404);
      expect(
        (await request(app).post("/api/login").set("Content-Type", json).send("{")).status,
      ).toBe(400);
      expect((await request(app).get("/api/get_journal/%ff")).status).toBe(400);
    } finally {
      console.error = original;
    }
    expect(stderr).toEqual([]);
    const text = lines.join("\n");
    expect(text).not.toMatch(/"stack"|\n\s+at /);
    expect(text).not.toContain('"level":50');
  });
});
