/**
 * `npm run bench`, the editorial queue (issue 31; decision 400): a journal with 1,000
 * submissions (a tenth of them drafts, the rest spread over the queue's statuses) and the
 * editor's queue read through `submissionQueue`, all and one status, 5 warm-up calls then
 * `BENCH_REQUESTS` timed ones each (default 40): p95 against 100 ms.
 */
import { submissionQueue } from "../../server/features/workflow/editorial.ts";
import type { AppContext } from "../../server/services/context.ts";
import { QUEUE_STATUSES, type SubmissionStatus } from "../../shared/workflow.ts";

/** Submissions in the benchmark journal. */
export const QUEUE_SIZE = 1000;

/** Fills `ctx` with one journal, its administrator-editor, an author and {@link QUEUE_SIZE} submissions. */
async function fill(ctx: AppContext): Promise<{ uri: string; editorId: number }> {
  const now = new Date().toISOString();
  const { id: journalId } = await ctx.db
    .insertInto("journals")
    .values({
      uri: "bench-queue",
      name: "Bench Queue",
      abbreviation: "BQ",
      image: null,
      issn: null,
      eissn: null,
      publisher: null,
      frequency: null,
      intro: "",
      sub_guide: "",
      other_guide: "",
      email: null,
      cost: null,
      contact_name: null,
      contact_email: null,
      subject: "more",
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = (email: string, kind: "manager" | "author") =>
    ctx.db
      .insertInto("users")
      .values({
        first_name: "Bench",
        last_name: kind,
        phone: "",
        email,
        password_hash: "x",
        created_at: now,
        kind,
        role: kind === "manager" ? "admin" : "manager",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const editor = await user("bench-editor@example.org", "manager");
  const author = await user("bench-author@example.org", "author");
  const statuses: SubmissionStatus[] = ["draft", ...QUEUE_STATUSES];
  const rows = Array.from({ length: QUEUE_SIZE }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    const status = i % 10 === 0 ? "draft" : statuses[1 + (i % QUEUE_STATUSES.length)]!;
    return {
      journal_id: journalId,
      author_id: author.id,
      status,
      title: `Submission ${i}`,
      metadata: "{}",
      created_at: at,
      updated_at: at,
      submitted_at: status === "draft" ? null : at,
      first_decision_at: null,
      decided_at: null,
      paper_id: null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) {
    await ctx.db
      .insertInto("submissions")
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return { uri: "bench-queue", editorId: editor.id };
}

/**
 * The queue's p95 in milliseconds, all statuses and `in_review` alone.
 * @param requests timed calls of each.
 */
export async function queueTimes(
  ctx: AppContext,
  requests: number,
): Promise<{ all: number; inReview: number; rows: number }> {
  const { uri, editorId } = await fill(ctx);
  const party = { type: "account", id: editorId, role: "admin", kind: "manager" } as const;
  const time = async (status?: "in_review") => {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5 + requests; i++) {
      const start = performance.now();
      rows = (await submissionQueue(ctx, party, uri, status)).length;
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p95: times[Math.min(times.length - 1, Math.floor(0.95 * times.length))] ?? 0, rows };
  };
  const all = await time();
  const inReview = await time("in_review");
  return { all: all.p95, inReview: inReview.p95, rows: all.rows };
}
