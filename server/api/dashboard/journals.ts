/**
 * Dashboard calls of journals (docs/product/screens.md and docs/product/api.md, Dashboard; docs/product/api.md):
 *
 * | call | body | answer |
 * |---|---|---|
 * | GET /dashboard/all_journals | — | `journals: JournalCard[]` the manager may touch (all for an administrator), inactive ones included, dashboard buttons |
 * | GET /dashboard/get_journal/{journal} | — | `journal: JournalDetail`, inactive included (prefill of the edit screen; 403 for a journal of another manager) |
 * | POST /create_journal/1 | multipart `journalStep1Schema` + `cover_img` (required image) | `journal_uri`; the journal is created inactive |
 * | POST /create_journal/2 | multipart `journalStep2Schema` (keyed by `journal_uri`) | `journal_uri`; the journal becomes active |
 * | POST /edit_journal/1 | multipart `journalEditSchema` + `cover_img` (optional image) | `journal_uri` (the new one after a rename) |
 * | POST /edit_journal/2 | multipart `journalStep2Schema` | `journal_uri` |
 *
 * Roles (server/http/guards.ts): creating a journal assigns it to its creator; the other calls
 * answer 403 for a journal the manager does not manage. Errors: 400 with field `errors` (cover_img missing included),
 * 404 unknown URI, 409 URI taken, 413/415 cover (server/services/images.ts); 401 signed out and
 * 403 cross-site on every change (server/http/guards.ts).
 */
import express, { type Router } from "express";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  completeJournal,
  createJournal,
  updateJournalMain,
  updateJournalSubmission,
} from "../../features/journals/commands.ts";
import { getJournal, listAllJournals } from "../../features/journals/queries.ts";
import { apiCall } from "../../http/contract.ts";
import {
  actorOf,
  assertJournalAccess,
  journalAccess,
  managerChange,
  requireManager,
} from "../../http/guards.ts";
import { imageField, multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { parseWithRequiredFile } from "./required-file.ts";
import { NO_JOURNAL } from "./route-params.ts";

const COVER_MISSING = msg("Choose a cover image for the journal.");

/** Success messages, shown by the dashboard forms. */
export const JOURNAL_MESSAGES = {
  step1Saved: msg("Journal details saved. Now add the submission information."),
  created: msg("Journal Created Successfully."),
  updated: msg("Journal Updated Successfully."),
} as const;

export function journalsRouter(ctx: AppContext): Router {
  const router = express.Router();
  const withCover = multipart(ctx, [imageField("cover_img")]);
  const textOnly = multipart(ctx, []);

  const allJournalsCall = apiCall("GET /dashboard/all_journals");
  router.get(allJournalsCall.path, requireManager, async (_req, res) => {
    allJournalsCall.send(res, { journals: await listAllJournals(ctx, actorOf(res)) });
  });

  const getJournalCall = apiCall("GET /dashboard/get_journal/:journal");
  router.get(
    getJournalCall.path,
    requireManager,
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const params = getJournalCall.params(req, { journal: NO_JOURNAL });
      const journal = await getJournal(ctx, params.journal, {
        includeInactive: true,
      });
      if (!journal) throw notFound(NO_JOURNAL);
      getJournalCall.send(res, { journal });
    },
  );

  const createJournalStep1Call = apiCall("POST /create_journal/1");
  router.post(createJournalStep1Call.path, ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = parseWithRequiredFile(
      createJournalStep1Call.schema(),
      req.body,
      cover,
      "cover_img",
      COVER_MISSING,
    );
    const { uri } = await createJournal(ctx, input, cover, {}, actorOf(res).id);
    createJournalStep1Call.send(res, { journal_uri: uri }, JOURNAL_MESSAGES.step1Saved, 201);
  });

  const createJournalStep2Call = apiCall("POST /create_journal/2");
  router.post(createJournalStep2Call.path, ...managerChange(ctx), textOnly, async (req, res) => {
    const input = createJournalStep2Call.body(req.body);
    await assertJournalAccess(ctx, actorOf(res), input.journal_uri);
    const { uri } = await completeJournal(ctx, input);
    createJournalStep2Call.send(res, { journal_uri: uri }, JOURNAL_MESSAGES.created);
  });

  const editJournalStep1Call = apiCall("POST /edit_journal/1");
  router.post(editJournalStep1Call.path, ...managerChange(ctx), withCover, async (req, res) => {
    const cover = await uploadedFile(req, "cover_img");
    const input = editJournalStep1Call.body(req.body);
    await assertJournalAccess(ctx, actorOf(res), input.primary_journal_uri);
    const { uri } = await updateJournalMain(ctx, input, cover);
    editJournalStep1Call.send(res, { journal_uri: uri }, JOURNAL_MESSAGES.updated);
  });

  const editJournalStep2Call = apiCall("POST /edit_journal/2");
  router.post(editJournalStep2Call.path, ...managerChange(ctx), textOnly, async (req, res) => {
    const input = editJournalStep2Call.body(req.body);
    await assertJournalAccess(ctx, actorOf(res), input.journal_uri);
    const { uri } = await updateJournalSubmission(ctx, input);
    editJournalStep2Call.send(res, { journal_uri: uri }, JOURNAL_MESSAGES.updated);
  });

  return router;
}
