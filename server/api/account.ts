/**
 * Account API calls (docs/product/api.md, Account; docs/product/api.md):
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST /register | JSON `{fname, lname, phone, email, pword, cpword, admincode}` | 201 `msg: "Registration successful!"`; 400 a field missing or invalid, 'Passwords you entered do not match!', a password under 8 characters; 403 registration closed or wrong passcode; 409 email taken; 429 too many attempts |
 * | POST /login | JSON `{email, pword, remember?}` | sets the session cookie, `u_name`, `home` (`/dashboard`, or `/submissions` for an author: decision 400); 400 a field missing; 401 'Invalid email or password.'; 403 the account is disabled (said only after the right password); 429 too many attempts |
 * | GET /invitation/{token} | — | `email` of a live invitation; 404 'This invitation link has expired or has already been used. …' |
 * | POST /register_invited | JSON `{fname, lname, phone, pword, cpword, invite}` | 201 as /register, no passcode: the account takes the invited email; 404 invitation gone; 409 email taken |
 * | GET /logout | — | ends the session and clears the cookie; always `status: 1` (403 only when another site sent it) |
 * | POST /forgot_password | JSON `{email}` | 200 with the same msg whether or not the address has an account (a reset link is mailed when it has); 400 not an email; 429 too many requests from this IP |
 * | POST /check_reset_link | JSON `{token}` | 200 when the link is good; 400 'This password reset link has expired or has already been used. …' |
 * | POST /reset_password | JSON `{token, pword, cpword}` | sets the password, ends every session of the account, signs this browser in (`u_name`); 400 link not good, passwords differ or too short |
 * | POST /confirm_admin | JSON `{token, pword}` | makes the `ADMIN_EMAIL` account administrator when the mailed link is good and `pword` is the account's password; 404 link gone; 400 wrong password (counted as a failed sign-in); 429 while the account must wait (decision 379) |
 *
 * The navigation menu (GET /dashboard/admin_nav_items) is a dashboard call: server/api/dashboard/.
 * Every call here changes state, so each refuses cross-site requests (server/http/guards.ts);
 * sign-in and registration are rate limited (server/services/rate-limit.ts) per client network
 * (an IPv6 client per /64, server/services/client-network.ts), and failed sign-ins
 * slow down per account and IP (server/features/accounts/sign-in-failures.ts, decision 197). Password
 * reset: server/features/accounts/password-reset.ts (decision 196). Paths, request fields and answers
 * come from the contract (shared/contract.ts, decision 211); the sign-in and registration
 * schemas are shared/schemas.ts's, on which the forms build.
 */
import express, { type Request, type Router } from "express";
import { z } from "zod";
import { INVITATION_GONE, MESSAGES } from "../../shared/constants.ts";
import { localeOr } from "../../shared/i18n/locales.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { newPasswordWireFields } from "../../shared/schemas.ts";
import {
  ADMIN_CONFIRMED_MSG,
  confirmAdministrator,
  offerAdminConfirmation,
} from "../features/accounts/admin-confirmation.ts";
import { invitationEmail, registerInvited } from "../features/accounts/invitations.ts";
import { guardPasswordAttempt } from "../features/accounts/password-attempts.ts";
import {
  checkResetToken,
  completePasswordReset,
  PASSWORD_RESET_MSG,
  RESET_LINK_INVALID_MSG,
  RESET_REQUESTED_MSG,
  requestPasswordReset,
} from "../features/accounts/password-reset.ts";
import { endSession, startSession } from "../features/accounts/sessions.ts";
import {
  assertRegistrationOpen,
  authenticate,
  displayName,
  normaliseEmail,
  registerManager,
} from "../features/accounts/users.ts";
import { apiCall } from "../http/contract.ts";
import { requireSameOrigin } from "../http/guards.ts";
import { linkOrigin } from "../http/origin.ts";
import {
  clearSessionCookie,
  isKnownDeviceOf,
  readSessionToken,
  rememberDevice,
  setSessionCookie,
} from "../http/session.ts";
import { clientNetwork } from "../services/client-network.ts";
import type { AppContext } from "../services/context.ts";
import { AppError } from "../services/errors.ts";
import { createAccountLimiters } from "../services/rate-limit.ts";

const tokenField = z.string({ error: RESET_LINK_INVALID_MSG }).max(200, RESET_LINK_INVALID_MSG);
const resetSchema = z.object({ token: tokenField, ...newPasswordWireFields });

