/**
 * The administrator's Managers screen (issue 8, "Roles and ownership"; decisions 190–192): the
 * accounts with their journals and proceedings, assigning and unassigning them, disabling an
 * account (its sessions end at once), and making an account administrator or journal manager.
 * Every function expects the caller to be an administrator (the API checks it first).
 *
 * The last active administrator can be neither demoted nor disabled: the check and the change
 * run in one transaction that, on PostgreSQL, first locks every active administrator's row
 * (`for update`), so two administrators demoting each other at the same moment cannot both
 * succeed. SQLite runs one write transaction at a time anyway.
 */
import { sql } from "kysely";
import type { ManagerAccount, ManagersScreen } from "../../../shared/api.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { UserRole } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, conflict, notFound } from "../../services/errors.ts";
import { timestamp } from "../../services/write.ts";
import { assignJournalInTrx, assignProceedingInTrx } from "./access.ts";
import { displayName } from "./users.ts";

export const NO_ACCOUNT = msg("There is no such account.");
export const LAST_ADMIN_MSG = msg(
  "This is the last active site administrator: make another account administrator first.",
);
export const SELF_DISABLE_MSG = msg("You cannot disable your own account.");

/** The choices of the assign menus. */
export type AssignableItems = Pick<ManagersScreen, "journals" | "proceedings">;

/**
 * Every manager account, administrators first, then by name, with what each manages. Author
 * accounts (decision 400) are not managers and are not listed.
 */
export async function listAccounts(ctx: AppContext): Promise<ManagerAccount[]> {
  const users = await ctx.db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "role", "disabled_at", "created_at"])
    .where("kind", "=", "manager")
    .orderBy(sql`case when role = 'admin' then 0 else 1 end`)
    .orderBy(sql`lower(first_name || ' ' || last_name)`)
    .orderBy("id")
    .execute();
  const journals = await ctx.db
    .selectFrom("journal_managers as m")
    .innerJoin("journals as j", "j.id", "m.journal_id")
    .select(["m.user_id", "j.uri", "j.name"])
    .orderBy(sql`lower(j.name)`)
    .execute();
  const proceedings = await ctx.db
    .selectFrom("proceeding_managers as m")
    .innerJoin("proceedings as p", "p.id", "m.proceeding_id")
    .select(["m.user_id", "p.id", "p.title"])
    .orderBy(sql`lower(p.title)`)
    .execute();
  return users.map((u) => ({
    id: u.id,
    name: displayName(u),
    email: u.email,
    role: u.role,
    disabled: u.disabled_at !== null,
    created_at: u.created_at,
    journals: journals.filter((j) => j.user_id === u.id).map(({ uri, name }) => ({ uri, name })),
    proceedings: proceedings
      .filter((p) => p.user_id === u.id)
      .map(({ id, title }) => ({ id, title })),
  }));
}

/** Every journal and proceeding, for the assign menus. */
export async function listAssignable(ctx: AppContext): Promise<AssignableItems> {
  const journals = await ctx.db
    .selectFrom("journals")
    .select(["uri", "name"])
    .orderBy(sql`lower(name)`)
    .execute();
  const proceedings = await ctx.db
    .selectFrom("proceedings")
    .select(["id", "title", "year"])
    .orderBy("year", "desc")
    .orderBy(sql`lower(title)`)
    .execute();
  return { journals, proceedings };
}

async function accountById(ctx: AppContext, userId: number) {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "role", "disabled_at"])
    .where("id", "=", userId)
    .where("kind", "=", "manager")
    .executeTakeFirst();
  if (!user) throw notFound(NO_ACCOUNT);
  return user;
}

/**
 * Assigns journal `uri` to account `userId`, or takes it away (`assign: false`). Assigning
 * twice, or unassigning what was not assigned, changes nothing and succeeds.
 * @returns the sentence for the screen. @throws AppError `not_found` for an unknown account
 * or journal.
 */
