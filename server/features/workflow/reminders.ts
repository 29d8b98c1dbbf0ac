/**
 * Review reminders (issue 31; decision 400): a reviewer who accepted and has not reported is
 * mailed once {@link REMIND_BEFORE_DAYS} days before the due date (or less, when accepted late)
 * and once after it has passed. One run at a time across every process sharing the database
 * (the advisory lock of decision 297; SQLite serves one process). What was sent is stored on the
 * assignment (`reminded_before_at`, `reminded_after_at`), so a restart loses none: the next run,
 * in any process, sends what is due and not yet sent. A reminder is marked once its mail is
 * accepted by the mail server: a crash between the two sends it again rather than never.
 *
 * The reminder cannot carry the reviewer's link (only its hash is stored): it asks them to use
 * the invitation's link.
 */

import { formatDate } from "../../../shared/i18n/intl.ts";
import { localeOr } from "../../../shared/i18n/locales.ts";
import { tryAdvisoryLock } from "../../db/advisory-lock.ts";
import { serverTranslator } from "../../i18n/catalogues.ts";
import type { AppContext } from "../../services/context.ts";
import { sendMail } from "../../services/mail.ts";

/** Days before the due date the first reminder goes. */
export const REMIND_BEFORE_DAYS = 3;
/** How often a process looks for reminders to send. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

const LOCK = "review-reminders";

/**
 * Sends every reminder due at `now` (see the module comment).
 * @returns how many were sent, or null when another process is sending them.
 */
export async function sendReviewReminders(
  ctx: AppContext,
  now = new Date(),
): Promise<number | null> {
  // one run at a time in this process too (SQLite's lock is always granted)
  if (running.has(ctx)) return null;
  running.add(ctx);
  try {
    return await remindersUnderLock(ctx, now);
  } finally {
    running.delete(ctx);
  }
}

/** The contexts of this process with a run in progress. */
const running = new WeakSet<AppContext>();

async function remindersUnderLock(ctx: AppContext, now: Date): Promise<number | null> {
  const release = await tryAdvisoryLock(ctx.db, ctx.dialect, LOCK);
  if (!release) return null;
  try {
    const today = now.toISOString().slice(0, 10);
    const soon = new Date(now.getTime() + REMIND_BEFORE_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const due = await ctx.db
      .selectFrom("review_assignments as a")
      .innerJoin("submissions as s", "s.id", "a.submission_id")
      .innerJoin("journals as j", "j.id", "s.journal_id")
      .select([
        "a.id",
        "a.reviewer_email",
        "a.reviewer_name",
        "a.locale",
        "a.due_on",
        "a.reminded_before_at",
        "a.reminded_after_at",
        "s.title",
        "j.name as journal_name",
      ])
      .where("a.status", "=", "accepted")
      .where("s.status", "=", "in_review")
      .where((eb) =>
        eb.or([
          eb.and([
            eb("a.reminded_before_at", "is", null),
            eb("a.due_on", "<=", soon),
            eb("a.due_on", ">=", today),
          ]),
          eb.and([eb("a.reminded_after_at", "is", null), eb("a.due_on", "<", today)]),
        ]),
      )
      .orderBy("a.id")
      .execute();
    let sent = 0;
    for (const a of due) {
      const late = a.due_on < today;
      const locale = localeOr(a.locale);
      const t = serverTranslator(locale);
      const values = {
        name: a.reviewer_name,
        title: a.title,
        journal: a.journal_name,
        date: formatDate(a.due_on, locale),
      };
      try {
        await sendMail(ctx, {
          to: a.reviewer_email,
          subject: late
            ? t('{journal}: your review of "{title}" is overdue', values)
            : t('{journal}: your review of "{title}" is due on {date}', values),
          text: late
            ? t(
                'Dear {name},\n\nYour review of "{title}" for {journal} was due on {date}. Please send it with the link of the invitation mail, or write to the editors if you need more time.\n\nWith best regards,\nThe editors of {journal}',
                values,
              )
            : t(
                'Dear {name},\n\nA reminder that your review of "{title}" for {journal} is due on {date}. Please send it with the link of the invitation mail.\n\nWith best regards,\nThe editors of {journal}',
                values,
              ),
        });
      } catch {
        continue; // logged by sendMail; the next run tries again
      }
      await ctx.db
        .updateTable("review_assignments")
        .set(
          late
            ? { reminded_after_at: now.toISOString() }
            : { reminded_before_at: now.toISOString() },
        )
        .where("id", "=", a.id)
        .execute();
      sent += 1;
    }
    return sent;
  } finally {
    await release();
  }
}

/**
 * Looks for reminders now and every {@link REMINDER_INTERVAL_MS} (an unref'd timer). A failed
 * run is logged; the next runs as planned.
 * @returns a function that stops the timer.
 */
export function startReviewReminders(ctx: AppContext): () => void {
  const run = () =>
    void sendReviewReminders(ctx).catch((error: unknown) => {
      ctx.log.error({ err: error }, "review reminders failed");
    });
  run();
  const timer = setInterval(run, REMINDER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
