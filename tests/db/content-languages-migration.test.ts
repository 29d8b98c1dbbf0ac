/**
 * Migration 040-content-languages on a database written before content languages (issue 32,
 * decision 440): every existing journal, proceeding and paper is English, journals publish in
 * English alone, no paper has translations, and (PostgreSQL) the search knows the `english`
 * configuration its rows were written with. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL names a server.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate } from "../../server/db/database.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { emptyDatabase } from "../helpers/migration-database.ts";

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await emptyDatabase("content-languages"));
  // the database as the migrations before 040 left it, with a journal paper and a proceeding
  await migrate(handle, "030-user-locale");
  const now = "2025-01-01T00:00:00.000Z";
  await sql`insert into journals (id, uri, name, abbreviation, active, created_at, updated_at)
    values (1, 'frogs', 'Frogs', 'F', 1, ${now}, ${now})`.execute(handle.db);
  await sql`insert into publications (id, journal_id, volume, number, year, published_on, status, created_at, updated_at)
    values (1, 1, '1', '1', 2025, ${now}, 'published', ${now}, ${now})`.execute(handle.db);
  await sql`insert into papers (id, publication_id, title, abstract, position, created_at, updated_at)
    values (7, 1, 'Tadpoles', 'An abstract.', 1, ${now}, ${now})`.execute(handle.db);
  await sql`insert into proceeding_events (id, name, start_date, end_date, created_at)
    values (1, 'PLDI', '2009-06-15', '2009-06-20', ${now})`.execute(handle.db);
  await sql`insert into proceedings (id, event_id, slug, title, year, intro, created_at, updated_at)
    values (1, 1, 'pldi-2009', 'PLDI', 2009, 'Intro', ${now}, ${now})`.execute(handle.db);
  await migrate(handle);
});
afterAll(async () => {
  await close?.();
});

it(`defaults every existing row to English on ${dialectUnderTest}`, async () => {
  const journal = await handle.db
    .selectFrom("journals")
    .select(["primary_language", "languages"])
    .executeTakeFirstOrThrow();
  expect(journal).toEqual({ primary_language: "en", languages: '["en"]' });
  const paper = await handle.db.selectFrom("papers").select("language").executeTakeFirstOrThrow();
  expect(paper.language).toBe("en");
  const proceeding = await handle.db
    .selectFrom("proceedings")
    .select("language")
    .executeTakeFirstOrThrow();
  expect(proceeding.language).toBe("en");
  const translations = await handle.db.selectFrom("paper_translations").selectAll().execute();
  expect(translations).toEqual([]);
  if (handle.dialect === "postgres") {
    const configs = await sql<{ config: string }>`select config from search_configs`.execute(
      handle.db,
    );
    expect(configs.rows).toEqual([{ config: "english" }]);
  }
});

it("cascades a paper's translations with it", async () => {
  await handle.db
    .insertInto("paper_translations")
    .values({ paper_id: 7, language: "es", position: 1, title: "Renacuajos" })
    .execute();
  await handle.db.deleteFrom("papers").where("id", "=", 7).execute();
  expect(await handle.db.selectFrom("paper_translations").selectAll().execute()).toEqual([]);
});
