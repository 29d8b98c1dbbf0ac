/**
 * Read side of publications (journal issues): the home page's latest issues, a journal's issue
 * list, and the issue page with its papers and editorial board (docs/product/api.md).
 * Readers see published issues of active journals only.
 */

import type { ExpressionBuilder } from "kysely";
import type {
  DashboardPublicationRow,
  FeaturedPublication,
  LatestPublicationItem,
  PaperSummary,
  PublicationDetail,
  PublicationEdit,
  PublicationOption,
  RowAction,
} from "../../../shared/api.ts";
import { issuePublicationDate } from "../../../shared/dates.ts";
import { paperLink, publicationLabel, publicationLink } from "../../../shared/format.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { editorialBoard, editorsForEdit } from "../../services/editors.ts";
import { fileUrl } from "../../storage/storage.ts";
import type { Visibility } from "../accounts/access.ts";
import { findJournalRow, issnLine } from "../journals/queries.ts";
import { listContents } from "../papers/queries.ts";

/** The tables of {@link publishedIssues}' queries, for expression helpers. */
type IssueScope = Database & {
  pub: Database["publications"];
  j: Database["journals"];
};

/**
 * Issues as readers see them, published in an active journal (`publications as pub`,
 * `journals as j`).
 */
export function publishedIssues(ctx: AppContext) {
  return issuesWithJournals(ctx.db).where("j.active", "=", 1).where("pub.status", "=", "published");
}

/**
 * Every issue with its journal, drafts and inactive journals included (`publications as pub`,
 * `journals as j`); add `.where`/`.select` to it.
 */
export function issuesWithJournals(db: Db) {
  return db.selectFrom("publications as pub").innerJoin("journals as j", "j.id", "pub.journal_id");
}

/** The columns that name an issue (its id, and what {@link publicationLabel} reads). */
export const ISSUE_LABEL_COLUMNS = [
  "pub.id",
  "pub.volume",
  "pub.number",
  "pub.show_number",
  "pub.year",
] as const;

/** Papers of an issue in their order, with author names, as the home page and issue page list them. */
async function paperSummaries(
  ctx: AppContext,
  publicationId: number,
  journalUri: string,
): Promise<PaperSummary[]> {
  return (await listContents(ctx, { publicationId })).map((p) => ({
    paperID: p.id,
    title: p.title,
    link: paperLink(journalUri, p.id),
    authors: p.authors,
  }));
}

/**
 * `PLOS ONE. 3 papers.` style line under an issue in lists: a catalogue message carried with its
 * values (decision 382), translated where it is shown (the API answers it translated).
 */
function describeIssue(journalName: string, title: string | null, paperCount: number): string {
  return title
    ? msgWith("{journal}: {title}. {count, plural, one {# paper} other {# papers}}.", {
        journal: journalName,
        title,
        count: paperCount,
      })
    : msgWith("{journal}. {count, plural, one {# paper} other {# papers}}.", {
        journal: journalName,
        count: paperCount,
      });
}

/**
 * `exists` a paper of the issue `pub` (by the `papers_publication` index): public lists never
 * feature an issue without papers (decision 258); its own page still answers.
 */
function hasPapers(eb: ExpressionBuilder<IssueScope, "pub">) {
  return eb.exists(
    eb.selectFrom("papers").select("papers.id").whereRef("papers.publication_id", "=", "pub.id"),
  );
}

/**
 * The fields every answer describing an issue shares (the issue page, the dashboard's list and
 * edit form): `show_number` as a boolean, `title` `""` when none, and its effective
 * publication date (decision 255).
 */
function issueFields(row: {
  id: number;
  volume: string;
  show_number: number;
  title: string | null;
  year: number;
  publication_date: string | null;
}) {
  return {
    id: row.id,
    volume: row.volume,
    show_number: row.show_number === 1,
    title: row.title ?? "",
    publication_date: issuePublicationDate(row),
  };
}

// The issue columns of the home page's list.
const LATEST_COLUMNS = [
  ...ISSUE_LABEL_COLUMNS,
  "pub.title",
  "pub.cover",
  "pub.published_on",
  "pub.publication_date",
] as const;
// The issue columns of the dashboard's list: selected and grouped by alike, as PostgreSQL wants
// every selected column beside the count in GROUP BY.
const DASHBOARD_COLUMNS = [
  ...ISSUE_LABEL_COLUMNS,
  "pub.title",
  "pub.status",
  "pub.published_on",
  "pub.publication_date",
  "pub.created_at",
] as const;

