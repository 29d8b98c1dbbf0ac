/**
 * SQLite's search table keyed by the paper id (issue 11): migration 002 kept `paper_id` as an
 * UNINDEXED column, so every re-index of one paper scanned the whole FTS5 table to delete its old
 * row (~480 ms at 100,000 papers). Here `paper_search` is recreated with `rowid` = `papers.id`,
 * so a delete is one lookup, and its rows are rebuilt from `papers` and `paper_authors` the way
 * `indexPaper` (server/features/search/search.ts) writes them. The text columns stay stored because
 * `snippet()` reads them.
 *
 * PostgreSQL already keys its `tsvector` table by `paper_id` with a GIN index: nothing to do.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

/** Longest PDF text in a search row, in characters; the same cut as `indexPaper`. */
const MAX_BODY = 500_000;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "sqlite") return;
  // Kysely runs SQLite migrations outside a transaction; one keeps the index whole if this fails.
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger if exists papers_search_delete`.execute(trx);
    await sql`drop table if exists paper_search`.execute(trx);
    await sql`
      create virtual table paper_search using fts5(
        title, authors, keywords, abstract, body,
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(trx);
    await sql`
      insert into paper_search (rowid, title, authors, keywords, abstract, body)
      select p.id, p.title,
        coalesce((select group_concat(name, ', ') from
          (select a.name from paper_authors a where a.paper_id = p.id order by a.position)), ''),
        coalesce(p.keywords, ''), p.abstract, substr(coalesce(p.full_text, ''), 1, ${sql.lit(MAX_BODY)})
      from papers p`.execute(trx);
    await sql`
      create trigger papers_search_delete after delete on papers begin
        delete from paper_search where rowid = old.id;
      end`.execute(trx);
  });
}
