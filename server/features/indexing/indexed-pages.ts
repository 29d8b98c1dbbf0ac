/**
 * What search engines and feed readers are told about: every public page with its last change
 * (for the sitemaps) and the newest papers (for the Atom feed). Only active journals and
 * published issues, as readers see them; every proceeding is public.
 *
 * The sitemap is split as docs/decisions/105-sitemap-layout.md records: one part of the
 * catalogue's pages (journals, issues, proceedings) and one part per range of
 * {@link SITEMAP_PAPER_IDS} paper ids, read in keyset batches of {@link SITEMAP_BATCH} rows so no
 * request holds the whole catalogue in memory.
 */
import { sql } from "kysely";
import { effectivePaperDate } from "../../../shared/dates.ts";
import {
  paperLink,
  proceedingLink,
  proceedingPaperLink,
  publicationLink,
} from "../../../shared/format.ts";
import { isUpdateType, noticeAnchor, type UpdateType } from "../../../shared/updates.ts";
import type { AppContext } from "../../services/context.ts";
import { authorsByPaper } from "../papers/scholarly.ts";
import { publishedIssues } from "../publications/queries.ts";

/**
 * `ctx` whose queries go to `ctx.readDb`: on SQLite the read-only worker pool, so these long
 * reads leave the event loop free (docs/decisions/101-sqlite-read-pool.md).
 */
const reading = (ctx: AppContext): AppContext => ({ ...ctx, db: ctx.readDb });

/** A public page: its path below the site's origin and its last change (ISO 8601). */
export type PublicUrl = { path: string; modified: string };

/** Paper ids per papers sitemap part: part N holds ids (N-1)·10,000+1 … N·10,000. */
export const SITEMAP_PAPER_IDS = 10_000;

/** Rows read per query while a sitemap part is written. */
export const SITEMAP_BATCH = 2_000;

/** One part of the sitemap index: `pages`, or `papers` with its 1-based id range number. */
export type SitemapPart =
  | { kind: "pages"; modified: string | null }
  | { kind: "papers"; page: number; modified: string };

const newest = (values: readonly (string | null | undefined)[]): string | null =>
  values.reduce<string | null>((max, v) => (v && (!max || v > max) ? v : max), null);

/**
 * The papers parts of the sitemap index with their `lastmod`: for every part with at least one
 * public paper (a published issue of an active journal, or a proceeding), its number and the
 * newest `updated_at` of its public papers, in part order. Exactly what grouping every public
 * paper by part gives, read from migration 028's index `papers_sitemap_part` on
 * (`(id - 1) / 10000`, `updated_at`) (docs/decisions/338-sitemap-index-from-an-index.md):
 *
 * - `parts` skips from part to part through the primary key (one probe per part that has
 *   papers, so sparse ids cost nothing);
 * - each part's newest public paper is its first public row of a backward scan of the index:
 *   one row, or as many more as the part's newest papers are not public.
 *
 * 1,000,000 papers: 100 parts, about 200 index probes, instead of reading every paper. The
 * expression `(p.id - 1) / 10000` must stay identical to the index's; `10000` is
 * {@link SITEMAP_PAPER_IDS}.
 */
async function paperPartsModified(ctx: AppContext): Promise<Map<number, string>> {
  const size = sql.lit(SITEMAP_PAPER_IDS);
  // `cast(… as bigint)`: the first id after the last part (2^31 - 1 is a valid id) overflows
  // PostgreSQL's integer; SQLite's integers are 64-bit anyway.
  const { rows } = await sql<{ part: number | string; modified: string | null }>`
    with recursive parts(part) as (
      select (select (p.id - 1) / ${size} from papers p order by p.id limit 1)
      union all
      select (
        select (p.id - 1) / ${size} from papers p
        where p.id > cast(parts.part + 1 as bigint) * ${size}
        order by p.id limit 1
      )
      from parts where parts.part is not null
    )
    select parts.part as part, (
      select p.updated_at from papers p
      left join publications pub on pub.id = p.publication_id
      left join journals j on j.id = pub.journal_id
      where (p.id - 1) / ${size} = parts.part
        and ((j.active = 1 and pub.status = 'published') or p.proceeding_id is not null)
      order by p.updated_at desc
      limit 1
    ) as modified
    from parts where parts.part is not null`.execute(ctx.db);
  const parts = new Map<number, string>();
  for (const row of rows) if (row.modified) parts.set(Number(row.part) + 1, row.modified);
  return parts;
}

