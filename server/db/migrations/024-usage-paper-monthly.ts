/**
 * Each paper's views per month, ranked (issue 17, "reports over 100,000 papers and a year of
 * days answer in under a second"; docs/decisions/310-most-viewed-by-threshold.md):
 *
 * - `usage_paper_monthly`: a paper's Total_Item_Investigations of one month (`YYYY-MM`), all
 *   Years of Publication and Access_Types together, one row for every (month, paper) that has a
 *   row in `usage_item_monthly`, kept by the same flush (server/features/usage/store.ts);
 * - its index `usage_paper_monthly_views` (month, views descending, paper): a month's papers
 *   from the most viewed down, which the most viewed papers of a long range read with the
 *   threshold algorithm (server/features/usage/figures.ts) instead of summing every paper.
 *
 * Filled here from `usage_item_monthly`. `WITHOUT ROWID` on SQLite, as the other usage tables
 * (migration 015).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("usage_paper_monthly")
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("paper_id", "integer", (c) => c.notNull())
    .addColumn("total_item_investigations", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("usage_paper_monthly_pk", ["month", "paper_id"])
    .modifyEnd(dialect === "sqlite" ? sql`without rowid` : sql``)
    .execute();
  await db.schema
    .createIndex("usage_paper_monthly_views")
    .on("usage_paper_monthly")
    .expression(sql`month, total_item_investigations desc, paper_id`)
    .execute();
  await sql`insert into usage_paper_monthly (month, paper_id, total_item_investigations)
    select month, paper_id, sum(total_item_investigations) from usage_item_monthly
    group by month, paper_id`.execute(db);
}
