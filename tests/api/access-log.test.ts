/**
 * What the access log shows (issue 15; docs/decisions/263-links-and-logs.md): no token of any
 * link, and a cross-site refusal as a warning, not an error. The app logs through a pino logger
 * writing into memory; each line is parsed as JSON.
 */
import { Writable } from "node:stream";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { loggableUrl, REDACTED } from "../../server/http/log-url.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

let t: TestContext;
let app: ReturnType<typeof createHttpApp>;
let lines: { level: number; msg: string; req?: { url: string } }[] = [];
let raw = "";

beforeAll(async () => {
  t = await createTestContext();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = createHttpApp({ ...t.ctx, log: pino({ level: "info" }, sink) });
});
afterAll(() => t?.close());

const SECRET = "Zq3xV9sEcReT0kEnAbCdEfGhIjKlMnOpQrStUvWxYz0";

describe(`the access log (${dialectUnderTest})`, () => {
  it("never shows a token of an invitation, reset, confirmation or SUSHI link", async () => {
    raw = "";
    for (const path of [
      `/api/invitation/${SECRET}`,
      `/registration?invite=${SECRET}`,
      `/registration?x=1&invite=${SECRET}&y=2`,
      `/confirm-admin?token=${SECRET}`,
      `/reset-password?token=${SECRET}`,
      `/sushi/r51/reports?customer_id=0000000000000000&api_key=${SECRET}`,
      `/api/anything?Reset_Token=${SECRET}`,
      `/api/anything?%74oken=${SECRET}`,
    ]) {
      await request(app).get(path);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(raw).not.toContain(SECRET);
    expect(raw).toContain(`/api/invitation/${REDACTED}`);
    expect(raw).toContain(`/registration?x=1&invite=${REDACTED}&y=2`);
  });

  it("logs a cross-site refusal as a warning, never an error", async () => {
    lines = [];
    const res = await request(app)
      .post("/api/login")
      .set("Sec-Fetch-Site", "cross-site")
      .send({ email: "a@example.org", pword: "whatever at all" });
    expect(res.status).toBe(403);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.level === 40 && /cross-site/.test(l.msg))).toBe(true);
  });
});

describe("loggableUrl", () => {
  it("keeps what carries no secret", () => {
    expect(loggableUrl("/journal/x/1?q=ethics&page=2")).toBe("/journal/x/1?q=ethics&page=2");
    expect(loggableUrl("/api/invitations")).toBe("/api/invitations");
  });
  it("redacts full URLs and fragments too", () => {
    expect(loggableUrl(`http://h/api/invitation/${SECRET}?a=1`)).toBe(
      `http://h/api/invitation/${REDACTED}?a=1`,
    );
    expect(loggableUrl(`/reset-password#${SECRET}`)).toBe(`/reset-password#${REDACTED}`);
    expect(loggableUrl(`/x?invite=${SECRET}#${SECRET}`)).toBe(`/x?invite=${REDACTED}#${REDACTED}`);
  });
});
