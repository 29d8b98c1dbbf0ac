/**
 * Dashboard calls of a journal's papers (docs/product/screens.md and docs/product/api.md; docs/product/api.md and docs/product/files.md).
 * Guards on each route (server/api/dashboard.ts): the read `requireManager`, every change
 * `...managerChange(ctx)`, the GET `delete_paper` included.
 *
 * | call | answer |
 * |---|---|
 * | POST /create_paper/{journal} | multipart `paperSchema` + `paper_file` (required PDF); 201 `paperID`, `file_url` |
 * | GET /get_paper/{journal}/{paper} | `paper: PaperEdit` (prefill of the edit form) |
 * | POST /edit_paper/{journal}/{paper} | as create, `paper_file` optional; `paperID`, `file_url` |
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
import { paperSchema } from "../../../shared/schemas.ts";
import { journalAccess, managerChange, requireManager } from "../../http/guards.ts";
import { parseInput, sendOk } from "../../http/respond.ts";
import { multipart, uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { createPaper, deletePaper, updatePaper } from "../../services/papers/commands.ts";
import { galleyUrl, getPaperForEdit } from "../../services/papers/queries.ts";
import { pdfTooLarge } from "../../services/pdf.ts";
import { parseWithRequiredFile } from "./required-file.ts";
import { idParam, journalParam } from "./route-params.ts";

const NO_PAPER = "No such paper in this journal.";

/**
 * The multipart parser of the paper forms; an upload cut off at `MAX_PDF_MB` is the same 413 as
 * a stored PDF over the limit (naming the limit and `paper_file`).
 */
export function pdfUploadOf(ctx: AppContext): RequestHandler {
  const parse = multipart(ctx, ["paper_file"]);
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      const tooLarge = error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE";
      next(tooLarge ? pdfTooLarge(ctx.config.maxPdfBytes) : error);
    });
  };
}

export function papersRouter(ctx: AppContext): Router {
  const router = express.Router();
  const pdfUpload = pdfUploadOf(ctx);

  router.post(
    "/create_paper/:journal",
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const uri = journalParam(req.params.journal);
      const input = parseWithRequiredFile(
        paperSchema,
        req.body ?? {},
        pdf,
        "paper_file",
        "Choose the paper's PDF file.",
      );
      const { id } = await createPaper(ctx, uri, input, pdf);
      sendOk(
        res,
        { paperID: id, file_url: galleyUrl(uri, id, input.title) },
        MESSAGES.paperCreated,
        201,
      );
    },
  );

  router.get(
    "/get_paper/:journal/:paper",
    requireManager,
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const uri = journalParam(req.params.journal);
      const id = idParam(req.params.paper, NO_PAPER);
      const paper = await getPaperForEdit(ctx, uri, id);
      if (!paper) throw notFound(NO_PAPER);
      sendOk(res, { paper });
    },
  );

  router.post(
    "/edit_paper/:journal/:paper",
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const uri = journalParam(req.params.journal);
      const id = idParam(req.params.paper, NO_PAPER);
      const input = parseInput(paperSchema, req.body ?? {});
      await updatePaper(ctx, uri, id, input, pdf);
      const paper = await getPaperForEdit(ctx, uri, id);
      sendOk(res, { paperID: id, file_url: paper?.file_url ?? "" }, MESSAGES.paperUpdated);
    },
  );

  router.get(
    "/delete_paper/:journal/:paper",
    ...managerChange(ctx),
    journalAccess(ctx, "journal"),
    async (req, res) => {
      const uri = journalParam(req.params.journal);
      await deletePaper(ctx, uri, idParam(req.params.paper, NO_PAPER));
      sendOk(res, {}, "The paper was deleted.");
    },
  );

  return router;
}
