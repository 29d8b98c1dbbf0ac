/**
 * Paper versions and update notices (issue 33; docs/decisions/490-versions-and-update-notices.md):
 *
 * - `paper_updates`: a notice (correction, retraction… Crossref's update types,
 *   shared/updates.ts) about a paper, with its title, text, date (`YYYY-MM-DD`), optional DOI
 *   and, for the types that stamp the PDF, the storage key of the stamped copy; cascading from
 *   the paper;
 * - `paper_versions`: the state of a published paper before an edit made a new version (its
 *   number, when it took effect, the change note, title, abstract, keywords, DOI, authors as a
 *   JSON array of names, the PDF's storage key); cascading from the paper;
 * - `papers.version` (1 until an edit makes a new one) and `papers.version_note`;
 * - `journals.update_policy` (the text of the journal's update policy page) and
 *   `journals.update_policy_doi` (the DOI Crossmark names as `crossmark_policy`).
 */
import type { Kysely } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = generatedId(dialect);
  await db.schema
    .createTable("paper_updates")
    .addColumn("id", "integer", id)
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("doi", "text")
    .addColumn("stamped_file", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("paper_updates_paper_id")
    .on("paper_updates")
    .column("paper_id")
    .execute();

  await db.schema
    .createTable("paper_versions")
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("effective_on", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("abstract", "text", (c) => c.notNull())
    .addColumn("keywords", "text")
    .addColumn("doi", "text")
    .addColumn("authors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("file", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("paper_versions_pk", ["paper_id", "version"])
    .execute();

  await db.schema
    .alterTable("papers")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("papers")
    .addColumn("version_note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("papers").addColumn("version_on", "text").execute();
  await db.schema.alterTable("journals").addColumn("update_policy", "text").execute();
  await db.schema.alterTable("journals").addColumn("update_policy_doi", "text").execute();
}