/**
 * The parts of the sitemap index: the pages part (always; it lists the static pages even on an
 * empty site), then every papers part with at least one public paper, in order, each with the
 * newest `updated_at` of what it lists (papers parts: {@link paperPartsModified}).
 */
export async function listSitemapParts(app: AppContext): Promise<SitemapPart[]> {
  const ctx = reading(app);
  const [journals, issues, proceedings, papers] = await Promise.all([
    ctx.db
      .selectFrom("journals")
      .select((eb) => eb.fn.max("updated_at").as("modified"))
      .where("active", "=", 1)
      .executeTakeFirst(),
    publishedIssues(ctx)
      .select((eb) => eb.fn.max("pub.updated_at").as("modified"))
      .executeTakeFirst(),
    ctx.db
      .selectFrom("proceedings")
      .select((eb) => eb.fn.max("updated_at").as("modified"))
      .executeTakeFirst(),
    paperPartsModified(ctx),
  ]);
  return [
    {
      kind: "pages",
      modified: newest([journals?.modified, issues?.modified, proceedings?.modified]),
    },
    ...[...papers.entries()]
      .sort(([a], [b]) => a - b)
      .map(([page, modified]) => ({ kind: "papers" as const, page, modified })),
  ];
}

/**
 * The pages part's entries after the static pages: active journals by URI, published issues by
 * id (in batches), the proceedings list when there is a proceeding, and each proceeding.
 */
export async function* sitemapPageUrls(app: AppContext): AsyncGenerator<PublicUrl[]> {
  const ctx = reading(app);
  const journals = await ctx.db
    .selectFrom("journals")
    .select(["uri", "updated_at"])
    .where("active", "=", 1)
    .orderBy("uri")
    .execute();
  yield journals.map((j) => ({ path: `/journal/${j.uri}`, modified: j.updated_at }));

  let after = 0;
  for (;;) {
    const issues = await publishedIssues(ctx)
      .select(["pub.id", "j.uri", "pub.volume", "pub.number", "pub.updated_at"])
      .where("pub.id", ">", after)
      .orderBy("pub.id")
      .limit(SITEMAP_BATCH)
      .execute();
    if (issues.length === 0) break;
    yield issues.map((i) => ({
      path: publicationLink(i.uri, i.volume, i.number),
      modified: i.updated_at,
    }));
    if (issues.length < SITEMAP_BATCH) break;
    after = issues.at(-1)!.id;
  }

  const proceedings = await ctx.db
    .selectFrom("proceedings")
    .select(["slug", "updated_at"])
    .orderBy("id")
    .execute();
  const latest = newest(proceedings.map((p) => p.updated_at));
  yield [
    ...(latest ? [{ path: "/proceedings", modified: latest }] : []),
    ...proceedings.map((p) => ({ path: proceedingLink(p.slug), modified: p.updated_at })),
  ];
}

/**
 * Papers part `page` (1-based): the public journal and conference papers whose ids fall in its
 * range, by id, in batches of at most {@link SITEMAP_BATCH}. Yields nothing for a part without
 * public papers (or a page number out of range).
 */
