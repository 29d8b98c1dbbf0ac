/**
 * Submissions as their authors make them, and the one reader of a submission for its author and
 * editors (issue 31; decision 400). No HTTP here; every function takes the party from the
 * session and applies the rule of ./access.ts first.
 *
 * An author creates a draft in a journal that accepts submissions, saves it as often as they like
 * (the paper forms' metadata, a note to the editor), uploads the manuscript (version 1, replaced
 * while a draft) and supplementary files, and submits it once the journal's checklist and
 * licence are agreed. When revisions are requested they upload the revised manuscript (the next
 * version) with a response, which reopens the round for the editor.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import { decisionsFrom, type SubmissionFileKind } from "../../../shared/workflow.ts";
import type {
  SubmissionDetail,
  SubmissionFileItem,
  SubmissionSummary,
} from "../../../shared/workflow-api.ts";
import type { SubmissionMetadataInput } from "../../../shared/workflow-schemas.ts";
import type { Submission } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError, invalid, notFound } from "../../services/errors.ts";
import { timestamp } from "../../services/write.ts";
import { displayName } from "../accounts/users.ts";
import {
  accountOfKind,
  assertAuthor,
  loadSubmissionFor,
  NO_JOURNAL,
  type Party,
  type SubmissionView,
} from "./access.ts";
import { needsPropertiesCheck } from "./anonymise.ts";
import { latestManuscript, storeSubmissionFile } from "./files.ts";
import { reviewFilesForAuthor } from "./review-files.ts";
import { moveSubmission, recordEvent } from "./states.ts";

export const NOT_ACCEPTING = msg("This journal does not accept submissions at the moment.");
export const MANUSCRIPT_MISSING = msg("Upload the manuscript before submitting.");
export const NOT_A_DRAFT = msg("This submission has been submitted and can no longer be edited.");

/** A journal authors may submit to: active and accepting submissions. */
export async function journalForSubmission(ctx: AppContext, uri: string) {
  const journal = await ctx.db
    .selectFrom("journals")
    .select([
      "id",
      "uri",
      "name",
      "active",
      "accepts_submissions",
      "license_url",
      "submission_checklist",
    ])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (journal?.active !== 1) throw notFound(NO_JOURNAL);
  if (journal.accepts_submissions !== 1) throw new AppError("forbidden", NOT_ACCEPTING);
  return journal;
}

/** The checklist items of a journal's `submission_checklist` (one a line, blanks dropped). */
export const checklistItems = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A new draft of author `party` in journal `uri`.
 * @returns its id.
 * @throws AppError `not_found` (no such journal, or the party is no author), `forbidden` (403,
 *   {@link NOT_ACCEPTING}).
 */
export async function createSubmission(
  ctx: AppContext,
  party: Party,
  uri: string,
  input: SubmissionMetadataInput & { note_to_editor: string },
): Promise<{ id: number }> {
  const author = accountOfKind(party, "author");
  const journal = await journalForSubmission(ctx, uri);
  const now = timestamp();
  const { note_to_editor, ...metadata } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("submissions")
      .values({
        journal_id: journal.id,
        author_id: author.id,
        status: "draft",
        title: metadata.title,
        metadata: JSON.stringify(metadata),
        note_to_editor,
        created_at: now,
        updated_at: now,
        submitted_at: null,
        first_decision_at: null,
        decided_at: null,
        paper_id: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordEvent(trx, row.id, "created", "author", now);
    return row;
  });
}

/**
 * Saves the draft's metadata and note (its author only, while a draft).
 * @throws AppError `not_found` (404) for anybody else, `conflict` (409, {@link NOT_A_DRAFT}).
 */
export async function saveDraft(
  ctx: AppContext,
  party: Party,
  id: number,
  input: SubmissionMetadataInput & { note_to_editor: string },
): Promise<void> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertAuthor(view);
  const { note_to_editor, ...metadata } = input;
  const saved = await ctx.db
    .updateTable("submissions")
    .set({
      title: metadata.title,
      metadata: JSON.stringify(metadata),
      note_to_editor,
      updated_at: timestamp(),
    })
    .where("id", "=", submission.id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(saved.numUpdatedRows) === 0) throw new AppError("conflict", NOT_A_DRAFT);
}

/**
 * Adds a file to a draft (its author only): the manuscript (version 1, replacing an earlier
 * one) or a supplementary file.
 * @throws as {@link saveDraft}, and the file errors of ./files.ts.
 */
