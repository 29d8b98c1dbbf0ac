/**
 * The editorial workflow's vocabulary and state machine (issue 31;
 * docs/decisions/400-editorial-workflow.md), shared by the server (which enforces it) and the
 * screens (which offer only what it allows). No I/O here.
 *
 * A submission's status:
 *
 * | status | meaning | queue filter |
 * |---|---|---|
 * | `draft` | the author is still writing it; editors never see it | — |
 * | `submitted` | submitted, waiting for the editor's first decision | new |
 * | `in_review` | a review round is open (also after the author sent a revision) | in review |
 * | `revisions_requested` | the author was asked to revise | revisions requested |
 * | `accepted` | accepted (then scheduled into an issue: `paper_id` set) | accepted |
 * | `declined` | declined, with or without review | declined |
 *
 * Transitions ({@link TRANSITIONS}): the author's `submit` (draft → submitted) and `revise`
 * (revisions_requested → in_review); the editor's decisions `send_to_review` (submitted →
 * in_review, round 1), `request_revisions` (in_review → revisions_requested), `new_round`
 * (in_review → in_review, round + 1), `accept` (submitted or in_review → accepted), `decline`
 * (submitted, in_review or revisions_requested → declined), and `schedule` (accepted, not yet
 * scheduled). Anything else is refused with a 409.
 */
import { msg } from "./i18n/messages.ts";

export const ACCOUNT_KINDS = ["manager", "author"] as const;
/** `users.kind`: managers reach the dashboard, authors only their submissions. */
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const SUBMISSION_STATUSES = [
  "draft",
  "submitted",
  "in_review",
  "revisions_requested",
  "accepted",
  "declined",
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The statuses an editor's queue shows, in its filter's order (drafts are the author's alone). */
export const QUEUE_STATUSES = [
  "submitted",
  "in_review",
  "revisions_requested",
  "accepted",
  "declined",
] as const satisfies readonly SubmissionStatus[];
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** How a status is named on screens (carried texts: the screen translates them). @public */
export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  draft: msg("Draft"),
  submitted: msg("New"),
  in_review: msg("In review"),
  revisions_requested: msg("Revisions requested"),
  accepted: msg("Accepted"),
  declined: msg("Declined"),
};

export const REVIEW_MODES = ["open", "anonymous_reviewer", "double_anonymous"] as const;
/**
 * `open`: both see each other's names; `anonymous_reviewer`: the author never learns who
 * reviewed; `double_anonymous`: that, and the reviewer sees no author name, email or
 * affiliation anywhere (pages, API answers, file names, PDF document properties).
 */
export type ReviewMode = (typeof REVIEW_MODES)[number];

export const REVIEW_STATUSES = [
  "invited",
  "accepted",
  "declined",
  "completed",
  "cancelled",
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const RECOMMENDATIONS = [
  "accept",
  "minor_revisions",
  "major_revisions",
  "resubmit_elsewhere",
  "decline",
] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  accept: msg("Accept"),
  minor_revisions: msg("Minor revisions"),
  major_revisions: msg("Major revisions"),
  resubmit_elsewhere: msg("Resubmit elsewhere"),
  decline: msg("Decline"),
};

export const SUBMISSION_FILE_KINDS = ["manuscript", "supplementary", "review"] as const;
export type SubmissionFileKind = (typeof SUBMISSION_FILE_KINDS)[number];

/** The editor's decisions; each mails the author from its template. */
export const DECISIONS = [
  "send_to_review",
  "request_revisions",
  "new_round",
  "accept",
  "decline",
] as const;
export type Decision = (typeof DECISIONS)[number];

/** How each decision is named on the editor's buttons (carried texts). @public */
export const DECISION_LABELS: Record<Decision, string> = {
  send_to_review: msg("Send to review"),
  request_revisions: msg("Request revisions"),
  new_round: msg("New review round"),
  accept: msg("Accept"),
  decline: msg("Decline"),
};

/** Every action that moves a submission: the decisions and the author's two. */
export type Transition = Decision | "submit" | "revise";

/** From which statuses each transition may start, and where it leads. */
export const TRANSITIONS: Record<
  Transition,
  { from: readonly SubmissionStatus[]; to: SubmissionStatus }
> = {
  submit: { from: ["draft"], to: "submitted" },
  send_to_review: { from: ["submitted"], to: "in_review" },
  request_revisions: { from: ["in_review"], to: "revisions_requested" },
  revise: { from: ["revisions_requested"], to: "in_review" },
  new_round: { from: ["in_review"], to: "in_review" },
  accept: { from: ["submitted", "in_review"], to: "accepted" },
  decline: { from: ["submitted", "in_review", "revisions_requested"], to: "declined" },
};

/**
 * Where `transition` leads from `status`, or null when it may not start there.
 * @example nextStatus("submitted", "send_to_review") === "in_review"
 */
export function nextStatus(
  status: SubmissionStatus,
  transition: Transition,
): SubmissionStatus | null {
  const rule = TRANSITIONS[transition];
  return rule.from.includes(status) ? rule.to : null;
}

/** The decisions an editor may take on a submission in `status` (what the screen offers). */
export function decisionsFrom(status: SubmissionStatus): Decision[] {
  return DECISIONS.filter((d) => nextStatus(status, d) !== null);
}

/** The workflow mails whose text a journal may replace, and each one's placeholders. */
export const MAIL_TEMPLATES = {
  send_to_review: ["author_name", "submission_title", "journal_name"],
  request_revisions: ["author_name", "submission_title", "journal_name", "review_comments"],
  new_round: ["author_name", "submission_title", "journal_name"],
  accept: ["author_name", "submission_title", "journal_name", "review_comments"],
  decline: ["author_name", "submission_title", "journal_name", "review_comments"],
  review_invitation: ["reviewer_name", "submission_title", "journal_name", "due_date", "link"],
} as const satisfies Record<string, readonly string[]>;
export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
