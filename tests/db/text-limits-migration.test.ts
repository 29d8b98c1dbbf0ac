/**
 * Migration 020-text-limits on a database written before the limits of one paper (issue 15,
 * decision 271): a stored text of 2 MB is cut to 512 KiB at a word and marked truncated, a page
 * count of -1 becomes unknown, whole texts get their pages; SQLite's search rows are rebuilt
 * with the text's opening apart (decision 272) and still find every paper. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL names a server.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate, migrations } from "../../server/db/database.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { emptyDatabase } from "../helpers/migration-database.ts";

let handle: DatabaseHandle;
let close: () => Promise<void>;
const LINE = "protein membrane receptor signalling pathway cell nucleus enzyme binding kinase ";
const HUGE = LINE.repeat(Math.ceil((2 * 1024 * 1024) / LINE.length));

beforeAll(async () => {
  ({ handle, close } = await emptyDatabase("text-limits"));
  // the database as the migrations before 020 left it
  const before = Object.entries(migrations).filter(([name]) => name < "020");
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          before.map(([name, m]) => [
            name,
            { up: (db: Kysely<unknown>) => m.up(db, handle.dialect) },
          ]),
        ),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const now = "2025-01-01T00:00:00.000Z";
  await sql`insert into journals (id, uri, name, abbreviation, active, created_at, updated_at)
    values (1, 'frogs', 'Frogs', 'F', 1, ${now}, ${now})`.execute(handle.db);
  await sql`insert into publications (id, journal_id, volume, number, year, published_on, status, created_at, updated_at)
    values (1, 1, '1', '1', 2025, ${now}, 'published', ${now}, ${now})`.execute(handle.db);
  const papers = [
    [7, "A text bomb", HUGE, 10_000],
    [8, "Minus one", "A crafted page tree.", -1],
    [9, "An ordinary paper", `Holotype. ${"word ".repeat(3000)}tadpoles at the end`, 12],
  ] as const;
  for (const [id, title, text, pages] of papers) {
    await sql`insert into papers (id, publication_id, title, abstract, full_text, page_count, position, created_at, updated_at)
      values (${id}, 1, ${title}, 'An abstract.', ${text}, ${pages}, ${id}, ${now}, ${now})`.execute(
      handle.db,
    );
    // the search rows as the code of that time wrote them (the text's first 500,000 characters)
    if (handle.dialect === "sqlite") {
      await sql`insert into paper_search (rowid, title, authors, keywords, abstract, body)
        values (${id}, ${title}, '', '', 'An abstract.', ${text.slice(0, 500_000)})`.execute(
        handle.db,
      );
    } else {
      // as indexPaper wrote it then (today's reads tables of later migrations: paper_jats)
      const body = text.slice(0, 500_000);
      await sql`insert into paper_search (paper_id, document, rank_doc)
        select id, d, ts_filter(d, '{a,b,c}') from (select ${id}::integer as id,
          setweight(to_tsvector('english', ${title}), 'A') ||
          setweight(to_tsvector('english', 'An abstract.'), 'C') ||
          setweight(to_tsvector('english', ${body}), 'D') as d) x`.execute(handle.db);
    }
  }
  await migrate(handle);
}, 60_000);
afterAll(() => close?.());

it(`cuts stored texts to the default limit and forgets page counts below 1 on ${dialectUnderTest}`, async () => {
  const rows = await handle.db
    .selectFrom("papers")
    .select(["id", "full_text", "page_count", "text_truncated", "text_pages"])
    .orderBy("id")
    .execute();
  const [bomb, minus, ordinary] = rows;
  expect(Buffer.byteLength(bomb!.full_text!)).toBeLessThanOrEqual(512 * 1024);
  expect(Buffer.byteLength(bomb!.full_text!)).toBeGreaterThan(512 * 1024 - 100);
  expect(LINE.includes(`${bomb!.full_text!.split(" ").at(-1)} `)).toBe(true);
  expect(bomb).toMatchObject({ page_count: 10_000, text_truncated: 1, text_pages: null });
  expect(minus).toMatchObject({ page_count: null, text_truncated: 0, text_pages: null });
  expect(ordinary).toMatchObject({ page_count: 12, text_truncated: 0, text_pages: 12 });
});

it.skipIf(dialectUnderTest !== "sqlite")(
  "rebuilds SQLite's search rows with the text's opening apart, finding words of both parts",
  async () => {
    const { rows } = await sql<{
      id: number;
      body: string;
      body_rest: string;
    }>`select rowid as id, body, body_rest from paper_search order by rowid`.execute(handle.db);
    expect(rows.map((r) => r.id)).toEqual([7, 8, 9]);
    const ordinary = rows[2]!;
    expect(ordinary.body.length).toBeLessThanOrEqual(10_200);
    expect(ordinary.body.startsWith("Holotype.")).toBe(true);
    expect(ordinary.body_rest.endsWith("tadpoles at the end")).toBe(true);
    // the cut fell on a space: no word is split between the two columns
    expect(ordinary.body.endsWith("word")).toBe(true);
    const found = async (q: string) =>
      (
        await sql<{ id: number }>`select rowid as id from paper_search
          where paper_search match ${q} order by rowid`.execute(handle.db)
      ).rows.map((r) => r.id);
    expect(await found("holotype")).toEqual([9]);
    expect(await found("tadpoles")).toEqual([9]);
    expect(await found("kinase")).toEqual([7]);
  },
);