export async function addDraftFile(
  ctx: AppContext,
  party: Party,
  id: number,
  kind: Exclude<SubmissionFileKind, "review">,
  data: Uint8Array,
  name: string,
): Promise<{ id: number }> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertAuthor(view);
  if (submission.status !== "draft") throw new AppError("conflict", NOT_A_DRAFT);
  const stored = await storeSubmissionFile(ctx, {
    submissionId: id,
    kind,
    version: kind === "manuscript" ? 1 : 0,
    data,
    name,
  });
  if (kind === "manuscript") {
    // the draft keeps one manuscript; the earlier file goes with its row (the sweep removes it)
    await ctx.db
      .deleteFrom("submission_files")
      .where("submission_id", "=", id)
      .where("kind", "=", "manuscript")
      .where("id", "!=", stored.id)
      .execute();
  }
  return stored;
}

/**
 * Submits a draft: needs a manuscript; the checklist and licence were agreed (the schema).
 * @throws AppError `invalid` (400, {@link MANUSCRIPT_MISSING} on `file`), `conflict` (409).
 */
export async function submitSubmission(ctx: AppContext, party: Party, id: number): Promise<void> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertAuthor(view);
  if (!(await latestManuscript(ctx, id))) {
    throw invalid(MANUSCRIPT_MISSING, { file: MANUSCRIPT_MISSING });
  }
  const now = timestamp();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("submissions")
      .set({ licence_agreed: 1, checklist_agreed: 1 })
      .where("id", "=", id)
      .execute();
    await moveSubmission(trx, submission, "submit", "author", now);
  });
}

/**
 * The author's revision: the next manuscript version and their response to the reviews; the
 * submission returns to review for the editor's next decision.
 * @throws AppError `not_found` (404) for anybody but the author, `conflict` (409) unless
 *   revisions were requested, and the file errors of ./files.ts.
 */
export async function reviseSubmission(
  ctx: AppContext,
  party: Party,
  id: number,
  data: Uint8Array,
  name: string,
  response: string,
): Promise<void> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertAuthor(view);
  if (submission.status !== "revisions_requested") {
    throw new AppError("conflict", msg("Revisions have not been requested for this submission."));
  }
  const previous = await latestManuscript(ctx, id);
  await storeSubmissionFile(ctx, {
    submissionId: id,
    kind: "manuscript",
    version: (previous?.version ?? 0) + 1,
    data,
    name,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await moveSubmission(trx, submission, "revise", "author", timestamp(), response);
  });
}

/**
 * The columns of `submissions as s` that a {@link SubmissionSummary} shows, in the author's list
 * and the editors' queue alike; each adds the journal and the author its own way.
 */
export const SUMMARY_COLUMNS = [
  "s.id",
  "s.title",
  "s.status",
  "s.submitted_at",
  "s.updated_at",
  "s.round",
] as const;

/** Author `party`'s submissions, newest first. */
export async function listOwnSubmissions(
  ctx: AppContext,
  party: Party,
): Promise<SubmissionSummary[]> {
  const author = accountOfKind(party, "author");
  const rows = await ctx.db
    .selectFrom("submissions as s")
    .innerJoin("journals as j", "j.id", "s.journal_id")
    .select([...SUMMARY_COLUMNS, "j.uri as journal_uri", "j.name as journal_name"])
    .where("s.author_id", "=", author.id)
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, author_name: "" }));
}

/** The file rows of a submission as `view` may list them. */
export async function filesFor(
  ctx: AppContext,
  submission: Pick<Submission, "id">,
  view: SubmissionView,
  reviewMode: Parameters<typeof needsPropertiesCheck>[0],
): Promise<SubmissionFileItem[]> {
  let query = ctx.db
    .selectFrom("submission_files as f")
    .leftJoin("review_assignments as r", "r.id", "f.review_id")
    .select([
      "f.id",
      "f.kind",
      "f.version",
      "f.file_name",
      "f.size",
      "f.created_at",
      "f.content_type",
      "f.for_author",
      "r.reviewer_name",
    ])
    .where("f.submission_id", "=", submission.id);
  if (view !== "editor") query = query.where("f.kind", "!=", "review");
  const rows = await query.orderBy("f.id").execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    version: r.version,
    name: r.file_name,
    size: r.size,
    created_at: r.created_at,
    ...(view === "editor" && r.kind === "manuscript"
      ? { needs_check: needsPropertiesCheck(reviewMode, r.content_type) }
      : {}),
    // a reviewer's file for the author goes out under a neutral name, but only a PDF is cleaned
    ...(view === "editor" && r.kind === "review"
      ? {
          reviewer_name: r.reviewer_name ?? "",
          for_author: r.for_author === 1,
          needs_check: r.for_author === 1 && r.content_type !== "application/pdf",
        }
      : {}),
  }));
}

