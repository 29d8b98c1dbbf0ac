/**
 * Read side of journals: the `JournalCard` and `JournalDetail` shapes of docs/product/api.md,
 * used by the public API and by the server-rendered pages alike.
 */

import { sql } from "kysely";
import type { Button, JournalCard, JournalDetail } from "../../../shared/api.ts";
import { SUBJECTS } from "../../../shared/constants.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { journalLanguages } from "../../../shared/languages.ts";
import type { Journal } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { fileUrl } from "../../storage/storage.ts";
import { type Actor, isAdmin } from "../accounts/access.ts";
import { publicWorkflowFigures } from "../workflow/figures.ts";

/** Public buttons of a journal card (docs/product/api.md). */
function publicButtons(uri: string): Button[] {
  return [{ label: msg("View Journal"), link: `/journal/${uri}` }];
}

/** Dashboard buttons of a journal card: Edit, Publications, Add Paper, View (docs/product/api.md). */
function dashboardButtons(uri: string): Button[] {
  return [
    { label: msg("Edit"), link: `/dashboard/edit_journal/${uri}` },
    { label: msg("Publications"), link: `/dashboard/${uri}/publications` },
    { label: msg("Add Paper"), link: `/dashboard/paper_submission/${uri}` },
    { label: msg("View"), link: `/journal/${uri}` },
  ];
}

/** Maps a row to the wire card; `buttons` decides public or dashboard actions. */
function toJournalCard(row: Journal, buttons: "public" | "dashboard"): JournalCard {
  return {
    journal_img: fileUrl(row.image),
    journal_name: row.name,
    journal_intro: row.intro,
    journal_active: row.active === 1,
    buttons: buttons === "public" ? publicButtons(row.uri) : dashboardButtons(row.uri),
    date_added: row.created_at.slice(0, 10),
    link: `/journal/${row.uri}`,
    journal_uri: row.uri,
    subject: row.subject,
  };
}

/** Active journals, newest first (GET /latest_journals); at most `limit` (default 8). */
export async function listLatestJournals(ctx: AppContext, limit = 8): Promise<JournalCard[]> {
  const rows = await ctx.db
    .selectFrom("journals")
    .selectAll()
    .where("active", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toJournalCard(row, "public"));
}

/** Active journals by name (GET /all_journals). */
export async function listActiveJournals(ctx: AppContext): Promise<JournalCard[]> {
  const rows = await ctx.db
    .selectFrom("journals")
    .selectAll()
    .where("active", "=", 1)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map((row) => toJournalCard(row, "public"));
}

/**
 * Every journal `actor` may touch (all for an administrator, else those assigned to them),
 * active or not, by name, with dashboard buttons (GET /dashboard/all_journals).
 */
