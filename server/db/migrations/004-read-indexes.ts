/**
 * Indexes for the public pages that read the newest rows or the whole catalogue in order
 * (issue 11; plans checked with EXPLAIN on SQLite and PostgreSQL at 100k papers):
 * - `papers_newest` (created_at desc, id desc): the Atom feed walks it newest first and stops
 *   after 50 public papers instead of sorting every paper.
 * - `publications_newest` (published_on desc, id desc): the home page's latest issues and
 *   featured issue, the same way.
 * - `papers_publication_updated` (publication_id, updated_at, id): the sitemap index's newest
 *   change per part is read from the index alone, without visiting the paper rows.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("papers_newest")
    .on("papers")
    .columns(["created_at desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("publications_newest")
    .on("publications")
    .columns(["published_on desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("papers_publication_updated")
    .on("papers")
    .columns(["publication_id", "updated_at", "id"])
    .execute();
}
