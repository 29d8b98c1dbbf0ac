/**
 * The scholarly model (issue 16; docs/decisions/255-scholarly-model.md, wire shape in 256):
 *
 * - `paper_authors`: `given_names`, `family_name` (both null: `name` is a literal name, never
 *   split), `suffix` ("Jr.", "III"; amendment to decision 255), `orcid` (`https://orcid.org/…`),
 *   `corresponding` (0/1). `name` and `institution`
 *   stay, derived from these and the affiliations on every write.
 * - `paper_author_affiliations`: an author's affiliations in order (`name`, `ror`), cascading
 *   from the author.
 * - `publications.publication_date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; existing issues get
 *   their year, which is all that is known of them.
 * - `papers.received_on`, `accepted_on` (same partial format), `copyright_holder`,
 *   `copyright_year`, `funding_statement` (JATS `<funding-statement>`, the only funding text
 *   most PLOS files carry; amendment to decision 255).
 * - `journals.license_url`: the licence given to the journal's new papers.
 * - `paper_funding`: funders in order (`funder_name`, `funder_id`, `award_ids` JSON array).
 * - `paper_references`: the reference list in order (`ref_id`, `label`, `citation`, `doi`,
 *   `pmid`, `url`).
 *
 * Nothing is guessed for old rows: their authors stay literal names until edited or
 * re-imported. Child tables cascade from their paper (or author), so deleting a paper still
 * removes everything of it in one statement.
 */
import { type Kysely, sql } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = generatedId(dialect);

  await db.schema.alterTable("paper_authors").addColumn("given_names", "text").execute();
  await db.schema.alterTable("paper_authors").addColumn("family_name", "text").execute();
  await db.schema.alterTable("paper_authors").addColumn("suffix", "text").execute();
  await db.schema.alterTable("paper_authors").addColumn("orcid", "text").execute();
  await db.schema
    .alterTable("paper_authors")
    .addColumn("corresponding", "integer", (c) => c.notNull().defaultTo(sql.lit(0)))
    .execute();

  await db.schema
    .createTable("paper_author_affiliations")
    .addColumn("id", "integer", id)
    .addColumn("author_id", "integer", (c) =>
      c.notNull().references("paper_authors.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("ror", "text")
    .execute();
  await db.schema
    .createIndex("paper_author_affiliations_author")
    .on("paper_author_affiliations")
    .column("author_id")
    .execute();

  await db.schema.alterTable("publications").addColumn("publication_date", "text").execute();
  await sql`update publications set publication_date = cast(year as text)`.execute(db);

  for (const column of ["received_on", "accepted_on", "copyright_holder", "funding_statement"]) {
    await db.schema.alterTable("papers").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("papers").addColumn("copyright_year", "integer").execute();

  await db.schema.alterTable("journals").addColumn("license_url", "text").execute();

  await db.schema
    .createTable("paper_funding")
    .addColumn("id", "integer", id)
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("funder_name", "text", (c) => c.notNull())
    .addColumn("funder_id", "text")
    .addColumn("award_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createIndex("paper_funding_paper")
    .on("paper_funding")
    .column("paper_id")
    .execute();

  await db.schema
    .createTable("paper_references")
    .addColumn("id", "integer", id)
    .addColumn("paper_id", "integer", (c) =>
      c.notNull().references("papers.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("ref_id", "text")
    .addColumn("label", "text")
    .addColumn("citation", "text", (c) => c.notNull())
    .addColumn("doi", "text")
    .addColumn("pmid", "text")
    .addColumn("url", "text")
    .execute();
  await db.schema
    .createIndex("paper_references_paper")
    .on("paper_references")
    .column("paper_id")
    .execute();
}
