/**
 * Migration 008-roles on a database that already has accounts (decision 190): the earliest
 * account becomes the site administrator, the others journal managers with nothing assigned;
 * none is disabled. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate } from "../../server/db/database.ts";
import * as m001 from "../../server/db/migrations/001-initial.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { emptyDatabase } from "../helpers/migration-database.ts";

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await emptyDatabase("roles-migration"));
  // the accounts as 001 left them (the later migrations before 008 touch no account column)
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      getMigrations: async () => ({
        "001-initial": { up: (db: Kysely<unknown>) => m001.up(db, handle.dialect) },
      }),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  const now = "2025-01-01T00:00:00.000Z";
  for (const [id, email] of [
    [5, "second@example.org"],
    [3, "first@example.org"],
    [8, "third@example.org"],
  ] as const) {
    await sql`insert into users (id, first_name, last_name, phone, email, password_hash, created_at)
      values (${id}, 'A', 'B', '12345', ${email}, 'scrypt$x', ${now})`.execute(handle.db);
  }
  await migrate(handle);
});
afterAll(() => close?.());

it(`makes the earliest existing account the administrator on ${dialectUnderTest}`, async () => {
  const rows = await handle.db
    .selectFrom("users")
    .select(["email", "role", "disabled_at"])
    .orderBy("id")
    .execute();
  expect(rows).toEqual([
    { email: "first@example.org", role: "admin", disabled_at: null },
    { email: "second@example.org", role: "manager", disabled_at: null },
    { email: "third@example.org", role: "manager", disabled_at: null },
  ]);
  expect(await handle.db.selectFrom("journal_managers").selectAll().execute()).toEqual([]);
  // the role column refuses anything else
  await expect(
    sql`update users set role = 'owner' where id = 5`.execute(handle.db),
  ).rejects.toThrow();
});
