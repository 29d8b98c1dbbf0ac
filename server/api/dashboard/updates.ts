/**
 * Dashboard calls of papers' update notices, added beside the spec's (issue 33, decision 490):
 *
 * | call | answer |
 * |---|---|
 * | POST /add_paper_update/{journal}/{paper} | JSON `paperUpdateSchema` (type, title, text, date, doi); 201 `id` |
 *
 * Guards: `...managerChange(ctx)` and the journal's access (403 for a journal the manager does
 * not manage). Errors: 400 with field `errors` (a type outside Crossref's list, a missing title
 * or text, a malformed date or DOI, a paper of a draft issue), 404 unknown journal or paper.
 */
import express, { type Router } from "express";
import { msg } from "../../../shared/i18n/messages.ts";
import { addPaperUpdate } from "../../features/updates/notices.ts";
import { apiCall } from "../../http/contract.ts";
import { journalAccess, managerChange } from "../../http/guards.ts";
import type { AppContext } from "../../services/context.ts";
import { NO_JOURNAL } from "./route-params.ts";

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
      const { id } = await addPaperUpdate(ctx, journal, paper, input);
      addCall.send(res, { id }, ADDED, 201);
    },
  );

  return router;
}