/**
 * Submission `id` as its author or an editor of its journal sees it: metadata, files, history,
 * decisions with the mails sent; editors also every review, the notes and the decisions open.
 * The author never sees reviewers' names (unless the journal's review is open) nor their
 * comments to the editor; each decision lists the reviewers' files released with it, under neutral
 * names (./review-files.ts).
 * @throws AppError `not_found` (404) for everybody else (reviewers have their own screen).
 */
export async function submissionDetail(
  ctx: AppContext,
  party: Party,
  id: number,
): Promise<SubmissionDetail> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  if (view === "reviewer") throw notFound(msg("There is no such submission."));
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["uri", "name", "review_mode", "license_url", "submission_checklist"])
    .where("id", "=", submission.journal_id)
    .executeTakeFirstOrThrow();
  const author = await ctx.db
    .selectFrom("users")
    .select(["first_name", "last_name", "locale"])
    .where("id", "=", submission.author_id)
    .executeTakeFirstOrThrow();
  const [files, history, decisions, reviews, notes, reviewFiles] = await Promise.all([
    filesFor(ctx, submission, view, journal.review_mode),
    ctx.db
      .selectFrom("submission_events")
      .select(["id", "at", "action", "actor", "detail"])
      .where("submission_id", "=", id)
      .orderBy("id")
      .execute(),
    ctx.db
      .selectFrom("submission_decisions")
      .select([
        "id",
        "decision",
        "round",
        "created_at",
        "mail_subject as subject",
        "mail_body as body",
      ])
      .where("submission_id", "=", id)
      .orderBy("id")
      .execute(),
    view === "editor"
      ? ctx.db
          .selectFrom("review_assignments")
          .select([
            "id",
            "round",
            "reviewer_name",
            "reviewer_email",
            "status",
            "due_on",
            "recommendation",
            "comments_author",
            "comments_editor",
          ])
          .where("submission_id", "=", id)
          .orderBy("id")
          .execute()
      : Promise.resolve([]),
    view === "editor"
      ? ctx.db
          .selectFrom("submission_notes as n")
          .leftJoin("users as u", "u.id", "n.user_id")
          .select(["n.body", "n.created_at", "u.first_name", "u.last_name"])
          .where("n.submission_id", "=", id)
          .orderBy("n.id")
          .execute()
      : Promise.resolve([]),
    reviewFilesForAuthor(ctx, id, author.locale),
  ]);
  return {
    id: submission.id,
    status: submission.status,
    round: submission.round,
    view,
    journal: {
      uri: journal.uri,
      name: journal.name,
      review_mode: journal.review_mode,
      license_url: journal.license_url ?? "",
      checklist: checklistItems(journal.submission_checklist),
    },
    metadata: JSON.parse(submission.metadata) as SubmissionMetadataInput,
    note_to_editor: submission.note_to_editor,
    submitted_at: submission.submitted_at,
    author_name: displayName(author),
    files,
    // an author reads the history without the reviewers' doings (who accepted or declined)
    // and without the invited reviewers' names (decision 520)
    history:
      view === "editor"
        ? history
        : history
            .filter((h) => !h.actor.startsWith("reviewer:"))
            .map((h) => (h.action === "reviewer_invited" ? { ...h, detail: "" } : h)),
    decisions: decisions.map((d) => ({
      ...d,
      decision: d.decision as never,
      review_files: reviewFiles
        .filter((f) => f.decision_id === d.id)
        .map(({ id: fileId, name, size }) => ({ id: fileId, name, size })),
    })),
    reviews,
    notes: notes.map((n) => ({
      author: `${n.first_name ?? ""} ${n.last_name ?? ""}`.trim(),
      body: n.body,
      created_at: n.created_at,
    })),
    decisions_available: view === "editor" ? decisionsFrom(submission.status) : [],
    paper_id: submission.paper_id,
  };
}