/**
 * GET /latest_publications: newest published issues first, at most `limit` (default 6). The
 * issues are picked first (the `publications_newest` index of migration 004 walks them in
 * order) and only their papers are counted, so the cost does not grow with the catalogue.
 */
export async function listLatestPublications(
  ctx: AppContext,
  limit = 6,
): Promise<LatestPublicationItem[]> {
  const rows = await publishedIssues(ctx)
    .where(hasPapers)
    .select([...LATEST_COLUMNS, "j.name as journal_name", "j.uri"])
    .orderBy("pub.published_on", "desc")
    .orderBy("pub.id", "desc")
    .limit(limit)
    .execute();
  const counts = await paperCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    cover_img: fileUrl(r.cover),
    title: `${r.journal_name} ${publicationLabel(r.volume, r.number, r.year, r.show_number)}`,
    link: publicationLink(r.uri, r.volume, r.number),
    description: describeIssue(r.journal_name, r.title, counts.get(r.id) ?? 0),
    date_added: r.published_on,
    publication_date: issuePublicationDate(r),
  }));
}

/** Number of papers of each of `publicationIds` (absent: none), by the `papers_publication` index. */
async function paperCounts(
  ctx: AppContext,
  publicationIds: readonly number[],
): Promise<Map<number, number>> {
  if (publicationIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom("papers")
    .select((eb) => ["publication_id", eb.fn.countAll<string | number>().as("n")])
    .where("publication_id", "in", publicationIds)
    .groupBy("publication_id")
    .execute();
  return new Map(rows.map((r) => [r.publication_id!, Number(r.n)]));
}

/** GET /latest_publication: the newest published issue that has papers, with them; or null. */
export async function getLatestPublication(ctx: AppContext): Promise<FeaturedPublication | null> {
  const row = await publishedIssues(ctx)
    .where(hasPapers)
    .select([
      ...ISSUE_LABEL_COLUMNS,
      "pub.cover",
      "pub.published_on",
      "pub.publication_date",
      "j.name as journal_name",
      "j.uri",
    ])
    .orderBy("pub.published_on", "desc")
    .orderBy("pub.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    cover_img: fileUrl(row.cover),
    journal_name: row.journal_name,
    publication: publicationLabel(row.volume, row.number, row.year, row.show_number),
    date_added: row.published_on,
    link: publicationLink(row.uri, row.volume, row.number),
    papers: await paperSummaries(ctx, row.id, row.uri),
    publication_date: issuePublicationDate(row),
  };
}

/**
 * GET /get_publications/{journal_url}/Y: the journal's issues, newest first, as select options
 * and links; null when there is no such (visible) journal.
 */
export async function listJournalPublications(
  ctx: AppContext,
  journalUri: string,
  visibility: Visibility = {},
): Promise<PublicationOption[] | null> {
  const journal = await findJournalRow(ctx, journalUri, {
    includeInactive: visibility.includeUnpublished,
  });
  if (!journal) return null;
  let query = ctx.db.selectFrom("publications").selectAll().where("journal_id", "=", journal.id);
  if (!visibility.includeUnpublished) {
    // readers: published issues with papers (decision 258); managers: every issue, to add papers
    query = query
      .where("status", "=", "published")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("papers")
            .select("papers.id")
            .whereRef("papers.publication_id", "=", "publications.id"),
        ),
      );
  }
  const rows = await query
    .orderBy("year", "desc")
    .orderBy("published_on", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    value: r.id,
    label: publicationLabel(r.volume, r.number, r.year, r.show_number),
    volume: r.volume,
    issue: r.number,
    show_number: r.show_number === 1,
    year: r.year,
    title: r.title ?? "",
    link: publicationLink(journal.uri, r.volume, r.number),
  }));
}

/**
 * GET /get_publication/{journal_url}/{volume}/{issue}: the issue page's data, or null when the
 * journal has no such (visible) issue.
 */
