/**
 * Accounts under roles (issue 8, "Roles and ownership"), on SQLite and PostgreSQL: who becomes
 * administrator, what lists and the menu show each role, the creator of a journal managing it,
 * the Managers calls (assign, unassign, make administrator, demote, disable), the last
 * administrator rule, disabling ending sessions at once, and one-time invitations read from the
 * outbox.
 */
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../server/features/accounts/access.ts";
import { INVITATION_GONE } from "../../server/features/accounts/invitations.ts";
import { LAST_ADMIN_MSG, SELF_DISABLE_MSG } from "../../server/features/accounts/managers.ts";
import { DISABLED_MSG } from "../../server/features/accounts/users.ts";
import { MESSAGES } from "../../shared/constants.ts";
import {
  createManager,
  MANAGER_NAV_LINKS,
  registrationBody,
  sessionCookie,
} from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { outboxMessages } from "../helpers/mailbox.ts";
import { pngImage } from "../helpers/uploads.ts";

let t: TestContext;
let admin: { id: number; cookie: string };
let ada: { id: number; cookie: string; email: string; password: string };

const get = (url: string, cookie?: string) => {
  const req = request(t.app).get(`/api${url}`);
  return cookie ? req.set("Cookie", cookie) : req;
};
const post = (url: string, body: object, cookie?: string) => {
  const req = request(t.app).post(`/api${url}`);
  return (cookie ? req.set("Cookie", cookie) : req).send(body);
};
const roleOf = async (id: number) =>
  (await t.ctx.db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow())
    .role;

beforeAll(async () => {
  t = await createTestContext({ ADMIN_EMAIL: "Named.Admin@Example.org" });
  const a = await createManager(t.ctx, { fname: "First", lname: "Account" });
  admin = { id: a.user.id, cookie: await sessionCookie(t.ctx, a.user.id) };
  const m = await createManager(t.ctx, { fname: "Ada", lname: "Lovelace" });
  ada = { id: m.user.id, cookie: await sessionCookie(t.ctx, m.user.id), ...m };
  await insertJournalWithIssue(t.ctx.db, {
    uri: "kept-journal",
    name: "Kept Journal",
    abbreviation: "KJ",
  });
  await insertJournalWithIssue(t.ctx.db, {
    uri: "given-journal",
    name: "Given Journal",
    abbreviation: "GJ",
  });
});
afterAll(() => t.close());

