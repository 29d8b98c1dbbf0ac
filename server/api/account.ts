/**
 * Account API calls (docs/product/api.md, Account; docs/product/api.md):
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST /register | JSON `{fname, lname, phone, email, pword, cpword, admincode}` | 201 `msg: "Registration successful!"`; 400 a field missing or invalid, 'Passwords you entered do not match!', a password under 8 characters; 403 registration closed or wrong passcode; 409 email taken; 429 too many attempts |
 * | POST /login | JSON `{email, pword, remember?}` | sets the session cookie, `u_name`; 400 a field missing; 401 'Invalid email or password.'; 403 the account is disabled (said only after the right password); 429 too many attempts |
 * | GET /invitation/{token} | — | `email` of a live invitation; 404 'This invitation link has expired or has already been used. …' |
 * | POST /register_invited | JSON `{fname, lname, phone, pword, cpword, invite}` | 201 as /register, no passcode: the account takes the invited email; 404 invitation gone; 409 email taken |
 * | GET /logout | — | ends the session and clears the cookie; always `status: 1` (403 only when another site sent it) |
 * | POST /forgot_password | JSON `{email}` | 200 with the same msg whether or not the address has an account (a reset link is mailed when it has); 400 not an email; 429 too many requests from this IP |
 * | POST /check_reset_link | JSON `{token}` | 200 when the link is good; 400 'This password reset link has expired or has already been used. …' |
 * | POST /reset_password | JSON `{token, pword, cpword}` | sets the password, ends every session of the account, signs this browser in (`u_name`); 400 link not good, passwords differ or too short |
 *
 * The navigation menu (GET /dashboard/admin_nav_items) is a dashboard call: server/api/dashboard/.
 * Every call here changes state, so each refuses cross-site requests (server/http/guards.ts);
 * sign-in and registration are rate limited (server/services/rate-limit.ts), and failed sign-ins
 * slow down per account and IP (server/services/sign-in-failures.ts, decision 197). Password
 * reset: server/services/password-reset.ts (decision 196).
 */
import express, { type Request, type Router } from "express";
import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { stripXmlForbidden } from "../../shared/xml-text.ts";
import { requireSameOrigin } from "../http/guards.ts";
import { publicOrigin } from "../http/origin.ts";
import { parseInput, sendOk } from "../http/respond.ts";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../http/session.ts";
import type { AppContext } from "../services/context.ts";
import { AppError } from "../services/errors.ts";
import { INVITATION_GONE, invitationEmail, registerInvited } from "../services/invitations.ts";
import {
  checkResetToken,
  completePasswordReset,
  PASSWORD_RESET_MSG,
  RESET_LINK_INVALID_MSG,
  RESET_REQUESTED_MSG,
  requestPasswordReset,
} from "../services/password-reset.ts";
import { createAccountLimiters } from "../services/rate-limit.ts";
import { endSession, startSession } from "../services/sessions.ts";
import {
  assertMayTrySignIn,
  clearSignInFailures,
  recordSignInFailure,
} from "../services/sign-in-failures.ts";
import {
  assertRegistrationOpen,
  authenticate,
  displayName,
  normaliseEmail,
  registerManager,
} from "../services/users.ts";

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .overwrite(stripXmlForbidden)
    .trim()
    .min(1, message)
    .max(max, "This field is too long.");

const emailField = required("Please enter your email address.", 254).pipe(
  z.email("Please enter a valid email address."),
);

const registerSchema = z.object({
  fname: required("Please enter your first name.", 100),
  lname: required("Please enter your last name.", 100),
  phone: required("Please enter your phone number.", 40).refine(
    (phone) => /^\+?[\d\s().-]+$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 5,
    "Please enter a valid phone number.",
  ),
  email: emailField,
  // passwords are taken as typed (no trimming); the upper bound keeps hashing cheap to refuse
  pword: z
    .string({ error: "Please enter a password." })
    .min(1, "Please enter a password.")
    .max(1024, "This password is too long."),
  cpword: z
    .string({ error: "Please confirm your password." })
    .min(1, "Please confirm your password.")
    .max(1024, "This password is too long."),
  admincode: z
    .string({ error: "Please enter the admin passcode." })
    .trim()
    .min(1, "Please enter the admin passcode.")
    .max(1024, "This field is too long."),
});