/** The client's IP (Express `req.ip`, which honours `TRUST_PROXY`). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export function accountRouter(ctx: AppContext): Router {
  const router = express.Router();
  const limits = createAccountLimiters(ctx);
  const sameOrigin = requireSameOrigin(ctx);

  const register = apiCall("POST /register");
  router.post(register.path, sameOrigin, async (req, res) => {
    await limits.registrationPerIp.consume(clientNetwork(clientIp(req)));
    assertRegistrationOpen(ctx);
    const input = register.body(req.body ?? {});
    const user = await registerManager(ctx, { ...input, locale: localeOr(res.locals.locale) });
    // ADMIN_EMAIL grants the role only once its emailed link is opened (decision 262)
    await offerAdminConfirmation(ctx, user, linkOrigin(ctx.config, req));
    register.send(res, {}, MESSAGES.registrationSuccessful, 201);
  });

  const invitation = apiCall("GET /invitation/:token");
  router.get(invitation.path, async (req, res) => {
    const { token } = invitation.params(req, { token: INVITATION_GONE });
    invitation.send(res, { email: await invitationEmail(ctx, token) });
  });

  const registerInvitedCall = apiCall("POST /register_invited");
  router.post(registerInvitedCall.path, sameOrigin, async (req, res) => {
    await limits.registrationPerIp.consume(clientNetwork(clientIp(req)));
    const input = registerInvitedCall.body(req.body ?? {});
    await registerInvited(ctx, { ...input, locale: localeOr(res.locals.locale) });
    registerInvitedCall.send(res, {}, MESSAGES.registrationSuccessful, 201);
  });

  const login = apiCall("POST /login");
  router.post(login.path, sameOrigin, async (req, res) => {
    await limits.signInPerIp.consume(clientNetwork(clientIp(req)));
    const input = login.body(req.body ?? {});
    const email = normaliseEmail(input.email);
    const user = await guardPasswordAttempt(
      ctx,
      {
        email,
        ip: clientIp(req),
        knownDevice: isKnownDeviceOf(ctx, req, email),
        origin: linkOrigin(ctx.config, req),
      },
      () => authenticate(ctx, email, input.pword),
      (error) => error instanceof AppError && error.kind === "unauthorized",
    );
    const session = await startSession(ctx, user.id, input.remember, readSessionToken(ctx, req));
    setSessionCookie(ctx, req, res, session);
    rememberDevice(ctx, req, res, user.email);
    // an author's home is their submissions; the dashboard never admits them (decision 400)
    const home = user.kind === "author" ? "/submissions" : "/dashboard";
    login.send(res, { u_name: displayName(user), home }, msg("Signed in."));
  });

  const logout = apiCall("GET /logout");
  router.get(logout.path, sameOrigin, async (req, res) => {
    const token = readSessionToken(ctx, req);
    if (token) await endSession(ctx, token);
    clearSessionCookie(ctx, req, res);
    logout.send(res, {}, msg("Signed out."));
  });

  const forgot = apiCall("POST /forgot_password");
  router.post(forgot.path, sameOrigin, async (req, res) => {
    await limits.passwordResetPerIp.consume(clientNetwork(clientIp(req)));
    const { email } = forgot.body(req.body ?? {});
    await requestPasswordReset(ctx, email, linkOrigin(ctx.config, req));
    forgot.send(res, {}, RESET_REQUESTED_MSG);
  });

  const checkLink = apiCall("POST /check_reset_link");
  router.post(checkLink.path, sameOrigin, async (req, res) => {
    const { token } = checkLink.body(req.body ?? {}, z.object({ token: tokenField }));
    if (!(await checkResetToken(ctx, token))) throw new AppError("invalid", RESET_LINK_INVALID_MSG);
    checkLink.send(res, {}, msg("This link is good: please choose a new password."));
  });

  const reset = apiCall("POST /reset_password");
  router.post(reset.path, sameOrigin, async (req, res) => {
    const input = reset.body(req.body ?? {}, resetSchema);
    const user = await completePasswordReset(ctx, input.token, input.pword, input.cpword);
    const session = await startSession(ctx, user.id, false);
    setSessionCookie(ctx, req, res, session);
    rememberDevice(ctx, req, res, user.email);
    reset.send(res, { u_name: displayName(user) }, PASSWORD_RESET_MSG);
  });

  const confirmAdmin = apiCall("POST /confirm_admin");
  router.post(confirmAdmin.path, sameOrigin, async (req, res) => {
    await limits.signInPerIp.consume(clientNetwork(clientIp(req)));
    const input = confirmAdmin.body(req.body ?? {});
    await confirmAdministrator(ctx, {
      token: input.token,
      password: input.pword,
      ip: clientIp(req),
      origin: linkOrigin(ctx.config, req),
      knownDevice: (email) => isKnownDeviceOf(ctx, req, email),
    });
    confirmAdmin.send(res, {}, ADMIN_CONFIRMED_MSG);
  });

  return router;
}
