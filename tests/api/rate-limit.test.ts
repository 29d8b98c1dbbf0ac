import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { createManager, registrationBody } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

describe(`sign-in limits (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMITS: "signin_ip=4/60,signin_email=2/900" });
  });
  afterAll(() => t.close());

  it("refuses an IP's sign-in attempts beyond the limit with 429 and Retry-After", async () => {
    const { email, password } = await createManager(t.ctx);
    const attempt = (ip: string) =>
      request(t.app)
        .post("/api/login")
        .set("X-Forwarded-For", ip) // ignored: TRUST_PROXY is 0, every request is 127.0.0.1
        .send({ email, pword: password });
    for (let i = 0; i < 4; i++) expect((await attempt(`10.0.0.${i}`)).status).toBe(200);
    const refused = await attempt("10.0.0.99");
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe(0);
    expect(refused.body.msg).toMatch(
      /^Too many sign-in attempts\. Please try again in (\d+ seconds?|1 minute)\.$/,
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});

describe(`failed sign-ins per account and IP (${dialectUnderTest})`, () => {
  // decision 197: the per-account lock of decision 023 let anyone lock a manager out; the
  // failures now slow down one (account, IP) pair (more in tests/api/account-recovery.test.ts)
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMITS: "signin_ip=100/60,signin_email=3/900" });
  });
  afterAll(() => t.close());

  const login = (email: string, pword: string) =>
    request(t.app).post("/api/login").send({ email, pword });

  it("makes the pair wait after its free failures, even for the right password", async () => {
    const { email, password } = await createManager(t.ctx);
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong password")).status).toBe(401);
    const held = await login(email, password);
    expect(held.status).toBe(429);
    expect(held.body.msg).toBe(
      "Too many failed sign-ins for this account from your network. Please try again in 30 seconds, or reset your password.",
    );
    expect(Number(held.headers["retry-after"])).toBe(30);
    // other accounts are not affected
    const other = await createManager(t.ctx);
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it("counts an unknown email like a known one", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login("nobody@example.org", "wrong password")).status).toBe(401);
    }
    expect((await login("NOBODY@example.org", "wrong password")).status).toBe(429);
  });

  it("resets the failures after a successful sign-in", async () => {
    const { email, password } = await createManager(t.ctx);
    expect((await login(email, "wrong password")).status).toBe(401);
    expect((await login(email, "wrong password")).status).toBe(401);
    expect((await login(email, password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(email, "wrong password")).status).toBe(401);
    expect((await login(email, password)).status).toBe(429);
  });
});

describe(`registration limit (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMITS: "register_ip=2/3600" });
  });
  afterAll(() => t.close());

  it("refuses an IP's registrations beyond the limit with 429 and Retry-After", async () => {
    const register = (body: object) => request(t.app).post("/api/register").send(body);
    expect((await register(registrationBody())).status).toBe(201);
    expect((await register(registrationBody({ admincode: "guess" }))).status).toBe(403);
    const refused = await register(registrationBody());
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(
      "Too many registration attempts. Please try again in 60 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
  });
});

describe(`limits shared by several servers (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMITS: "signin_ip=3/60" });
  });
  afterAll(() => t.close());

  it.runIf(dialectUnderTest === "postgres")(
    "counts attempts made on two servers of one PostgreSQL database together",
    async () => {
      const { email, password } = await createManager(t.ctx);
      const second = createHttpApp(t.ctx); // another server process, as far as limits go
      const attempt = (app: typeof t.app) =>
        request(app).post("/api/login").send({ email, pword: password });
      expect((await attempt(t.app)).status).toBe(200);
      expect((await attempt(second)).status).toBe(200);
      expect((await attempt(t.app)).status).toBe(200);
      expect((await attempt(second)).status).toBe(429);
      const rows = await sql<{ n: string }>`select count(*) as n from rate_limits`.execute(
        t.ctx.db,
      );
      expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
    },
  );

  it.runIf(dialectUnderTest === "sqlite")("counts in the memory of each server", async () => {
    const { email, password } = await createManager(t.ctx);
    const second = createHttpApp(t.ctx);
    const attempt = (app: typeof t.app) =>
      request(app).post("/api/login").send({ email, pword: password });
    for (let i = 0; i < 3; i++) expect((await attempt(t.app)).status).toBe(200);
    expect((await attempt(t.app)).status).toBe(429);
    expect((await attempt(second)).status).toBe(200);
  });
});
