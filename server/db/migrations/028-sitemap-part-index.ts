/**
 * The sitemap index's `lastmod` per part from an index instead of a pass over every paper
 * (issue 19; docs/decisions/338-sitemap-index-from-an-index.md): `papers_sitemap_part` on
 * (`(id - 1) / 10000`, `updated_at`), the part number less one of
 * server/features/indexing/indexed-pages.ts's `SITEMAP_PAPER_IDS` (10,000 ids a part) and the paper's last
 * change. The index reads each part's newest paper by one backward index scan (its first public
 * paper, a few rows at most), instead of grouping every paper by part (3.5 s at 1,000,000
 * papers on PostgreSQL). Both dialects; existing papers are indexed as it is created. The
 * expression must stay exactly as written here and in the query (SQLite and PostgreSQL use an
 * expression index only for an identical expression), and 10,000 is the part size: a new part
 * size needs a new index.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex("papers_sitemap_part")
    .on("papers")
    .expression(sql`((id - 1) / 10000), updated_at`)
    .execute();
}
