/**
 * JATS galleys (issue 18, docs/decisions/287-jats-galleys.md):
 *
 * - `paper_jats`: a paper's JATS XML file as uploaded or imported, one at most per paper: its
 *   storage key (`jats/{32 hex}.xml`), size in bytes and SHA-256 (hex, which also keys the
 *   cache of its rendered tree), and the body text read from it for search (`body_text`).
 * - `paper_jats_files`: the files the JATS names (figure images, supplementary files) that were
 *   supplied with it: the name as the JATS writes it (lower case, without folders), its storage
 *   key (`jats-files/{32 hex}{ext}`), content type and size.
 *
 * Both cascade from their paper; the storage sweep (server/storage/sweep.ts) keeps their keys.
 */
import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("paper_jats")
    .addColumn("paper_id", "integer", (c) =>
      c.primaryKey().references("papers.id").onDelete("cascade"),
    )
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("body_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("paper_jats_files")
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("paper_jats_files_pk", ["paper_id", "name"])
    .execute();
}
