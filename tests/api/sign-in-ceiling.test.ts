/**
 * An account attacked from many networks (issue 30, finding 10; decision 381): each network's
 * free failures add up, so past the account's own free failures every attempt from a browser
 * that never signed in to it waits, and the owner is mailed once, through a real SMTP server.
 * The owner's own browser (it signed in before) is never held up, and the password reset link
 * clears every wait. Clients are told apart by `X-Forwarded-For` (`TRUST_PROXY=1`).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createManager } from "../helpers/account.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { mailFileContext } from "../helpers/seeded-context.ts";

const t = mailFileContext({
  TRUST_PROXY: "1",
  RATE_LIMITS: "signin_ip=1000/60,signin_email=5/900,signin_account=20/900",
});

const login = (email: string, pword: string, ip: string, cookie?: string) => {
  const req = request(t.app).post("/api/login").set("X-Forwarded-For", ip);
  if (cookie) req.set("Cookie", cookie);
  return req.send({ email, pword });
};
/** The `name=value` pairs a response sets, as a `Cookie` header. */
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([res.headers["set-cookie"]].flat() as string[]).map((c) => c.split(";")[0]).join("; ");

describe(`failed sign-ins from many networks (${dialectUnderTest})`, () => {
  it("slows an attacked account down for unknown browsers, mails the owner once, and never holds the owner up", async () => {
    const { email, password } = await createManager(t.ctx);
    // the owner's own browser signs in before the attack, and keeps its device proof
    const before = await login(email, password, "198.51.100.200");
    expect(before.status).toBe(200);
    const ownBrowser = cookiesOf(before);
    expect(ownBrowser).toContain("athenaeum_device=");

    // 40 networks, 5 guesses each: the first 20 failures are free, then every attempt waits
    const answers: number[] = [];
    for (let n = 0; n < 40; n++) {
      for (let i = 0; i < 5; i++) {
        answers.push((await login(email, `guess ${n}-${i}`, `203.0.113.${n}`)).status);
      }
    }
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers.filter((status) => status === 401)).toHaveLength(20);
    const held = await login(email, "another guess", "192.0.2.77");
    expect(held.status).toBe(429);
    expect(held.body.msg).toMatch(
      /^Too many failed sign-ins for this account\. Please try again in \d+ (seconds|minutes?), or reset your password\.$/,
    );
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);

    // the owner is told, once
    const alert = await t.mailbox.waitFor(email);
    expect(alert.subject).toBe("Failed sign-ins to your Athenaeum account");
    expect(alert.text).toContain("from 4 networks");
    expect(alert.text).toContain("/forgot-password");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mailbox.countFor(email)).toBe(1);

    // the owner's browser is not held up, even with the right password from a new network
    expect((await login(email, password, "192.0.2.99", ownBrowser)).status).toBe(200);
    // a browser that never signed in waits, even with the right password
    expect((await login(email, password, "192.0.2.100")).status).toBe(429);
    // a proof of another account, or a forged one, is no proof
    const other = await createManager(t.ctx);
    const otherBrowser = cookiesOf(await login(other.email, other.password, "192.0.2.101"));
    expect((await login(email, password, "192.0.2.101", otherBrowser)).status).toBe(429);
    const forged = `athenaeum_device=${"A".repeat(16)}.${"B".repeat(43)}`;
    expect((await login(email, password, "192.0.2.102", forged)).status).toBe(429);

    // the reset link gets the owner in anywhere, and ends the waits
    await request(t.app).post("/api/forgot_password").send({ email });
    const reset = await t.mailbox.waitFor(email, { skip: 1 });
    const token = /reset-password#([\w-]{43})/.exec(reset.text)?.[1];
    const pword = "a brand new passphrase";
    expect(
      (await request(t.app).post("/api/reset_password").send({ token, pword, cpword: pword }))
        .status,
    ).toBe(200);
    expect((await login(email, pword, "192.0.2.103")).status).toBe(200);
  });

  it("counts an unknown email like a known one, and mails nobody", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) {
      statuses.push((await login("nobody@example.org", "guess", `198.18.0.${n}`)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect((await login("NOBODY@example.org ", "guess", "198.18.1.1")).status).toBe(429);
    expect(t.mailbox.countFor("nobody@example.org")).toBe(0);
  });
});
