/**
 * The editors' side of the workflow (issue 31; decision 400): the queue of a journal, decisions
 * (each mailing the author from the journal's template, From the site, Reply-To the editor),
 * discussion notes, and 'Schedule for publication', which creates the paper through the paper
 * forms' own command (server/features/papers/commands.ts `createPaper`, decision 328).
 * No HTTP here; every function applies the rule of ./access.ts first.
 */
import { localeOr } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { paperSchema } from "../../../shared/schemas.ts";
import {
  type Decision,
  type QueueStatus,
  RECOMMENDATION_LABELS,
} from "../../../shared/workflow.ts";
import type { SubmissionSummary, WorkflowSettings } from "../../../shared/workflow-api.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, notFound } from "../../services/errors.ts";
import { timestamp, writeCatalogue } from "../../services/write.ts";
import { assertJournalAccess } from "../accounts/access.ts";
import { displayName } from "../accounts/users.ts";
import { createPaper } from "../papers/commands.ts";
import {
  accountOfKind,
  assertEditor,
  loadSubmissionFor,
  NO_JOURNAL,
  type Party,
} from "./access.ts";
import { latestManuscript } from "./files.ts";
import { sendWorkflowMail } from "./mail-templates.ts";
import { moveSubmission, recordEvent } from "./states.ts";
import { SUMMARY_COLUMNS } from "./submissions.ts";

/**
 * Journal `uri`'s submissions for its editors, oldest submitted first, drafts never; `status`
 * narrows to one queue state. One indexed query (`submissions_queue`): 1,000 submissions answer
 * well under 100 ms (`npm run bench`).
 * @throws AppError `not_found` (unknown journal), `forbidden` (403, a journal of somebody else).
 */
export async function submissionQueue(
  ctx: AppContext,
  party: Party,
  uri: string,
  status?: QueueStatus,
): Promise<SubmissionSummary[]> {
  const editor = accountOfKind(party, "manager");
  await assertJournalAccess(ctx, editor, uri);
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["id", "uri", "name"])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (!journal) throw notFound(NO_JOURNAL);
  let query = ctx.db
    .selectFrom("submissions as s")
    .innerJoin("users as u", "u.id", "s.author_id")
    .select([...SUMMARY_COLUMNS, "u.first_name", "u.last_name"])
    .where("s.journal_id", "=", journal.id);
  query = status ? query.where("s.status", "=", status) : query.where("s.status", "!=", "draft");
  const rows = await query.orderBy("s.submitted_at").orderBy("s.id").execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    submitted_at: r.submitted_at,
    updated_at: r.updated_at,
    round: r.round,
    journal_uri: journal.uri,
    journal_name: journal.name,
    author_name: displayName(r),
  }));
}

/**
 * Journal `uri`'s workflow settings for its editors.
 * @throws AppError `not_found` (404) for an author or an unknown journal, `forbidden` (403) for
 *   a journal of another manager.
 */
export async function workflowSettings(
  ctx: AppContext,
  party: Party,
  uri: string,
): Promise<WorkflowSettings> {
  const editor = accountOfKind(party, "manager");
  await assertJournalAccess(ctx, editor, uri);
  const row = await ctx.db
    .selectFrom("journals")
    .select(["accepts_submissions", "review_mode", "submission_checklist", "show_workflow_figures"])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (!row) throw notFound(NO_JOURNAL);
  return {
    ...row,
    accepts_submissions: row.accepts_submissions === 1,
    show_workflow_figures: row.show_workflow_figures === 1,
  };
}

/**
 * Saves journal `uri`'s workflow settings (its editors only; rules as {@link workflowSettings}).
 * The review mode applies to what reviewers fetch from then on.
 */
export async function saveWorkflowSettings(
  ctx: AppContext,
  party: Party,
  uri: string,
  settings: WorkflowSettings,
): Promise<void> {
  await workflowSettings(ctx, party, uri);
  // a catalogue write: the journal's public page shows 'Submit a paper' and its figures by these
  // settings, so its cached copies must go (server/http/output-cache.ts)
  await writeCatalogue(ctx, (trx) =>
    trx
      .updateTable("journals")
      .set({
        accepts_submissions: settings.accepts_submissions ? 1 : 0,
        review_mode: settings.review_mode,
        submission_checklist: settings.submission_checklist,
        show_workflow_figures: settings.show_workflow_figures ? 1 : 0,
      })
      .where("uri", "=", uri)
      .execute(),
  );
}

/**
 * The reviewers' comments meant for the author of the round just closed, as the
 * `{review_comments}` of a decision's mail (in the author's language), led by the editor's own
 * message. Reviewers are numbered, never named: the author learns no reviewer's identity from a
 * mail, whatever the review mode.
 */
async function reviewComments(
  ctx: AppContext,
  submissionId: number,
  round: number,
  editorMessage: string,
  locale: string | null,
): Promise<string> {
  const t = serverTranslator(localeOr(locale));
  const reviews = await ctx.db
    .selectFrom("review_assignments")
    .select(["recommendation", "comments_author"])
    .where("submission_id", "=", submissionId)
    .where("round", "=", round)
    .where("status", "=", "completed")
    .orderBy("id")
    .execute();
  const parts = editorMessage ? [editorMessage] : [];
  reviews.forEach((r, i) => {
    const heading = t("Reviewer {number}: {recommendation}", {
      number: i + 1,
      recommendation: r.recommendation ? t(RECOMMENDATION_LABELS[r.recommendation]) : "",
    });
    parts.push(`${heading}\n${r.comments_author ?? ""}`);
  });
  return parts.join("\n\n");
}

