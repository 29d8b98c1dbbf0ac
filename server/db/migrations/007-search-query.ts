/**
 * Search by DOI (docs/decisions/170-search-query-syntax.md): a pasted DOI is looked up as
 * `lower(doi)`, since DOIs are case-insensitive (DOI Handbook 2.4) while papers keep them as
 * published; `papers_doi_lower` indexes that expression on both databases.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`create index papers_doi_lower on papers (lower(doi))`.execute(db);
}
