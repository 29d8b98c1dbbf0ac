/**
 * Invitations (issue 8: "the administrator can also invite a manager by email with a one-time
 * link, so the passcode need not be shared"; docs/decisions/191-invitations.md).
 *
 * - The link is `/registration?invite=<token>`, the token 32 random bytes (base64url, 43
 *   characters). Only its SHA-256 is stored (`invitations.token_hash`): the token is as random as
 *   a key, so a plain hash suffices and a copy of the table cannot be used to register.
 * - It expires {@link INVITATION_TTL_MS} (7 days) after it was sent and is used once: the
 *   account is created and the invitation marked used in one transaction, by a conditional
 *   update, so two registrations with one link cannot both succeed.
 * - The administrator sees the pending ones on the Managers screen and may revoke one
 *   (decision 511): its row is deleted and its link answers as an unknown one.
 * - The account takes the invited address and becomes a journal manager (or an administrator
 *   under the first-account / `ADMIN_EMAIL` rule of server/features/accounts/users.ts). A new invitation
 *   to the same address leaves the older links working until they expire.
 */
import type { PendingInvitation } from "../../../shared/api.ts";
import { INVITATION_GONE } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { User } from "../../db/schema.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, conflict } from "../../services/errors.ts";
import { LINK_TOKEN_PATTERN, linkTokenHash, newLinkToken } from "../../services/link-token.ts";
import { sendMail } from "../../services/mail.ts";
import { timestamp } from "../../services/write.ts";
import {
  assertNewPassword,
  displayName,
  hashPassword,
  insertAccount,
  type NewManager,
  normaliseEmail,
} from "./users.ts";

/** How long an invitation link works, in milliseconds. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Defined in shared/constants.ts: the registration schema (shared/schemas.ts) says it too. */
export { INVITATION_GONE };

const ACCOUNT_EXISTS = msg("An account with this email already exists.");
const NO_PENDING_INVITATION = msg("There is no such pending invitation.");

/**
 * Creates an invitation for `email` and mails the link (server/services/mail.ts).
 * @param origin the site's public origin (`https://host`), for the link.
 * @returns the address written to. @throws AppError `conflict` (409) when the address already
 *   has an account.
 */
export async function inviteManager(
  ctx: AppContext,
  invitedBy: { id: number; name: string },
  email: string,
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const to = normaliseEmail(email);
  const existing = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", to)
    .executeTakeFirst();
  if (existing) throw conflict(ACCOUNT_EXISTS, { email: ACCOUNT_EXISTS });
  const token = newLinkToken();
  const now = new Date();
  const expires = new Date(now.getTime() + INVITATION_TTL_MS);
  await ctx.db
    .insertInto("invitations")
    .values({
      email: to,
      token_hash: linkTokenHash(token),
      invited_by: invitedBy.id,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
  const site = ctx.config.siteName;
  const t = serverTranslator(locale);
  await sendMail(ctx, {
    to,
    subject: t("Your invitation to manage journals on {site}", { site }),
    text: t(
      "Hello,\n\n{inviter} invites you to manage journals on {site}. Open this link to create your account (no passcode is needed):\n\n{link}\n\nThe link works once, until {expires} (UTC). If you did not expect this message, you can ignore it.",
      {
        inviter: invitedBy.name,
        site,
        link: `${origin}/registration?invite=${token}`,
        expires: new Intl.DateTimeFormat(locale, {
          dateStyle: "long",
          timeStyle: "short",
          timeZone: "UTC",
        }).format(expires),
      },
    ),
  });
  return to;
}

/** The invitation row of a live `token`, or null (unknown, malformed, used or expired). */
async function liveInvitation(ctx: AppContext, token: string) {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const row = await ctx.db
    .selectFrom("invitations")
    .select(["id", "email", "expires_at", "used_at"])
    .where("token_hash", "=", linkTokenHash(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= timestamp()) return null;
  return row;
}

/**
 * The address a live invitation was sent to (the registration form shows it).
 * @throws AppError `not_found` (404) {@link INVITATION_GONE}.
 */
export async function invitationEmail(ctx: AppContext, token: string): Promise<string> {
  const row = await liveInvitation(ctx, token);
  if (!row) throw new AppError("not_found", INVITATION_GONE);
  return row.email;
}

/**
 * Registers the invited manager: checks the passwords, then uses the invitation and creates the
 * account in one transaction.
 * @throws AppError `invalid` (400) passwords; `not_found` (404) {@link INVITATION_GONE};
 *   `conflict` (409) when the address got an account meanwhile.
 */
export async function registerInvited(
  ctx: AppContext,
  input: Omit<NewManager, "email" | "admincode"> & { invite: string; locale?: Locale },
): Promise<User> {
  assertNewPassword(input.pword, input.cpword);
  const row = await liveInvitation(ctx, input.invite);
  if (!row) throw new AppError("not_found", INVITATION_GONE);
  const passwordHash = await hashPassword(input.pword, ctx.config.passwordScryptCost);
  return ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("invitations")
      .set({ used_at: timestamp() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError("not_found", INVITATION_GONE);
    const existing = await trx
      .selectFrom("users")
      .select("id")
      .where("email", "=", row.email)
      .executeTakeFirst();
    if (existing) throw conflict(ACCOUNT_EXISTS, { email: ACCOUNT_EXISTS });
    // the invitation mailed to the address proves it: ADMIN_EMAIL applies (decision 262)
    return insertAccount({ ...ctx, db: trx }, { ...input, email: row.email }, passwordHash, true);
  });
}

/**
 * The pending invitations (issue 34, decision 511): not used and not expired, newest first, with
 * the inviting account's name (`""` when it has none any more). Timestamps are ISO 8601 UTC.
 */
export async function pendingInvitations(ctx: AppContext): Promise<PendingInvitation[]> {
  const rows = await ctx.db
    .selectFrom("invitations as i")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .select(["i.id", "i.email", "i.created_at", "i.expires_at", "u.first_name", "u.last_name"])
    .where("i.used_at", "is", null)
    .where("i.expires_at", ">", timestamp())
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    invited_by:
      r.first_name === null
        ? ""
        : displayName({ first_name: r.first_name, last_name: r.last_name ?? "" }),
    created_at: r.created_at,
    expires_at: r.expires_at,
  }));
}

/**
 * Revokes pending invitation `id` (issue 34, decision 511): its row is deleted, so its link is
 * unknown from then on and answers {@link INVITATION_GONE} like a used or expired one. The delete
 * is conditional (unused, unexpired), so a registration that used the link first wins.
 * @returns the address the invitation was sent to.
 * @throws AppError `not_found` (404) when no pending invitation has that id (used, expired,
 *   revoked or unknown).
 */
export async function revokeInvitation(ctx: AppContext, id: number): Promise<string> {
  const row = await ctx.db
    .deleteFrom("invitations")
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", timestamp())
    .returning("email")
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", NO_PENDING_INVITATION);
  return row.email;
}
