/**
 * Dashboard calls of journals (spec sections 2 and 7, Dashboard; DESIGN section 2):
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/all_journals | — | `journals: JournalCard[]`, inactive ones included, dashboard buttons |
 * | POST /create_journal/1 | multipart `journalStep1Schema` + `cover_img` (required image) | `journal_uri`; the journal is created inactive |
 * | POST /create_journal/2 | multipart `journalStep2Schema` (keyed by `journal_uri`) | `journal_uri`; the journal becomes active |
 * | POST /edit_journal/1 | multipart `journalEditSchema` + `cover_img` (optional image) | `journal_uri` (the new one after a rename) |
 * | POST /edit_journal/2 | multipart `journalStep2Schema` | `journal_uri` |
 *
 * The prefill of the edit screen is the public GET /get_journal/{uri}, which shows a signed-in
 * manager inactive journals too. Errors: 400 with field `errors` (cover_img missing included),
 * 404 unknown URI, 409 URI taken, 413/415 cover (server/services/images.ts); 401 signed out and
 * 403 cross-site on every change (server/http/guards.ts).
 */
import express, { type Router } from "express";
import {
  journalEditSchema,
  journalStep1Schema,
  journalStep2Schema,
} from "../../../shared/schemas.ts";
import { managerChange, requireManager } from "../../http/guards.ts";
import { parseInput, sendOk } from "../../http/respond.ts";
import { multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import {
  completeJournal,
  createJournal,
  updateJournalMain,
  updateJournalSubmission,
} from "../../services/journals/commands.ts";
import { listAllJournals } from "../../services/journals/queries.ts";
import { parseWithRequiredFile } from "./required-file.ts";

const COVER_MISSING = "Choose a cover image for the journal.";

/** Success messages, shown by the dashboard forms. */
export const JOURNAL_MESSAGES = {
  step1Saved: "Journal details saved. Now add the submission information.",
  created: "Journal Created Successfully.",
  updated: "Journal Updated Successfully.",
} as const;

export function journalsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const withCover = multipart(ctx, ["cover_img"]);
  const textOnly = multipart(ctx, []);

  router.get("/dashboard/all_journals", requireManager, async (_req, res) => {
    sendOk(res, { journals: await listAllJournals(ctx) });
  });

  router.post("/create_journal/1", ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = parseWithRequiredFile(
      journalStep1Schema,
      req.body,
      cover,
      "cover_img",
      COVER_MISSING,
    );
    const { uri } = await createJournal(ctx, input, cover);
    sendOk(res, { journal_uri: uri }, JOURNAL_MESSAGES.step1Saved, 201);
  });

  router.post("/create_journal/2", ...managerChange(ctx), textOnly, async (req, res) => {
    const input = parseInput(journalStep2Schema, req.body);
    const { uri } = await completeJournal(ctx, input);
    sendOk(res, { journal_uri: uri }, JOURNAL_MESSAGES.created);
  });

  router.post("/edit_journal/1", ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = parseInput(journalEditSchema, req.body);
    const { uri } = await updateJournalMain(ctx, input, cover);
    sendOk(res, { journal_uri: uri }, JOURNAL_MESSAGES.updated);
  });

  router.post("/edit_journal/2", ...managerChange(ctx), textOnly, async (req, res) => {
    const input = parseInput(journalStep2Schema, req.body);
    const { uri } = await updateJournalSubmission(ctx, input);
    sendOk(res, { journal_uri: uri }, JOURNAL_MESSAGES.updated);
  });

  return router;
}
