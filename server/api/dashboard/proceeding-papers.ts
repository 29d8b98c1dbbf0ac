/**
 * Dashboard calls of a proceeding's papers and of deleting a proceeding (issue 8, "Proceedings,
 * whole"; docs/decisions/202-proceeding-papers.md). They mirror the journal paper calls
 * (./papers.ts): the same guards (`requireManager` to read, `...managerChange(ctx)` for every
 * change, the GET deletes included), the same multipart parser and PDF rules, the same messages.
 *
 * | call | answer |
 * |---|---|
 * | GET /get_proceeding_contents/{proceeding} | `proceeding: ProceedingDetail` (by id; papers in order) |
 * | POST /create_proceeding_paper/{proceeding} | multipart `proceedingPaperSchema` + `paper_file` (required PDF); 201 `paperID`, `link`, `file_url`, `text_truncated`, `text_note` (decision 271) |
 * | GET /get_proceeding_paper_edit/{proceeding}/{paper} | `paper: ProceedingPaperEdit` |
 * | POST /edit_proceeding_paper/{proceeding}/{paper} | as create, `paper_file` optional; `paperID`, `link`, `file_url` |
 * | GET /delete_proceeding_paper/{proceeding}/{paper} | deletes the row, then the PDF |
 * | GET /delete_proceeding/{proceeding} | deletes a proceeding without papers; 409 while it has some |
 *
 * Errors: 400 with field `errors`, 404 unknown proceeding or paper (a paper of another
 * proceeding or of a journal is unknown here), 409 DOI of another paper or papers left,
 * 413 PDF over `MAX_PDF_MB`, 415 not a (readable) PDF.
 */
import express, { type Router } from "express";
import { MESSAGES } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import {
  createProceedingPaper,
  deleteProceedingPaper,
  updateProceedingPaper,
} from "../../features/papers/commands.ts";
import { getProceedingPaperForEdit } from "../../features/papers/queries.ts";
import { deleteProceeding } from "../../features/proceedings/commands.ts";
import { getProceedingPage } from "../../features/proceedings/queries.ts";
import { apiCall } from "../../http/contract.ts";
import { managerChange, proceedingAccess, requireManager } from "../../http/guards.ts";
import { uploadedFile } from "../../http/uploads.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { withJatsUpload } from "./jats-upload.ts";
import { pdfUploadOf } from "./papers.ts";
import { parseWithRequiredFile } from "./required-file.ts";

const NO_PROCEEDING = msg("There is no such proceeding.");
const NO_PAPER = msg("There is no such paper in this proceeding.");

/** Success messages beside the spec's paper ones. */
export const PROCEEDING_PAPER_MESSAGES = {
  paperDeleted: msg("The paper was deleted."),
  proceedingDeleted: msg("The proceeding was deleted."),
} as const;

export function proceedingPapersRouter(ctx: AppContext): Router {
  const router = express.Router();
  const pdfUpload = pdfUploadOf(ctx);

  /** The paper's edit answer: its id, public page and galley, and whether its text was cut. */
  const answer = async (proceedingId: number, paperId: number) => {
    const paper = await getProceedingPaperForEdit(ctx, proceedingId, paperId);
    return {
      paperID: paperId,
      link: paper?.link ?? "",
      file_url: paper?.file_url ?? "",
      text_truncated: paper?.text_truncated ?? false,
      text_note: paper?.text_note ?? "",
    };
  };

  const getProceedingContentsCall = apiCall("GET /get_proceeding_contents/:proceeding");
  router.get(
    getProceedingContentsCall.path,
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const params = getProceedingContentsCall.params(req, { proceeding: NO_PROCEEDING });
      const proceeding = await getProceedingPage(ctx, {
        id: params.proceeding,
      });
      if (!proceeding) throw notFound(NO_PROCEEDING);
      getProceedingContentsCall.send(res, { proceeding });
    },
  );

  const createProceedingPaperCall = apiCall("POST /create_proceeding_paper/:proceeding");
  router.post(
    createProceedingPaperCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const params = createProceedingPaperCall.params(req, { proceeding: NO_PROCEEDING });
      const proceedingId = params.proceeding;
      const input = parseWithRequiredFile(
        createProceedingPaperCall.schema(),
        req.body ?? {},
        pdf,
        "paper_file",
        msg("Choose the paper's PDF file."),
      );
      const { id } = await withJatsUpload(ctx, req, (jats) =>
        createProceedingPaper(ctx, proceedingId, input, pdf, {
          first_page: input.first_page || null,
          last_page: input.last_page || null,
          jats,
        }),
      );
      createProceedingPaperCall.send(
        res,
        await answer(proceedingId, id),
        MESSAGES.paperCreated,
        201,
      );
    },
  );

  const getProceedingPaperEditCall = apiCall("GET /get_proceeding_paper_edit/:proceeding/:paper");
  router.get(
    getProceedingPaperEditCall.path,
    requireManager,
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const params = getProceedingPaperEditCall.params(req, {
        proceeding: NO_PROCEEDING,
        paper: NO_PAPER,
      });
      const paper = await getProceedingPaperForEdit(ctx, params.proceeding, params.paper);
      if (!paper) throw notFound(NO_PAPER);
      getProceedingPaperEditCall.send(res, { paper });
    },
  );

  const editProceedingPaperCall = apiCall("POST /edit_proceeding_paper/:proceeding/:paper");
  router.post(
    editProceedingPaperCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    pdfUpload,
    async (req, res) => {
      const pdf = await uploadedFile(req, "paper_file");
      const params = editProceedingPaperCall.params(req, {
        proceeding: NO_PROCEEDING,
        paper: NO_PAPER,
      });
      const proceedingId = params.proceeding;
      const paperId = params.paper;
      const input = editProceedingPaperCall.body(req.body ?? {});
      await withJatsUpload(ctx, req, (jats) =>
        updateProceedingPaper(ctx, proceedingId, paperId, input, pdf, { jats }),
      );
      editProceedingPaperCall.send(res, await answer(proceedingId, paperId), MESSAGES.paperUpdated);
    },
  );

  const deleteProceedingPaperCall = apiCall("GET /delete_proceeding_paper/:proceeding/:paper");
  router.get(
    deleteProceedingPaperCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const params = deleteProceedingPaperCall.params(req, {
        proceeding: NO_PROCEEDING,
        paper: NO_PAPER,
      });
      await deleteProceedingPaper(ctx, params.proceeding, params.paper);
      deleteProceedingPaperCall.send(res, {}, PROCEEDING_PAPER_MESSAGES.paperDeleted);
    },
  );

  const deleteProceedingCall = apiCall("GET /delete_proceeding/:proceeding");
  router.get(
    deleteProceedingCall.path,
    ...managerChange(ctx),
    proceedingAccess(ctx, "proceeding"),
    async (req, res) => {
      const params = deleteProceedingCall.params(req, { proceeding: NO_PROCEEDING });
      await deleteProceeding(ctx, params.proceeding);
      deleteProceedingCall.send(res, {}, PROCEEDING_PAPER_MESSAGES.proceedingDeleted);
    },
  );

  return router;
}
