import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "../../server/db/database.ts";
import * as m001 from "../../server/db/migrations/001-initial.ts";
import * as m002 from "../../server/db/migrations/002-search.ts";

let dir: string;
let handle: DatabaseHandle;

/** A SQLite database as migration 002 left it: one catalogue paper, indexed by `paper_id`. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "athenaeum-migration-"));
  handle = openDatabase({ sqliteFile: path.join(dir, "athenaeum.sqlite") });
  const old = { "001-initial": m001, "002-search": m002 };
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(old).map(([name, m]) => [
            name,
            { up: (db: Kysely<unknown>) => m.up(db, "sqlite") },
          ]),
        ),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const now = "2025-01-01T00:00:00.000Z";
  await sql`insert into journals (id, uri, name, abbreviation, active, created_at, updated_at)
    values (1, 'frogs', 'Frogs', 'F', 1, ${now}, ${now})`.execute(handle.db);
  await sql`insert into publications (id, journal_id, volume, number, year, published_on, created_at, updated_at)
    values (1, 1, '1', '1', 2025, ${now}, ${now}, ${now})`.execute(handle.db);
  for (const [id, title] of [
    [7, "Fanged frog tadpoles"],
    [9, "Limnonectes larvaepartus"],
  ] as const) {
    await sql`insert into papers (id, publication_id, title, abstract, full_text, created_at, updated_at)
      values (${id}, 1, ${title}, 'An abstract.', 'A holotype was collected.', ${now}, ${now})`.execute(
      handle.db,
    );
    await sql`insert into paper_authors (paper_id, position, name) values (${id}, 0, 'Djoko Iskandar')`.execute(
      handle.db,
    );
    await sql`insert into paper_search (paper_id, title, authors, keywords, abstract, body)
      values (${id}, ${title}, 'Djoko Iskandar', '', 'An abstract.', 'A holotype was collected.')`.execute(
      handle.db,
    );
  }
});
afterAll(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe("migration 003-search-rowid (SQLite)", () => {
  it("rebuilds the search rows keyed by paper id, and deleting a paper deletes its row", async () => {
    // 003 applies first; the later migrations follow it
    expect((await migrate(handle))[0]).toBe("003-search-rowid");
    const rows = async (match: string) =>
      (
        await sql<{ id: number }>`select rowid as id from paper_search
          where paper_search match ${match} order by rowid`.execute(handle.db)
      ).rows.map((r) => r.id);
    expect(await rows("holotype")).toEqual([7, 9]);
    expect(await rows("Iskandar")).toEqual([7, 9]);
    expect(await rows("tadpoles")).toEqual([7]);
    await sql`delete from paper_authors where paper_id = 7`.execute(handle.db);
    await sql`delete from papers where id = 7`.execute(handle.db);
    expect(await rows("holotype")).toEqual([9]);
  });
});
