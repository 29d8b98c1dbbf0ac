/**
 * Full-text search over papers (docs/product/overview.md#shape-of-the-system): an FTS5 table on SQLite, a weighted
 * `tsvector` with a GIN index on PostgreSQL. One row per paper; `server/features/search/search.ts`
 * writes the rows and hides the dialect difference. Deleting a paper deletes its row (trigger on
 * SQLite, where virtual tables have no foreign keys; cascade on PostgreSQL).
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") {
    await sql`
      create virtual table paper_search using fts5(
        paper_id unindexed, title, authors, keywords, abstract, body,
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`
      create trigger papers_search_delete after delete on papers begin
        delete from paper_search where paper_id = old.id;
      end`.execute(db);
    return;
  }
  await sql`
    create table paper_search (
      paper_id integer primary key references papers(id) on delete cascade,
      document tsvector not null
    )`.execute(db);
  await sql`create index paper_search_document on paper_search using gin (document)`.execute(db);
}
