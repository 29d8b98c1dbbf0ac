/**
 * Proving the `ADMIN_EMAIL` address before it grants the administrator role (issue 15;
 * docs/decisions/262-administrator-address-and-mailed-links.md).
 *
 * Registering `ADMIN_EMAIL` with the passcode (any case, any spacing: emails are normalised)
 * makes a journal manager like any other registration. {@link offerAdminConfirmation} then mails
 * that address a link `{origin}/confirm-admin#…` (the token in the fragment, which browsers never
 * send, so it stays out of access logs and Referer headers, as reset links do). Opening it
 * changes nothing: the page asks for the account's password and POSTs it with the token
 * ({@link confirmAdministrator}), which makes the account administrator. So only whoever reads
 * that mailbox AND registered the account gets the role, and a mail scanner that fetches the
 * link (GET or HEAD) confirms nothing (issue 30, finding 1; decision 379).
 *
 * The token is 32 random bytes (base64url, 43 characters); only its SHA-256 is stored
 * (`admin_confirmations`, migration 021). A link works once, for {@link ADMIN_LINK_TTL_MS}, and
 * only while the account still has the `ADMIN_EMAIL` address and is not disabled. An account
 * registered through an invitation needs no link: the invitation mailed to the address proves
 * it (server/features/accounts/invitations.ts), and the first account of a site is administrator anyway.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import type { User } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, invalid } from "../../services/errors.ts";
import { LINK_TOKEN_PATTERN, linkTokenHash } from "../../services/link-token.ts";
import { sendMailInBackground } from "../../services/mail.ts";
import { storeEmailedLink, takeEmailedLink } from "./emailed-links.ts";
import { guardPasswordAttempt } from "./password-attempts.ts";
import { displayName, verifyPassword } from "./users.ts";

/** A confirmation link works for 24 hours. */
export const ADMIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

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
  user: Pick<User, "id" | "email" | "role" | "first_name" | "last_name" | "locale">,
  origin: string,
  now = new Date(),
): Promise<boolean> {
  if (!ctx.config.adminEmail || user.email !== ctx.config.adminEmail || user.role === "admin") {
    return false;
  }
  const token = await storeEmailedLink(
    ctx.db,
    "admin_confirmations",
    user.id,
    ADMIN_LINK_TTL_MS,
    now,
  );
  sendMailInBackground(ctx, user.locale, (t, site) => ({
    to: user.email,
    subject: t("Confirm your {site} administrator address", { site }),
    text: t(
      "Hello {name},\n\nThis address is the one {site} names as its site administrator. To confirm that it is yours and make your new account the site administrator, open this link within 24 hours and enter the password you registered with. It works once:\n\n{link}\n\nUntil then the account is a journal manager. If you did not register, ignore this message: nothing changes without the account's password.\n\n— {site}",
      { name: displayName(user), site, link: `${origin}/confirm-admin#${token}` },
    ),
  }));
  ctx.log.info({ userId: user.id }, "administrator confirmation link sent");
  return true;
}

/** What a good link with the account's password answers. */
export const ADMIN_CONFIRMED_MSG = msg(
  "Your address is confirmed: your account is now the site administrator.",
);
/** A link that is unknown, used or expired, or whose account lost the address. */
export const ADMIN_LINK_GONE_MSG = msg(
  "This confirmation link has expired or has already been used. A site administrator can make your account administrator on the Managers screen.",
);
/** A password that is not the registered account's. */
export const ADMIN_WRONG_PASSWORD_MSG = msg(
  "This is not the password of the account that registered this address.",
);

/**
 * Confirms the administrator address: takes link `token` (once: the update that marks it used
 * is the check) and makes its account administrator, in one transaction, provided `password` is
 * that account's password. Only `POST /api/confirm_admin` calls it; opening the link (GET or
 * HEAD, as mail scanners do) only shows the page that asks for the password (issue 30,
 * finding 1; decision 379). The password proves that whoever confirms also registered the
 * account: the owner of the mailbox cannot hand the role to an account someone else made with
 * their address, and a scanner that follows the link changes nothing.
 *
 * Wrong passwords count as failed sign-ins of the account (./password-attempts.ts), so the form
 * is no faster a guessing oracle than `/login`; a wrong password leaves the link usable.
 * @returns the account, now administrator.
 * @throws AppError `not_found` (404) {@link ADMIN_LINK_GONE_MSG} when the link is unknown, used,
 *   expired, or its account no longer has the `ADMIN_EMAIL` address or is disabled; `invalid`
 *   (400) {@link ADMIN_WRONG_PASSWORD_MSG} on the `pword` field; `rate_limited` (429) while the
 *   account and network must wait.
 */
export async function confirmAdministrator(
  ctx: AppContext,
  input: {
    token: string;
    password: string;
    /** The client's IP (`req.ip`). */
    ip: string;
    /** The origin of links in mail (`linkOrigin`). */
    origin: string;
    /** Whether the browser has signed in to the account of an email before (decision 381). */
    knownDevice: (email: string) => boolean;
  },
  now = new Date(),
): Promise<Pick<User, "id" | "email">> {
  const adminEmail = ctx.config.adminEmail;
  const gone = () => new AppError("not_found", ADMIN_LINK_GONE_MSG);
  if (!adminEmail || !LINK_TOKEN_PATTERN.test(input.token)) throw gone();
  const nowIso = now.toISOString();
  const pending = await ctx.db
    .selectFrom("admin_confirmations as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["u.id", "u.email", "u.password_hash"])
    .where("c.token_hash", "=", linkTokenHash(input.token))
    .where("c.used_at", "is", null)
    .where("c.expires_at", ">", nowIso)
    .where("u.email", "=", adminEmail)
    .where("u.disabled_at", "is", null)
    .executeTakeFirst();
  if (!pending) throw gone();

  await guardPasswordAttempt(
    ctx,
    {
      email: pending.email,
      ip: input.ip,
      knownDevice: input.knownDevice(pending.email),
      origin: input.origin,
    },
    async () => {
      if (!(await verifyPassword(input.password, pending.password_hash))) {
        throw invalid(ADMIN_WRONG_PASSWORD_MSG, { pword: ADMIN_WRONG_PASSWORD_MSG });
      }
    },
    (error) => error instanceof AppError && error.message === ADMIN_WRONG_PASSWORD_MSG,
  );

  const user = await ctx.db.transaction().execute(async (trx) => {
    const userId = await takeEmailedLink(trx, "admin_confirmations", input.token, nowIso);
    if (userId === undefined) return null;
    return (
      (await trx
        .updateTable("users")
        .set({ role: "admin" })
        .where("id", "=", userId)
        .where("email", "=", adminEmail)
        .where("disabled_at", "is", null)
        .returning(["id", "email"])
        .executeTakeFirst()) ?? null
    );
  });
  if (!user) throw gone();
  ctx.log.info({ userId: user.id }, "administrator address confirmed");
  return user;
}