export async function setJournalAssignment(
  ctx: AppContext,
  userId: number,
  uri: string,
  assign: boolean,
): Promise<string> {
  const user = await accountById(ctx, userId);
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["id", "name"])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (!journal) throw notFound(msg("No such journal."));
  if (assign) {
    await ctx.db
      .transaction()
      .execute((trx) => assignJournalInTrx(trx, journal.id, userId, timestamp()));
    return msgWith("{name} now manages {journal}.", {
      name: displayName(user),
      journal: journal.name,
    });
  }
  await ctx.db
    .deleteFrom("journal_managers")
    .where("journal_id", "=", journal.id)
    .where("user_id", "=", userId)
    .execute();
  return msgWith("{name} no longer manages {journal}.", {
    name: displayName(user),
    journal: journal.name,
  });
}

/** As {@link setJournalAssignment}, for proceeding `proceedingId`. */
export async function setProceedingAssignment(
  ctx: AppContext,
  userId: number,
  proceedingId: number,
  assign: boolean,
): Promise<string> {
  const user = await accountById(ctx, userId);
  const proceeding = await ctx.db
    .selectFrom("proceedings")
    .select(["id", "title"])
    .where("id", "=", proceedingId)
    .executeTakeFirst();
  if (!proceeding) throw notFound(msg("There is no such proceeding."));
  if (assign) {
    await ctx.db
      .transaction()
      .execute((trx) => assignProceedingInTrx(trx, proceeding.id, userId, timestamp()));
    return msgWith("{name} now manages {proceeding}.", {
      name: displayName(user),
      proceeding: proceeding.title,
    });
  }
  await ctx.db
    .deleteFrom("proceeding_managers")
    .where("proceeding_id", "=", proceeding.id)
    .where("user_id", "=", userId)
    .execute();
  return msgWith("{name} no longer manages {proceeding}.", {
    name: displayName(user),
    proceeding: proceeding.title,
  });
}

/**
 * Changes account `userId`: its role and/or whether it is disabled. Disabling ends every session
 * of the account and voids its unused password reset links in the same transaction, so its next
 * request is already signed out and no mailed link brings it back.
 * @param actorId the administrator asking (may not disable their own account).
 * @returns the sentence for the screen.
 * @throws AppError `not_found` unknown account; `conflict` (409) {@link LAST_ADMIN_MSG} when
 *   the change would leave no active administrator; `forbidden` {@link SELF_DISABLE_MSG}.
 */
export async function updateAccount(
  ctx: AppContext,
  actorId: number,
  userId: number,
  change: { role?: UserRole; disabled?: boolean },
): Promise<string> {
  if (change.disabled === true && userId === actorId) {
    throw new AppError("forbidden", SELF_DISABLE_MSG);
  }
  const user = await accountById(ctx, userId);
  const name = displayName(user);
  await ctx.db.transaction().execute(async (trx) => {
    let admins = trx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("disabled_at", "is", null);
    if (ctx.dialect === "postgres") admins = admins.forUpdate();
    const active = (await admins.execute()).map((r) => r.id);
    const current = await trx
      .selectFrom("users")
      .select(["role", "disabled_at"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!current) throw notFound(NO_ACCOUNT);
    const role = change.role ?? current.role;
    const disabled = change.disabled ?? current.disabled_at !== null;
    const staysActiveAdmin = role === "admin" && !disabled;
    if (active.includes(userId) && !staysActiveAdmin && active.length <= 1) {
      throw conflict(LAST_ADMIN_MSG);
    }
    await trx
      .updateTable("users")
      .set({
        role,
        disabled_at: disabled ? (current.disabled_at ?? timestamp()) : null,
      })
      .where("id", "=", userId)
      .execute();
    if (disabled) {
      await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
      // its unused reset links die with it (decision 261): enabling it again revives none
      await trx
        .updateTable("password_resets")
        .set({ used_at: timestamp() })
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .execute();
    }
  });
  if (change.disabled === true) {
    return msgWith("{name}'s account is disabled and signed out everywhere.", { name });
  }
  if (change.disabled === false) {
    return msgWith("{name}'s account is enabled again.", { name });
  }
  return change.role === "admin"
    ? msgWith("{name} is now a site administrator.", { name })
    : msgWith("{name} is now a journal manager.", { name });
}
