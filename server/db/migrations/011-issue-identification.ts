/**
 * `publications.show_number` (0/1, default 1): whether the issue has a real issue number to
 * claim (docs/decisions/185-issue-identification.md). Continuously publishing journals (eLife,
 * Hindawi) have volumes without numbers; such an issue keeps its stored `number` as the key of
 * its URL (`/journal/elife/5/1`) but labels and metadata name only the volume and year, as OJS's
 * issue identification flags do. Existing rows keep showing their number.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("publications")
    .addColumn("show_number", "integer", (col) => col.notNull().defaultTo(sql.lit(1)))
    .execute();
}
