/**
 * Signed-in managers for API tests. `signedInManager(t)` registers a manager and opens a session
 * directly through the services (no HTTP, so no rate limit is touched) and answers the `Cookie`
 * header value to send: `request(t.app).get(...).set("Cookie", cookie)`.
 * Use POST /api/login in a test only when the sign-in itself is under test: it is rate limited
 * (10 a minute per IP by default), and every test of a file shares one app.
 */
import type { User } from "../../server/db/schema.ts";
import { startSession } from "../../server/features/accounts/sessions.ts";
import { type NewManager, registerManager } from "../../server/features/accounts/users.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import type { AppContext } from "../../server/services/context.ts";
import { TEST_PASSCODE, type TestContext } from "./context.ts";

let counter = 0;

/** The password of the accounts {@link registrationBody} makes unless told otherwise. */
export const TEST_PASSWORD = "correct horse battery";

/** A valid POST /api/register body with a unique email; `overrides` replace fields. */
export function registrationBody(overrides: Partial<NewManager> = {}): NewManager {
  counter += 1;
  const pword = overrides.pword ?? TEST_PASSWORD;
  return {
    fname: "Ada",
    lname: "Lovelace",
    phone: "+44 20 7946 0018",
    email: `manager${counter}.${process.pid}@example.org`,
    pword,
    cpword: pword,
    admincode: TEST_PASSCODE,
    ...overrides,
  };
}

/** Registers a manager through the service. @returns the user and the password used. */
export async function createManager(
  ctx: AppContext,
  overrides: Partial<NewManager> = {},
): Promise<{ user: User; email: string; password: string }> {
  const body = registrationBody(overrides);
  const user = await registerManager(ctx, body);
  return { user, email: user.email, password: body.pword };
}

/** `Cookie` header value of a new session of `userId` (plain-HTTP cookie name). */
export async function sessionCookie(
  ctx: AppContext,
  userId: number,
  persistent = false,
): Promise<string> {
  const { token } = await startSession(ctx, userId, persistent);
  return `${SESSION_COOKIE}=${token}`;
}

/** A new manager and the `Cookie` header value of a session of theirs. */
export async function signedInManager(
  t: TestContext,
  overrides: Partial<NewManager> = {},
): Promise<{ user: User; email: string; password: string; cookie: string }> {
  const manager = await createManager(t.ctx, overrides);
  return { ...manager, cookie: await sessionCookie(t.ctx, manager.user.id) };
}

/**
 * A new manager of the journal `journalId` (its `journal_managers` row written straight into the
 * table, as an administrator's assignment stores it, dated now) and the `Cookie` header value
 * of a session of theirs.
 */
export async function signedInJournalManager(
  t: TestContext,
  journalId: number,
  overrides: Partial<NewManager> = {},
): Promise<{ user: User; email: string; password: string; cookie: string }> {
  const manager = await signedInManager(t, overrides);
  await t.ctx.db
    .insertInto("journal_managers")
    .values({
      journal_id: journalId,
      user_id: manager.user.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  return manager;
}

/**
 * A new site administrator and the `Cookie` header value of a session of theirs (the file's
 * first account is one anyway; this one is, whatever came before: decision 190).
 */
export async function signedInAdministrator(
  t: TestContext,
  overrides: Partial<NewManager> = {},
): Promise<{ user: User; email: string; password: string; cookie: string }> {
  const manager = await signedInManager(t, overrides);
  await t.ctx.db
    .updateTable("users")
    .set({ role: "admin" })
    .where("id", "=", manager.user.id)
    .execute();
  return { ...manager, user: { ...manager.user, role: "admin" } };
}

/**
 * The dashboard menu of a journal manager, as `GET /api/dashboard/admin_nav_items` answers it
 * (`nav_links`; decisions 190–192: no Partners or Managers, which are the administrator's).
 */
export const MANAGER_NAV_LINKS = [
  { text: "Journals", url: "/dashboard" },
  { text: "Proceedings", url: "/dashboard/proceedings" },
  { text: "Statistics", url: "/dashboard/statistics" },
  { text: "View Site", url: "/" },
];

/**
 * The two who see every figure of the journal `journalId` on the Statistics screen: a site
 * administrator and Mary Somerville, a manager of that journal only; each as the `Cookie`
 * header value of a session of theirs.
 */
export async function statisticsReaders(
  t: TestContext,
  journalId: number,
): Promise<{ adminCookie: string; managerCookie: string }> {
  const admin = await signedInAdministrator(t);
  const manager = await signedInJournalManager(t, journalId, {
    fname: "Mary",
    lname: "Somerville",
  });
  return { adminCookie: admin.cookie, managerCookie: manager.cookie };
}
