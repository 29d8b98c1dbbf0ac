/**
 * Migration 013-scholarly-model on a database that already has a catalogue (decision 255): old
 * issues get their year as publication date, old authors stay literal names (nothing guessed),
 * and the new child tables go with their paper. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL names a server.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate } from "../../server/db/database.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { emptyDatabase } from "../helpers/migration-database.ts";

let handle: DatabaseHandle;
let close: () => Promise<void>;
let paperId = 0;

beforeAll(async () => {
  ({ handle, close } = await emptyDatabase("scholarly-migration"));
  await migrate(handle, "012-doi-unique");
  const now = "2025-01-01T00:00:00.000Z";
  const db = handle.db;
  const journal = await sql<{ id: number }>`insert into journals
    (uri, name, abbreviation, intro, sub_guide, other_guide, subject, active, created_at, updated_at)
    values ('ethics', 'Ethics', 'Eth', '', '', '', 'more', 1, ${now}, ${now}) returning id`.execute(
    db,
  );
  const issue = await sql<{ id: number }>`insert into publications
    (journal_id, volume, number, year, status, published_on, created_at, updated_at)
    values (${journal.rows[0]!.id}, '3', '2', 2019, 'published', '2026-11-25', ${now}, ${now})
    returning id`.execute(db);
  const paper = await sql<{ id: number }>`insert into papers
    (publication_id, title, abstract, created_at, updated_at)
    values (${issue.rows[0]!.id}, 'On duty', 'Abstract', ${now}, ${now}) returning id`.execute(db);
  paperId = Number(paper.rows[0]!.id);
  await sql`insert into paper_authors (paper_id, position, name, institution)
    values (${paperId}, 1, 'Pietro A. Siciliano', 'CNR')`.execute(db);
  await migrate(handle);
});
afterAll(() => close?.());

it(`gives old issues their year as publication date and keeps old names literal on ${dialectUnderTest}`, async () => {
  const issue = await handle.db
    .selectFrom("publications")
    .select(["year", "publication_date", "published_on"])
    .executeTakeFirstOrThrow();
  expect(issue).toEqual({ year: 2019, publication_date: "2019", published_on: "2026-11-25" });
  const author = await handle.db
    .selectFrom("paper_authors")
    .select(["name", "given_names", "family_name", "orcid", "corresponding", "institution"])
    .executeTakeFirstOrThrow();
  expect(author).toEqual({
    name: "Pietro A. Siciliano",
    given_names: null,
    family_name: null,
    orcid: null,
    corresponding: 0,
    institution: "CNR",
  });
  const journal = await handle.db
    .selectFrom("journals")
    .select("license_url")
    .executeTakeFirstOrThrow();
  expect(journal.license_url).toBeNull();
});

it("removes a paper's affiliations, funding and references with the paper", async () => {
  const db = handle.db;
  const author = await db.selectFrom("paper_authors").select("id").executeTakeFirstOrThrow();
  await db
    .insertInto("paper_author_affiliations")
    .values({ author_id: author.id, position: 1, name: "CNR", ror: null })
    .execute();
  await db
    .insertInto("paper_funding")
    .values({ paper_id: paperId, position: 1, funder_name: "NIH" })
    .execute();
  await db
    .insertInto("paper_references")
    .values({ paper_id: paperId, position: 1, citation: "A. Book (2001)." })
    .execute();
  const funding = await db
    .selectFrom("paper_funding")
    .select("award_ids")
    .executeTakeFirstOrThrow();
  expect(funding.award_ids).toBe("[]");

  await db.deleteFrom("papers").where("id", "=", paperId).execute();
  for (const table of [
    "paper_authors",
    "paper_author_affiliations",
    "paper_funding",
    "paper_references",
  ] as const) {
    const rows = await db.selectFrom(table).select("id").execute();
    expect(rows, table).toEqual([]);
  }
});
