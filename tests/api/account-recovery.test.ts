/**
 * Account recovery and mail (issue 8): reset links mailed through a real SMTP server in this
 * process, single use and expiry, the same answer for unknown addresses, failed sign-ins counted
 * per account and IP, a completed reset getting the owner back in, and the dashboard's own name
 * and password calls.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_LINK_INVALID_MSG,
  RESET_REQUESTED_MSG,
} from "../../server/features/accounts/password-reset.ts";
import { sendMail } from "../../server/services/mail.ts";
import { createManager, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { resetTokenIn } from "../helpers/mailbox.ts";
import { mailFileContext } from "../helpers/seeded-context.ts";

const NEW_PASSWORD = "a brand new passphrase";

describe(`password reset by email (${dialectUnderTest})`, () => {
  const t = mailFileContext({
    MAIL_FROM: "Journals <journals@example.edu>",
    PUBLIC_URL: "https://journals.example.edu",
    // clients are told apart by X-Forwarded-For
    TRUST_PROXY: "1",
    RATE_LIMITS: "signin_ip=1000/60,signin_email=3/900,reset_ip=1000/3600",
  });

  const from = (ip: string) => ({
    login: (email: string, pword: string) =>
      request(t.app).post("/api/login").set("X-Forwarded-For", ip).send({ email, pword }),
    forgot: (email: string) =>
      request(t.app).post("/api/forgot_password").set("X-Forwarded-For", ip).send({ email }),
  });
  const reset = (token: string, pword = NEW_PASSWORD, cpword = pword) =>
    request(t.app).post("/api/reset_password").send({ token, pword, cpword });

  async function mailedToken(email: string, skip = 0): Promise<string> {
    const mail = await t.mailbox.waitFor(email, { skip });
    return resetTokenIn(mail.text);
  }

  it("mails a link to the account's address, which sets the password once and ends every session", async () => {
    const { user, email, password, cookie } = await signedInManager(t);
    const answer = await from("10.0.0.1").forgot(email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 1, msg: RESET_REQUESTED_MSG });

    const mail = await t.mailbox.waitFor(email);
    expect(mail.subject).toBe("Reset your Athenaeum password");
    expect(mail.from).toBe("journals@example.edu");
    expect(mail.text).toContain(`Hello ${user.first_name} ${user.last_name},`);
    expect(mail.text).toMatch(/https:\/\/journals\.example\.edu\/reset-password#[\w-]{43}/);
    const token = resetTokenIn(mail.text);
    // only a hash of the token is stored
    const rows = await t.ctx.db.selectFrom("password_resets").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await request(t.app).post("/api/check_reset_link").send({ token })).status).toBe(200);
    // the password rules of registration
    const short = await reset(token, "short", "short");
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe("Your password must be at least 8 characters long.");
    const differ = await reset(token, NEW_PASSWORD, "something else");
    expect(differ.body.msg).toBe("Passwords you entered do not match!");

    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(done.body.u_name).toBe("Ada Lovelace");
    const newCookie = String(done.headers["set-cookie"]).split(";")[0]!;
    // the old session has ended; the new one works
    const nav = (c: string) =>
      request(t.app).get("/api/dashboard/admin_nav_items").set("Cookie", c);
    expect((await nav(cookie)).status).toBe(401);
    expect((await nav(newCookie)).status).toBe(200);
    // the old password is gone, the new one signs in
    expect((await from("10.0.0.1").login(email, password)).status).toBe(401);
    expect((await from("10.0.0.1").login(email, NEW_PASSWORD)).status).toBe(200);

    // single use
    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(RESET_LINK_INVALID_MSG);
    expect((await request(t.app).post("/api/check_reset_link").send({ token })).status).toBe(400);
    expect((await from("10.0.0.1").login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a link after its hour", async () => {
    const { email } = await createManager(t.ctx);
    await from("10.0.0.2").forgot(email);
    const token = await mailedToken(email);
    // an hour and a second later: move the row's expiry into the past instead of waiting
    await t.ctx.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    const late = await reset(token);
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe(RESET_LINK_INVALID_MSG);
    const check = await request(t.app).post("/api/check_reset_link").send({ token });
    expect(check.body).toEqual({ status: 0, msg: RESET_LINK_INVALID_MSG });
  });

  it("stores links that expire one hour after the request", async () => {
    const { user, email } = await createManager(t.ctx);
    await from("10.0.0.3").forgot(email);
    await t.mailbox.waitFor(email);
    const row = await t.ctx.db
      .selectFrom("password_resets")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(ttl).toBe(60 * 60 * 1000);
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const { email } = await createManager(t.ctx);
    const known = await from("10.0.0.4").forgot(email);
    const unknown = await from("10.0.0.4").forgot("nobody.here@example.org");
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await t.mailbox.waitFor(email);
    expect(t.mailbox.countFor("nobody.here@example.org")).toBe(0);
    // a malformed address is the caller's mistake, not a secret
    const bad = await from("10.0.0.4").forgot("not an address");
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Please enter a valid email address.");
  });

  it("mails at most 3 links an hour to one account, answering the same", async () => {
    const { email } = await createManager(t.ctx);
    for (let i = 0; i < 5; i++) {
      expect((await from("10.0.0.5").forgot(email)).body.msg).toBe(RESET_REQUESTED_MSG);
    }
    await t.mailbox.waitFor(email, { skip: 2 });
    expect(await t.ctx.db.selectFrom("password_resets").select("id").execute()).not.toHaveLength(0);
    expect(t.mailbox.countFor(email)).toBe(3);
  });

  it("voids the account's other links when one is used", async () => {
    const { email } = await createManager(t.ctx);
    await from("10.0.0.6").forgot(email);
    const first = await mailedToken(email);
    await from("10.0.0.6").forgot(email);
    const second = await mailedToken(email, 1);
    expect((await reset(second)).status).toBe(200);
    expect((await reset(first, "another good passphrase")).body.msg).toBe(RESET_LINK_INVALID_MSG);
  });

  it("slows failed sign-ins per account and IP: another IP is not held up by an attacker", async () => {
    const { email, password } = await createManager(t.ctx);
    const attacker = from("203.0.113.7");
    // 3 free failures (signin_email=3/900), then waits that grow
    for (let i = 0; i < 3; i++) expect((await attacker.login(email, "guess")).status).toBe(401);
    const refused = await attacker.login(email, password);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(
      "Too many failed sign-ins for this account from your network. Please try again in 30 seconds, or reset your password.",
    );
    expect(Number(refused.headers["retry-after"])).toBe(30);
    // the owner, elsewhere, signs in at once
    expect((await from("198.51.100.20").login(email, password)).status).toBe(200);

    // after the wait, one more failure doubles it
    const pass = () =>
      t.ctx.db
        .updateTable("sign_in_failures")
        .set({ retry_at: new Date(Date.now() - 1000).toISOString() })
        .where("ip", "=", "203.0.113.7")
        .execute();
    await pass();
    expect((await attacker.login(email, "guess")).status).toBe(401);
    expect(Number((await attacker.login(email, "guess")).headers["retry-after"])).toBe(60);
    await pass();
    expect((await attacker.login(email, "guess")).status).toBe(401);
    expect(Number((await attacker.login(email, "guess")).headers["retry-after"])).toBe(120);
    // the pair is counted in the database, shared by every server
    const rows = await t.ctx.db.selectFrom("sign_in_failures").selectAll().execute();
    expect(rows.find((r) => r.ip === "203.0.113.7")?.failures).toBe(5);
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it("counts an unknown email like a known one", async () => {
    const attacker = from("203.0.113.8");
    for (let i = 0; i < 3; i++) {
      expect((await attacker.login("nobody@example.org", "guess")).status).toBe(401);
    }
    expect((await attacker.login("NOBODY@example.org", "guess")).status).toBe(429);
  });

  it("lets the owner who resets back in, even from the attacker's network", async () => {
    const { email, password } = await createManager(t.ctx);
    const shared = from("192.0.2.50"); // the attacker and the owner behind one address
    for (let i = 0; i < 3; i++) expect((await shared.login(email, "guess")).status).toBe(401);
    expect((await shared.login(email, password)).status).toBe(429);

    expect((await shared.forgot(email)).status).toBe(200);
    const done = await reset(await mailedToken(email));
    expect(done.status).toBe(200);
    // the reset cleared the account's failures: a sign-in from the same IP goes through
    expect((await shared.login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a successful sign-in clears only its own pair", async () => {
    const { email, password } = await createManager(t.ctx);
    for (let i = 0; i < 2; i++) await from("10.1.0.1").login(email, "guess");
    for (let i = 0; i < 2; i++) await from("10.1.0.2").login(email, "guess");
    expect((await from("10.1.0.1").login(email, password)).status).toBe(200);
    // 10.1.0.2 still has its two failures: the third makes it wait
    expect((await from("10.1.0.2").login(email, "guess")).status).toBe(401);
    expect((await from("10.1.0.2").login(email, password)).status).toBe(429);
    expect((await from("10.1.0.1").login(email, password)).status).toBe(200);
  });
});

describe(`own name and password on the dashboard (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      TRUST_PROXY: "1",
      RATE_LIMITS: "signin_ip=1000/60,signin_email=3/900",
    });
  });
  afterAll(() => t.close());

  it("reads and renames the signed-in manager only", async () => {
    const { email, cookie } = await signedInManager(t);
    const read = await request(t.app).get("/api/dashboard/account").set("Cookie", cookie);
    expect(read.body.account).toEqual({ fname: "Ada", lname: "Lovelace", email, locale: "en" });
    expect((await request(t.app).get("/api/dashboard/account")).status).toBe(401);

    const rename = (body: object, c = cookie) =>
      request(t.app).post("/api/update_account").set("Cookie", c).send(body);
    const empty = await rename({ fname: "  ", lname: "Byron" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ fname: "Please enter your first name." });
    const ok = await rename({ fname: " Augusta Ada ", lname: "King" });
    expect(ok.status).toBe(200);
    expect(ok.body.u_name).toBe("Augusta Ada King");
    const nav = await request(t.app).get("/api/dashboard/admin_nav_items").set("Cookie", cookie);
    expect(nav.body.nav_items.u_name).toBe("Augusta Ada King");
    // another site cannot rename anyone
    const forged = await request(t.app)
      .post("/api/update_account")
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "cross-site")
      .send({ fname: "Mallory", lname: "X" });
    expect(forged.status).toBe(403);
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const { email, password, cookie, user } = await signedInManager(t);
    const { sessionCookie } = await import("../helpers/account.ts");
    const otherDevice = await sessionCookie(t.ctx, user.id);
    const change = (body: object, c = cookie) =>
      request(t.app)
        .post("/api/change_password")
        .set("Cookie", c)
        .set("X-Forwarded-For", "10.9.0.1")
        .send(body);

    const wrong = await change({
      current: "not it at all",
      pword: NEW_PASSWORD,
      cpword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current: "Your current password is not correct." });
    const differ = await change({ current: password, pword: NEW_PASSWORD, cpword: "other one!" });
    expect(differ.body.msg).toBe("Passwords you entered do not match!");
    const short = await change({ current: password, pword: "short", cpword: "short" });
    expect(short.body.msg).toBe("Your password must be at least 8 characters long.");

    const ok = await change({ current: password, pword: NEW_PASSWORD, cpword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    const nav = (c: string) =>
      request(t.app).get("/api/dashboard/admin_nav_items").set("Cookie", c);
    expect((await nav(cookie)).status).toBe(200);
    expect((await nav(otherDevice)).status).toBe(401);
    const login = (pword: string) =>
      request(t.app).post("/api/login").set("X-Forwarded-For", "10.9.0.2").send({ email, pword });
    expect((await login(password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it("slows down guessing the current password with a stolen session", async () => {
    const { cookie, password } = await signedInManager(t);
    const change = (current: string) =>
      request(t.app)
        .post("/api/change_password")
        .set("Cookie", cookie)
        .set("X-Forwarded-For", "10.9.0.3")
        .send({ current, pword: NEW_PASSWORD, cpword: NEW_PASSWORD });
    for (let i = 0; i < 3; i++) expect((await change("guess")).status).toBe(400);
    expect((await change(password)).status).toBe(429);
  });
});

describe(`mail without SMTP_URL (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("writes the message to DATA_DIR/outbox as .eml", async () => {
    await sendMail(t.ctx, { to: "ada@example.org", subject: "Hello", text: "A line of text." });
    const dir = path.join(t.dataDir, "outbox");
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), "utf8");
    expect(eml).toMatch(/^To: ada@example\.org$/m);
    expect(eml).toMatch(/^Subject: Hello$/m);
    expect(eml).toMatch(/^From: "?Athenaeum"? <no-reply@localhost>$/m);
    expect(eml).toContain("A line of text.");
  });
});

describe(`a mail server that refuses (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    // nothing listens on port 9 (discard) here: the connection is refused
    t = await createTestContext({ SMTP_URL: "smtp://127.0.0.1:9" });
  });
  afterAll(() => t.close());

  it("fails a send with a clear 503 message, and a reset request still answers as usual", async () => {
    await expect(
      sendMail(t.ctx, { to: "ada@example.org", subject: "Hello", text: "Text." }),
    ).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringMatching(/could not be sent/),
    });
    const { email } = await createManager(t.ctx);
    const answer = await request(t.app).post("/api/forgot_password").send({ email });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(RESET_REQUESTED_MSG);
  });
});
