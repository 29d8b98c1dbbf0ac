/**
 * A journal's editorial figures per year (issue 31, "Figures"; decision 400), as Plan S and
 * PKP's Publication Facts Label ask: submissions received, accepted, declined, the acceptance
 * rate (accepted of those decided), median days from submission to the first decision and to
 * publication (the paper's issue published), reviews requested and completed. A year is the
 * year of the event counted (submitted, decided, invited, completed), UTC.
 *
 * Shown on the Statistics screen to the journal's editors (administrators: every journal), and
 * on the journal's public page where it chooses (`show_workflow_figures`, decision 406): the same
 * counts from the same query ({@link figuresOf}), without the review figures.
 */
import type { PublicWorkflowFigures, WorkflowFigureRow } from "../../../shared/workflow-api.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import type { Party } from "./access.ts";

const DAY_MS = 86_400_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const days = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS));

/**
 * The figures of every journal `party` edits, by journal and year, newest year first.
 * @throws AppError `not_found` (404) for an author account.
 */
export async function workflowFigures(ctx: AppContext, party: Party): Promise<WorkflowFigureRow[]> {
  if (party.type !== "account" || party.kind !== "manager") {
    throw notFound("There is no such submission.");
  }
  let journals = ctx.db.selectFrom("journals as j").select(["j.id", "j.uri", "j.name"]);
  if (party.role !== "admin") {
    journals = journals.where("j.id", "in", (qb) =>
      qb.selectFrom("journal_managers").select("journal_id").where("user_id", "=", party.id),
    );
  }
  return figuresOf(ctx, await journals.execute());
}

/**
 * The public figures of the active journal at `uri` per year, newest first, when it chose to
 * show them; null when it did not (or there is no such active journal).
 */
export async function publicWorkflowFigures(
  ctx: AppContext,
  uri: string,
): Promise<PublicWorkflowFigures[] | null> {
  const journal = await ctx.db
    .selectFrom("journals")
    .select(["id", "uri", "name"])
    .where("uri", "=", uri)
    .where("active", "=", 1)
    .where("show_workflow_figures", "=", 1)
    .executeTakeFirst();
  if (!journal) return null;
  return (await figuresOf(ctx, [journal])).map((r) => ({
    year: r.year,
    received: r.received,
    accepted: r.accepted,
    declined: r.declined,
    acceptance_rate: r.acceptance_rate,
    median_days_to_first_decision: r.median_days_to_first_decision,
    median_days_to_publication: r.median_days_to_publication,
  }));
}

/** The figures of `journalRows` by journal and year, newest year first (the one query). */
async function figuresOf(
  ctx: AppContext,
  journalRows: { id: number; uri: string; name: string }[],
): Promise<WorkflowFigureRow[]> {
  if (journalRows.length === 0) return [];
  const ids = journalRows.map((j) => j.id);
  const [submissions, reviews] = await Promise.all([
    ctx.db
      .selectFrom("submissions as s")
      .leftJoin("papers as p", "p.id", "s.paper_id")
      .leftJoin("publications as pub", "pub.id", "p.publication_id")
      .select([
        "s.journal_id",
        "s.status",
        "s.submitted_at",
        "s.first_decision_at",
        "s.decided_at",
        "pub.status as issue_status",
        "pub.published_on",
      ])
      .where("s.journal_id", "in", ids)
      .where("s.status", "!=", "draft")
      .execute(),
    ctx.db
      .selectFrom("review_assignments as a")
      .innerJoin("submissions as s", "s.id", "a.submission_id")
      .select(["s.journal_id", "a.invited_at", "a.completed_at"])
      .where("s.journal_id", "in", ids)
      .execute(),
  ]);
  type Acc = WorkflowFigureRow & { firstDecision: number[]; toPublication: number[] };
  const rows = new Map<string, Acc>();
  const row = (journalId: number, at: string): Acc => {
    const year = Number(at.slice(0, 4));
    const key = `${journalId}:${year}`;
    let acc = rows.get(key);
    if (!acc) {
      const j = journalRows.find((r) => r.id === journalId)!;
      acc = {
        journal_uri: j.uri,
        journal_name: j.name,
        year,
        received: 0,
        accepted: 0,
        declined: 0,
        acceptance_rate: null,
        median_days_to_first_decision: null,
        median_days_to_publication: null,
        reviews_requested: 0,
        reviews_completed: 0,
        firstDecision: [],
        toPublication: [],
      };
      rows.set(key, acc);
    }
    return acc;
  };
  for (const s of submissions) {
    if (!s.submitted_at) continue;
    row(s.journal_id, s.submitted_at).received += 1;
    if (s.decided_at && s.status === "accepted") row(s.journal_id, s.decided_at).accepted += 1;
    if (s.decided_at && s.status === "declined") row(s.journal_id, s.decided_at).declined += 1;
    if (s.first_decision_at) {
      row(s.journal_id, s.first_decision_at).firstDecision.push(
        days(s.submitted_at, s.first_decision_at),
      );
    }
    if (s.issue_status === "published" && s.published_on) {
      row(s.journal_id, s.published_on).toPublication.push(days(s.submitted_at, s.published_on));
    }
  }
  for (const r of reviews) {
    row(r.journal_id, r.invited_at).reviews_requested += 1;
    if (r.completed_at) row(r.journal_id, r.completed_at).reviews_completed += 1;
  }
  return [...rows.values()]
    .map(({ firstDecision, toPublication, ...r }) => ({
      ...r,
      acceptance_rate: r.accepted + r.declined ? r.accepted / (r.accepted + r.declined) : null,
      median_days_to_first_decision: median(firstDecision),
      median_days_to_publication: median(toPublication),
    }))
    .sort((a, b) => b.year - a.year || a.journal_name.localeCompare(b.journal_name));
}
