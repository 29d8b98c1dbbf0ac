/**
 * Dashboard calls of conference proceedings (docs/product/screens.md and docs/product/api.md, Dashboard; DESIGN
 * section 2):
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /all_proceedings/Y | — | `proceedings: ProceedingCard[]` with the manager's buttons (Edit) |
 * | GET /get_proceeding_events | — | `proceeding_events: ProceedingEventItem[]` |
 * | GET /get_proceeding/{proceeding} | — | `proceeding: ProceedingEdit` |
 * | POST /create_proceedings | multipart `proceedingSchema` + `cover_img` (required image), `editors[i][...]` | `proceeding_id` |
 * | POST /edit_proceeding/{proceeding} | multipart `proceedingEditSchema` + `cover_img` (optional) | `proceeding_id` |
 *
 * `event` is `''`, `'new'` or an event id. On edit an event id applies the event fields to that
 * event, which renames or re-dates it for every proceeding of the event
 * (server/features/proceedings/commands.ts; docs/decisions/072-proceeding-event-edits.md).
 * Roles (server/http/guards.ts): the list holds the proceedings the manager may touch (all for
 * an administrator); creating one assigns it to its creator; the others answer 403 for a
 * proceeding the manager does not manage, and an edit renaming or re-dating an event shared with
 * proceedings the manager does not manage (server/features/accounts/access.ts, `assertEventAccess`).
 * Errors: 400 with field `errors`, 404 unknown proceeding or event, 413/415 cover; 401 signed
 * out and 403 cross-site on every change.
 */
import express, { type Router } from "express";
import { msg } from "../../../shared/i18n/messages.ts";
import { createProceeding, updateProceeding } from "../../features/proceedings/commands.ts";
import {
  getProceeding,
  listProceedingEvents,
  listProceedings,
} from "../../features/proceedings/queries.ts";
import { apiCall } from "../../http/contract.ts";
import { actorOf, managerChange, proceedingAccess, requireManager } from "../../http/guards.ts";
import { imageField, multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { parseWithRequiredFile } from "./required-file.ts";

const NO_PROCEEDING = msg("There is no such proceeding.");

/** Success messages, shown by the dashboard forms. */
export const PROCEEDING_MESSAGES = {
  created: msg("Proceeding Created Successfully."),
  updated: msg("Proceeding Updated Successfully."),
} as const;

export function proceedingsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const withCover = multipart(ctx, [imageField("cover_img")]);

  const allProceedingsCall = apiCall("GET /all_proceedings/Y");
  router.get(allProceedingsCall.path, requireManager, async (_req, res) => {
    allProceedingsCall.send(res, {
      proceedings: await listProceedings(ctx, "dashboard", undefined, actorOf(res)),
    });
  });

  const getProceedingEventsCall = apiCall("GET /get_proceeding_events");
  router.get(getProceedingEventsCall.path, requireManager, async (_req, res) => {
    getProceedingEventsCall.send(res, { proceeding_events: await listProceedingEvents(ctx) });
  });

  const getProceedingCall = apiCall("GET /get_proceeding/:proceeding");
  router.get(
    getProceedingCall.path,
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const params = getProceedingCall.params(req, { proceeding: NO_PROCEEDING });
      const id = params.proceeding;
      const proceeding = await getProceeding(ctx, id);
      if (!proceeding) throw notFound(NO_PROCEEDING);
      getProceedingCall.send(res, { proceeding });
    },
  );

  const createProceedingsCall = apiCall("POST /create_proceedings");
  router.post(createProceedingsCall.path, ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = parseWithRequiredFile(
      createProceedingsCall.schema(),
      req.body,
      cover,
      "cover_img",
      msg("Choose a cover image for the proceeding."),
    );
    const { id } = await createProceeding(ctx, input, cover, {}, actorOf(res).id);
    createProceedingsCall.send(res, { proceeding_id: id }, PROCEEDING_MESSAGES.created, 201);
  });

  const editProceedingCall = apiCall("POST /edit_proceeding/:proceeding");
  router.post(
    editProceedingCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    withCover,
    async (req, res) => {
      const cover = await uploadedFile(req, "cover_img");
      const params = editProceedingCall.params(req, { proceeding: NO_PROCEEDING });
      const id = params.proceeding;
      const input = editProceedingCall.body(req.body);
      await updateProceeding(ctx, id, input, cover, actorOf(res));
      editProceedingCall.send(res, { proceeding_id: id }, PROCEEDING_MESSAGES.updated);
    },
  );

  return router;
}
