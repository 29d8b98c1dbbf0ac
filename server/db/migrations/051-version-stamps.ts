/**
 * Stamped copies of earlier versions' PDFs (issue 33; docs/decisions/497-stamped-earlier-versions.md):
 * `paper_update_stamps`, one row per notice that stamps (retraction, partial retraction,
 * withdrawal) and earlier version of its paper that has a PDF: the version's number and the
 * storage key of its stamped copy; cascading from the notice. The stored originals
 * (`paper_versions.file`) are unchanged.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("paper_update_stamps")
    .addColumn("update_id", "integer", (c) =>
      c.notNull().references("paper_updates.id").onDelete("cascade"),
    )
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("stamped_file", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("paper_update_stamps_pk", ["update_id", "version"])
    .execute();
}
