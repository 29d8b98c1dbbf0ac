/**
 * The signed-in manager's own account (issue 8; decision 198), on the dashboard's Account screen:
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/account | — | `account: {fname, lname, email}` (shared/api.ts `AccountDetails`) |
 * | POST /update_account | JSON `{fname, lname}` | `u_name`, the new full name; 400 a name missing or too long |
 * | POST /change_password | JSON `{current, pword, cpword}` | 200, every other session of the account ended; 400 'Your current password is not correct.' (field `current`), 'Passwords you entered do not match!', a password under 8 characters; 429 after repeated wrong current passwords |
 *
 * Reads take `requireManager`, changes `managerChange(ctx)` (same-origin, then signed in), as
 * every dashboard call. A wrong current password counts as a failed sign-in of the account from
 * this IP (server/features/accounts/sign-in-failures.ts), so a stolen session cannot guess it quickly.
 */
import express, { type Router } from "express";
import { z } from "zod";
import type { AccountDetails } from "../../../shared/api.ts";
import { newPasswordWireFields } from "../../../shared/schemas.ts";
import { guardPasswordAttempt } from "../../features/accounts/password-attempts.ts";
import {
  changePassword,
  displayName,
  findUser,
  updateName,
  WRONG_CURRENT_PASSWORD_MSG,
} from "../../features/accounts/users.ts";
import { apiCall } from "../../http/contract.ts";
import { managerChange, requireManager } from "../../http/guards.ts";
import { linkOrigin } from "../../http/origin.ts";
import { isKnownDeviceOf } from "../../http/session.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { clientIp } from "../account.ts";

const name = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, "This name is too long.");

const nameSchema = z.object({
  fname: name("Please enter your first name."),
  lname: name("Please enter your last name."),
});

const passwordSchema = z.object({
  current: z
    .string({ error: "Please enter your current password." })
    .min(1, "Please enter your current password.")
    .max(1024, WRONG_CURRENT_PASSWORD_MSG),
  ...newPasswordWireFields,
});

export function accountSettingsRouter(ctx: AppContext): Router {
  const router = express.Router();

  const accountCall = apiCall("GET /dashboard/account");
  router.get(accountCall.path, requireManager, async (_req, res) => {
    const user = await findUser(ctx, res.locals.user!.id);
    if (!user) throw new AppError("not_found", "This account no longer exists.");
    const account: AccountDetails = {
      fname: user.first_name,
      lname: user.last_name,
      email: user.email,
    };
    accountCall.send(res, { account });
  });

  const updateAccountCall = apiCall("POST /update_account");
  router.post(updateAccountCall.path, ...managerChange(ctx), async (req, res) => {
    const input = updateAccountCall.body(req.body ?? {}, nameSchema);
    const user = await updateName(ctx, res.locals.user!.id, input);
    updateAccountCall.send(res, { u_name: displayName(user) }, "Your name has been saved.");
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
      "Your password has been changed. You are signed out everywhere else.",
    );
  });

  return router;
}
