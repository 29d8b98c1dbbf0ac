/**
 * Password reset by emailed link (issue 8, 'Forgot password?'; decision 196).
 *
 * - {@link requestPasswordReset}: for an email with an account, stores a new link (a random
 *   32-byte token; only its SHA-256 is kept, in `password_resets`) valid for
 *   {@link RESET_LINK_TTL_MS} and mails `origin/reset-password#token`. The token sits in the
 *   URL's fragment, which browsers never send to a server, so it stays out of access logs and
 *   Referer headers. The caller answers the same msg whatever happened
 *   ({@link RESET_REQUESTED_MSG}) and does not wait for the mail, so neither the answer nor its
 *   timing says whether the address has an account. At most {@link MAX_LINKS_PER_HOUR} links are
 *   mailed per account an hour (more requests are dropped silently), so nobody can flood a
 *   manager's inbox.
 * - {@link checkResetToken}: whether a link is still good (the reset page asks before showing
 *   its form).
 * - {@link completePasswordReset}: takes the link (once: the update that marks it used is the
 *   check), sets the new password (registration's rules), ends every session of the account,
 *   voids its other links and clears its failed sign-ins (decision 197), in one transaction.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import type { User } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, invalid } from "../../services/errors.ts";
import { LINK_TOKEN_PATTERN, linkTokenHash } from "../../services/link-token.ts";
import { sendMailInBackground } from "../../services/mail.ts";
import { storeEmailedLink, takeEmailedLink } from "./emailed-links.ts";
import { clearAccountFailures } from "./sign-in-failures.ts";
import {
  activeAccountByEmail,
  assertNewPassword,
  DISABLED_MSG,
  displayName,
  hashPassword,
} from "./users.ts";

/** A reset link works for one hour (issue 8). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Links mailed per account in an hour at most. */
export const MAX_LINKS_PER_HOUR = 3;

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MSG = msg(
  "If an account uses this address, we have sent it a link to choose a new password. The link works once, within 1 hour. Please check your inbox and spam folder.",
);
/** A link that is unknown, used or expired. */
export const RESET_LINK_INVALID_MSG = msg(
  "This password reset link has expired or has already been used. Please ask for a new one.",
);
export const PASSWORD_RESET_MSG = msg("Your password has been changed and you are signed in.");

/**
 * Stores a reset link for `email` when it has an account and mails it; otherwise does nothing.
 * Returns as soon as the link is stored: the mail is sent in the background, its failure only
 * logged (server/services/mail.ts), so the caller's answer never depends on it.
 * @param origin the site's public origin for the link (`https://journals.example.edu`).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  origin: string,
  now = new Date(),
): Promise<void> {
  // a disabled account gets no link (decision 261): it could not use one
  const user = await activeAccountByEmail(ctx, email);
  if (!user) return;

  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const recent = await ctx.db
    .selectFrom("password_resets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", user.id)
    .where("created_at", ">", hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= MAX_LINKS_PER_HOUR) {
    ctx.log.warn({ userId: user.id }, "password reset not sent: hourly limit of links reached");
    return;
  }

  const token = await storeEmailedLink(ctx.db, "password_resets", user.id, RESET_LINK_TTL_MS, now);
  sendMailInBackground(ctx, user.locale, (t, site) => ({
    to: user.email,
    subject: t("Reset your {site} password", { site }),
    text: t(
      "Hello {name},\n\nSomeone, probably you, asked to reset the password of your {site} account. To choose a new password, open this link within 1 hour. It works once:\n\n{link}\n\nChoosing a new password signs you out everywhere else. If you did not ask for this, ignore this message: your password stays as it is.\n\n— {site}",
      { name: displayName(user), site, link: `${origin}/reset-password#${token}` },
    ),
  }));
}

/**
 * Whether `token` names a link that is not used and not expired at `now`.
 */
export async function checkResetToken(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!LINK_TOKEN_PATTERN.test(token)) return false;
  const row = await ctx.db
    .selectFrom("password_resets as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select("r.id")
    .where("r.token_hash", "=", linkTokenHash(token))
    .where("r.used_at", "is", null)
    .where("r.expires_at", ">", now.toISOString())
    .where("u.disabled_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets a new password through the link of `token` (see the module comment).
 * @returns the user, whose sessions have all ended (the caller starts a new one).
 * @throws AppError `invalid` (400) {@link RESET_LINK_INVALID_MSG} for an unknown, used or
 *   expired link (the link stays good when only the password is refused), or the password
 *   rules' messages ({@link assertNewPassword}); `forbidden` (403) `DISABLED_MSG` when the
 *   account has been disabled (the link stays unused, the password unchanged).
 */
export async function completePasswordReset(
  ctx: AppContext,
  token: string,
  pword: string,
  cpword: string,
  now = new Date(),
): Promise<User> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw invalid(RESET_LINK_INVALID_MSG);
  assertNewPassword(pword, cpword);
  const passwordHash = await hashPassword(pword, ctx.config.passwordScryptCost);
  const nowIso = now.toISOString();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const userId = await takeEmailedLink(trx, "password_resets", token, nowIso);
    if (userId === undefined) return undefined;
    // a disabled account cannot come back through a link, even one mailed before it was
    // disabled (decision 261); throwing rolls the link's use back too
    const owner = await trx
      .selectFrom("users")
      .select("disabled_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    if (owner.disabled_at !== null) throw new AppError("forbidden", DISABLED_MSG);
    await trx
      .updateTable("password_resets")
      .set({ used_at: nowIso })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    return trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!user) throw invalid(RESET_LINK_INVALID_MSG);
  await clearAccountFailures(ctx, user.email);
  ctx.log.info({ userId: user.id }, "password reset by emailed link");
  return user;
}
