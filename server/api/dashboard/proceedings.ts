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
 * (server/services/proceedings/commands.ts; docs/decisions/072-proceeding-event-edits.md).
 * Roles (server/http/guards.ts): the list holds the proceedings the manager may touch (all for
 * an administrator); creating one assigns it to its creator; the others answer 403 for a
 * proceeding the manager does not manage.
 * Errors: 400 with field `errors`, 404 unknown proceeding or event, 413/415 cover; 401 signed
 * out and 403 cross-site on every change.
 */
import express, { type Router } from "express";
import { proceedingEditSchema, proceedingSchema } from "../../../shared/schemas.ts";
import { actorOf, managerChange, proceedingAccess, requireManager } from "../../http/guards.ts";
import { parseInput, sendOk } from "../../http/respond.ts";
import { multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { createProceeding, updateProceeding } from "../../services/proceedings/commands.ts";
import {
  getProceeding,
  listProceedingEvents,
  listProceedings,
} from "../../services/proceedings/queries.ts";
import { parseWithRequiredFile } from "./required-file.ts";
import { idParam } from "./route-params.ts";

const NO_PROCEEDING = "There is no such proceeding.";

/** Success messages, shown by the dashboard forms. */
export const PROCEEDING_MESSAGES = {
  created: "Proceeding Created Successfully.",
  updated: "Proceeding Updated Successfully.",
} as const;

export function proceedingsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const withCover = multipart(ctx, ["cover_img"]);

  router.get("/all_proceedings/Y", requireManager, async (_req, res) => {
    sendOk(res, { proceedings: await listProceedings(ctx, "dashboard", undefined, actorOf(res)) });
  });

  router.get("/get_proceeding_events", requireManager, async (_req, res) => {
    sendOk(res, { proceeding_events: await listProceedingEvents(ctx) });
  });

  router.get(
    "/get_proceeding/:proceeding",
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const id = idParam(req.params.proceeding, NO_PROCEEDING);
      const proceeding = await getProceeding(ctx, id);
      if (!proceeding) throw notFound(NO_PROCEEDING);
      sendOk(res, { proceeding });
    },
  );

  router.post("/create_proceedings", ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = parseWithRequiredFile(
      proceedingSchema,
      req.body,
      cover,
      "cover_img",
      "Choose a cover image for the proceeding.",
    );
    const { id } = await createProceeding(ctx, input, cover, {}, actorOf(res).id);
    sendOk(res, { proceeding_id: id }, PROCEEDING_MESSAGES.created, 201);
  });

  router.post(
    "/edit_proceeding/:proceeding",
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    withCover,
    async (req, res) => {
      const cover = await uploadedFile(req, "cover_img");
      const id = idParam(req.params.proceeding, NO_PROCEEDING);
      const input = parseInput(proceedingEditSchema, req.body);
      await updateProceeding(ctx, id, input, cover);
      sendOk(res, { proceeding_id: id }, PROCEEDING_MESSAGES.updated);
    },
  );

  return router;
}