describe(`roles and accounts on ${dialectUnderTest}`, () => {
  it("makes the first account administrator, the others (ADMIN_EMAIL too, unconfirmed) managers", async () => {
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await roleOf(ada.id)).toBe("manager");
    // registration with the passcode is as the spec says, and gives a journal manager
    const body = registrationBody();
    const res = await post("/register", body);
    expect(res.status).toBe(201);
    expect(res.body.msg).toBe(MESSAGES.registrationSuccessful);
    // ADMIN_EMAIL with the passcode: a journal manager until its emailed link is opened
    // (issue 15, decision 262; tests/api/admin-confirmation.test.ts)
    const named = await createManager(t.ctx, { email: "named.admin@example.org" });
    expect(named.user.role).toBe("manager");
  });

  it("shows each role its own menu, lists and 403s", async () => {
    const adminNav = await get("/dashboard/admin_nav_items", admin.cookie);
    expect(adminNav.body.nav_items.nav_links.map((l: { text: string }) => l.text)).toEqual([
      "Journals",
      "Proceedings",
      "Partners",
      "Managers",
      "Statistics",
      "View Site",
    ]);
    const adaNav = await get("/dashboard/admin_nav_items", ada.cookie);
    expect(adaNav.body.nav_items).toEqual({
      u_name: "Ada Lovelace",
      nav_links: MANAGER_NAV_LINKS,
    });
    const all = await get("/dashboard/all_journals", admin.cookie);
    expect(all.body.journals.map((j: { journal_uri: string }) => j.journal_uri).sort()).toEqual([
      "given-journal",
      "kept-journal",
    ]);
    const none = await get("/dashboard/all_journals", ada.cookie);
    expect(none.body.journals).toEqual([]);
    const refused = await get("/get_publications/kept-journal", ada.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(ACCESS_MESSAGES.journal);
  });

  it("lets the administrator assign and unassign a journal, and the manager then sees only it", async () => {
    const assign = await post(
      `/manager_journal/${ada.id}`,
      { journal_uri: "given-journal", assign: true },
      admin.cookie,
    );
    expect(assign.status).toBe(200);
    expect(assign.body.msg).toBe("Ada Lovelace now manages Given Journal.");
    const list = await get("/dashboard/all_journals", ada.cookie);
    expect(list.body.journals.map((j: { journal_uri: string }) => j.journal_uri)).toEqual([
      "given-journal",
    ]);
    expect((await get("/get_publications/given-journal", ada.cookie)).status).toBe(200);

    const managers = await get("/dashboard/managers", admin.cookie);
    const row = managers.body.managers.find((m: { id: number }) => m.id === ada.id);
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      role: "manager",
      disabled: false,
      journals: [{ uri: "given-journal", name: "Given Journal" }],
      proceedings: [],
    });
    expect(managers.body.journals.map((j: { uri: string }) => j.uri)).toContain("kept-journal");

    const unassign = await post(
      `/manager_journal/${ada.id}`,
      { journal_uri: "given-journal", assign: false },
      admin.cookie,
    );
    expect(unassign.body.msg).toBe("Ada Lovelace no longer manages Given Journal.");
    expect((await get("/get_publications/given-journal", ada.cookie)).status).toBe(403);
    const unknown = await post(
      `/manager_journal/${ada.id}`,
      { journal_uri: "no-such-journal", assign: true },
      admin.cookie,
    );
    expect(unknown.status).toBe(404);
    const badBody = await post(`/manager_journal/${ada.id}`, { assign: "yes" }, admin.cookie);
    expect(badBody.status).toBe(400);
  });

  it("assigns a journal created through the dashboard to its creator", async () => {
    const res = await request(t.app)
      .post("/api/create_journal/1")
      .set("Cookie", ada.cookie)
      .field("journal_name", "Ada's Journal")
      .field("abbreviation", "AJ")
      .field("journal_uri", "adas-journal")
      .field("publisher", "Press")
      .field("pub_frequency", "quartely")
      .field("issn", "2049-3630")
      .field("journal_intro", "Intro.")
      .attach("cover_img", await pngImage(), "cover.png");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await get("/dashboard/all_journals", ada.cookie);
    expect(list.body.journals.map((j: { journal_uri: string }) => j.journal_uri)).toEqual([
      "adas-journal",
    ]);
    // an inactive journal is shown to its managers only
    expect((await get("/get_journal/adas-journal", ada.cookie)).status).toBe(200);
    const other = await createManager(t.ctx);
    const otherCookie = await sessionCookie(t.ctx, other.user.id);
    expect((await get("/get_journal/adas-journal", otherCookie)).status).toBe(404);
    expect((await get("/get_journal/adas-journal", admin.cookie)).status).toBe(200);
  });

  it("never lets the last active administrator be demoted or disabled", async () => {
    const t2 = await createTestContext();
    try {
      const only = await createManager(t2.ctx);
      const onlyCookie = await sessionCookie(t2.ctx, only.user.id);
      const second = await createManager(t2.ctx);
      const send = (id: number, body: object, cookie = onlyCookie) =>
        request(t2.app).post(`/api/manager_account/${id}`).set("Cookie", cookie).send(body);

      const demote = await send(only.user.id, { role: "manager" });
      expect(demote.status).toBe(409);
      expect(demote.body.msg).toBe(LAST_ADMIN_MSG);
      const disableSelf = await send(only.user.id, { disabled: true });
      expect(disableSelf.status).toBe(403);
      expect(disableSelf.body.msg).toBe(SELF_DISABLE_MSG);

      const promote = await send(second.user.id, { role: "admin" });
      expect(promote.status).toBe(200);
      expect(promote.body.msg).toMatch(/is now a site administrator/);
      // with two administrators one may step down; then the other is the last again
      const stepDown = await send(only.user.id, { role: "manager" });
      expect(stepDown.status).toBe(200);
      const secondCookie = await sessionCookie(t2.ctx, second.user.id);
      const last = await send(second.user.id, { role: "manager" }, secondCookie);
      expect(last.status).toBe(409);
      expect(last.body.msg).toBe(LAST_ADMIN_MSG);
      // the demoted account lost the administrator's calls at once
      expect((await send(second.user.id, { role: "manager" })).status).toBe(403);
      const roles = await t2.ctx.db
        .selectFrom("users")
        .select(["id", "role"])
        .orderBy("id")
        .execute();
      expect(roles.map((r) => r.role)).toEqual(["manager", "admin"]);
    } finally {
      await t2.close();
    }
  });

  it("ends a disabled account's sessions at once and refuses its sign-in with a clear msg", async () => {
    const victim = await createManager(t.ctx, { fname: "Mary", lname: "Somerville" });
    const cookieA = await sessionCookie(t.ctx, victim.user.id);
    const cookieB = await sessionCookie(t.ctx, victim.user.id, true);
    expect((await get("/dashboard/admin_nav_items", cookieA)).status).toBe(200);

    const res = await post(`/manager_account/${victim.user.id}`, { disabled: true }, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("Mary Somerville's account is disabled and signed out everywhere.");
    for (const cookie of [cookieA, cookieB]) {
      expect((await get("/dashboard/admin_nav_items", cookie)).status).toBe(401);
    }
    const left = await t.ctx.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", victim.user.id)
      .execute();
    expect(left).toEqual([]);

    const signIn = await post("/login", { email: victim.email, pword: victim.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.msg).toBe(DISABLED_MSG);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    // a wrong password still says only that
    const wrong = await post("/login", { email: victim.email, pword: "not the password" });
    expect(wrong.status).toBe(401);

    const enable = await post(
      `/manager_account/${victim.user.id}`,
      { disabled: false },
      admin.cookie,
    );
    expect(enable.body.msg).toBe("Mary Somerville's account is enabled again.");
    const again = await post("/login", { email: victim.email, pword: victim.password });
    expect(again.status).toBe(200);
  });

  describe("invitations", () => {
    /** The link of the newest message to `to` in the outbox. */
    async function linkFor(to: string): Promise<string> {
      const dir = path.join(t.dataDir, "outbox");
      for (const mail of await outboxMessages(dir)) {
        if (mail.to.includes(to.toLowerCase())) {
          const match = mail.text.match(/https?:\/\/\S+\/registration\?invite=([A-Za-z0-9_-]+)/);
          if (match) return match[1]!;
        }
      }
      throw new Error(`no invitation to ${to} in ${dir}`);
    }
    const form = (invite: string) => ({
      fname: "Grace",
      lname: "Hopper",
      phone: "+1 555 0100",
      pword: "correct horse battery",
      cpword: "correct horse battery",
      invite,
    });

    it("mails a link that registers a journal manager once, without the passcode", async () => {
      const sent = await post("/invite_manager", { email: " Grace@Example.org " }, admin.cookie);
      expect(sent.status).toBe(201);
      expect(sent.body.msg).toBe(
        "Invitation sent to grace@example.org. The link works once, for 7 days.",
      );
      const token = await linkFor("grace@example.org");
      const stored = await t.ctx.db.selectFrom("invitations").select("token_hash").execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);

      const shown = await get(`/invitation/${token}`);
      expect(shown.body).toMatchObject({ status: 1, email: "grace@example.org" });

      const mismatch = await post("/register_invited", { ...form(token), cpword: "other words" });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.msg).toBe("Passwords you entered do not match!");

      const done = await post("/register_invited", form(token));
      expect(done.status).toBe(201);
      expect(done.body.msg).toBe(MESSAGES.registrationSuccessful);
      const user = await t.ctx.db
        .selectFrom("users")
        .select(["role", "first_name"])
        .where("email", "=", "grace@example.org")
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ role: "manager", first_name: "Grace" });
      const signIn = await post("/login", {
        email: "grace@example.org",
        pword: "correct horse battery",
      });
      expect(signIn.status).toBe(200);

      const twice = await post("/register_invited", { ...form(token), fname: "Eve" });
      expect(twice.status).toBe(404);
      expect(twice.body.msg).toBe(INVITATION_GONE);
      expect((await get(`/invitation/${token}`)).status).toBe(404);
    });

    it("refuses an expired link and an address that has an account", async () => {
      await post("/invite_manager", { email: "late@example.org" }, admin.cookie);
      const token = await linkFor("late@example.org");
      await t.ctx.db
        .updateTable("invitations")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", "late@example.org")
        .execute();
      const late = await post("/register_invited", form(token));
      expect(late.status).toBe(404);
      expect(late.body.msg).toBe(INVITATION_GONE);
      expect(
        await t.ctx.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", "late@example.org")
          .execute(),
      ).toEqual([]);

      const taken = await post("/invite_manager", { email: ada.email }, admin.cookie);
      expect(taken.status).toBe(409);
      const invalid = await post("/invite_manager", { email: "not an address" }, admin.cookie);
      expect(invalid.status).toBe(400);
      expect((await get("/invitation/not-a-token")).status).toBe(404);
    });
  });
});
