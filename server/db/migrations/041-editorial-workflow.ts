/**
 * The editorial workflow (issue 31; docs/decisions/400-editorial-workflow.md):
 *
 * - `users.kind`: `manager` (every account before this migration, and those registered with the
 *   passcode or an invitation) or `author` (signed up to submit; never reaches the dashboard);
 *   `users.email_confirmed_at`: when an author's address was confirmed by its mailed link (null:
 *   not yet, the account cannot sign in). Managers' addresses count as confirmed.
 * - `journals.accepts_submissions` (0/1, default 1, so the demo corpus's journals accept them),
 *   `journals.review_mode` (`open`, `anonymous_reviewer`, `double_anonymous`; default the last),
 *   `journals.submission_checklist` (one item a line; empty: none).
 * - `author_confirmations`: mailed address-confirmation links (SHA-256 of the token only).
 * - `submissions`: one manuscript's way through the journal; its metadata is a JSON object in
 *   the paper forms' shape (title, abstract, keywords, authors, references, funding, language),
 *   the title also a column for the queue. `status` is the state of the machine of
 *   server/features/workflow/states.ts.
 * - `submission_files`: manuscript versions, supplementary files, reviewers' files; storage keys.
 * - `submission_events`: the dated history of every action.
 * - `submission_notes`: the editors' discussion notes.
 * - `submission_decisions`: each decision with the mail the author received.
 * - `review_assignments`: a reviewer invited to a round, by address, with the SHA-256 of the
 *   token of their mailed link; their answer, due date, review and reminders sent.
 * - `mail_templates`: a journal's own subject and body of a workflow mail, per language.
 */
import { type Kysely, sql } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("kind", "text", (c) =>
      c.notNull().defaultTo("manager").check(sql`kind in ('manager', 'author')`),
    )
    .execute();
  await db.schema.alterTable("users").addColumn("email_confirmed_at", "text").execute();
  await db.schema
    .alterTable("journals")
    .addColumn("accepts_submissions", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("journals")
    .addColumn("review_mode", "text", (c) =>
      c
        .notNull()
        .defaultTo("double_anonymous")
        .check(sql`review_mode in ('open', 'anonymous_reviewer', 'double_anonymous')`),
    )
    .execute();
  await db.schema
    .alterTable("journals")
    .addColumn("submission_checklist", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("author_confirmations")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("submissions")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("journal_id", "integer", (c) =>
      c.notNull().references("journals.id").onDelete("cascade"),
    )
    .addColumn("author_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql`status in ('draft', 'submitted', 'in_review', 'revisions_requested', 'accepted', 'declined')`,
        ),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("metadata", "text", (c) => c.notNull())
    .addColumn("note_to_editor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("licence_agreed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checklist_agreed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("round", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text")
    .addColumn("first_decision_at", "text")
    .addColumn("decided_at", "text")
    .addColumn("paper_id", "integer", (c) => c.references("papers.id").onDelete("set null"))
    .execute();
  // the queue: one journal's submissions of a status, oldest first
  await db.schema
    .createIndex("submissions_queue")
    .on("submissions")
    .columns(["journal_id", "status", "submitted_at", "id"])
    .execute();
  await db.schema
    .createIndex("submissions_author")
    .on("submissions")
    .columns(["author_id", "id"])
    .execute();

  await db.schema
    .createTable("review_assignments")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("submission_id", "integer", (c) =>
      c.notNull().references("submissions.id").onDelete("cascade"),
    )
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("reviewer_email", "text", (c) => c.notNull())
    .addColumn("reviewer_name", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(sql`status in ('invited', 'accepted', 'declined', 'completed', 'cancelled')`),
    )
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("invited_at", "text", (c) => c.notNull())
    .addColumn("responded_at", "text")
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("recommendation", "text")
    .addColumn("comments_author", "text")
    .addColumn("comments_editor", "text")
    .addColumn("completed_at", "text")
    .addColumn("reminded_before_at", "text")
    .addColumn("reminded_after_at", "text")
    .execute();
  await db.schema
    .createIndex("review_assignments_submission")
    .on("review_assignments")
    .columns(["submission_id", "round"])
    .execute();
  await db.schema
    .createIndex("review_assignments_due")
    .on("review_assignments")
    .columns(["status", "due_on"])
    .execute();

  await db.schema
    .createTable("submission_files")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("submission_id", "integer", (c) =>
      c.notNull().references("submissions.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('manuscript', 'supplementary', 'review')`),
    )
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("review_id", "integer", (c) =>
      c.references("review_assignments.id").onDelete("cascade"),
    )
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("submission_files_submission")
    .on("submission_files")
    .column("submission_id")
    .execute();

  await db.schema
    .createTable("submission_events")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("submission_id", "integer", (c) =>
      c.notNull().references("submissions.id").onDelete("cascade"),
    )
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("submission_events_submission")
    .on("submission_events")
    .columns(["submission_id", "id"])
    .execute();

  await db.schema
    .createTable("submission_notes")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("submission_id", "integer", (c) =>
      c.notNull().references("submissions.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("submission_decisions")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("submission_id", "integer", (c) =>
      c.notNull().references("submissions.id").onDelete("cascade"),
    )
    .addColumn("round", "integer", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("editor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("mail_subject", "text", (c) => c.notNull())
    .addColumn("mail_body", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mail_templates")
    .addColumn("journal_id", "integer", (c) =>
      c.notNull().references("journals.id").onDelete("cascade"),
    )
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("mail_templates_pk", ["journal_id", "template", "locale"])
    .execute();
}
