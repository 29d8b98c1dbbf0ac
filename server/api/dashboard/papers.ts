/**
 * Dashboard calls of a journal's papers (docs/product/screens.md and docs/product/api.md; docs/product/api.md and docs/product/files.md).
 * Guards on each route (server/api/dashboard/index.ts): the read `requireManager`, every change
 * `...managerChange(ctx)`, the GET `delete_paper` included.
 *
 * | call | answer |
 * |---|---|
 * | POST /create_paper/{journal} | multipart `paperSchema` + `paper_file` (required PDF), optional `jats_file` and `jats_figures` (decision 288); 201 `paperID`, `file_url`, `text_truncated`, `text_note` |
 * | GET /get_paper/{journal}/{paper} | `paper: PaperEdit` (prefill of the edit form) |
 * | POST /edit_paper/{journal}/{paper} | as create, `paper_file` optional; `paperID`, `file_url`, `text_truncated`, `text_note` |
 *
 * `text_truncated` and `text_note` (also in `PaperEdit`) say when the PDF's text was cut at the
 * limits of one paper (`MAX_PDF_PAGES`, `MAX_PDF_TEXT_KB`; decision 271); the form shows the note.
 * | GET /delete_paper/{journal_url}/{paperID} | deletes the row, then the PDF |
 *
 * Every call answers 403 for a journal the manager does not manage (server/http/guards.ts).
 * Errors: 400 with field `errors` (a publication of another journal is a 400 on
 * `sel_publication`, a missing PDF on `paper_file`), 404 unknown journal or paper (a paper of
 * another journal is unknown here), 409 DOI of another paper, 413 PDF over `MAX_PDF_MB`,
 * 415 not a (readable) PDF.
 */
import express, { type RequestHandler, type Router } from "express";
import multer from "multer";
import { MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { MAX_JATS_FILES } from "../../features/fulltext/galley.ts";
import { createPaper, deletePaper, updatePaper } from "../../features/papers/commands.ts";
import { galleyUrl, getPaperForEdit } from "../../features/papers/queries.ts";
import { apiCall } from "../../http/contract.ts";
import { journalAccess, managerChange, requireManager } from "../../http/guards.ts";
import { multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { invalid, notFound } from "../../services/errors.ts";
import { pdfTooLarge } from "../../services/pdf.ts";
import {
  JATS_FIGURES_FIELD,
  jatsFileField,
  TOO_MANY_FIGURES,
  withJatsUpload,
} from "./jats-upload.ts";
import { parseWithRequiredFile } from "./required-file.ts";
import { NO_JOURNAL } from "./route-params.ts";

const NO_PAPER = msg("No such paper in this journal.");

/**
 * Text fields a paper form may carry: the spec's, authors with their added fields and
 * affiliations, funders, and a reference list (decision 256), whose entries take up to six
 * fields each.
 */
export const PAPER_FORM_FIELDS = 5000;

/**
 * The multipart parser of the paper forms; an upload cut off at `MAX_PDF_MB` is the same 413 as
 * a stored PDF over the limit (naming the limit and `paper_file`); the JATS galley's fields are
 * held to their own limits while they arrive (./jats-upload.ts, decision 385), and a figure past
 * the most a galley takes is a 400 naming that number on `jats_figures`.
 */
export function pdfUploadOf(ctx: AppContext): RequestHandler {
  const pdfField = { name: "paper_file", tooLarge: pdfTooLarge(ctx.config.maxPdfBytes).message };
  const parse = multipart(ctx, [pdfField, jatsFileField(ctx), JATS_FIGURES_FIELD], {
    maxFields: PAPER_FORM_FIELDS,
  });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (!(error instanceof multer.MulterError)) return next(error);
      if (error.code === "LIMIT_FILE_SIZE") return next(pdfTooLarge(ctx.config.maxPdfBytes));
      // past the fields' counts: the only field taking several files is jats_figures
      const figures = error.code === "LIMIT_UNEXPECTED_FILE" && error.field === "jats_figures";
      if (figures || error.code === "LIMIT_FILE_COUNT") {
        return next(invalid(TOO_MANY_FIGURES, { jats_figures: TOO_MANY_FIGURES }));
      }
      next(error);
    });
  };
}

export function papersRouter(ctx: AppContext): Router {
  const router = express.Router();
  const pdfUpload = pdfUploadOf(ctx);

  const createPaperCall = apiCall("POST /create_paper/:journal");
  router.post(
    createPaperCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const params = createPaperCall.params(req, { journal: NO_JOURNAL });
      const uri = params.journal;
      const input = parseWithRequiredFile(
        createPaperCall.schema(),
        req.body ?? {},
        pdf,
        "paper_file",
        msg("Choose the paper's PDF file."),
      );
      const { id } = await withJatsUpload(ctx, req, (jats) =>
        createPaper(ctx, uri, input, pdf, { jats }),
      );
      const paper = await getPaperForEdit(ctx, uri, id);
      createPaperCall.send(
        res,
        {
          paperID: id,
          file_url: galleyUrl(uri, id, input.title),
          text_truncated: paper?.text_truncated ?? false,
          text_note: paper?.text_note ?? "",
        },
        MESSAGES.paperCreated,
        201,
      );
    },
  );

  const getPaperCall = apiCall("GET /get_paper/:journal/:paper");
  router.get(getPaperCall.path, requireManager, journalAccess(ctx, "journal"), async (req, res) => {
    const params = getPaperCall.params(req, { journal: NO_JOURNAL, paper: NO_PAPER });
    const uri = params.journal;
    const id = params.paper;
    const paper = await getPaperForEdit(ctx, uri, id);
    if (!paper) throw notFound(NO_PAPER);
    getPaperCall.send(res, { paper });
  });

  const editPaperCall = apiCall("POST /edit_paper/:journal/:paper");
  router.post(
    editPaperCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const params = editPaperCall.params(req, {
        journal: NO_JOURNAL,
        paper: NO_PAPER,
      });
      const uri = params.journal;
      const id = params.paper;
      const input = editPaperCall.body(req.body ?? {});
      await withJatsUpload(ctx, req, (jats) => updatePaper(ctx, uri, id, input, pdf, { jats }));
      const paper = await getPaperForEdit(ctx, uri, id);
      editPaperCall.send(
        res,
        {
          paperID: id,
          file_url: paper?.file_url ?? "",
          text_truncated: paper?.text_truncated ?? false,
          text_note: paper?.text_note ?? "",
        },
        MESSAGES.paperUpdated,
      );
    },
  );

  const deletePaperCall = apiCall("GET /delete_paper/:journal/:paper");
  router.get(
    deletePaperCall.path,
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const params = deletePaperCall.params(req, {
        journal: NO_JOURNAL,
        paper: NO_PAPER,
      });
      const uri = params.journal;
      await deletePaper(ctx, uri, params.paper);
      deletePaperCall.send(res, {}, msg("The paper was deleted."));
    },
  );

  return router;
}
