/**
 * The whole data model of docs/product/data.md#tables, for SQLite and PostgreSQL alike.
 * Foreign keys cascade from a parent to what cannot exist without it (a paper's authors, a
 * publication's editors); deleting a journal with publications, or a publication with papers,
 * is refused by the database (`restrict`) so nothing is orphaned silently.
 */
import { type Kysely, sql } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = generatedId(dialect);

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", id)
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("persistent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("journals")
    .addColumn("id", "integer", id)
    .addColumn("uri", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("abbreviation", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("issn", "text")
    .addColumn("eissn", "text")
    .addColumn("publisher", "text")
    .addColumn("frequency", "text")
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sub_guide", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("other_guide", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text")
    .addColumn("cost", "text")
    .addColumn("contact_name", "text")
    .addColumn("contact_email", "text")
    .addColumn("subject", "text", (c) => c.notNull().defaultTo("more"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("publications")
    .addColumn("id", "integer", id)
    .addColumn("journal_id", "integer", (c) =>
      c.notNull().references("journals.id").onDelete("restrict"),
    )
    .addColumn("volume", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("cover", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .addColumn("published_on", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("publications_journal_volume_number", ["journal_id", "volume", "number"])
    .execute();

  await db.schema
    .createTable("proceeding_events")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("proceedings")
    .addColumn("id", "integer", id)
    .addColumn("event_id", "integer", (c) =>
      c.notNull().references("proceeding_events.id").onDelete("restrict"),
    )
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("sub_title", "text")
    .addColumn("issn", "text")
    .addColumn("isbn", "text")
    .addColumn("publisher", "text")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("editors")
    .addColumn("id", "integer", id)
    .addColumn("publication_id", "integer", (c) =>
      c.references("publications.id").onDelete("cascade"),
    )
    .addColumn("proceeding_id", "integer", (c) =>
      c.references("proceedings.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("institution", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      "editors_one_owner",
      sql`(publication_id is null) <> (proceeding_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex("editors_publication")
    .on("editors")
    .column("publication_id")
    .execute();
  await db.schema.createIndex("editors_proceeding").on("editors").column("proceeding_id").execute();

  await db.schema
    .createTable("papers")
    .addColumn("id", "integer", id)
    .addColumn("publication_id", "integer", (c) =>
      c.references("publications.id").onDelete("restrict"),
    )
    .addColumn("proceeding_id", "integer", (c) =>
      c.references("proceedings.id").onDelete("restrict"),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("doi", "text")
    .addColumn("abstract", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("keywords", "text")
    .addColumn("file", "text")
    .addColumn("file_size", "integer")
    .addColumn("page_count", "integer")
    .addColumn("encrypted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("full_text", "text")
    .addColumn("first_page", "text")
    .addColumn("last_page", "text")
    .addColumn("published_on", "text")
    .addColumn("license_url", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "papers_one_owner",
      sql`(publication_id is null) <> (proceeding_id is null)`,
    )
    .execute();
  await db.schema.createIndex("papers_publication").on("papers").column("publication_id").execute();
  await db.schema.createIndex("papers_proceeding").on("papers").column("proceeding_id").execute();
  await db.schema.createIndex("papers_doi").on("papers").column("doi").execute();

  await db.schema
    .createTable("paper_authors")
    .addColumn("id", "integer", id)
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("institution", "text")
    .execute();
  await db.schema
    .createIndex("paper_authors_paper")
    .on("paper_authors")
    .column("paper_id")
    .execute();

  await db.schema
    .createTable("partners")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("logo", "text")
    .addColumn("link", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
