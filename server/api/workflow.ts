/**
 * The editorial workflow's API (issue 31; docs/decisions/400-editorial-workflow.md). Paths,
 * bodies and answers come from the contract (shared/contract.ts); the rules of who may do what
 * are server/features/workflow/access.ts's, applied inside each service call, so every refusal
 * is the 404 of a submission that does not exist (401 when nobody is signed in).
 *
 * | call | who | answer |
 * |---|---|---|
 * | POST /author_signup | anybody (rate limited per network, honeypot `website`) | 201; 409 address taken |
 * | POST /confirm_author | the mailed link's page | signs the author in, `u_name`; 404 link gone |
 * | GET /my_submissions | an author | `submissions`, `author` |
 * | GET /submission_journal/{journal} | anybody | the form's checklist and licence; 403 not accepting |
 * | POST /submissions/{journal} | an author | 201 `id` of the new draft |
 * | GET /submission/{id} | its author, its journal's editors | `submission` |
 * | POST /submission/{id}/draft, /files, /submit, /revise | its author | as named |
 * | GET /dashboard/submissions/{journal}?status= | the journal's editors | `submissions`, oldest first, `settings` |
 * | GET /dashboard/workflow_figures | managers | per journal they edit and year: received, accepted, declined, rates, medians, reviews |
 * | POST /dashboard/workflow_settings/{journal} | the journal's editors | accepts submissions, review mode, checklist |
 * | GET /dashboard/mail_templates/{journal}?locale= | the journal's editors | `templates` (default and own texts, placeholders) |
 * | POST /dashboard/mail_templates/{journal}, /dashboard/mail_template_preview/{journal} | the journal's editors | save (empty: reset) / `subject`, `body` filled with examples; 400 by field |
 * | POST /submission/{id}/decision, /reviewers, /notes, /schedule | its journal's editors | as named |
 * | POST /review/view, /review/respond, /review/submit | the reviewer (token in the body) | as named |
 *
 * Files are not JSON calls (decision 370): `GET /submission-file/{id}/{file}` for an author or
 * editor (session), `POST /review-file` for a reviewer (token and file id in a form), both
 * attachments under the stored files' sandbox headers.
 */
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { LOCALES, localeOr } from "../../shared/i18n/locales.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { QUEUE_STATUSES } from "../../shared/workflow.ts";
import { startSession } from "../features/accounts/sessions.ts";
import { displayName } from "../features/accounts/users.ts";
import { STORED_FILE_HEADERS } from "../features/files/stored-files.ts";
import { NO_JOURNAL, type Party } from "../features/workflow/access.ts";
import {
  AUTHOR_CONFIRMED_MSG,
  AUTHOR_SIGNED_UP_MSG,
  confirmAuthor,
  signUpAuthor,
} from "../features/workflow/author-accounts.ts";
import {
  addNote,
  decide,
  saveWorkflowSettings,
  scheduleForPublication,
  submissionQueue,
  workflowSettings,
} from "../features/workflow/editorial.ts";
import { workflowFigures } from "../features/workflow/figures.ts";
import {
  inviteReviewer,
  readSubmissionFile,
  respondToInvitation,
  reviewerParty,
  reviewerScreen,
  submitReview,
} from "../features/workflow/reviews.ts";
import {
  addDraftFile,
  checklistItems,
  createSubmission,
  journalForSubmission,
  listOwnSubmissions,
  reviseSubmission,
  saveDraft,
  submissionDetail,
  submitSubmission,
} from "../features/workflow/submissions.ts";
import {
  journalMailTemplates,
  previewMailTemplate,
  saveJournalMailTemplate,
} from "../features/workflow/template-editor.ts";
import { apiCall } from "../http/contract.ts";
import { requireSameOrigin, SIGN_IN_MSG } from "../http/guards.ts";
import { answerTranslator } from "../http/locale.ts";
import { linkOrigin } from "../http/origin.ts";
import { parseInput } from "../http/respond.ts";
import { setSessionCookie } from "../http/session.ts";
import { multipart, uploadedFile, uploadedFiles } from "../http/uploads.ts";
import { clientNetwork } from "../services/client-network.ts";
import type { AppContext } from "../services/context.ts";
import { AppError, invalid, STATUS_OF } from "../services/errors.ts";
import { createAccountLimiters } from "../services/rate-limit.ts";
import { clientIp } from "./account.ts";

const NO_SUBMISSION = msg("There is no such submission.");
const FILE_MISSING = msg("Choose the file to upload.");

/**
 * The signed-in party from the session alone: a manager (`res.locals.user`) or an author
 * (`res.locals.author`).
 * @throws AppError `unauthorized` (401) when nobody is signed in.
 */
