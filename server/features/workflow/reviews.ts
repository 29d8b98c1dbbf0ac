/**
 * Peer review (issue 31; decision 400): an editor invites a reviewer by address to the current
 * round; the mail's link `{origin}/review#{token}` opens a page that changes nothing when opened
 * (decision 379): its buttons POST the token to accept or decline, then the review form. The
 * reviewer needs no account or password: the token (32 random bytes, SHA-256 stored) is their
 * identity for this assignment only, and it opens nothing once the assignment is declined or
 * cancelled.
 *
 * What a reviewer sees ({@link reviewerScreen}) follows the journal's review mode (./anonymise.ts):
 * before accepting, the title and abstract; after, the files and keywords too, and the authors'
 * names only in `open` mode.
 */
import { formatDate } from "../../../shared/i18n/intl.ts";
import { type Locale, localeOr } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { Recommendation } from "../../../shared/workflow.ts";
import type { ReviewerScreen } from "../../../shared/workflow-api.ts";
import type { SubmissionMetadataInput } from "../../../shared/workflow-schemas.ts";
import type { ReviewAssignment } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { LINK_TOKEN_PATTERN, linkTokenHash, newLinkToken } from "../../services/link-token.ts";
import { timestamp } from "../../services/write.ts";
import {
  assertEditor,
  loadSubmissionFor,
  mayReadFile,
  type Party,
  type ReviewerParty,
} from "./access.ts";
import { hidesAuthors, neutralFileName, pdfWithoutProperties } from "./anonymise.ts";
import { storeSubmissionFile } from "./files.ts";
import { sendWorkflowMail } from "./mail-templates.ts";
import { type AuthorReviewFile, reviewFilesForAuthor } from "./review-files.ts";
import { recordEvent } from "./states.ts";

export const REVIEW_LINK_GONE = msg(
  "This review link is no longer valid. If you think it should be, write to the journal's editors.",
);
export const NOT_IN_REVIEW = msg(
  "Reviewers can be invited only while the submission is in review.",
);
export const ALREADY_ANSWERED = msg("You have already answered this invitation.");
export const NOT_ACCEPTED_YET = msg("Accept the invitation before sending your review.");

const gone = () => new AppError("not_found", REVIEW_LINK_GONE);

/**
 * Invites reviewer `input` to submission `id`'s current round (editors of its journal only,
 * while it is in review) and mails the invitation from the journal's template in `input.locale`
 * (the editor's choice, else the site default), Reply-To the editor.
 * @throws AppError `not_found` (404) unless an editor, `conflict` (409, {@link NOT_IN_REVIEW}),
 *   `unavailable` (503) when the mail could not be sent (the invitation is then withdrawn).
 */
