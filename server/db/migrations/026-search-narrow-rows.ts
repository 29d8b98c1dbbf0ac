/**
 * PostgreSQL: `paper_search` rows narrow enough that a search reads few heap pages
 * (docs/decisions/320-postgresql-narrow-search-rows.md). Both `tsvector`s of a row moved to the
 * table's TOAST storage (`toast_tuple_target = 128`, the smallest PostgreSQL allows, so
 * PostgreSQL moves large values out of the row until it is below 128 bytes): the heap keeps the
 * paper id and two pointers, about 70 bytes a row instead of 1.4 KB (101,026 rows: 7 MB instead
 * of 144 MB). The GIN index names the matching rows; reading their ids and checking their
 * visibility then touches at most every heap page once, and those pages stay in memory. The
 * table is rebuilt (a new table, the rows copied in id order, the index and the foreign key as
 * before), so existing rows take the new layout too; SQLite is unchanged.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create table paper_search_narrow (
      paper_id integer not null,
      document tsvector not null,
      rank_doc tsvector not null
    ) with (toast_tuple_target = 128)`.execute(db);
  await sql`insert into paper_search_narrow (paper_id, document, rank_doc)
    select paper_id, document, rank_doc from paper_search order by paper_id`.execute(db);
  await sql`drop table paper_search`.execute(db);
  await sql`alter table paper_search_narrow rename to paper_search`.execute(db);
  await sql`alter table paper_search add constraint paper_search_pkey primary key (paper_id)`.execute(
    db,
  );
  await sql`alter table paper_search add constraint paper_search_paper_id_fkey
    foreign key (paper_id) references papers(id) on delete cascade`.execute(db);
  await sql`create index paper_search_document on paper_search using gin (document)`.execute(db);
  await sql`analyze paper_search`.execute(db);
}