export function partyOf(res: Response): Party {
  const user = res.locals.user;
  if (user) return { type: "account", id: user.id, role: user.role, kind: "manager" };
  const author = res.locals.author;
  if (author) return { type: "account", id: author.id, role: "manager", kind: "author" };
  throw new AppError("unauthorized", SIGN_IN_MSG);
}

const fileKindSchema = z.object({
  kind: z.enum(["manuscript", "supplementary"], { error: msg("Choose what the file is.") }),
});
const reviseSchema = z.object({
  response: z
    .string({ error: msg("Write your response to the reviews.") })
    .trim()
    .min(1, msg("Write your response to the reviews."))
    .max(50_000, msg("Keep your response under 50000 characters.")),
});
const queueQuerySchema = z.object({ status: z.enum(QUEUE_STATUSES).optional() });
const templatesQuerySchema = z.object({ locale: z.enum(LOCALES).optional() });
const tokenSchema = z.object({ token: z.string().max(200) });
const reviewFileSchema = z.object({ token: z.string().max(200), file: z.coerce.number().int() });

/** A refusal of a file download, as plain text in the answer's language (no envelope here). */
function sendFileRefusal(res: Response, error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  res
    .status(STATUS_OF[error.kind])
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(answerTranslator(res)(error.message));
  return true;
}

/** Sends a stored workflow file as an attachment under the sandbox headers. */
function sendAttachment(
  res: Response,
  file: { data: Uint8Array; name: string; contentType: string },
) {
  res
    .status(200)
    .set({ ...STORED_FILE_HEADERS, "Cache-Control": "private, no-store" })
    .type(file.contentType)
    .attachment(file.name)
    .send(Buffer.from(file.data));
}

