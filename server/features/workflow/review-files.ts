/**
 * Reviewers' files meant for authors (issue 31; docs/decisions/520-reviewers-files-for-authors.md).
 *
 * A reviewer marks each file of their review "for the author" (`submission_files.for_author`) or
 * leaves it for the editor only (the default). The author receives a file marked for them once a
 * decision that mails the round's reviews (request revisions, accept, decline: the templates with
 * `{review_comments}`) was sent after the review was completed: the file belongs to the first such
 * decision, beside the comments it mailed. Whatever the review mode, the author never learns who
 * reviewed (decision 400: the mails number reviewers, never name them), so the file comes under a
 * neutral name numbered as in that mail ("Reviewer 1 - file 2 (round 1).pdf", in the author's
 * language, like the mail) and, for a PDF, without its document properties (./anonymise.ts). A
 * Word or other file cannot be cleaned here: the editor's screen flags it (`needs_check`).
 */
import { localeOr } from "../../../shared/i18n/locales.ts";
import type { Decision } from "../../../shared/workflow.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";

/** The decisions whose mail carries the round's reviews (their templates hold `{review_comments}`). */
export const DECISIONS_RELEASING_REVIEWS: readonly Decision[] = [
  "request_revisions",
  "accept",
  "decline",
];

/** A reviewer's file as the author receives it. */
export type AuthorReviewFile = {
  id: number;
  /** The decision (`submission_decisions.id`) whose mail carried the review. */
  decision_id: number;
  /** Neutral: the reviewer's number in that mail, the file's number, the round, the extension. */
  name: string;
  size: number;
};

/** The extension of an uploaded name when it is a plain one (letters and digits), with its dot. */
function extensionOf(name: string, contentType: string): string {
  if (contentType === "application/pdf") return ".pdf";
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : "";
}

/**
 * The reviewers' files of submission `submissionId` that its author may download: marked for the
 * author, of a completed review whose round a releasing decision ({@link DECISIONS_RELEASING_REVIEWS})
 * closed after the review was completed. Reviewers are numbered as that decision's mail numbers
 * them (the round's reviews completed by then, in the order they were invited); files in the
 * order they were uploaded.
 * @param authorLocale the author's language (`users.locale`), as the decision mails use.
 * @returns the files, by decision then reviewer then upload; empty when none is released.
 */
export async function reviewFilesForAuthor(
  ctx: AppContext,
  submissionId: number,
  authorLocale: string | null,
): Promise<AuthorReviewFile[]> {
  const [decisions, reviews, files] = await Promise.all([
    ctx.db
      .selectFrom("submission_decisions")
      .select(["id", "round", "created_at"])
      .where("submission_id", "=", submissionId)
      .where("decision", "in", [...DECISIONS_RELEASING_REVIEWS])
      .orderBy("id")
      .execute(),
    ctx.db
      .selectFrom("review_assignments")
      .select(["id", "round", "completed_at"])
      .where("submission_id", "=", submissionId)
      .where("status", "=", "completed")
      .orderBy("id")
      .execute(),
    ctx.db
      .selectFrom("submission_files")
      .select(["id", "review_id", "file_name", "content_type", "size"])
      .where("submission_id", "=", submissionId)
      .where("kind", "=", "review")
      .where("for_author", "=", 1)
      .orderBy("id")
      .execute(),
  ]);
  if (files.length === 0 || decisions.length === 0) return [];
  const t = serverTranslator(localeOr(authorLocale));
  const out: AuthorReviewFile[] = [];
  const released = new Set<number>();
  for (const decision of decisions) {
    // the reviews this decision's mail carried, numbered as the mail numbers them
    const mailed = reviews.filter(
      (r) =>
        r.round === decision.round &&
        r.completed_at !== null &&
        r.completed_at <= decision.created_at,
    );
    mailed.forEach((review, index) => {
      if (released.has(review.id)) return;
      released.add(review.id);
      files
        .filter((f) => f.review_id === review.id)
        .forEach((f, fileIndex) => {
          out.push({
            id: f.id,
            decision_id: decision.id,
            name: `${t("Reviewer {number} - file {file} (round {round})", {
              number: index + 1,
              file: fileIndex + 1,
              round: decision.round,
            })}${extensionOf(f.file_name, f.content_type)}`,
            size: f.size,
          });
        });
    });
  }
  return out;
}