/** Registration through an administrator's invitation (decision 191): no passcode, no email. */
const invitedSchema = registerSchema.omit({ email: true, admincode: true }).extend({
  invite: z
    .string({ error: INVITATION_GONE })
    .trim()
    .min(1, INVITATION_GONE)
    .max(100, INVITATION_GONE),
});

const loginSchema = z.object({
  email: required("Please enter your email address.", 254),
  pword: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(1024, "Invalid email or password."),
  /** "Remember me": JSON true, or a form value such as "on", "Y", "1". */
  remember: z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => v === true || v === 1 || /^(on|true|y|yes|1)$/i.test(String(v ?? ""))),
});

/** A new password and its confirmation, as registration takes them. */
export const newPasswordFields = {
  pword: registerSchema.shape.pword,
  cpword: registerSchema.shape.cpword,
};

const forgotSchema = z.object({ email: emailField });
const tokenField = z.string({ error: RESET_LINK_INVALID_MSG }).max(200, RESET_LINK_INVALID_MSG);
const resetSchema = z.object({ token: tokenField, ...newPasswordFields });

/** The client's IP (Express `req.ip`, which honours `TRUST_PROXY`). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export function accountRouter(ctx: AppContext): Router {
  const router = express.Router();
  const limits = createAccountLimiters(ctx);
  const sameOrigin = requireSameOrigin(ctx);

  router.post("/register", sameOrigin, async (req, res) => {
    await limits.registrationPerIp.consume(clientIp(req));
    assertRegistrationOpen(ctx);
    const input = parseInput(registerSchema, req.body ?? {});
    await registerManager(ctx, input);
    sendOk(res, {}, MESSAGES.registrationSuccessful, 201);
  });

  router.get("/invitation/:token", async (req, res) => {
    sendOk(res, { email: await invitationEmail(ctx, String(req.params.token)) });
  });

  router.post("/register_invited", sameOrigin, async (req, res) => {
    await limits.registrationPerIp.consume(clientIp(req));
    const input = parseInput(invitedSchema, req.body ?? {});
    await registerInvited(ctx, input);
    sendOk(res, {}, MESSAGES.registrationSuccessful, 201);
  });

  router.post("/login", sameOrigin, async (req, res) => {
    await limits.signInPerIp.consume(clientIp(req));
    const input = parseInput(loginSchema, req.body ?? {});
    const email = normaliseEmail(input.email);
    const ip = clientIp(req);
    await assertMayTrySignIn(ctx, email, ip);
    let user: Awaited<ReturnType<typeof authenticate>>;
    try {
      user = await authenticate(ctx, email, input.pword);
    } catch (error) {
      if (error instanceof AppError && error.kind === "unauthorized") {
        await recordSignInFailure(ctx, email, ip);
      }
      throw error;
    }
    await clearSignInFailures(ctx, email, ip);
    const session = await startSession(ctx, user.id, input.remember, readSessionToken(ctx, req));
    setSessionCookie(ctx, req, res, session);
    sendOk(res, { u_name: displayName(user) }, "Signed in.");
  });

  router.get("/logout", sameOrigin, async (req, res) => {
    const token = readSessionToken(ctx, req);
    if (token) await endSession(ctx, token);
    clearSessionCookie(ctx, req, res);
    sendOk(res, {}, "Signed out.");
  });

  router.post("/forgot_password", sameOrigin, async (req, res) => {
    await limits.passwordResetPerIp.consume(clientIp(req));
    const { email } = parseInput(forgotSchema, req.body ?? {});
    await requestPasswordReset(ctx, email, publicOrigin(ctx.config, req));
    sendOk(res, {}, RESET_REQUESTED_MSG);
  });

  router.post("/check_reset_link", sameOrigin, async (req, res) => {
    const { token } = parseInput(z.object({ token: tokenField }), req.body ?? {});
    if (!(await checkResetToken(ctx, token))) throw new AppError("invalid", RESET_LINK_INVALID_MSG);
    sendOk(res, {}, "This link is good: please choose a new password.");
  });

  router.post("/reset_password", sameOrigin, async (req, res) => {
    const input = parseInput(resetSchema, req.body ?? {});
    const user = await completePasswordReset(ctx, input.token, input.pword, input.cpword);
    const session = await startSession(ctx, user.id, false);
    setSessionCookie(ctx, req, res, session);
    sendOk(res, { u_name: displayName(user) }, PASSWORD_RESET_MSG);
  });

  return router;
}