export function workflowRouter(ctx: AppContext): Router {
  const router = express.Router();
  const sameOrigin = requireSameOrigin(ctx);
  const limits = createAccountLimiters(ctx);
  const oneFile = multipart(ctx, ["file"]);

  // ---- authors
  const signup = apiCall("POST /author_signup");
  router.post(signup.path, sameOrigin, async (req, res) => {
    await limits.registrationPerIp.consume(clientNetwork(clientIp(req)));
    const input = signup.body(req.body ?? {});
    // a bot fills the hidden field: it is answered as a person would be, and nothing is made
    if (!input.website) {
      await signUpAuthor(
        ctx,
        { ...input, locale: localeOr(res.locals.locale) },
        linkOrigin(ctx.config, req),
      );
    } else {
      req.log?.info("author sign-up honeypot filled; nothing made");
    }
    signup.send(res, {}, AUTHOR_SIGNED_UP_MSG, 201);
  });

  const confirm = apiCall("POST /confirm_author");
  router.post(confirm.path, sameOrigin, async (req, res) => {
    await limits.signInPerIp.consume(clientNetwork(clientIp(req)));
    const { token } = confirm.body(req.body ?? {});
    const user = await confirmAuthor(ctx, token);
    const session = await startSession(ctx, user.id, false);
    setSessionCookie(ctx, req, res, session);
    confirm.send(res, { u_name: displayName(user) }, AUTHOR_CONFIRMED_MSG);
  });

  const mine = apiCall("GET /my_submissions");
  router.get(mine.path, async (_req, res) => {
    const party = partyOf(res);
    const author = res.locals.author;
    if (!author) throw new AppError("not_found", NO_SUBMISSION);
    mine.send(res, { submissions: await listOwnSubmissions(ctx, party), author });
  });

  const formJournal = apiCall("GET /submission_journal/:journal");
  router.get(formJournal.path, async (req, res) => {
    const { journal: uri } = formJournal.params(req, { journal: NO_JOURNAL });
    const journal = await journalForSubmission(ctx, uri);
    formJournal.send(res, {
      journal: {
        uri: journal.uri,
        name: journal.name,
        license_url: journal.license_url ?? "",
        checklist: checklistItems(journal.submission_checklist),
      },
    });
  });

  const create = apiCall("POST /submissions/:journal");
  router.post(create.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { journal } = create.params(req, { journal: NO_JOURNAL });
    const input = create.body(req.body ?? {});
    const { id } = await createSubmission(ctx, party, journal, input);
    create.send(res, { id }, msg("Your draft is saved."), 201);
  });

  const detail = apiCall("GET /submission/:id");
  router.get(detail.path, async (req, res) => {
    const party = partyOf(res);
    const { id } = detail.params(req, { id: NO_SUBMISSION });
    detail.send(res, { submission: await submissionDetail(ctx, party, id) });
  });

  const draft = apiCall("POST /submission/:id/draft");
  router.post(draft.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = draft.params(req, { id: NO_SUBMISSION });
    await saveDraft(ctx, party, id, draft.body(req.body ?? {}));
    draft.send(res, {}, msg("Your draft is saved."));
  });

  const files = apiCall("POST /submission/:id/files");
  router.post(
    files.path,
    sameOrigin,
    (_req, res, next) => {
      partyOf(res); // signed in before any upload is read
      next();
    },
    oneFile,
    async (req, res) => {
      const party = partyOf(res);
      const { id } = files.params(req, { id: NO_SUBMISSION });
      const data = await uploadedFile(req, "file");
      const { kind } = files.body(req.body ?? {}, fileKindSchema);
      if (!data) throw invalid(FILE_MISSING, { file: FILE_MISSING });
      const name =
        (req.files as Record<string, Express.Multer.File[]>).file?.[0]?.originalname ?? "";
      const stored = await addDraftFile(ctx, party, id, kind, data, name);
      files.send(res, { file_id: stored.id }, msg("The file is uploaded."), 201);
    },
  );

  const submit = apiCall("POST /submission/:id/submit");
  router.post(submit.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = submit.params(req, { id: NO_SUBMISSION });
    submit.body(req.body ?? {});
    await submitSubmission(ctx, party, id);
    submit.send(res, {}, msg("Your submission has been received. Thank you."));
  });

  const revise = apiCall("POST /submission/:id/revise");
  router.post(
    revise.path,
    sameOrigin,
    (_req, res, next) => {
      partyOf(res);
      next();
    },
    oneFile,
    async (req, res) => {
      const party = partyOf(res);
      const { id } = revise.params(req, { id: NO_SUBMISSION });
      const data = await uploadedFile(req, "file");
      const { response } = revise.body(req.body ?? {}, reviseSchema);
      if (!data) throw invalid(FILE_MISSING, { file: FILE_MISSING });
      const name =
        (req.files as Record<string, Express.Multer.File[]>).file?.[0]?.originalname ?? "";
      await reviseSubmission(ctx, party, id, data, name, response);
      revise.send(res, {}, msg("Your revision has been sent to the editors."));
    },
  );

  // ---- editors
  const queue = apiCall("GET /dashboard/submissions/:journal");
  router.get(queue.path, async (req, res) => {
    const party = partyOf(res);
    const { journal } = queue.params(req, { journal: NO_JOURNAL });
    const { status } = parseInput(queueQuerySchema, req.query);
    queue.send(res, {
      submissions: await submissionQueue(ctx, party, journal, status),
      settings: await workflowSettings(ctx, party, journal),
    });
  });

  const figures = apiCall("GET /dashboard/workflow_figures");
  router.get(figures.path, async (_req, res) => {
    figures.send(res, { figures: await workflowFigures(ctx, partyOf(res)) });
  });

  const settings = apiCall("POST /dashboard/workflow_settings/:journal");
  router.post(settings.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { journal } = settings.params(req, { journal: NO_JOURNAL });
    await saveWorkflowSettings(ctx, party, journal, settings.body(req.body ?? {}));
    settings.send(res, {}, msg("The workflow settings are saved."));
  });

  const templates = apiCall("GET /dashboard/mail_templates/:journal");
  router.get(templates.path, async (req, res) => {
    const party = partyOf(res);
    const { journal } = templates.params(req, { journal: NO_JOURNAL });
    const { locale } = parseInput(templatesQuerySchema, req.query);
    const chosen = locale ?? localeOr(res.locals.locale);
    const list = await journalMailTemplates(ctx, party, journal, chosen);
    templates.send(res, {
      templates: list.templates,
      journal_name: list.journal_name,
      locale: chosen,
    });
  });

  const saveTemplate = apiCall("POST /dashboard/mail_templates/:journal");
  router.post(saveTemplate.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { journal } = saveTemplate.params(req, { journal: NO_JOURNAL });
    const input = saveTemplate.body(req.body ?? {});
    await saveJournalMailTemplate(ctx, party, journal, input);
    saveTemplate.send(
      res,
      {},
      input.subject || input.body
        ? msg("The mail template is saved.")
        : msg("The default text applies again."),
    );
  });

  const preview = apiCall("POST /dashboard/mail_template_preview/:journal");
  router.post(preview.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { journal } = preview.params(req, { journal: NO_JOURNAL });
    const input = preview.body(req.body ?? {});
    preview.send(res, await previewMailTemplate(ctx, party, journal, input));
  });

  const decision = apiCall("POST /submission/:id/decision");
  router.post(decision.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = decision.params(req, { id: NO_SUBMISSION });
    const input = decision.body(req.body ?? {});
    const result = await decide(ctx, party, id, input.decision, input.message);
    decision.send(res, result, msg("The decision is recorded and the author has been mailed."));
  });

  const reviewers = apiCall("POST /submission/:id/reviewers");
  router.post(reviewers.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = reviewers.params(req, { id: NO_SUBMISSION });
    const input = reviewers.body(req.body ?? {});
    const invited = await inviteReviewer(
      ctx,
      party,
      id,
      { ...input, locale: input.locale ?? localeOr(res.locals.locale) },
      linkOrigin(ctx.config, req),
    );
    reviewers.send(res, { review_id: invited.id }, msg("The reviewer has been invited."), 201);
  });

  const notes = apiCall("POST /submission/:id/notes");
  router.post(notes.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = notes.params(req, { id: NO_SUBMISSION });
    await addNote(ctx, party, id, notes.body(req.body ?? {}).body);
    notes.send(res, {}, msg("The note is added."));
  });

  const schedule = apiCall("POST /submission/:id/schedule");
  router.post(schedule.path, sameOrigin, async (req, res) => {
    const party = partyOf(res);
    const { id } = schedule.params(req, { id: NO_SUBMISSION });
    const input = schedule.body(req.body ?? {});
    const done = await scheduleForPublication(ctx, party, id, input.sel_publication);
    schedule.send(
      res,
      { paperID: done.paperId, journal_uri: done.journalUri },
      msg("The paper is in the draft issue and appears when the issue is published."),
    );
  });

  // ---- reviewers (the token is their identity; it travels in bodies, never in URLs)
  const view = apiCall("POST /review/view");
  router.post(view.path, sameOrigin, async (req, res) => {
    const { token } = view.body(req.body ?? {}, tokenSchema);
    view.send(res, { review: await reviewerScreen(ctx, token) });
  });

  const respond = apiCall("POST /review/respond");
  router.post(respond.path, sameOrigin, async (req, res) => {
    const input = respond.body(req.body ?? {});
    await respondToInvitation(ctx, input.token, input.answer);
    respond.send(
      res,
      {},
      input.answer === "accept"
        ? msg("Thank you for accepting. The submission and the review form are below.")
        : msg("Thank you for letting us know. The invitation is declined."),
    );
  });

  const reviewFiles = multipart(ctx, [{ name: "files", maxCount: 5 }]);
  const review = apiCall("POST /review/submit");
  router.post(review.path, sameOrigin, reviewFiles, async (req, res) => {
    const input = review.body(req.body ?? {});
    await reviewerParty(ctx, input.token); // a bad token reads no file
    const uploads = [];
    for (const file of uploadedFiles(req, "files")) {
      uploads.push({
        data: await file.read(),
        name: file.name,
        forAuthor: input.for_author.has(file.position),
      });
    }
    const { token, for_author: _marked, ...answers } = input;
    await submitReview(ctx, token, answers, uploads);
    review.send(res, {}, msg("Thank you: your review has been sent to the editors."));
  });

  return router;
}

