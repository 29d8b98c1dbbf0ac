/**
 * Paths the URL Standard reads as other paths answer 400, never 500 (issue 30, decision 395):
 * `GET /%09//a:b` reached React Router, which parses each matched path again
 * (`encodeLocation`); the WHATWG parser drops the tab, reads `//a:b` as a host with the port
 * `b` and throws. The class (control characters, tabs before `//`, backslashes, scheme-like
 * segments after them) is refused before the output cache, the routers and the pages alike, so
 * the fast path and Express agree. Sent with node:http, which sends a path as given (fetch would
 * normalise it first).
 */
import { request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATH_CHARACTER_MSG } from "../../server/http/client-errors.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { listenWithPages } from "../helpers/router-pages.ts";

let t: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestContext();
  ({ server, port } = await listenWithPages(t.ctx));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

type Answer = { status: number; cache: string | undefined; body: string };

/** `method path` exactly as written, to the site with its pages and output cache. */
function send(path: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`paths the URL Standard reads as other paths (${dialectUnderTest})`, () => {
  it("GET /%09//a:b answers 400 with the reason, not 500", async () => {
    const answer = await send("/%09//a:b");
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(PATH_CHARACTER_MSG);
  });

  for (const path of [
    "/%09/a:b",
    "/%09/",
    "/%09///",
    "/%09%09/a:b",
    "/%09%5C",
    "/%09\\a:b",
    "/%09//evil.example/x",
    "/%0A//a:b",
    "/%0D%0A/a:b",
    "/%00",
    "/%7F/x",
    "/%C2%85/x",
    "/%5C/a:b",
    "/\\\\a:b",
    "/journal/%09",
    "/journal/x%5Cy",
    "/journal/ethics%0A/1",
    "/api/get_journal/%09",
    "/files/covers/%00.webp",
  ]) {
    it(`GET ${path} answers 400`, async () => {
      expect((await send(path)).status).toBe(400);
    });
  }

  it("the same paths are 400 for every method", async () => {
    for (const method of ["HEAD", "POST", "DELETE", "OPTIONS"]) {
      expect((await send("/%09//a:b", method)).status).toBe(400);
    }
  });

  it("addresses with colons, spaces and non-ASCII letters are still pages", async () => {
    expect((await send("/journal/a:b")).status).toBe(200);
    expect((await send("/journal/caf%C3%A9")).status).toBe(200);
    expect((await send("/journal/a%20b")).status).toBe(200);
    expect((await send("//a:b")).status).toBe(404);
  });

  it("the output cache's fast path agrees with the app: a kept page's neighbours stay 400", async () => {
    expect((await send("/journal/kept")).cache).toBe("miss");
    expect((await send("/journal/kept")).cache).toBe("hit");
    for (const path of ["/journal/kept%09", "/%09/journal/kept", "/journal%5Ckept"]) {
      const answer = await send(path);
      expect(answer.status).toBe(400);
      expect(answer.cache).toBeUndefined();
    }
    expect((await send("/journal/kept")).cache).toBe("hit");
  });
});
