/**
 * The zod schemas of the editorial workflow's requests (issue 31; decision 400), on which the
 * server checks and the forms build. A submission's metadata is the paper forms' model
 * (shared/schemas.ts `paperSchema`): title, abstract, keywords, authors as people (given and
 * family names, ORCID, affiliations with ROR, corresponding author), references, funding,
 * language; 'Schedule for publication' hands it to the paper command unchanged.
 */
import { z } from "zod";
import { LOCALES, localeOr } from "./i18n/locales.ts";
import { msg } from "./i18n/messages.ts";
import { paperSchema, requiredEmail } from "./schemas.ts";
import {
  DECISIONS,
  MAIL_TEMPLATES,
  type MailTemplateKey,
  RECOMMENDATIONS,
  REVIEW_MODES,
} from "./workflow.ts";

/** The metadata an author writes (a draft and a submission alike). */
export const submissionMetadataSchema = paperSchema.pick({
  title: true,
  abstract: true,
  keywords: true,
  authors: true,
  references: true,
  funding: true,
  funding_statement: true,
  language: true,
});
/** The metadata as sent (and stored, so the paper command reads it with its own schema). */
export type SubmissionMetadataInput = z.input<typeof submissionMetadataSchema>;

const NOTE_TOO_LONG = msg("Keep the note to the editor under 5000 characters.");

/** POST /submissions/{journal} and POST /submission/{id}/draft: the draft's fields. */
export const submissionDraftSchema = submissionMetadataSchema.extend({
  note_to_editor: z
    .string()
    .trim()
    .max(5000, NOTE_TOO_LONG)
    .optional()
    .transform((v) => v ?? ""),
});

/** POST /submission/{id}/submit: the author agrees to the checklist and the licence. */
export const submitSchema = z.object({
  checklist: z.literal(true, { error: msg("Tick every item of the journal's checklist.") }),
  licence: z.literal(true, { error: msg("Agree to the licence the journal publishes under.") }),
});

/** POST /author_signup: an author's account; `website` is the honeypot, left empty by people. */
export const authorSignupSchema = z.object({
  fname: z
    .string({ error: msg("Enter your first name.") })
    .trim()
    .min(1, msg("Enter your first name."))
    .max(100, msg("Keep your first name under 100 characters.")),
  lname: z
    .string({ error: msg("Enter your last name.") })
    .trim()
    .min(1, msg("Enter your last name."))
    .max(100, msg("Keep your last name under 100 characters.")),
  email: requiredEmail(),
  pword: z
    .string({ error: msg("Enter a password.") })
    .min(8, msg("Password must be at least 8 characters."))
    .max(200, msg("Keep your password under 200 characters.")),
  website: z.string().max(500).optional(),
});

/** POST /confirm_author: the token of the mailed link. */
export const confirmAuthorSchema = z.object({
  token: z.string({ error: msg("This confirmation link is not valid.") }).max(200),
});

/** POST /submission/{id}/decision: one of the editor's decisions and an optional message. */
export const decisionSchema = z.object({
  decision: z.enum(DECISIONS, { error: msg("Choose a decision.") }),
  message: z
    .string()
    .trim()
    .max(10_000, msg("Keep the message under 10000 characters."))
    .optional()
    .transform((v) => v ?? ""),
});

/** POST /submission/{id}/reviewers: invite a reviewer by address. */
export const inviteReviewerSchema = z.object({
  name: z
    .string({ error: msg("Enter the reviewer's name.") })
    .trim()
    .min(1, msg("Enter the reviewer's name."))
    .max(200, msg("Keep the reviewer's name under 200 characters.")),
  email: requiredEmail(),
  due_on: z
    .string({ error: msg("Enter the review's due date.") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg("Enter the review's due date.")),
  /** The language the reviewer is mailed in; absent: the editor's own. */
  locale: z
    .string()
    .optional()
    .transform((v) => (v ? localeOr(v) : undefined)),
});

/** POST /review/respond: the reviewer's answer to the invitation. */
export const reviewResponseSchema = z.object({
  token: z.string().max(200),
  answer: z.enum(["accept", "decline"], { error: msg("Accept or decline the invitation.") }),
});

/** POST /review/submit: the review. */
export const reviewSchema = z.object({
  token: z.string().max(200),
  recommendation: z.enum(RECOMMENDATIONS, { error: msg("Choose a recommendation.") }),
  comments_author: z
    .string({ error: msg("Write your comments to the author.") })
    .trim()
    .min(1, msg("Write your comments to the author."))
    .max(50_000, msg("Keep your comments under 50000 characters.")),
  comments_editor: z
    .string()
    .trim()
    .max(50_000, msg("Keep your comments under 50000 characters."))
    .optional()
    .transform((v) => v ?? ""),
  /**
   * Which of the review's files (by their order in the upload, from 0) are for the author, as
   * comma-separated numbers ("0,2"); absent or empty: every file is for the editor only.
   */
  for_author: z
    .string()
    .max(100)
    .regex(/^(\d{1,2}(,\d{1,2})*)?$/, msg("Choose which files are for the author."))
    .optional()
    .transform((v) => new Set((v ? v.split(",") : []).map(Number))),
});

/** POST /submission/{id}/schedule: the draft issue the paper goes into. */
export const scheduleSchema = z.object({
  sel_publication: z.coerce
    .number({ error: msg("Choose the draft issue.") })
    .int()
    .positive(msg("Choose the draft issue.")),
});

/** POST /dashboard/workflow_settings/{journal}: whether it accepts submissions, its review mode and checklist. */
export const workflowSettingsSchema = z.object({
  accepts_submissions: z.boolean({ error: msg("Say whether the journal accepts submissions.") }),
  review_mode: z.enum(REVIEW_MODES, { error: msg("Choose the review mode.") }),
  submission_checklist: z
    .string()
    .max(5000, msg("Keep the checklist under 5000 characters."))
    .transform((v) => v.replace(/\r\n?/g, "\n").trim()),
  /** Absent: off (decision 406). */
  show_workflow_figures: z
    .boolean({ error: msg("Say whether the journal's page shows its figures.") })
    .default(false),
});

/** POST /submission/{id}/notes: an editors' discussion note. */
export const noteSchema = z.object({
  body: z
    .string({ error: msg("Write the note.") })
    .trim()
    .min(1, msg("Write the note."))
    .max(10_000, msg("Keep the note under 10000 characters.")),
});

const TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as [MailTemplateKey, ...MailTemplateKey[]];

/**
 * POST /dashboard/mail_templates/{journal} and /dashboard/mail_template_preview/{journal}: a
 * journal's subject and body of one template in one language (both empty: back to the default).
 * The ICU check is the server's (`validateTemplateText`).
 */
export const mailTemplateSchema = z.object({
  template: z.enum(TEMPLATE_KEYS, { error: msg("Choose the mail.") }),
  locale: z.enum(LOCALES, { error: msg("Choose the language.") }),
  subject: z
    .string()
    .max(300, msg("Keep the subject under 300 characters."))
    .transform((v) => v.trim()),
  body: z
    .string()
    .max(20_000, msg("Keep the text under 20000 characters."))
    .transform((v) => v.replace(/\r\n?/g, "\n").trim()),
});
