/**
 * Papers with where each appeared joined, the one FROM clause of every query that describes a
 * paper by its venue (usage reports, OAI records, deposits).
 *
 * Aliases: `p` the paper, `pub` its issue, `j` the journal, `pr` its proceeding, `e` the
 * proceeding's event. All are left joins, because a paper belongs to an issue or to a proceeding,
 * never both (server/db/schema.ts), so the side it does not belong to reads as nulls.
 */
import type { Db } from "../../db/database.ts";

/** `papers as p` left-joined to `pub`, `j`, `pr` and `e`; add `.select`/`.where` to it. */
export function papersWithVenues(db: Db) {
  return db
    .selectFrom("papers as p")
    .leftJoin("publications as pub", "pub.id", "p.publication_id")
    .leftJoin("journals as j", "j.id", "pub.journal_id")
    .leftJoin("proceedings as pr", "pr.id", "p.proceeding_id")
    .leftJoin("proceeding_events as e", "e.id", "pr.event_id");
}

/**
 * The paper's own columns every record of it describes (OAI-PMH records, the deposits' and
 * exports' records): id, title, abstract, keywords, DOI and its galley file, on `p`.
 */
export const PAPER_RECORD_COLUMNS = [
  "p.id",
  "p.title",
  "p.abstract",
  "p.keywords",
  "p.doi",
  "p.file",
] as const;
