/**
 * The signed-in manager's own account (issue 8; decision 198), on the dashboard's Account screen:
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/account | — | `account: {fname, lname, email, locale}` (shared/api.ts `AccountDetails`; `locale` the account's language, decision 431) |
 * | POST /update_account | JSON `{fname, lname, locale?}` | `u_name`, the new full name, and `locale`, the account's language; with `locale` (one of shared/i18n/locales.ts `LOCALES`) the account's language is set too, and the `lang` cookie, so the dashboard and this answer are in it at once; 400 a name missing or too long, or another language |
 * | POST /change_password | JSON `{current, pword, cpword}` | 200, every other session of the account ended; 400 'Your current password is not correct.' (field `current`), 'Passwords you entered do not match!', a password under 8 characters; 429 after repeated wrong current passwords |
 *
 * Reads take `requireManager`, changes `managerChange(ctx)` (same-origin, then signed in), as
 * every dashboard call. A wrong current password counts as a failed sign-in of the account from
 * this IP (server/features/accounts/sign-in-failures.ts), so a stolen session cannot guess it quickly.
 */
import express, { type Router } from "express";
import { z } from "zod";
import type { AccountDetails } from "../../../shared/api.ts";
import { LOCALES, type Locale, localeOr } from "../../../shared/i18n/locales.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { newPasswordWireFields } from "../../../shared/schemas.ts";
import { guardPasswordAttempt } from "../../features/accounts/password-attempts.ts";
import {
  changePassword,
  displayName,
  findUser,
  setAccountLocale,
  updateName,
  WRONG_CURRENT_PASSWORD_MSG,
} from "../../features/accounts/users.ts";
import { apiCall } from "../../http/contract.ts";
import { managerChange, requireManager } from "../../http/guards.ts";
import { LANGUAGE_COOKIE } from "../../http/locale.ts";
import { linkOrigin } from "../../http/origin.ts";
import { isKnownDeviceOf, isSecureRequest } from "../../http/session.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { clientIp } from "../account.ts";

const name = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, msg("This name is too long."));

const LANGUAGE_REFUSED = msgWith("Choose one of the site's languages: {languages}.", {
  languages: LOCALES.join(", "),
});

const nameSchema = z.object({
  fname: name(msg("Please enter your first name.")),
  lname: name(msg("Please enter your last name.")),
  // the account's language (decision 431), beside the spec's two fields
  locale: z.enum(LOCALES, { error: LANGUAGE_REFUSED }).optional(),
});

/** How long the `lang` cookie keeps a language: a year, as the language menu's (decision 382). */
const LANGUAGE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

const passwordSchema = z.object({
  current: z
    .string({ error: msg("Please enter your current password.") })
    .min(1, msg("Please enter your current password."))
    .max(1024, WRONG_CURRENT_PASSWORD_MSG),
  ...newPasswordWireFields,
});

export function accountSettingsRouter(ctx: AppContext): Router {
  const router = express.Router();

  const accountCall = apiCall("GET /dashboard/account");
  router.get(accountCall.path, requireManager, async (_req, res) => {
    const user = await findUser(ctx, res.locals.user!.id);
    if (!user) throw new AppError("not_found", msg("This account no longer exists."));
    const account: AccountDetails & { locale: Locale } = {
      fname: user.first_name,
      lname: user.last_name,
      email: user.email,
      locale: localeOr(user.locale),
    };
    accountCall.send(res, { account });
  });

  const updateAccountCall = apiCall("POST /update_account");
  router.post(updateAccountCall.path, ...managerChange(ctx), async (req, res) => {
    const { locale, ...names } = updateAccountCall.body(req.body ?? {}, nameSchema);
    const before = res.locals.user!;
    const user = await updateName(ctx, before.id, names);
    if (locale === undefined) {
      updateAccountCall.send(
        res,
        { u_name: displayName(user), locale: localeOr(user.locale) },
        msg("Your name has been saved."),
      );
      return;
    }
    await setAccountLocale(ctx, before.id, locale);
    // the dashboard follows the account's language at once, as the language menu's choice
    res.cookie(LANGUAGE_COOKIE, locale, {
      maxAge: LANGUAGE_COOKIE_MS,
      sameSite: "lax",
      httpOnly: true,
      secure: isSecureRequest(ctx, req),
      path: "/",
    });
    res.locals.locale = locale;
    const u_name = displayName(user);
    updateAccountCall.send(
      res,
      { u_name, locale },
      u_name === before.name
        ? msg("Your language has been saved.")
        : msg("Your name and language have been saved."),
    );
  });

  const changePasswordCall = apiCall("POST /change_password");
  router.post(changePasswordCall.path, ...managerChange(ctx), async (req, res) => {
    const input = changePasswordCall.body(req.body ?? {}, passwordSchema);
    const { id, email } = res.locals.user!;
    await guardPasswordAttempt(
      ctx,
      {
        email,
        ip: clientIp(req),
        knownDevice: isKnownDeviceOf(ctx, req, email),
        origin: linkOrigin(ctx.config, req),
      },
      () => changePassword(ctx, id, res.locals.sessionId, input),
      (error) => error instanceof AppError && error.message === WRONG_CURRENT_PASSWORD_MSG,
    );
    changePasswordCall.send(
      res,
      {},
      msg("Your password has been changed. You are signed out everywhere else."),
    );
  });

  return router;
}
