/**
 * Dashboard calls of papers' update notices, added beside the spec's (issue 33, decision 490):
 *
 * | call | answer |
 * |---|---|
 * | POST /add_paper_update/{journal}/{paper} | JSON `paperUpdateSchema` (type, title, text, date, doi); 201 `id` |
 * | POST /add_proceeding_paper_update/{proceeding}/{paper} | the same, of a conference paper (decision 496) |
 *
 * Guards: `...managerChange(ctx)` and the journal's (or proceeding's) access (403 for one the
 * manager does not manage). Errors: 400 with field `errors` (a type outside Crossref's list, a
 * missing title or text, a malformed date or DOI, a paper of a draft issue), 404 unknown
 * journal, proceeding or paper.
 */
import express, { type Router } from "express";
import { msg } from "../../../shared/i18n/messages.ts";
import { addPaperUpdate } from "../../features/updates/notices.ts";
import { apiCall } from "../../http/contract.ts";
import { journalAccess, managerChange, proceedingAccess } from "../../http/guards.ts";
import type { AppContext } from "../../services/context.ts";
import { NO_JOURNAL, NO_PROCEEDING } from "./route-params.ts";

const ADDED = msg("The notice was added to the paper.");

export function updatesRouter(ctx: AppContext): Router {
  const router = express.Router();

  const addCall = apiCall("POST /add_paper_update/:journal/:paper");
  router.post(
    addCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const { journal, paper } = addCall.params(req, {
        journal: NO_JOURNAL,
        paper: msg("No such paper in this journal."),
      });
      const input = addCall.body(req.body ?? {});
      const { id } = await addPaperUpdate(ctx, { journal }, paper, input);
      addCall.send(res, { id }, ADDED, 201);
    },
  );

  // the same notice about a conference paper (decision 496): one implementation, by venue
  const addProceedingCall = apiCall("POST /add_proceeding_paper_update/:proceeding/:paper");
  router.post(
    addProceedingCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding, paper } = addProceedingCall.params(req, {
        proceeding: NO_PROCEEDING,
        paper: msg("There is no such paper in this proceeding."),
      });
      const input = addProceedingCall.body(req.body ?? {});
      const { id } = await addPaperUpdate(ctx, { proceeding }, paper, input);
      addProceedingCall.send(res, { id }, ADDED, 201);
    },
  );

  return router;
}
