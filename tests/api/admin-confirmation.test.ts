/**
 * `ADMIN_EMAIL` grants the administrator role only once the address is proven (issue 15;
 * docs/decisions/262-administrator-address-and-mailed-links.md): registering it with the passcode
 * (any case, any spacing) gives a journal manager and mails a one-time link, through a real SMTP
 * server in this process. Opening the link (GET or HEAD, as mail scanners do) changes nothing;
 * the page's form POSTs the token with the registered account's password, which makes the
 * account administrator, once (issue 30, decision 379).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_CONFIRMED_MSG,
  ADMIN_LINK_GONE_MSG,
  ADMIN_WRONG_PASSWORD_MSG,
  offerAdminConfirmation,
} from "../../server/features/accounts/admin-confirmation.ts";
import { createManager, registrationBody, TEST_PASSWORD } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type Mailbox, startMailbox } from "../helpers/mailbox.ts";
import { storedValue } from "../helpers/rows.ts";

const ADMIN = "named.admin@example.org";
let t: TestContext;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestContext({
    ADMIN_EMAIL: "Named.Admin@Example.org",
    SMTP_URL: mailbox.url,
    ALLOWED_HOSTS: "journals.example.edu",
  });
  await createManager(t.ctx); // the site's first account, administrator by that rule
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const roleOf = (email: string) => storedValue(t, "users", "role", "email", email);
const tokenIn = (text: string) => {
  const match = /http:\/\/journals\.example\.edu\/confirm-admin#([\w-]{43})/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
};
/** The page's form: the token and a password, sent as the browser sends it. */
const open = (token: string, pword = TEST_PASSWORD) =>
  request(t.app)
    .post("/api/confirm_admin")
    .set("Host", "journals.example.edu")
    .set("Sec-Fetch-Site", "same-origin")
    .send({ token, pword });

describe(`the ADMIN_EMAIL address is proven before it grants the role (${dialectUnderTest})`, () => {
  it("registration alone gives a journal manager; the mailed link makes it administrator, once", async () => {
    const res = await request(t.app)
      .post("/api/register")
      .set("Host", "journals.example.edu")
      .send(registrationBody({ email: "  NAMED.Admin@example.ORG " }));
    expect(res.status).toBe(201);
    expect(await roleOf(ADMIN)).toBe("manager");

    const mail = await mailbox.waitFor(ADMIN);
    const token = tokenIn(mail.text);
    const stored = await t.ctx.db.selectFrom("admin_confirmations").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await open("x".repeat(43))).status).toBe(404);
    expect(await roleOf(ADMIN)).toBe("manager");

    // what a mail scanner does with the link, and with a link of the old form, changes nothing
    // (the page itself is React Router's, not in this app: tests/e2e/confirm-admin.spec.ts)
    for (const path of ["/confirm-admin", `/confirm-admin?token=${token}`]) {
      for (const method of ["head", "get"] as const) {
        await request(t.app)[method](path).set("Host", "journals.example.edu");
      }
    }
    expect(await roleOf(ADMIN)).toBe("manager");

    // another site cannot make the browser send the form
    const forged = await open(token).set("Sec-Fetch-Site", "cross-site");
    expect(forged.status).toBe(403);
    expect(await roleOf(ADMIN)).toBe("manager");

    // the mailbox alone is not enough: the password is the registered account's
    const wrong = await open(token, "not the password at all");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ pword: ADMIN_WRONG_PASSWORD_MSG });
    expect(await roleOf(ADMIN)).toBe("manager");

    const confirmed = await open(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.msg).toBe(ADMIN_CONFIRMED_MSG);
    expect(await roleOf(ADMIN)).toBe("admin");

    const again = await open(token);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe(ADMIN_LINK_GONE_MSG);
  });

  it("an expired link grants nothing, nor a link whose account lost the address", async () => {
    const { user } = await createManager(t.ctx, { email: "other@example.org" });
    expect(await offerAdminConfirmation(t.ctx, user, "http://journals.example.edu")).toBe(false);

    // an ADMIN_EMAIL account made straight in the database, with a link mailed two days ago
    await t.ctx.db
      .updateTable("users")
      .set({ role: "manager" })
      .where("email", "=", ADMIN)
      .execute();
    const admin = await t.ctx.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", ADMIN)
      .executeTakeFirstOrThrow();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await offerAdminConfirmation(t.ctx, admin, "http://journals.example.edu", twoDaysAgo);
    const old = tokenIn((await mailbox.waitFor(ADMIN, { skip: 1 })).text);
    expect((await open(old)).status).toBe(404);
    expect(await roleOf(ADMIN)).toBe("manager");

    await offerAdminConfirmation(t.ctx, admin, "http://journals.example.edu");
    const fresh = tokenIn((await mailbox.waitFor(ADMIN, { skip: 2 })).text);
    await t.ctx.db
      .updateTable("users")
      .set({ email: "renamed@example.org" })
      .where("id", "=", admin.id)
      .execute();
    expect((await open(fresh)).status).toBe(404);
    expect(await roleOf("renamed@example.org")).toBe("manager");
  });
});
