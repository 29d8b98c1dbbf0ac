/**
 * `paper_authors_position (paper_id, position)` replaces `paper_authors_paper (paper_id)`
 * (docs/decisions/109-feed-on-postgresql.md). Every author list is read as "these papers'
 * authors in their order" (authorsByPaper): with the position in the index both databases read
 * the rows in that order and sort nothing, and PostgreSQL picks the ordered index scan even
 * before it has statistics (with the old index it planned a parallel bitmap scan and a sort of
 * an estimated 70,000 rows for the feed's 224). The old index is a prefix of the new one, so
 * lookups by paper alone (the cascade from `papers`) keep an index; it is dropped after the new
 * one exists.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("paper_authors_position")
    .on("paper_authors")
    .columns(["paper_id", "position"])
    .execute();
  await db.schema.dropIndex("paper_authors_paper").execute();
}
