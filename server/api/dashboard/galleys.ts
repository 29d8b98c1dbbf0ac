/**
 * Dashboard calls of papers' JATS galleys added beside the spec's (issue 18):
 *
 * | call | answer |
 * |---|---|
 * | POST /remove_paper_jats/{journal}/{paper} | removes the galley (decision 316); `{}` |
 * | POST /remove_proceeding_paper_jats/{proceeding}/{paper} | the same for a conference paper |
 * | POST /remove_paper_pdf/{journal}/{paper} | JSON `{version_note?}`; removes the PDF galley (issue 34, decision 510); `{}` |
 * | POST /remove_proceeding_paper_pdf/{proceeding}/{paper} | the same for a conference paper |
 * | POST /read_jats | multipart `jats_file` only; `metadata: JatsMetadata` (decision 317), nothing stored |
 *
 * Guards on each route: `...managerChange(ctx)`, and the journal's or proceeding's access for the
 * removals (403 otherwise). Errors: 400 a bad removal body, 404 unknown paper or no galley (no
 * PDF); for /read_jats 400 on `jats_file` (no file, a file the safe reader refuses, no title),
 * 413 over `MAX_JATS_MB` or the limits of decision 385, 503 when the JATS pool is full or its
 * worker failed (decision 386).
 */
import express, { type Router } from "express";
import type { JatsMetadata } from "../../../shared/api.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { readJatsUpload } from "../../features/fulltext/galley.ts";
import {
  removeJournalPaperGalley,
  removeJournalPaperPdf,
  removeProceedingPaperGalley,
  removeProceedingPaperPdf,
} from "../../features/papers/commands.ts";
import { apiCall } from "../../http/contract.ts";
import { journalAccess, managerChange, proceedingAccess } from "../../http/guards.ts";
import { multipart, uploadedFile } from "../../http/uploads.ts";
import { isJatsError } from "../../import/jats.ts";
import type { AppContext } from "../../services/context.ts";
import { invalid } from "../../services/errors.ts";
import { jatsFileField } from "./jats-upload.ts";
import { NO_JOURNAL } from "./route-params.ts";

const REMOVED = msg("The HTML full text was removed.");
const PDF_REMOVED = msg("The PDF was removed.");
const NO_PAPER = msg("There is no such paper.");
const NO_FILE = msg("Choose a JATS XML file.");

export function galleysRouter(ctx: AppContext): Router {
  const router = express.Router();

  const removeCall = apiCall("POST /remove_paper_jats/:journal/:paper");
  router.post(
    removeCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const { journal, paper } = removeCall.params(req, { journal: NO_JOURNAL, paper: NO_PAPER });
      await removeJournalPaperGalley(ctx, journal, paper);
      removeCall.send(res, {}, REMOVED);
    },
  );

  const removeProceedingCall = apiCall("POST /remove_proceeding_paper_jats/:proceeding/:paper");
  router.post(
    removeProceedingCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding, paper } = removeProceedingCall.params(req, {
        proceeding: msg("There is no such proceeding."),
        paper: NO_PAPER,
      });
      await removeProceedingPaperGalley(ctx, proceeding, paper);
      removeProceedingCall.send(res, {}, REMOVED);
    },
  );

  const removePdfCall = apiCall("POST /remove_paper_pdf/:journal/:paper");
  router.post(
    removePdfCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const { journal, paper } = removePdfCall.params(req, {
        journal: NO_JOURNAL,
        paper: NO_PAPER,
      });
      const { version_note } = removePdfCall.body(req.body ?? {});
      await removeJournalPaperPdf(ctx, journal, paper, version_note ?? "");
      removePdfCall.send(res, {}, PDF_REMOVED);
    },
  );

  const removeProceedingPdfCall = apiCall("POST /remove_proceeding_paper_pdf/:proceeding/:paper");
  router.post(
    removeProceedingPdfCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const { proceeding, paper } = removeProceedingPdfCall.params(req, {
        proceeding: msg("There is no such proceeding."),
        paper: NO_PAPER,
      });
      const { version_note } = removeProceedingPdfCall.body(req.body ?? {});
      await removeProceedingPaperPdf(ctx, proceeding, paper, version_note ?? "");
      removeProceedingPdfCall.send(res, {}, PDF_REMOVED);
    },
  );

  const readCall = apiCall("POST /read_jats");
  router.post(
    readCall.path,
    ...managerChange(ctx),
    multipart(ctx, [jatsFileField(ctx)], { maxFields: 5 }),
    async (req, res) => {
      readCall.body(req.body ?? {});
      const data = await uploadedFile(req, "jats_file");
      if (!data) throw invalid(NO_FILE, { jats_file: NO_FILE });
      let metadata: JatsMetadata;
      try {
        metadata = await readJatsUpload(ctx, data, "metadata");
      } catch (error) {
        if (!isJatsError(error)) throw error;
        // the reader's own account of the problem (English) is carried as a value
        const message = msgWith("The JATS file has no usable metadata: {reason}.", {
          reason: error.message,
        });
        throw invalid(message, { jats_file: message });
      }
      readCall.send(res, { metadata }, msg("The JATS file was read."));
    },
  );

  return router;
}
