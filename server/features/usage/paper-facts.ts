/**
 * What the usage figures show of a paper: its title, public page and where it appeared, and
 * whether readers can see it (an active journal's published issue, or a proceeding: the rule of
 * decision 260, `PUBLIC_PAPER` of server/features/accounts/access.ts).
 */

import { paperLink, proceedingPaperLink } from "../../../shared/format.ts";
import type { Db } from "../../db/database.ts";
import { PUBLIC_PAPER } from "../accounts/access.ts";
import { papersWithVenues } from "../papers/with-venues.ts";

export type PaperFacts = {
  title: string;
  /** The public page (`/journal/{uri}/{id}` or `/proceedings/{slug}/{id}`). */
  link: string;
  /** The journal's name or the proceeding's title. */
  source: string;
  /** Whether readers may see it. */
  public: boolean;
};

/** The facts of each of `paperIds` that still exists, by id. */
export async function describePapers(db: Db, paperIds: number[]): Promise<Map<number, PaperFacts>> {
  const out = new Map<number, PaperFacts>();
  if (paperIds.length === 0) return out;
  const rows = await papersWithVenues(db)
    .select([
      "p.id",
      "p.title",
      PUBLIC_PAPER.as("public"),
      "j.uri",
      "j.name as journal_name",
      "pr.slug",
      "pr.title as proceeding_title",
    ])
    .where("p.id", "in", paperIds)
    .execute();
  for (const r of rows) {
    if (r.uri) {
      out.set(r.id, {
        title: r.title,
        link: paperLink(r.uri, r.id),
        source: r.journal_name ?? "",
        public: Number(r.public) === 1, // SQLite answers 1, PostgreSQL true
      });
    } else if (r.slug) {
      out.set(r.id, {
        title: r.title,
        link: proceedingPaperLink(r.slug, r.id),
        source: r.proceeding_title ?? "",
        public: Number(r.public) === 1,
      });
    }
  }
  return out;
}
