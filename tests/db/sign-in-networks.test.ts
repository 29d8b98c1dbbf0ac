/**
 * Failed sign-ins count an IPv6 client per /64 (issue 15, decision 264): addresses of one /64
 * share one count, another /64 and IPv4 clients keep their own; the per-IP attempt limits of
 * sign-in, registration and reset requests count the same way.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertMayTrySignIn,
  clearSignInFailures,
  recordSignInFailure,
} from "../../server/features/accounts/sign-in-failures.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

let t: TestContext;
/** An attempt on `email` from `ip` by a browser that never signed in to it. */
const from = (email: string, ip: string) => ({ email, ip, knownDevice: false });
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMITS: "signin_email=3/900" });
});
afterAll(() => t?.close());

describe(`sign-in failures per client network (${dialectUnderTest})`, () => {
  it("counts the addresses of one IPv6 /64 together", async () => {
    const email = "victim@example.org";
    for (const n of [1, 2, 3]) await recordSignInFailure(t.ctx, from(email, `2001:db8:5:6::${n}`));
    // a fresh address in the same /64 waits too
    await expect(
      assertMayTrySignIn(t.ctx, from(email, "2001:db8:5:6:abcd::1")),
    ).rejects.toMatchObject({
      kind: "rate_limited",
    });
    // another /64, and an IPv4 client, do not
    await expect(
      assertMayTrySignIn(t.ctx, from(email, "2001:db8:5:7::1")),
    ).resolves.toBeUndefined();
    await expect(assertMayTrySignIn(t.ctx, from(email, "192.0.2.1"))).resolves.toBeUndefined();
    // a success from any address of the /64 clears the /64's count
    await clearSignInFailures(t.ctx, from(email, "2001:db8:5:6::99"));
    await expect(
      assertMayTrySignIn(t.ctx, from(email, "2001:db8:5:6::1")),
    ).resolves.toBeUndefined();
  });

  it("counts an IPv4-mapped address as its IPv4 address, IPv4 per address", async () => {
    const email = "second@example.org";
    for (let i = 0; i < 3; i++)
      await recordSignInFailure(t.ctx, from(email, "::ffff:198.51.100.7"));
    await expect(assertMayTrySignIn(t.ctx, from(email, "198.51.100.7"))).rejects.toMatchObject({
      kind: "rate_limited",
    });
    await expect(assertMayTrySignIn(t.ctx, from(email, "198.51.100.8"))).resolves.toBeUndefined();
  });
});

describe(`per-network attempt limits over HTTP (${dialectUnderTest})`, () => {
  let h: TestContext;
  beforeAll(async () => {
    // clients told apart by X-Forwarded-For
    h = await createTestContext({ RATE_LIMITS: "signin_ip=3/60", TRUST_PROXY: "1" });
  });
  afterAll(() => h?.close());

  it("counts the sign-in attempts of one IPv6 /64 together", async () => {
    const attempt = (ip: string) =>
      request(h.app)
        .post("/api/login")
        .set("X-Forwarded-For", ip)
        .send({ email: "someone@example.org", pword: "not the password" });
    for (const n of [1, 2, 3]) expect((await attempt(`2001:db8:9:9::${n}`)).status).toBe(401);
    expect((await attempt("2001:db8:9:9:ffff::1")).status).toBe(429);
    expect((await attempt("2001:db8:9:a::1")).status).toBe(401);
  });
});