export async function getPublication(
  ctx: AppContext,
  journalUri: string,
  volume: string,
  number: string,
  visibility: Visibility = {},
): Promise<PublicationDetail | null> {
  let query = issuesWithJournals(ctx.db)
    .where("j.uri", "=", journalUri)
    .where("pub.volume", "=", volume)
    .where("pub.number", "=", number);
  if (!visibility.includeUnpublished) {
    query = query.where("j.active", "=", 1).where("pub.status", "=", "published");
  }
  const row = await query
    .select([
      ...ISSUE_LABEL_COLUMNS,
      "pub.title",
      "pub.cover",
      "pub.published_on",
      "pub.publication_date",
      "j.name as journal_name",
      "j.abbreviation",
      "j.uri",
      "j.issn",
      "j.eissn",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const papers = await paperSummaries(ctx, row.id, row.uri);
  return {
    ...issueFields(row),
    journal_name: row.journal_name,
    journal_abbreviation: row.abbreviation,
    journal_url: row.uri,
    issue: row.number,
    year: row.year,
    publication_year: row.year,
    cover_img: fileUrl(row.cover),
    papers: papers.map(({ paperID, title, authors }) => ({ paperID, title, authors })),
    editors: await editorialBoard(ctx, { publicationId: row.id }),
    published_on: row.published_on,
    issn: issnLine(row),
  };
}

/**
 * Row actions of the dashboard publications list (docs/product/screens.md; docs/product/api.md). Links of
 * type `api` are API paths called by GET from the browser (`/api` + link), then the list reloads.
 * 'Add Paper' names the issue (`?publication={id}`), which the submission form preselects.
 */
function rowActions(
  uri: string,
  row: { id: number; volume: string; number: string; status: string },
  paperCount: number,
): RowAction[] {
  const actions: RowAction[] = [
    {
      label: msg("View"),
      link: `/dashboard/${uri}/${row.volume}/${row.number}`,
      link_type: "link",
    },
    {
      label: msg("Edit"),
      link: `/dashboard/edit_publication/${uri}/${row.id}`,
      link_type: "link",
    },
    {
      label: msg("Add Paper"),
      link: `/dashboard/paper_submission/${uri}?publication=${row.id}`,
      link_type: "link",
    },
    row.status === "published"
      ? {
          label: msg("Unpublish"),
          link: `/publication_action/${uri}/${row.id}/unpublish`,
          link_type: "api",
        }
      : {
          label: msg("Publish"),
          link: `/publication_action/${uri}/${row.id}/publish`,
          link_type: "api",
        },
  ];
  if (paperCount === 0) {
    actions.push({
      label: msg("Delete"),
      link: `/publication_action/${uri}/${row.id}/delete`,
      link_type: "api",
    });
  }
  return actions;
}

/**
 * GET /get_publications/{journal} (dashboard): every issue of the journal, drafts included,
 * newest first, with paper counts and row actions; null when there is no such journal.
 */
export async function listDashboardPublications(
  ctx: AppContext,
  journalUri: string,
): Promise<DashboardPublicationRow[] | null> {
  const journal = await findJournalRow(ctx, journalUri, { includeInactive: true });
  if (!journal) return null;
  const rows = await ctx.db
    .selectFrom("publications as pub")
    .leftJoin("papers as p", "p.publication_id", "pub.id")
    .select((eb) => [...DASHBOARD_COLUMNS, eb.fn.count<string | number>("p.id").as("paper_count")])
    .where("pub.journal_id", "=", journal.id)
    .groupBy(DASHBOARD_COLUMNS)
    .orderBy("pub.year", "desc")
    .orderBy("pub.published_on", "desc")
    .orderBy("pub.id", "desc")
    .execute();
  return rows.map((r) => {
    const count = Number(r.paper_count);
    return {
      ...issueFields(r),
      number: r.number,
      published_on: r.published_on,
      uploaded_on: r.created_at.slice(0, 10),
      no_of_papers: count,
      status: r.status,
      actions: rowActions(journal.uri, r, count),
    };
  });
}

/** GET /get_publication_only/{journal}/{publication}: an issue prefilled for editing, or null. */
export async function getPublicationForEdit(
  ctx: AppContext,
  journalUri: string,
  publicationId: number,
): Promise<PublicationEdit | null> {
  const row = await issuesWithJournals(ctx.db)
    .select([
      ...ISSUE_LABEL_COLUMNS,
      "pub.title",
      "pub.cover",
      "pub.publication_date",
      "pub.status",
    ])
    .where("j.uri", "=", journalUri)
    .where("pub.id", "=", publicationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...issueFields(row),
    issue: row.number,
    year: row.year,
    cover_img: fileUrl(row.cover),
    editors: await editorsForEdit(ctx, { publicationId: row.id }),
    status: row.status,
  };
}