export async function listAllJournals(ctx: AppContext, actor: Actor): Promise<JournalCard[]> {
  let query = ctx.db.selectFrom("journals").selectAll().orderBy(sql`lower(name)`);
  if (!isAdmin(actor)) {
    query = query.where("id", "in", (qb) =>
      qb.selectFrom("journal_managers").select("journal_id").where("user_id", "=", actor.id),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => toJournalCard(row, "dashboard"));
}

/**
 * The journal row with URI `uri`, or null. Inactive journals only with `includeInactive`
 * (docs/product/api.md: they are 404 to readers unless a manager is signed in).
 */
export async function findJournalRow(
  ctx: AppContext,
  uri: string,
  options: { includeInactive?: boolean } = {},
): Promise<Journal | null> {
  let query = ctx.db.selectFrom("journals").selectAll().where("uri", "=", uri);
  if (!options.includeInactive) query = query.where("active", "=", 1);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * The journal at `uri`, active or not: what every dashboard command on a journal, its issues and
 * its papers starts from (the one lookup; readers' pages use {@link findJournalRow}).
 * @throws AppError `not_found` 'There is no journal at "{uri}".'
 */
export async function journalByUri(ctx: AppContext, uri: string): Promise<Journal> {
  const row = await findJournalRow(ctx, uri, { includeInactive: true });
  if (!row) throw notFound(msgWith('There is no journal at "{uri}".', { uri }));
  return row;
}

/**
 * Paper `paperId` of the journal at `uri` (in any of its issues, draft or published), with what
 * the dashboard's commands on it need: its PDF's storage key, its issue and that status.
 * @throws AppError `not_found` as {@link journalByUri}, or 'There is no such paper in this
 *   journal.' for a paper of another journal or none.
 */
export async function journalPaperByUri(
  ctx: AppContext,
  uri: string,
  paperId: number,
): Promise<{
  journal: Journal;
  paper: { id: number; file: string | null; publication_id: number | null; status: string };
}> {
  const journal = await journalByUri(ctx, uri);
  const paper = await ctx.db
    .selectFrom("papers as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .select(["p.id", "p.file", "p.publication_id", "pub.status"])
    .where("p.id", "=", paperId)
    .where("pub.journal_id", "=", journal.id)
    .executeTakeFirst();
  if (!paper) throw notFound(msg("There is no such paper in this journal."));
  return { journal, paper };
}

/** Both ISSNs as one line: `1553-734X (print), 1553-7358 (online)`, or the single one. */
export function issnLine(row: Pick<Journal, "issn" | "eissn">): string {
  if (row.issn && row.eissn) return `${row.issn} (print), ${row.eissn} (online)`;
  return row.issn ?? row.eissn ?? "";
}

/** GET /get_journal/{journal_url}: the journal's detail, optional fields `""` when empty. */
export async function getJournal(
  ctx: AppContext,
  uri: string,
  options: { includeInactive?: boolean } = {},
): Promise<JournalDetail | null> {
  const row = await findJournalRow(ctx, uri, options);
  if (!row) return null;
  // the editorial figures, where the journal chose to show them (decision 406)
  const figures = row.show_workflow_figures === 1 ? await publicWorkflowFigures(ctx, uri) : null;
  return {
    name: row.name,
    abbreviation: row.abbreviation,
    uri: row.uri,
    image: fileUrl(row.image),
    issn: row.issn ?? row.eissn ?? "",
    eissn: row.issn ? (row.eissn ?? "") : "",
    intro: row.intro,
    sub_guide: row.sub_guide,
    accepts_submissions: row.active === 1 && row.accepts_submissions === 1,
    other_guide: row.other_guide,
    publisher: row.publisher ?? "",
    frequency: row.frequency ?? "",
    email: row.email ?? "",
    cost: row.cost ?? "",
    contact_name: row.contact_name ?? "",
    contact_email: row.contact_email ?? "",
    active: row.active === 1,
    subject: row.subject,
    license_url: row.license_url ?? "",
    doi_prefix: row.doi_prefix ?? "",
    doi_pattern: row.doi_pattern ?? "",
    preservation: row.preservation ?? "",
    update_policy: row.update_policy ?? "",
    update_policy_doi: row.update_policy_doi ?? "",
    primary_language: row.primary_language,
    languages: journalLanguages(row.languages, row.primary_language),
    ...(figures ? { workflow_figures: figures } : {}),
  };
}

/**
 * How many active journals each subject has (the home page's subject cards, issue 8): a map from
 * subject key to count; a journal with an unknown subject counts as "More Journals" (`more`),
 * as /categories lists it.
 */
export async function countJournalsBySubject(ctx: AppContext): Promise<Record<string, number>> {
  const rows = await ctx.db
    .selectFrom("journals")
    .select(["subject", (eb) => eb.fn.countAll<number>().as("n")])
    .where("active", "=", 1)
    .groupBy("subject")
    .execute();
  const known = new Set<string>(SUBJECTS.map((s) => s.key));
  const counts: Record<string, number> = Object.fromEntries(SUBJECTS.map((s) => [s.key, 0]));
  for (const row of rows) {
    const key = known.has(row.subject) ? row.subject : "more";
    counts[key] = (counts[key] ?? 0) + Number(row.n);
  }
  return counts;
}