export async function inviteReviewer(
  ctx: AppContext,
  party: Party,
  id: number,
  input: { name: string; email: string; due_on: string; locale?: Locale },
  origin: string,
): Promise<{ id: number }> {
  const { submission, view } = await loadSubmissionFor(ctx, party, id);
  assertEditor(view);
  if (submission.status !== "in_review" || party.type !== "account") {
    throw new AppError("conflict", NOT_IN_REVIEW);
  }
  const token = newLinkToken();
  const now = timestamp();
  const locale = input.locale ?? localeOr(null);
  const email = input.email.trim().toLowerCase();
  const row = await ctx.db
    .insertInto("review_assignments")
    .values({
      submission_id: id,
      round: submission.round,
      reviewer_email: email,
      reviewer_name: input.name,
      locale,
      token_hash: linkTokenHash(token),
      status: "invited",
      invited_by: party.id,
      invited_at: now,
      responded_at: null,
      due_on: input.due_on,
      recommendation: null,
      comments_author: null,
      comments_editor: null,
      completed_at: null,
      reminded_before_at: null,
      reminded_after_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const [journal, editor] = await Promise.all([
    ctx.db
      .selectFrom("journals")
      .select("name")
      .where("id", "=", submission.journal_id)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom("users").select("email").where("id", "=", party.id).executeTakeFirstOrThrow(),
  ]);
  try {
    await sendWorkflowMail(ctx, {
      journalId: submission.journal_id,
      key: "review_invitation",
      to: email,
      locale,
      replyTo: editor.email,
      values: {
        reviewer_name: input.name,
        submission_title: submission.title,
        journal_name: journal.name,
        due_date: formatDate(input.due_on, locale),
        link: `${origin}/review#${token}`,
      },
    });
  } catch (error) {
    await ctx.db.deleteFrom("review_assignments").where("id", "=", row.id).execute();
    throw error;
  }
  await recordEvent(ctx.db, id, "reviewer_invited", `editor:${party.id}`, now, input.name);
  return row;
}

/**
 * The reviewer whose mailed link carries `token`, as the access rules see them.
 * @throws AppError `not_found` (404, {@link REVIEW_LINK_GONE}) for an unknown token, or an
 *   assignment declined or cancelled.
 */
export async function reviewerParty(ctx: AppContext, token: string): Promise<ReviewerParty> {
  const assignment = await assignmentOf(ctx, token);
  if (!assignment || assignment.status === "declined" || assignment.status === "cancelled") {
    throw gone();
  }
  return { type: "reviewer", assignment };
}

/** The assignment whose link carries `token`, whatever its status; null for an unknown token. */
async function assignmentOf(ctx: AppContext, token: string): Promise<ReviewAssignment | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  return (
    (await ctx.db
      .selectFrom("review_assignments")
      .selectAll()
      .where("token_hash", "=", linkTokenHash(token))
      .executeTakeFirst()) ?? null
  );
}

async function submissionOf(ctx: AppContext, assignment: ReviewAssignment) {
  return ctx.db
    .selectFrom("submissions as s")
    .innerJoin("journals as j", "j.id", "s.journal_id")
    .select(["s.id", "s.title", "s.metadata", "j.name as journal_name", "j.review_mode"])
    .where("s.id", "=", assignment.submission_id)
    .executeTakeFirstOrThrow();
}

/**
 * What the reviewer's link shows (see the module comment). Reading it changes nothing.
 * - A completed review: the review as sent (date, recommendation, comments, its files and
 *   whether each is for the author), never the form again.
 * - A declined invitation: only that it was declined, when, and the submission's title (which
 *   the invitation showed); nothing else, and no other call accepts its token.
 * @throws AppError `not_found` (404, {@link REVIEW_LINK_GONE}) for an unknown token or a
 *   cancelled assignment.
 */
export async function reviewerScreen(ctx: AppContext, token: string): Promise<ReviewerScreen> {
  const a = await assignmentOf(ctx, token);
  if (!a || a.status === "cancelled") throw gone();
  const s = await submissionOf(ctx, a);
  // what the link shows in every state: the invitation and the submission's title
  const invitation = {
    status: a.status,
    round: a.round,
    due_on: a.due_on,
    responded_at: a.responded_at,
    journal_name: s.journal_name,
    review_mode: s.review_mode,
    title: s.title,
  };
  if (a.status === "declined") {
    return {
      ...invitation,
      abstract: "",
      keywords: "",
      authors: [],
      files: [],
      review: null,
    };
  }
  const party: ReviewerParty = { type: "reviewer", assignment: a };
  const metadata = JSON.parse(s.metadata) as SubmissionMetadataInput;
  const reading = a.status === "accepted" || a.status === "completed";
  let files: ReviewerScreen["files"] = [];
  if (reading) {
    const { view } = await loadSubmissionFor(ctx, party, s.id);
    const rows = await ctx.db
      .selectFrom("submission_files")
      .select([
        "id",
        "kind",
        "version",
        "review_id",
        "file_name",
        "size",
        "content_type",
        "for_author",
      ])
      .where("submission_id", "=", s.id)
      .orderBy("id")
      .execute();
    files = rows
      .filter((f) => mayReadFile(view, party, f))
      .map((f) =>
        f.kind === "review"
          ? { id: f.id, name: f.file_name, size: f.size, for_author: f.for_author === 1 }
          : {
              id: f.id,
              name: hidesAuthors(s.review_mode) ? neutralFileName(f) : f.file_name,
              size: f.size,
            },
      );
  }
  const authors =
    reading && s.review_mode === "open"
      ? (metadata.authors ?? []).map(
          (p) => [p.given_names, p.family_name].filter(Boolean).join(" ") || p.name || "",
        )
      : [];
  return {
    ...invitation,
    abstract: metadata.abstract ?? "",
    keywords: reading ? (metadata.keywords ?? "") : "",
    authors,
    files,
    review:
      a.status === "completed" && a.recommendation && a.completed_at
        ? {
            completed_at: a.completed_at,
            recommendation: a.recommendation,
            comments_author: a.comments_author ?? "",
            comments_editor: a.comments_editor ?? "",
          }
        : null,
  };
}

/**
 * The reviewer's answer to the invitation, once (a POST of the page's button; opening the link
 * did nothing).
 * @throws AppError `not_found` (404) as {@link reviewerParty}, `conflict` (409,
 *   {@link ALREADY_ANSWERED}).
 */
export async function respondToInvitation(
  ctx: AppContext,
  token: string,
  answer: "accept" | "decline",
): Promise<void> {
  const { assignment } = await reviewerParty(ctx, token);
  const now = timestamp();
  const status = answer === "accept" ? "accepted" : "declined";
  const updated = await ctx.db
    .updateTable("review_assignments")
    .set({ status, responded_at: now })
    .where("id", "=", assignment.id)
    .where("status", "=", "invited")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError("conflict", ALREADY_ANSWERED);
  await recordEvent(
    ctx.db,
    assignment.submission_id,
    answer === "accept" ? "review_accepted" : "review_declined",
    `reviewer:${assignment.id}`,
    now,
    assignment.reviewer_name,
  );
}

/**
 * The review: recommendation, comments to the author and to the editor, and files, each marked
 * for the author (`forAuthor`; released to them with the decision, ./review-files.ts) or for the
 * editor only. Once; only after accepting.
 * @throws AppError `not_found` (404), `conflict` (409: not accepted, or already sent).
 */
export async function submitReview(
  ctx: AppContext,
  token: string,
  input: { recommendation: Recommendation; comments_author: string; comments_editor: string },
  files: { data: Uint8Array; name: string; forAuthor: boolean }[],
): Promise<void> {
  const { assignment } = await reviewerParty(ctx, token);
  if (assignment.status !== "accepted") {
    throw new AppError(
      "conflict",
      assignment.status === "completed" ? ALREADY_ANSWERED : NOT_ACCEPTED_YET,
    );
  }
  for (const file of files) {
    await storeSubmissionFile(ctx, {
      submissionId: assignment.submission_id,
      kind: "review",
      version: assignment.round,
      reviewId: assignment.id,
      data: file.data,
      name: file.name,
      forAuthor: file.forAuthor,
    });
  }
  const now = timestamp();
  const updated = await ctx.db
    .updateTable("review_assignments")
    .set({ ...input, status: "completed", completed_at: now })
    .where("id", "=", assignment.id)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError("conflict", ALREADY_ANSWERED);
  await recordEvent(
    ctx.db,
    assignment.submission_id,
    "review_completed",
    `reviewer:${assignment.id}`,
    now,
    assignment.reviewer_name,
  );
}

/** The reviewers' files released to the author of `submission` (named in the author's language). */
async function authorReviewFiles(
  ctx: AppContext,
  submission: { id: number; author_id: number },
): Promise<AuthorReviewFile[]> {
  const author = await ctx.db
    .selectFrom("users")
    .select("locale")
    .where("id", "=", submission.author_id)
    .executeTakeFirst();
  return reviewFilesForAuthor(ctx, submission.id, author?.locale ?? null);
}

/**
 * A file of a submission for `party` (author, editor or reviewer) under the one file rule:
 * its bytes, the name to send and its content type. A double-anonymous reviewer gets a neutral
 * name and a PDF without document properties; so does the author for a reviewer's file released
 * to them (./review-files.ts), in every review mode.
 * @throws AppError `not_found` (404) for a file the party may not read, or of another submission.
 */
export async function readSubmissionFile(
  ctx: AppContext,
  party: Party,
  submissionId: number,
  fileId: number,
): Promise<{ data: Uint8Array; name: string; contentType: string }> {
  const { submission, view } = await loadSubmissionFor(ctx, party, submissionId);
  const file = await ctx.db
    .selectFrom("submission_files")
    .selectAll()
    .where("id", "=", fileId)
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  const released =
    view === "author" && file?.kind === "review" && file.for_author === 1
      ? (await authorReviewFiles(ctx, submission)).find((f) => f.id === file.id)
      : undefined;
  if (!file || !mayReadFile(view, party, file, released !== undefined)) {
    throw new AppError("not_found", msg("There is no such file."));
  }
  const data = new Uint8Array(await ctx.storage.read(file.file_key));
  if (released) {
    // the author never learns who reviewed: a neutral name, a PDF without its properties
    return {
      data: file.content_type === "application/pdf" ? await pdfWithoutProperties(data) : data,
      name: released.name,
      contentType: file.content_type,
    };
  }
  if (view !== "reviewer") {
    return { data, name: file.file_name, contentType: file.content_type };
  }
  const journal = await ctx.db
    .selectFrom("journals")
    .select("review_mode")
    .where("id", "=", submission.journal_id)
    .executeTakeFirstOrThrow();
  if (!hidesAuthors(journal.review_mode)) {
    return { data, name: file.file_name, contentType: file.content_type };
  }
  return {
    data: file.content_type === "application/pdf" ? await pdfWithoutProperties(data) : data,
    name: neutralFileName(file),
    contentType: file.content_type,
  };
}
