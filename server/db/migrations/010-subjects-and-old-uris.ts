/**
 * Subjects and stable links (issue 8; docs/decisions/200-stable-journal-links.md):
 * - `journal_old_uris`: every URI a journal had before a rename, kept so its old addresses
 *   answer 301 to the new ones and no other journal can take them. `old_uri` is the key (one
 *   journal per old URI); the rows go with their journal.
 * - subjects: journals whose subject is not one of the four keys of `SUBJECTS` are put in
 *   "More Journals" (`more`), where the pages showed them already, so the stored value and the
 *   pages agree and the edit screen's select always has the stored value among its options.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("journal_old_uris")
    .addColumn("old_uri", "text", (c) => c.primaryKey())
    .addColumn("journal_id", "integer", (c) =>
      c.notNull().references("journals.id").onDelete("cascade"),
    )
    .addColumn("renamed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("journal_old_uris_journal")
    .on("journal_old_uris")
    .column("journal_id")
    .execute();
  await sql`update journals set subject = 'more'
    where subject not in ('philosophy', 'science-technology', 'arts-humanities', 'more')`.execute(
    db,
  );
}
