/**
 * Who may see and act on what in the editorial workflow: one rule per object (issue 31, "Safety
 * and scale"; docs/decisions/400-editorial-workflow.md). No HTTP here; every workflow call and
 * file download asks these, and tests/db/workflow-access.test.ts walks them as a matrix.
 *
 * Parties (identity from the session or the reviewer's mailed token, never a request field):
 * - an **author** account: its own submissions, drafts included;
 * - a **manager** (the journal's editors): the submissions of journals assigned to them
 *   (administrators: every journal's), never a draft;
 * - a **reviewer** (no account: the token of their invitation): the submission of their
 *   assignment only once they accepted it (before that, the invitation alone), in the journal's
 *   review mode (double-anonymous: no author anywhere, ./anonymise.ts).
 *
 * Every refusal is the 404 of a submission that does not exist, so nobody learns which ids exist.
 */
import { msg } from "../../../shared/i18n/messages.ts";
import type { AccountKind, ReviewStatus, SubmissionFileKind } from "../../../shared/workflow.ts";
import type { ReviewAssignment, Submission, UserRole } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";

/** A signed-in account as the rules see it (from the session). */
export type AccountParty = { type: "account"; id: number; role: UserRole; kind: AccountKind };
/** A reviewer, known by the assignment their mailed token opened. */
export type ReviewerParty = { type: "reviewer"; assignment: ReviewAssignment };
export type Party = AccountParty | ReviewerParty;

/** How a party sees a submission: decides what an answer may hold. */
export type SubmissionView = "author" | "editor" | "reviewer";

export const SUBMISSION_NOT_FOUND = msg("There is no such submission.");
const notFound = () => new AppError("not_found", SUBMISSION_NOT_FOUND);

/** How the journal-level workflow calls refuse an unknown journal, or a party not of their kind. */
export const NO_JOURNAL = msg("There is no such journal.");

/**
 * `party` when it is an account of `kind` (`author`: the author's calls; `manager`: the editors'
 * calls); anybody else is answered as if the journal did not exist.
 * @throws AppError `not_found` (404, {@link NO_JOURNAL}).
 */
export function accountOfKind(party: Party, kind: AccountKind): AccountParty {
  if (party.type !== "account" || party.kind !== kind) throw new AppError("not_found", NO_JOURNAL);
  return party;
}

/** A reviewer's statuses in which they may read the submission. */
const REVIEWER_READS: readonly ReviewStatus[] = ["accepted", "completed"];

/**
 * Whether an account manages journal `journalId` (administrators manage every journal; authors
 * none).
 */
export async function managesJournal(
  ctx: AppContext,
  party: AccountParty,
  journalId: number,
): Promise<boolean> {
  if (party.kind !== "manager") return false;
  if (party.role === "admin") return true;
  const row = await ctx.db
    .selectFrom("journal_managers")
    .select("user_id")
    .where("journal_id", "=", journalId)
    .where("user_id", "=", party.id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * THE rule for a submission: how `party` may see `submission`.
 * - its author: `author`; a manager of its journal, unless it is a draft: `editor`;
 * - a reviewer whose assignment is of this submission and accepted or completed: `reviewer`.
 * @throws AppError `not_found` (404) for everybody else.
 */
export async function submissionView(
  ctx: AppContext,
  party: Party,
  submission: Pick<Submission, "id" | "journal_id" | "author_id" | "status">,
): Promise<SubmissionView> {
  if (party.type === "reviewer") {
    const a = party.assignment;
    if (a.submission_id === submission.id && REVIEWER_READS.includes(a.status)) return "reviewer";
    throw notFound();
  }
  if (party.kind === "author") {
    if (submission.author_id === party.id) return "author";
    throw notFound();
  }
  if (submission.status !== "draft" && (await managesJournal(ctx, party, submission.journal_id))) {
    return "editor";
  }
  throw notFound();
}

/**
 * Loads submission `id` and applies {@link submissionView}.
 * @throws AppError `not_found` (404) when it does not exist or `party` may not see it.
 */
export async function loadSubmissionFor(
  ctx: AppContext,
  party: Party,
  id: number,
): Promise<{ submission: Submission; view: SubmissionView }> {
  const submission = await ctx.db
    .selectFrom("submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!submission) throw notFound();
  return { submission, view: await submissionView(ctx, party, submission) };
}

/**
 * THE rule for a stored file of a submission, given how the party sees the submission: authors
 * and editors read manuscripts and supplementary files; a reviewer reads those (anonymised in
 * double-anonymous mode) and the files of their own review; editors read every review's files;
 * an author reads a reviewer's file only when the reviewer marked it for the author and a
 * decision mailing that review was sent (`releasedToAuthor`, from ./review-files.ts), under a
 * neutral name; never a file for the editor only.
 * @param releasedToAuthor whether the file is among the author's released reviewers' files.
 */
export function mayReadFile(
  view: SubmissionView,
  party: Party,
  file: { kind: SubmissionFileKind; review_id: number | null; for_author?: number },
  releasedToAuthor = false,
): boolean {
  if (file.kind !== "review") return true;
  if (view === "editor") return true;
  if (view === "author") return file.for_author === 1 && releasedToAuthor;
  return view === "reviewer" && party.type === "reviewer" && party.assignment.id === file.review_id;
}

/** Only the journal's editors act as editors (decisions, invitations, notes, scheduling). */
export function assertEditor(view: SubmissionView): void {
  if (view !== "editor") throw notFound();
}

/** Only the author acts as the author (draft, submit, revise). */
export function assertAuthor(view: SubmissionView): void {
  if (view !== "author") throw notFound();
}
