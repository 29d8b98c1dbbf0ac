/**
 * Author accounts (issue 31; decision 400): anybody signs up with a name, an email address and a
 * password, no passcode; the account can sign in (the existing sign-in) once the address is
 * confirmed by the link mailed to it. The link `{origin}/confirm-email#{token}` opens a page
 * whose button POSTs the token (`POST /api/confirm_author`), as every mailed link does (decision
 * 379): a mail scanner that fetches it confirms nothing. The token is 32 random bytes; only its
 * SHA-256 is stored (`author_confirmations`); it works once, for 48 hours.
 *
 * An author account is `users.kind = 'author'`: the session middleware never makes it the
 * signed-in manager (server/http/session.ts), so no dashboard call or screen admits it.
 * The API adds a honeypot field and the registration rate limit (decisions 23, 381).
 */
import type { Locale } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { User } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, conflict } from "../../services/errors.ts";
import { LINK_TOKEN_PATTERN } from "../../services/link-token.ts";
import { sendMailInBackground } from "../../services/mail.ts";
import { storeEmailedLink, takeEmailedLink } from "../accounts/emailed-links.ts";
import { displayName, hashPassword, normaliseEmail } from "../accounts/users.ts";

/** A confirmation link works for 48 hours. */
export const AUTHOR_LINK_TTL_MS = 48 * 60 * 60 * 1000;

export const AUTHOR_SIGNED_UP_MSG = msg(
  "Thank you for signing up. We have mailed you a link: open it to confirm your address, then sign in.",
);
export const AUTHOR_CONFIRMED_MSG = msg("Your address is confirmed. You are signed in.");
export const AUTHOR_LINK_GONE_MSG = msg(
  "This confirmation link has expired or has already been used. Sign up again to get a new one.",
);
const EMAIL_TAKEN = msg("An account with this email already exists.");

/**
 * Creates author account `input` (unconfirmed) and mails its confirmation link in `locale`.
 * Resolves once the account and link are stored; the mail goes in the background (a failure is
 * logged by server/services/mail.ts).
 * @throws AppError `conflict` (409, field `email`) when the address has an account.
 */
export async function signUpAuthor(
  ctx: AppContext,
  input: { fname: string; lname: string; email: string; pword: string; locale: Locale },
  origin: string,
  now = new Date(),
): Promise<Pick<User, "id" | "email">> {
  const email = normaliseEmail(input.email);
  const password_hash = await hashPassword(input.pword, ctx.config.passwordScryptCost);
  let user: Pick<User, "id" | "email" | "first_name" | "last_name"> & { token: string };
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("users")
        .values({
          first_name: input.fname,
          last_name: input.lname,
          phone: "",
          email,
          password_hash,
          created_at: now.toISOString(),
          kind: "author",
          locale: input.locale,
        })
        .returning(["id", "email", "first_name", "last_name"])
        .executeTakeFirstOrThrow();
      const token = await storeEmailedLink(
        trx,
        "author_confirmations",
        row.id,
        AUTHOR_LINK_TTL_MS,
        now,
      );
      return { ...row, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  sendMailInBackground(ctx, input.locale, (t, site) => ({
    to: email,
    subject: t("Confirm your address at {site}", { site }),
    text: t(
      "Hello {name},\n\nPlease confirm that this address is yours: open this link within 48 hours and press the button on the page. It works once:\n\n{link}\n\nIf you did not sign up at {site}, ignore this message: nothing happens without it.\n\n— {site}",
      { name: displayName(user), site, link: `${origin}/confirm-email#${user.token}` },
    ),
  }));
  return { id: user.id, email: user.email };
}

/**
 * Confirms the address of the author account whose link carries `token` (once: the update that
 * marks the link used is the check).
 * @returns the account, to sign it in.
 * @throws AppError `not_found` (404, {@link AUTHOR_LINK_GONE_MSG}) for an unknown, used or
 *   expired link, or a disabled account.
 */
export async function confirmAuthor(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<Pick<User, "id" | "email" | "first_name" | "last_name">> {
  const gone = () => new AppError("not_found", AUTHOR_LINK_GONE_MSG);
  if (!LINK_TOKEN_PATTERN.test(token)) throw gone();
  const nowIso = now.toISOString();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const userId = await takeEmailedLink(trx, "author_confirmations", token, nowIso);
    if (userId === undefined) return null;
    return (
      (await trx
        .updateTable("users")
        .set({ email_confirmed_at: nowIso })
        .where("id", "=", userId)
        .where("kind", "=", "author")
        .where("disabled_at", "is", null)
        .returning(["id", "email", "first_name", "last_name"])
        .executeTakeFirst()) ?? null
    );
  });
  if (!user) throw gone();
  ctx.log.info({ userId: user.id }, "author address confirmed");
  return user;
}
