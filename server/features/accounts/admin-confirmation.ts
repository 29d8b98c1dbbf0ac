/**
 * Proving the `ADMIN_EMAIL` address before it grants the administrator role (issue 15;
 * docs/decisions/262-administrator-address-and-mailed-links.md).
 *
 * Registering `ADMIN_EMAIL` with the passcode (any case, any spacing: emails are normalised)
 * makes a journal manager like any other registration. {@link offerAdminConfirmation} then mails
 * that address a link `{origin}/confirm-admin?token=…`; opening it ({@link confirmAdministrator})
 * makes the account administrator. So only whoever reads that mailbox gets the role.
 *
 * The token is 32 random bytes (base64url, 43 characters); only its SHA-256 is stored
 * (`admin_confirmations`, migration 021). A link works once, for {@link ADMIN_LINK_TTL_MS}, and
 * only while the account still has the `ADMIN_EMAIL` address and is not disabled. An account
 * registered through an invitation needs no link: the invitation mailed to the address proves
 * it (server/features/accounts/invitations.ts), and the first account of a site is administrator anyway.
 */
import { createHash, randomBytes } from "node:crypto";
import type { User } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { sendMail } from "../../services/mail.ts";
import { displayName } from "./users.ts";

/** A confirmation link works for 24 hours. */
export const ADMIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Mails the confirmation link when `user` registered with `ADMIN_EMAIL` and is not yet
 * administrator; otherwise does nothing. Returns once the link is stored: the mail goes in the
 * background and a failure is only logged (server/services/mail.ts), as for reset links, so the
 * registration's answer never depends on it.
 * @param origin the origin of the link (`linkOrigin`, server/http/origin.ts).
 * @returns whether a link was sent.
 */
export async function offerAdminConfirmation(
  ctx: AppContext,
  user: Pick<User, "id" | "email" | "role" | "first_name" | "last_name">,
  origin: string,
  now = new Date(),
): Promise<boolean> {
  if (!ctx.config.adminEmail || user.email !== ctx.config.adminEmail || user.role === "admin") {
    return false;
  }
  const token = randomBytes(32).toString("base64url");
  await ctx.db
    .insertInto("admin_confirmations")
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ADMIN_LINK_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const site = ctx.config.siteName;
  const text = [
    `Hello ${displayName(user)},`,
    "",
    `This address is the one ${site} names as its site administrator. To confirm that it is`,
    "yours and make your new account the site administrator, open this link within 24 hours.",
    "It works once:",
    "",
    `${origin}/confirm-admin?token=${token}`,
    "",
    "Until then the account is a journal manager. If you did not register, ignore this message:",
    "nothing changes without the link.",
    "",
    `— ${site}`,
  ].join("\n");
  sendMail(ctx, {
    to: user.email,
    subject: `Confirm your ${site} administrator address`,
    text,
  }).catch(() => {
    // already logged by sendMail; the registration was answered without it on purpose
  });
  ctx.log.info({ userId: user.id }, "administrator confirmation link sent");
  return true;
}

/**
 * Takes confirmation link `token` (once: the update that marks it used is the check) and makes
 * its account administrator, in one transaction.
 * @returns the account now administrator, or null when the link is unknown, used or expired, or
 *   the account no longer has the `ADMIN_EMAIL` address or is disabled (the link is then used up).
 */
export async function confirmAdministrator(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<Pick<User, "id" | "email"> | null> {
  const adminEmail = ctx.config.adminEmail;
  if (!adminEmail || !TOKEN_PATTERN.test(token)) return null;
  const nowIso = now.toISOString();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("admin_confirmations")
      .set({ used_at: nowIso })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", nowIso)
      .returning("user_id")
      .executeTakeFirst();
    if (!taken) return null;
    return (
      (await trx
        .updateTable("users")
        .set({ role: "admin" })
        .where("id", "=", taken.user_id)
        .where("email", "=", adminEmail)
        .where("disabled_at", "is", null)
        .returning(["id", "email"])
        .executeTakeFirst()) ?? null
    );
  });
  if (user) ctx.log.info({ userId: user.id }, "administrator address confirmed");
  return user;
}
