/**
 * Review reminders (issue 31; decision 400), on SQLite and PostgreSQL, through a real SMTP
 * server: a reviewer who accepted is mailed once before the due date and once after it; two runs
 * at once (two processes) and a run after a restart send nothing twice; a reviewer who has not
 * accepted, or has reported, gets none.
 */
import { describe, expect, it } from "vitest";
import { sendReviewReminders } from "../../server/features/workflow/reminders.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { insertJournalWithIssue } from "../helpers/fixtures.ts";
import { mailFileContext } from "../helpers/seeded-context.ts";
import { signedInAuthor } from "../helpers/workflow.ts";

const t = mailFileContext();

describe(`review reminders (${dialectUnderTest})`, () => {
  it("mails each accepted reviewer once before and once after the due date, never twice", async () => {
    const { journalId } = await insertJournalWithIssue(t.ctx.db, {
      uri: "reminders",
      name: "Journal of Reminders",
      abbreviation: "JR",
    });
    const author = await signedInAuthor(t);
    const now = new Date("2027-03-10T09:00:00Z");
    const { id: submissionId } = await t.ctx.db
      .insertInto("submissions")
      .values({
        journal_id: journalId,
        author_id: author.id,
        status: "in_review",
        title: "Late reviews",
        metadata: "{}",
        round: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        submitted_at: now.toISOString(),
        first_decision_at: null,
        decided_at: null,
        paper_id: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const assign = (email: string, status: "invited" | "accepted" | "completed", due: string) =>
      t.ctx.db
        .insertInto("review_assignments")
        .values({
          submission_id: submissionId,
          round: 1,
          reviewer_email: email,
          reviewer_name: email.split("@")[0]!,
          locale: "en",
          token_hash: `${email}-hash`,
          status,
          invited_by: null,
          invited_at: now.toISOString(),
          responded_at: null,
          due_on: due,
          recommendation: null,
          comments_author: null,
          comments_editor: null,
          completed_at: null,
          reminded_before_at: null,
          reminded_after_at: null,
        })
        .execute();
    await assign("soon@example.org", "accepted", "2027-03-12");
    await assign("later@example.org", "accepted", "2027-04-30");
    await assign("late@example.org", "accepted", "2027-03-01");
    await assign("invited@example.org", "invited", "2027-03-11");
    await assign("done@example.org", "completed", "2027-03-01");

    // two processes at once: one sends (PostgreSQL: the other finds the lock taken)
    const [a, b] = await Promise.all([
      sendReviewReminders(t.ctx, now),
      sendReviewReminders(t.ctx, now),
    ]);
    expect((a ?? 0) + (b ?? 0)).toBe(2);
    expect((await t.mailbox.waitFor("soon@example.org")).subject).toBe(
      'Journal of Reminders: your review of "Late reviews" is due on 12 March 2027',
    );
    expect((await t.mailbox.waitFor("late@example.org")).subject).toBe(
      'Journal of Reminders: your review of "Late reviews" is overdue',
    );
    // a restart, the same day: nothing again; after the due date, the overdue one
    expect(await sendReviewReminders(t.ctx, now)).toBe(0);
    expect(await sendReviewReminders(t.ctx, new Date("2027-03-13T09:00:00Z"))).toBe(1);
    expect(t.mailbox.countFor("soon@example.org")).toBe(2);
    for (const quiet of ["later@example.org", "invited@example.org", "done@example.org"]) {
      expect(t.mailbox.countFor(quiet)).toBe(0);
    }
    expect(t.mailbox.countFor("late@example.org")).toBe(1);
  });
});
