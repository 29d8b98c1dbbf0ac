/**
 * `submission_files.for_author` (0/1, default 0): whether a reviewer's file is meant for the
 * author (issue 31, "reviewers' files for authors"; docs/decisions/520-reviewers-files-for-authors.md).
 * The reviewer ticks it per file on the review form; unticked (and every file before) is for the
 * editor only. Manuscripts and supplementary files keep 0: the flag means nothing for them.
 * Same statement on SQLite and PostgreSQL (an integer column with a constant default).
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("submission_files")
    .addColumn("for_author", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
