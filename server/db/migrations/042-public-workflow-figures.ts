/**
 * `journals.show_workflow_figures` (0/1, default 0): whether the journal's public page shows its
 * editorial figures per year (issue 31, "Figures"; docs/decisions/406-public-workflow-figures.md),
 * set by its editors beside `accepts_submissions`.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("journals")
    .addColumn("show_workflow_figures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
