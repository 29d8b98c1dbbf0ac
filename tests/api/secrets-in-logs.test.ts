/**
 * No secret in any log line at any level (issue 30, finding 2; decision 380). Without
 * `SMTP_URL` every message goes to `DATA_DIR/outbox/`; the site logs through a pino logger at
 * `trace` with production's redaction, into memory. Every flow that mails a link or handles a
 * secret runs once: registering `ADMIN_EMAIL` and confirming it, inviting a manager and
 * registering through the invitation, a password reset, sign-in, the failed sign-ins that mail
 * the owner, a SUSHI API key made and used. Then the whole log is searched for every token the
 * outbox files hold, every password, the session and device cookies, the API key and the
 * session secret; and the outbox files are readable by the server's user only.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { LOG_REDACT_PATHS } from "../../server/http/log-url.ts";
import { outboxDir } from "../../server/services/mail.ts";
import { createManager, registrationBody, TEST_PASSWORD } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

const ADMIN_EMAIL = "named.admin@example.org";
const HOST = "journals.example.edu";
let t: TestContext;
let app: ReturnType<typeof createHttpApp>;
let log = "";

beforeAll(async () => {
  t = await createTestContext({
    ADMIN_EMAIL,
    ALLOWED_HOSTS: HOST,
    TRUST_PROXY: "1",
    RATE_LIMITS: "signin_ip=1000/60,signin_account=3/900",
    CROSSREF_USERNAME: "press",
    CROSSREF_PASSWORD: "crossref-Secret-Passw0rd",
  });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  app = createHttpApp({
    ...t.ctx,
    log: pino({ level: "trace", redact: LOG_REDACT_PATHS }, sink),
  });
});
afterAll(() => t?.close());

/** A request as a browser of the site sends it (`from`: its network). */
const call = (method: "get" | "post", url: string, from = "192.0.2.1") =>
  request(app)[method](url).set("Host", HOST).set("X-Forwarded-For", from);

/** The text of every message in the outbox, oldest first, with each file's mode. */
async function outbox(): Promise<{ text: string; mode: number }[]> {
  const dir = outboxDir(t.ctx);
  const files = (await readdir(dir)).sort();
  return Promise.all(
    files.map(async (file) => ({
      text: (await simpleParser(await readFile(path.join(dir, file)))).text ?? "",
      mode: (await stat(path.join(dir, file))).mode & 0o777,
    })),
  );
}

/** Waits until the outbox holds `count` messages (mail is sent in the background). */
async function outboxOf(count: number) {
  for (let i = 0; i < 100; i++) {
    const messages = await outbox().catch(() => []);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the outbox never held ${count} messages`);
}

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([res.headers["set-cookie"]].flat() as string[]).map((c) => c.split(";")[0]).join("; ");
const cookieValues = (res: { headers: Record<string, unknown> }) =>
  ([res.headers["set-cookie"]].flat() as string[])
    .map((c) => c.split(";")[0]!.split("=").slice(1).join("="))
    .filter((value) => value.length > 8);

describe(`secrets never reach the log (${dialectUnderTest})`, () => {
  it("holds no token, password, cookie or key after every mailing flow", async () => {
    const secrets: string[] = [t.ctx.config.sessionSecret, "crossref-Secret-Passw0rd"];
    const first = await createManager(t.ctx); // the site's first account: administrator
    secrets.push(first.password);

    // sign-in: the session and device cookies
    const signIn = await call("post", "/api/login").send({
      email: first.email,
      pword: first.password,
    });
    expect(signIn.status).toBe(200);
    const adminCookie = cookiesOf(signIn);
    secrets.push(...cookieValues(signIn));

    // ADMIN_EMAIL registers and confirms (a wrong password first)
    const adminPassword = "the administrator's own passphrase";
    secrets.push(adminPassword, "a wrong password typed here");
    expect(
      (
        await call("post", "/api/register").send(
          registrationBody({ email: ADMIN_EMAIL, pword: adminPassword }),
        )
      ).status,
    ).toBe(201);
    const [confirmation] = await outboxOf(1);
    const confirmToken = /confirm-admin#([\w-]{43})/.exec(confirmation!.text)?.[1];
    expect(confirmToken).toBeTruthy();
    secrets.push(confirmToken!);
    await call("get", `/confirm-admin?token=${confirmToken}`);
    await call("post", "/api/confirm_admin").send({
      token: confirmToken,
      pword: "a wrong password typed here",
    });
    expect(
      (await call("post", "/api/confirm_admin").send({ token: confirmToken, pword: adminPassword }))
        .status,
    ).toBe(200);

    // an invitation, opened and used
    expect(
      (
        await call("post", "/api/invite_manager")
          .set("Cookie", adminCookie)
          .send({ email: "invited@example.org" })
      ).status,
    ).toBe(201);
    const invitation = (await outboxOf(2))[1]!;
    const invite = /registration\?invite=([\w-]{43})/.exec(invitation.text)?.[1];
    expect(invite).toBeTruthy();
    secrets.push(invite!);
    await call("get", `/api/invitation/${invite}`);
    await call("get", `/registration?invite=${invite}`);
    const invitedPassword = "the invited manager's passphrase";
    secrets.push(invitedPassword);
    const { fname, lname, phone } = registrationBody();
    expect(
      (
        await call("post", "/api/register_invited").send({
          fname,
          lname,
          phone,
          pword: invitedPassword,
          cpword: invitedPassword,
          invite,
        })
      ).status,
    ).toBe(201);

    // a password reset, checked and used
    await call("post", "/api/forgot_password").send({ email: first.email });
    const reset = (await outboxOf(3))[2]!;
    const resetToken = /reset-password#([\w-]{43})/.exec(reset.text)?.[1];
    expect(resetToken).toBeTruthy();
    secrets.push(resetToken!);
    await call("post", "/api/check_reset_link").send({ token: resetToken });
    const newPassword = "a new passphrase after the reset";
    secrets.push(newPassword);
    const afterReset = await call("post", "/api/reset_password").send({
      token: resetToken,
      pword: newPassword,
      cpword: newPassword,
    });
    expect(afterReset.status).toBe(200);
    secrets.push(...cookieValues(afterReset));

    // failed sign-ins from three networks mail the owner
    for (const n of [1, 2, 3]) {
      await call("post", "/api/login", `198.51.100.${n}`).send({
        email: first.email,
        pword: `${TEST_PASSWORD} guess ${n}`,
      });
      secrets.push(`${TEST_PASSWORD} guess ${n}`);
    }
    const alert = (await outboxOf(4))[3]!;
    expect(alert.text).toContain("Someone has tried to sign in");

    // a SUSHI API key, made and used
    const key = await call("post", "/api/create_sushi_key")
      .set("Cookie", cookiesOf(afterReset)) // the reset ended the earlier sessions
      .send({ label: "A library" });
    expect(key.status).toBe(201);
    secrets.push(key.body.secret);
    await call("get", `/sushi/r51/reports?customer_id=0000000000000000&api_key=${key.body.secret}`);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log, "a secret reached the log").not.toContain(secret);
    }
    for (const message of await outbox()) expect(message.mode).toBe(0o600);
  });
});
