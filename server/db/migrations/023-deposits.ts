/**
 * Crossref deposits, DOI assignment and preservation (issue 16; docs/decisions/278-crossref-
 * deposits.md and 279-doaj-doi-pattern-preservation.md):
 *
 * - `journals.doi_prefix` (`10.1234`, null), `journals.doi_pattern` (OJS-like, `%j.v%vi%i.%a`,
 *   null: the default pattern) and `journals.preservation` (free text, null: the journal's
 *   preservation arrangement, shown on its page);
 * - `crossref_batches`: one row per deposit posted to Crossref (`batch_id`, what it deposited,
 *   when, and its state: `submitted` until the submission log has its result, then `done` or
 *   `failed` with Crossref's message);
 * - `paper_dois`: each paper's registration of its DOI: `queued` (in a submitted batch),
 *   `registered` or `failed` (with Crossref's message); no row is "not registered". A row whose
 *   `doi` differs from the paper's current DOI counts as not registered.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("journals").addColumn("doi_prefix", "text").execute();
  await db.schema.alterTable("journals").addColumn("doi_pattern", "text").execute();
  await db.schema.alterTable("journals").addColumn("preservation", "text").execute();

  await db.schema
    .createTable("crossref_batches")
    .addColumn("batch_id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('issue', 'proceeding')`))
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("checked_at", "text")
    .addColumn("state", "text", (c) =>
      c.notNull().check(sql`state in ('submitted', 'done', 'failed')`),
    )
    .addColumn("message", "text")
    .execute();
  await db.schema
    .createIndex("crossref_batches_target")
    .on("crossref_batches")
    .columns(["kind", "target_id"])
    .execute();

  await db.schema
    .createTable("paper_dois")
    .addColumn("paper_id", "integer", (c) =>
      c.primaryKey().references("papers.id").onDelete("cascade"),
    )
    .addColumn("doi", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('queued', 'registered', 'failed')`),
    )
    .addColumn("batch_id", "text")
    .addColumn("message", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}
