/**
 * Content in several languages (issue 32; docs/decisions/440-content-languages.md):
 *
 * - `journals.primary_language` (a BCP 47 tag, shared/languages.ts) and `journals.languages`
 *   (the languages it publishes in, a JSON array of tags, the primary one first);
 * - `proceedings.language`: the language of a proceeding's papers unless one says otherwise;
 * - `papers.language`: the language of its title, abstract, keywords and text;
 * - `paper_translations`: a paper's title, abstract and keywords in another language, one row
 *   per language (null: not given in that language), cascading from the paper;
 * - PostgreSQL only, `search_configs`: the text search configurations (`pg_ts_config` names)
 *   some paper's search row was written with, so a query is spelt for each of them and for no
 *   other (decision 442). Every row written before was English.
 *
 * Every existing journal, proceeding and paper is English (`en`), the only language the site
 * knew: no search row changes, since they were all written with the `english` configuration.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("journals")
    .addColumn("primary_language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema
    .alterTable("journals")
    .addColumn("languages", "text", (c) => c.notNull().defaultTo('["en"]'))
    .execute();
  await db.schema
    .alterTable("proceedings")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema
    .alterTable("papers")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();

  await db.schema
    .createTable("paper_translations")
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("abstract", "text")
    .addColumn("keywords", "text")
    .addPrimaryKeyConstraint("paper_translations_pk", ["paper_id", "language"])
    .execute();

  if (dialect === "postgres") {
    await sql`create table search_configs (config text primary key)`.execute(db);
    await sql`insert into search_configs (config) values ('english')`.execute(db);
  }
}
