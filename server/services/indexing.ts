/**
 * What search engines and feed readers are told about: every public page with its last change
 * (for the sitemap) and the newest papers (for the Atom feed). Only active journals and
 * published issues, as readers see them; every proceeding is public.
 */
import {
  paperLink,
  proceedingLink,
  proceedingPaperLink,
  publicationLink,
} from "../../shared/format.ts";
import type { AppContext } from "./context.ts";
import { authorsByPaper, publishedJournalPapers } from "./papers/queries.ts";
import { publishedIssues } from "./publications/queries.ts";

export type PublicUrl = { path: string; modified: string };

/**
 * Journal, issue and paper pages, then the proceedings list (when there is a proceeding), each
 * proceeding's page and its papers' pages, in id order within each kind.
 */
export async function listPublicUrls(ctx: AppContext): Promise<PublicUrl[]> {
  const journals = await ctx.db
    .selectFrom("journals")
    .select(["uri", "updated_at"])
    .where("active", "=", 1)
    .orderBy("uri")
    .execute();
  const issues = await publishedIssues(ctx)
    .select(["j.uri", "pub.volume", "pub.number", "pub.updated_at"])
    .orderBy("pub.id")
    .execute();
  const papers = await publishedJournalPapers(ctx)
    .select(["j.uri", "p.id", "p.updated_at"])
    .orderBy("p.id")
    .execute();
  const proceedings = await ctx.db
    .selectFrom("proceedings")
    .select(["slug", "updated_at"])
    .orderBy("id")
    .execute();
  const proceedingPapers = await ctx.db
    .selectFrom("papers as p")
    .innerJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .select(["pr.slug", "p.id", "p.updated_at"])
    .orderBy("p.id")
    .execute();
  const newestProceeding = proceedings
    .map((p) => p.updated_at)
    .sort()
    .at(-1);
  return [
    ...journals.map((j) => ({ path: `/journal/${j.uri}`, modified: j.updated_at })),
    ...issues.map((i) => ({
      path: publicationLink(i.uri, i.volume, i.number),
      modified: i.updated_at,
    })),
    ...papers.map((p) => ({ path: paperLink(p.uri, p.id), modified: p.updated_at })),
    ...(newestProceeding ? [{ path: "/proceedings", modified: newestProceeding }] : []),
    ...proceedings.map((p) => ({ path: proceedingLink(p.slug), modified: p.updated_at })),
    ...proceedingPapers.map((p) => ({
      path: proceedingPaperLink(p.slug, p.id),
      modified: p.updated_at,
    })),
  ];
}

export type FeedEntry = {
  path: string;
  title: string;
  authors: string[];
  summary: string;
  doi: string | null;
  journal_name: string;
  updated: string;
  published: string;
};

/** The newest papers (by when they were added), at most `limit`. */
export async function listRecentPapers(ctx: AppContext, limit = 50): Promise<FeedEntry[]> {
  const rows = await publishedJournalPapers(ctx)
    .select([
      "p.id",
      "p.title",
      "p.abstract",
      "p.doi",
      "p.created_at",
      "p.updated_at",
      "j.uri",
      "j.name as journal_name",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  const authors = await authorsByPaper(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    path: paperLink(r.uri, r.id),
    title: r.title,
    authors: (authors.get(r.id) ?? []).map((a) => a.name),
    summary: r.abstract,
    doi: r.doi,
    journal_name: r.journal_name,
    updated: r.updated_at,
    published: r.created_at,
  }));
}
