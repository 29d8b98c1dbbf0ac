/**
 * Search by DOI and a cheaper ranking on PostgreSQL (docs/decisions/170-search-query-syntax.md,
 * 173-search-ranking-window.md):
 * - `papers_doi_lower` indexes `lower(doi)` on both databases: a pasted DOI is looked up
 *   case-insensitively (DOI Handbook 2.4) while papers keep their DOIs as published.
 * - PostgreSQL: `paper_search.rank_doc`, the search row without the PDF's text (weights A to C:
 *   title, author names, keywords, abstract). Matching still uses `document` and its GIN index;
 *   ranking reads `rank_doc`, which is small, instead of decompressing every matching full
 *   text. Filled from `document` with `ts_filter`, so no paper is re-read.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`create index papers_doi_lower on papers (lower(doi))`.execute(db);
  if (dialect !== "postgres") return;
  await sql`alter table paper_search add column rank_doc tsvector`.execute(db);
  await sql`update paper_search set rank_doc = ts_filter(document, '{a,b,c}')`.execute(db);
  await sql`alter table paper_search alter column rank_doc set not null`.execute(db);
}