/**
 * The workflow's file downloads, outside the JSON API (decision 370):
 * `GET /submission-file/{id}/{file}` (author or editor, by session) and `POST /review-file`
 * (reviewer, token and file in a form body, so the token stays out of URLs and logs).
 */
export function workflowFilesRouter(ctx: AppContext): Router {
  const router = express.Router();
  const sameOrigin = requireSameOrigin(ctx);
  router.get("/submission-file/:id/:file", async (req: Request, res: Response, next) => {
    try {
      const id = Number(req.params.id);
      const fileId = Number(req.params.file);
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(fileId)) {
        throw new AppError("not_found", NO_SUBMISSION);
      }
      sendAttachment(res, await readSubmissionFile(ctx, partyOf(res), id, fileId));
    } catch (error) {
      if (!sendFileRefusal(res, error)) next(error);
    }
  });
  router.post(
    "/review-file",
    sameOrigin,
    express.urlencoded({ extended: false, limit: "2kb" }),
    async (req: Request, res: Response, next) => {
      try {
        const input = parseInput(reviewFileSchema, req.body ?? {});
        const party = await reviewerParty(ctx, input.token);
        const file = await readSubmissionFile(
          ctx,
          party,
          party.assignment.submission_id,
          input.file,
        );
        sendAttachment(res, file);
      } catch (error) {
        if (!sendFileRefusal(res, error)) next(error);
      }
    },
  );
  return router;
}
