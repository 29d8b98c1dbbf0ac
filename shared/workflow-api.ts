/**
 * Wire types of the editorial workflow's API (issue 31; decision 400). What each party receives
 * is shaped on the server by its view (server/features/workflow/access.ts): a reviewer's answer
 * has no field that could hold an author in double-anonymous mode.
 */

import type {
  Decision,
  MailTemplateKey,
  Recommendation,
  ReviewMode,
  ReviewStatus,
  SubmissionFileKind,
  SubmissionStatus,
} from "./workflow.ts";
import type { SubmissionMetadataInput } from "./workflow-schemas.ts";

/** The signed-in author account (never a manager). */
export type SignedInAuthor = { id: number; name: string; email: string; locale: string | null };

/** A journal's editorial figures of one year (decision 400). */
export type WorkflowFigureRow = {
  journal_uri: string;
  journal_name: string;
  year: number;
  received: number;
  accepted: number;
  declined: number;
  /** Accepted of those decided, 0–1; null when none was decided. */
  acceptance_rate: number | null;
  median_days_to_first_decision: number | null;
  median_days_to_publication: number | null;
  reviews_requested: number;
  reviews_completed: number;
};

/** A journal's workflow settings, as its editors set them. */
export type WorkflowSettings = {
  accepts_submissions: boolean;
  review_mode: ReviewMode;
  submission_checklist: string;
  /** Whether the journal's public page shows its editorial figures (decision 406). */
  show_workflow_figures: boolean;
};

/** A journal's editorial figures of one year as its public page shows them (decision 406). */
export type PublicWorkflowFigures = Pick<
  WorkflowFigureRow,
  | "year"
  | "received"
  | "accepted"
  | "declined"
  | "acceptance_rate"
  | "median_days_to_first_decision"
  | "median_days_to_publication"
>;

/** What the submission form shows of a journal. */
export type SubmissionJournal = {
  uri: string;
  name: string;
  license_url: string;
  checklist: string[];
};

/** A row of the author's list or the editor's queue. */
export type SubmissionSummary = {
  id: number;
  title: string;
  status: SubmissionStatus;
  journal_uri: string;
  journal_name: string;
  /** ISO 8601; null for a draft. */
  submitted_at: string | null;
  updated_at: string;
  round: number;
  /** The author's name (editors' queue only; "" for the author's own list). */
  author_name: string;
};

/** A stored file as a party may see it. */
export type SubmissionFileItem = {
  id: number;
  kind: SubmissionFileKind;
  version: number;
  name: string;
  size: number;
  created_at: string;
  /**
   * Editors only: a non-PDF manuscript whose document properties they should check
   * (double-anonymous), or a non-PDF reviewer's file for the author (the reviewer's name).
   */
  needs_check?: boolean;
  /** Editors only, reviewers' files: whether the reviewer marked it for the author. */
  for_author?: boolean;
  /** Editors only, reviewers' files: who uploaded it. */
  reviewer_name?: string;
};

export type HistoryItem = { id: number; at: string; action: string; actor: string; detail: string };

export type DecisionItem = {
  id: number;
  decision: Decision;
  round: number;
  created_at: string;
  subject: string;
  body: string;
  /**
   * The reviewers' files marked for the author that came with this decision, under neutral
   * names (decision 520); the author downloads them, the editor sees what the author got.
   */
  review_files: { id: number; name: string; size: number }[];
};

/** A review as the editor sees it. */
export type ReviewItem = {
  id: number;
  round: number;
  reviewer_name: string;
  reviewer_email: string;
  status: ReviewStatus;
  due_on: string;
  recommendation: Recommendation | null;
  comments_author: string | null;
  comments_editor: string | null;
};

export type NoteItem = { author: string; body: string; created_at: string };

/** A submission as its author or an editor of its journal sees it. */
export type SubmissionDetail = {
  id: number;
  status: SubmissionStatus;
  round: number;
  view: "author" | "editor";
  journal: {
    uri: string;
    name: string;
    review_mode: ReviewMode;
    license_url: string;
    checklist: string[];
  };
  metadata: SubmissionMetadataInput;
  note_to_editor: string;
  submitted_at: string | null;
  author_name: string;
  files: SubmissionFileItem[];
  history: HistoryItem[];
  decisions: DecisionItem[];
  /** Editors: every review; authors: none (their comments come in the decisions). */
  reviews: ReviewItem[];
  /** Editors' discussion notes (editors only). */
  notes: NoteItem[];
  /** The decisions the editor may take now (editors only). */
  decisions_available: Decision[];
  /** The paper 'Schedule for publication' made: its dashboard link (editors), else null. */
  paper_id: number | null;
};

/** What a reviewer's mailed link opens. */
export type ReviewerScreen = {
  status: ReviewStatus;
  round: number;
  due_on: string;
  /** When the reviewer accepted or declined (ISO 8601); null while only invited. */
  responded_at: string | null;
  journal_name: string;
  review_mode: ReviewMode;
  title: string;
  abstract: string;
  /** Only once the invitation is accepted. */
  keywords: string;
  /** Author names: only in `open` mode and once accepted; never in double-anonymous mode. */
  authors: string[];
  /**
   * The files the reviewer may read: the submission's (none once declined) and their own
   * review's, which carry `for_author` (whether they marked it for the author).
   */
  files: { id: number; name: string; size: number; for_author?: boolean }[];
  /** The reviewer's own review, once submitted. */
  review: {
    /** When it was sent (ISO 8601). */
    completed_at: string;
    recommendation: Recommendation;
    comments_author: string;
    comments_editor: string;
  } | null;
};

/** One mail template of a journal in one language, as its editors edit it (decision 405). */
export type MailTemplateItem = {
  key: MailTemplateKey;
  /** The placeholders the template may use, without braces. */
  placeholders: string[];
  /** The catalogue's text in the language asked for. */
  default_subject: string;
  default_body: string;
  /** The journal's own text; both empty when the default applies. */
  subject: string;
  body: string;
};
