/**
 * The site administrator's Managers screen (issue 8, "Roles and ownership"; decisions 190–192).
 * Every call is the administrator's (`requireAdmin`: 401 signed out, 403 for a journal manager);
 * every change also refuses cross-site requests. JSON bodies.
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/managers | — | `ManagersScreen` (shared/api.ts): `managers`, the assign menus' `journals` and `proceedings`, `me` (the caller's id) |
 * | POST /manager_journal/{user} | `{journal_uri, assign: boolean}` | msg |
 * | POST /manager_proceeding/{user} | `{proceeding_id, assign: boolean}` | msg |
 * | POST /manager_account/{user} | `{role?: "admin" \| "manager", disabled?: boolean}` | msg; disabling ends the account's sessions at once |
 * | POST /invite_manager | `{email}` | 201 msg; the one-time link goes by mail (server/features/accounts/invitations.ts) |
 * | POST /revoke_invitation/{invitation} | — | msg; the link then answers as a used one (added, issue 34, decision 511) |
 *
 * Errors: 400 bad body, 404 unknown account, journal or proceeding (or no such pending
 * invitation), 409 the last active administrator would be demoted or disabled (or the invited
 * address has an account), 403 disabling one's own account.
 */
import express, { type Router } from "express";
import { z } from "zod";
import type { ManagersScreen } from "../../../shared/api.ts";
import { localeOr } from "../../../shared/i18n/locales.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import {
  inviteManager,
  pendingInvitations,
  revokeInvitation,
} from "../../features/accounts/invitations.ts";
import {
  listAccounts,
  listAssignable,
  NO_ACCOUNT,
  setJournalAssignment,
  setProceedingAssignment,
  updateAccount,
} from "../../features/accounts/managers.ts";
import { apiCall } from "../../http/contract.ts";
import { actorOf, managerChange, requireAdmin } from "../../http/guards.ts";
import { linkOrigin } from "../../http/origin.ts";
import type { AppContext } from "../../services/context.ts";
import { journalParam } from "./route-params.ts";

const assignSchema = z.boolean({
  error: msg("Say whether to assign (true) or unassign (false)."),
});

const CHOOSE_JOURNAL = msg("Choose a journal.");
const journalAssignmentSchema = z.object({
  journal_uri: z
    .string({ error: CHOOSE_JOURNAL })
    .trim()
    .min(1, CHOOSE_JOURNAL)
    .max(100, CHOOSE_JOURNAL),
  assign: assignSchema,
});

const CHOOSE_PROCEEDING = msg("Choose a proceeding.");
const proceedingAssignmentSchema = z.object({
  proceeding_id: z.coerce
    .number<string | number>({ error: CHOOSE_PROCEEDING })
    .int(CHOOSE_PROCEEDING)
    .positive(CHOOSE_PROCEEDING)
    .max(9_999_999_999, CHOOSE_PROCEEDING),
  assign: assignSchema,
});

const accountSchema = z
  .object({
    role: z.enum(["admin", "manager"], { error: msg("The role is admin or manager.") }).optional(),
    disabled: z.boolean({ error: msg("Say whether the account is disabled.") }).optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: msg("Nothing to change: send role or disabled."),
  });

const INVITE_MISSING = msg("Please enter the email address to invite.");
const inviteSchema = z.object({
  email: z
    .string({ error: INVITE_MISSING })
    .trim()
    .min(1, INVITE_MISSING)
    .max(254, msg("This email address is too long."))
    .pipe(z.email(msg("Please enter a valid email address."))),
});

export function managersRouter(ctx: AppContext): Router {
  const router = express.Router();
  const change = [...managerChange(ctx), requireAdmin];

  const managersCall = apiCall("GET /dashboard/managers");
  router.get(managersCall.path, requireAdmin, async (_req, res) => {
    const [managers, assignable, invitations] = await Promise.all([
      listAccounts(ctx),
      listAssignable(ctx),
      pendingInvitations(ctx),
    ]);
    const screen: ManagersScreen = { managers, ...assignable, invitations, me: actorOf(res).id };
    managersCall.send(res, screen);
  });

  const managerJournalCall = apiCall("POST /manager_journal/:user");
  router.post(managerJournalCall.path, ...change, async (req, res) => {
    const params = managerJournalCall.params(req, { user: NO_ACCOUNT });
    const userId = params.user;
    const body = managerJournalCall.body(req.body ?? {}, journalAssignmentSchema);
    const uri = journalParam(body.journal_uri);
    managerJournalCall.send(res, {}, await setJournalAssignment(ctx, userId, uri, body.assign));
  });

  const managerProceedingCall = apiCall("POST /manager_proceeding/:user");
  router.post(managerProceedingCall.path, ...change, async (req, res) => {
    const params = managerProceedingCall.params(req, { user: NO_ACCOUNT });
    const userId = params.user;
    const body = managerProceedingCall.body(req.body ?? {}, proceedingAssignmentSchema);
    const answer = await setProceedingAssignment(ctx, userId, body.proceeding_id, body.assign);
    managerProceedingCall.send(res, {}, answer);
  });

  const managerAccountCall = apiCall("POST /manager_account/:user");
  router.post(managerAccountCall.path, ...change, async (req, res) => {
    const params = managerAccountCall.params(req, { user: NO_ACCOUNT });
    const userId = params.user;
    const body = managerAccountCall.body(req.body ?? {}, accountSchema);
    managerAccountCall.send(res, {}, await updateAccount(ctx, actorOf(res).id, userId, body));
  });

  const inviteManagerCall = apiCall("POST /invite_manager");
  router.post(inviteManagerCall.path, ...change, async (req, res) => {
    const { email } = inviteManagerCall.body(req.body ?? {}, inviteSchema);
    const user = res.locals.user!;
    const to = await inviteManager(
      ctx,
      user,
      email,
      linkOrigin(ctx.config, req),
      localeOr(res.locals.locale),
    );
    inviteManagerCall.send(
      res,
      {},
      msgWith("Invitation sent to {email}. The link works once, for 7 days.", { email: to }),
      201,
    );
  });

  const revokeCall = apiCall("POST /revoke_invitation/:invitation");
  router.post(revokeCall.path, ...change, async (req, res) => {
    const { invitation } = revokeCall.params(req, {
      invitation: msg("There is no such pending invitation."),
    });
    const email = await revokeInvitation(ctx, invitation);
    revokeCall.send(
      res,
      {},
      msgWith("The invitation to {email} was revoked. Its link no longer works.", { email }),
    );
  });

  return router;
}