/**
 * Takes editor decision `decision` on submission `id`: moves it (./states.ts), stores the
 * decision with the mail, and mails the author from the journal's template in the author's
 * language, From the site, Reply-To the editor.
 * @throws AppError `not_found` (404) unless an editor of its journal, `conflict` (409) when its
 *   status does not allow the decision, `unavailable` (503) when the mail could not be sent
 *   (the decision stands; the screen says the mail failed).
 */
export async function decide(
  ctx: AppContext,
  party: Party,
  id: number,
  decision: Decision,
  message: string,
): Promise<{ status: string }> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertEditor(view);
  const editor = accountOfKind(party, "manager");
  const now = timestamp();
  const [author, journal, editorRow] = await Promise.all([
    ctx.db
      .selectFrom("users")
      .select(["email", "first_name", "last_name", "locale"])
      .where("id", "=", submission.author_id)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom("journals")
      .select(["name"])
      .where("id", "=", submission.journal_id)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", editor.id)
      .executeTakeFirstOrThrow(),
  ]);
  const comments = await reviewComments(ctx, id, submission.round, message, author.locale);
  const values = {
    author_name: displayName(author),
    submission_title: submission.title,
    journal_name: journal.name,
    review_comments: comments,
  };
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const result = await moveSubmission(
      trx,
      submission,
      decision,
      `editor:${editor.id}`,
      now,
      message,
    );
    return result;
  });
  const mail = await sendWorkflowMail(ctx, {
    journalId: submission.journal_id,
    key: decision,
    to: author.email,
    locale: author.locale,
    replyTo: editorRow.email,
    values,
  }).catch(async (error: unknown) => {
    await recordEvent(ctx.db, id, "mail_failed", "system", timestamp(), decision);
    throw error;
  });
  await ctx.db
    .insertInto("submission_decisions")
    .values({
      submission_id: id,
      round: submission.round,
      decision,
      editor_id: editor.id,
      created_at: now,
      mail_subject: mail.subject,
      mail_body: mail.text,
    })
    .execute();
  return { status: moved.status };
}

/** Adds an editors' discussion note (editors of the journal only). */
export async function addNote(ctx: AppContext, party: Party, id: number, body: string) {
  const { view } = await loadSubmissionFor(ctx, party, id);
  assertEditor(view);
  const editor = accountOfKind(party, "manager");
  const now = timestamp();
  await ctx.db
    .insertInto("submission_notes")
    .values({ submission_id: id, user_id: editor.id, body, created_at: now })
    .execute();
  await recordEvent(ctx.db, id, "note_added", `editor:${editor.id}`, now);
}

export const NOT_ACCEPTED = msg("Only an accepted submission can be scheduled for publication.");
export const ALREADY_SCHEDULED = msg("This submission is already scheduled for publication.");
export const NOT_A_DRAFT_ISSUE = msg("Choose a draft issue of this journal.");

/**
 * 'Schedule for publication': creates the accepted submission's paper, with all its metadata
 * and its latest manuscript (when a PDF) as the galley, in draft issue `publicationId` of the
 * journal, through the paper forms' command; from there DOIs, Crossref and full text apply.
 * A Word or ODT manuscript gives a paper without a PDF, which the editor adds on its form.
 * @returns the paper's id.
 * @throws AppError `not_found` (404) unless an editor of its journal; `conflict` (409) not
 *   accepted or already scheduled; `invalid` (400 on `sel_publication`) not a draft issue of the
 *   journal; the paper command's errors.
 */
export async function scheduleForPublication(
  ctx: AppContext,
  party: Party,
  id: number,
  publicationId: number,
): Promise<{ paperId: number; journalUri: string }> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertEditor(view);
  const editor = accountOfKind(party, "manager");
  if (submission.status !== "accepted") throw new AppError("conflict", NOT_ACCEPTED);
  if (submission.paper_id !== null) throw new AppError("conflict", ALREADY_SCHEDULED);
  const issue = await ctx.db
    .selectFrom("publications as p")
    .innerJoin("journals as j", "j.id", "p.journal_id")
    .select(["p.id", "p.status", "j.uri"])
    .where("p.id", "=", publicationId)
    .where("p.journal_id", "=", submission.journal_id)
    .executeTakeFirst();
  if (issue?.status !== "draft") {
    throw new AppError("invalid", NOT_A_DRAFT_ISSUE, {
      errors: { sel_publication: NOT_A_DRAFT_ISSUE },
    });
  }
  const input = paperSchema.parse({
    ...(JSON.parse(submission.metadata) as object),
    sel_publication: publicationId,
  });
  const manuscript = await latestManuscript(ctx, id);
  const pdf =
    manuscript?.content_type === "application/pdf"
      ? new Uint8Array(await ctx.storage.read(manuscript.file_key))
      : null;
  const { id: paperId } = await createPaper(ctx, issue.uri, input, pdf, { fileOptional: true });
  const claimed = await ctx.db
    .updateTable("submissions")
    .set({ paper_id: paperId, updated_at: timestamp() })
    .where("id", "=", id)
    .where("paper_id", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new AppError("conflict", ALREADY_SCHEDULED);
  await recordEvent(ctx.db, id, "scheduled", `editor:${editor.id}`, timestamp(), String(paperId));
  return { paperId, journalUri: issue.uri };
}
