/**
 * Request lines in the forms RFC 9112 section 3.2 allows besides origin-form answer 4xx, never 500
 * (issue 15, decision 264): absolute-form (`GET http://host/path HTTP/1.1`, meant for proxies) and
 * asterisk-form (`OPTIONS * HTTP/1.1`), sent as raw bytes so no client library rewrites them.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { sendRaw } from "../helpers/fuzz.ts";

let t: TestContext;
let server: ReturnType<TestContext["app"]["listen"]>;
let port: number;

beforeAll(async () => {
  t = await createTestContext();
  server = await new Promise((resolve) => {
    const s = t.app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const send = (method: string, target: string) =>
  sendRaw(port, {
    method,
    target,
    headers: [["Host", `127.0.0.1:${port}`]],
    body: Buffer.alloc(0),
    shortBody: false,
  });

describe(`request-target forms (${dialectUnderTest})`, () => {
  for (const [method, target] of [
    ["GET", "http://127.0.0.1/"],
    ["GET", "http://127.0.0.1/api/all_journals"],
    ["GET", "http://evil.example/journal/x"],
    ["HEAD", "https://127.0.0.1/feed.xml"],
    ["POST", "http://127.0.0.1/api/login"],
    ["GET", "//evil.example/x"],
    ["OPTIONS", "*"],
    ["GET", "*"],
    ["OPTIONS", "*/api"],
  ] as const) {
    it(`${method} ${target} answers 4xx`, async () => {
      const status = await send(method, target);
      expect(status).not.toBe("closed");
      expect(status as number).toBeGreaterThanOrEqual(400);
      expect(status as number).toBeLessThan(500);
    });
  }
});