export async function* sitemapPaperUrls(
  app: AppContext,
  page: number,
): AsyncGenerator<PublicUrl[]> {
  const ctx = reading(app);
  const last = page * SITEMAP_PAPER_IDS;
  let after = last - SITEMAP_PAPER_IDS;
  for (;;) {
    const rows = await ctx.db
      .selectFrom("papers as p")
      .leftJoin("publications as pub", "pub.id", "p.publication_id")
      .leftJoin("journals as j", "j.id", "pub.journal_id")
      .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
      .select(["p.id", "p.updated_at", "j.uri", "pr.slug"])
      .where("p.id", ">", after)
      .where("p.id", "<=", last)
      .where((eb) =>
        eb.or([
          eb.and([eb("j.active", "=", 1), eb("pub.status", "=", "published")]),
          eb("pr.id", "is not", null),
        ]),
      )
      .orderBy("p.id")
      .limit(SITEMAP_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      path: r.slug !== null ? proceedingPaperLink(r.slug, r.id) : paperLink(r.uri!, r.id),
      modified: r.updated_at,
    }));
    if (rows.length < SITEMAP_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export type FeedEntry = {
  /** The entry's page below the site's origin (an update notice: its anchor on the paper page). */
  path: string;
  /** An update notice's paper page (its `rel="related"` link); absent for a paper. */
  related?: string;
  /** When the entry joined the site (ISO 8601): the feed lists the newest first. */
  added: string;
  /** An update notice's Crossref type (decision 495); absent for a paper. */
  update_type?: UpdateType;
  title: string;
  authors: string[];
  summary: string;
  doi: string | null;
  /** The journal's name or the proceeding's title. */
  source_title: string;
  /** Last change of the paper (ISO 8601). */
  updated: string;
  /**
   * When the paper was published, as an RFC 3339 date-time: its effective date (decision 255;
   * `2016-05-30`, `2016-05` or `2016`, missing parts the first day): its own date, else its
   * issue's publication date, else its proceeding's year.
   */
  published: string;
};

/** Options of {@link listRecentPapers}. */
export type FeedQuery = {
  /** Only this journal's papers (its feed `/journal/{uri}/feed.xml`); else journals and proceedings. */
  journalUri?: string;
  /** At most this many entries (default 50). */
  limit?: number;
};

/**
 * The summary of a paper without an abstract: its title, authors and where it was published
 * (`{title}. {authors}. {source}.`), as the paper page's description falls back to, so no feed
 * entry is bare (RFC 4287 section 4.1.1.1 asks for a summary when the content is not inline).
 */
export function entrySummary(title: string, authors: string[], source: string): string {
  return [title, authors.join(", "), source]
    .map((part) => part.trim().replace(/[.\s]+$/, ""))
    .filter(Boolean)
    .map((part) => `${part}.`)
    .join(" ");
}

/** `2016-05-30` → `2016-05-30T00:00:00Z`, `2016-05` → `2016-05-01T00:00:00Z`, `2016` → `2016-01-01T00:00:00Z`; null when not a date. */
export function feedDate(date: string | null | undefined): string | null {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(date ?? "");
  if (!match) return null;
  return `${match[1]}-${match[2] ?? "01"}-${match[3] ?? "01"}T00:00:00Z`;
}

/**
 * The newest public papers (by when they were added, then id), at most `limit`: papers of
 * active journals in published issues and every conference paper (proceedings are public), or
 * one journal's papers.
 *
 * The site feed walks the `papers_newest` index of migration 004 and stops after `limit`
 * matches, on both dialects and whether or not PostgreSQL has statistics
 * (docs/decisions/109-feed-on-postgresql.md); a journal's feed reads that journal's papers
 * through its issues (the `papers_publication` index) and sorts them, which is bounded by the
 * journal's size.
 */
export async function listRecentPapers(
  app: AppContext,
  query: FeedQuery = {},
): Promise<FeedEntry[]> {
  const ctx = reading(app);
  const limit = query.limit ?? 50;
  const newestPapers = (() => {
    const papers = ctx.db
      .selectFrom("papers as p")
      .select(["p.id", "p.created_at"])
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(limit);
    if (query.journalUri !== undefined) {
      return papers
        .innerJoin("publications as pub", "pub.id", "p.publication_id")
        .innerJoin("journals as j", "j.id", "pub.journal_id")
        .where("j.uri", "=", query.journalUri)
        .where("j.active", "=", 1)
        .where("pub.status", "=", "published");
    }
    // `papers` is the only table of the limited inner query, so both planners can only walk it
    // (newest first, by index) or sort it; the visibility test is a correlated EXISTS per paper.
    // On PostgreSQL `offset 0` keeps that EXISTS a per-row filter: without it the planner turns
    // it into a join, and with stale or missing statistics it starts from the journals and
    // sorts every paper (decision 109). SQLite keeps EXISTS correlated as it is (and rejects
    // OFFSET without LIMIT). Conference papers are public without a condition.
    return papers.where((eb) => {
      const visible = eb
        .selectFrom("publications as pub")
        .innerJoin("journals as j", "j.id", "pub.journal_id")
        .select(sql.lit(1).as("one"))
        .whereRef("pub.id", "=", "p.publication_id")
        .where("j.active", "=", 1)
        .where("pub.status", "=", "published");
      return eb.or([
        eb("p.proceeding_id", "is not", null),
        eb.exists(ctx.dialect === "postgres" ? visible.modifyEnd(sql`offset 0`) : visible),
      ]);
    });
  })();
  const rows = await ctx.db
    .selectFrom(newestPapers.as("n"))
    .innerJoin("papers as p", "p.id", "n.id")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .leftJoin("proceeding_events as e", "e.id", "pr.event_id")
    .select([
      "p.id",
      "p.title",
      "p.abstract",
      "p.doi",
      "p.published_on",
      "p.created_at",
      "p.updated_at",
      "pub.publication_date",
      "pub.year",
      "j.uri",
      "j.name as journal_name",
      "pr.slug",
      "pr.title as proceeding_title",
      "pr.year as proceeding_year",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
  const authors = await authorsByPaper(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const conference = r.slug !== null;
    const names = (authors.get(r.id) ?? []).map((a) => a.name);
    const source = (conference ? r.proceeding_title : r.journal_name) ?? "";
    // the effective date of decision 255: its own, else its issue's, else its proceeding's year
    const date = conference
      ? effectivePaperDate({
          published_on: r.published_on,
          proceeding: { year: r.proceeding_year ?? 0 },
        })
      : effectivePaperDate({
          published_on: r.published_on,
          issue: { publication_date: r.publication_date, year: r.year ?? 0 },
        });
    return {
      path: conference ? proceedingPaperLink(r.slug!, r.id) : paperLink(r.uri!, r.id),
      title: r.title,
      authors: names,
      summary: r.abstract.trim() || entrySummary(r.title, names, source),
      doi: r.doi,
      source_title: source,
      updated: r.updated_at,
      added: r.created_at,
      published: feedDate(date.iso) ?? r.created_at,
    };
  });
}

/**
 * The newest update notices (corrections, retractions…, decision 490) of public papers, at most
 * `limit` by when they were added, as feed entries (decision 495): each at its anchor on the
 * paper's page (`{paper page}#notice-{id}`), `related` the paper's page, its DOI its id when it
 * has one, `published` its date, its text the summary, `title` the notice's own. A journal's
 * feed: only that journal's papers' notices; the site's: journals' and proceedings'.
 */
export async function listRecentNotices(
  app: AppContext,
  query: FeedQuery = {},
): Promise<FeedEntry[]> {
  const ctx = reading(app);
  let rows = ctx.db
    .selectFrom("paper_updates as u")
    .innerJoin("papers as p", "p.id", "u.paper_id")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .select([
      "u.id",
      "u.type",
      "u.title",
      "u.text",
      "u.date",
      "u.doi",
      "u.created_at",
      "p.id as paper_id",
      "j.uri",
      "j.name as journal_name",
      "pr.slug",
      "pr.title as proceeding_title",
    ])
    .orderBy("u.created_at", "desc")
    .orderBy("u.id", "desc")
    .limit(query.limit ?? 50);
  rows =
    query.journalUri !== undefined
      ? rows
          .where("j.uri", "=", query.journalUri)
          .where("j.active", "=", 1)
          .where("pub.status", "=", "published")
      : rows.where((eb) =>
          eb.or([
            eb.and([eb("j.active", "=", 1), eb("pub.status", "=", "published")]),
            eb("pr.id", "is not", null),
          ]),
        );
  return (await rows.execute()).map((r) => {
    const page =
      r.slug !== null ? proceedingPaperLink(r.slug, r.paper_id) : paperLink(r.uri!, r.paper_id);
    return {
      path: `${page}#${noticeAnchor(Number(r.id))}`,
      related: page,
      title: r.title,
      authors: [],
      summary: r.text,
      doi: r.doi,
      source_title: (r.slug !== null ? r.proceeding_title : r.journal_name) ?? "",
      updated: r.created_at,
      added: r.created_at,
      published: feedDate(r.date) ?? r.created_at,
      update_type: isUpdateType(r.type) ? r.type : "correction",
    };
  });
}

/**
 * A feed's entries: the newest papers and update notices (decision 495), newest added first,
 * at most `limit` (default 50) in all.
 */
export async function listFeedEntries(
  app: AppContext,
  query: FeedQuery = {},
): Promise<FeedEntry[]> {
  const [papers, notices] = await Promise.all([
    listRecentPapers(app, query),
    listRecentNotices(app, query),
  ]);
  return [...papers, ...notices]
    .sort((a, b) => (a.added < b.added ? 1 : a.added > b.added ? -1 : 0))
    .slice(0, query.limit ?? 50);
}
