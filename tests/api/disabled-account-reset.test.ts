/**
 * Issue 15: a disabled account cannot complete a password reset (docs/decisions/261-disabled-accounts-and-reset-links.md), neither
 * with a link mailed before it was disabled nor with a new one, and gets no new link mailed. The
 * links go to the outbox (no SMTP_URL), read as the recovery tests read them.
 */
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_LINK_INVALID_MSG,
  requestPasswordReset,
} from "../../server/features/accounts/password-reset.ts";
import { DISABLED_MSG, verifyPassword } from "../../server/features/accounts/users.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { outboxMessages, resetTokenIn } from "../helpers/mailbox.ts";
import { storedValue } from "../helpers/rows.ts";

const NEW_PASSWORD = "a brand new passphrase";
let t: TestContext;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestContext();
  adminCookie = (await signedInAdministrator(t)).cookie;
});
afterAll(() => t?.close());

async function linkFor(email: string): Promise<string> {
  await requestPasswordReset(t.ctx, email, "https://journals.example.edu");
  for (let i = 0; i < 50; i++) {
    const mail = (await outboxMessages(path.join(t.dataDir, "outbox"))).find((m) => m.to === email);
    if (mail) return resetTokenIn(mail.text);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no link mailed to ${email}`);
}

const setDisabled = (userId: number, disabled: boolean) =>
  request(t.app)
    .post(`/api/manager_account/${userId}`)
    .set("Cookie", adminCookie)
    .send({ disabled });

/** POST /api/reset_password with the link's `token` and {@link NEW_PASSWORD}. */
const resetWith = (token: string) =>
  request(t.app)
    .post("/api/reset_password")
    .send({ token, pword: NEW_PASSWORD, cpword: NEW_PASSWORD });

/** A refused reset: `status` with `msg`, and no session cookie set. */
function expectRefused(res: request.Response, status: number, msg: string) {
  expect(res.status).toBe(status);
  expect(res.body.msg).toBe(msg);
  expect(res.headers["set-cookie"]).toBeUndefined();
}

describe(`password reset of a disabled account (${dialectUnderTest})`, () => {
  it("refuses a link mailed before the account was disabled, even once it is enabled again", async () => {
    const { user, email, password } = await signedInManager(t);
    const token = await linkFor(email);
    expect((await setDisabled(user.id, true)).status).toBe(200);

    expect((await request(t.app).post("/api/check_reset_link").send({ token })).status).toBe(400);
    // disabling voided the link
    expectRefused(await resetWith(token), 400, RESET_LINK_INVALID_MSG);
    const hash = await storedValue(t, "users", "password_hash", "id", user.id);
    expect(await verifyPassword(password, hash)).toBe(true);

    // enabling the account again does not revive the old link
    expect((await setDisabled(user.id, false)).status).toBe(200);
    expect((await resetWith(token)).status).toBe(400);
  });

  it("mails no link to a disabled account", async () => {
    const { user, email } = await signedInManager(t);
    expect((await setDisabled(user.id, true)).status).toBe(200);
    await requestPasswordReset(t.ctx, email, "https://journals.example.edu");
    const links = await t.ctx.db
      .selectFrom("password_resets")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(links).toEqual([]);
  });

  it("refuses a link of an account disabled straight in the database (no void on the way)", async () => {
    const { user, email } = await signedInManager(t);
    const token = await linkFor(email);
    await t.ctx.db
      .updateTable("users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    expectRefused(await resetWith(token), 403, DISABLED_MSG);
    // the link was not used up by the refusal
    expect(await storedValue(t, "password_resets", "used_at", "user_id", user.id)).toBeNull();
  });
});
