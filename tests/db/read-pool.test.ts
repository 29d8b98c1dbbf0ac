import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, type Db, migrate, openDatabase } from "../../server/db/database.ts";
import { openReadPool } from "../../server/db/read-pool.ts";

let dir: string;
let handle: DatabaseHandle;
let pool: Db;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "athenaeum-pool-"));
  const file = path.join(dir, "athenaeum.sqlite");
  handle = openDatabase({ sqliteFile: file });
  await migrate(handle);
  const now = new Date().toISOString();
  await handle.db
    .insertInto("partners")
    .values(
      ["Alpha", "Beta", "Gamma"].map((name, i) => ({
        name,
        logo: `partners/${i}.webp`,
        position: i,
        created_at: now,
      })),
    )
    .execute();
  pool = openReadPool(file, 2);
});
afterAll(async () => {
  await pool.destroy();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

/** A read that keeps a SQLite connection busy for a while (counts to `n`). */
const slowRead = (db: Db, n: number) =>
  sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n})
    select count(*) as n from c`.execute(db);

describe("SQLite read pool", () => {
  it("answers queries with the same rows as the main connection", async () => {
    const query = (db: Db) =>
      db.selectFrom("partners").select(["id", "name", "position"]).orderBy("position").execute();
    const fromPool = await query(pool);
    expect(fromPool.map((r) => r.name)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(fromPool).toEqual(await query(handle.db));
  });

  it("sees committed writes and refuses to write", async () => {
    await handle.db
      .updateTable("partners")
      .set({ name: "Alef" })
      .where("name", "=", "Alpha")
      .execute();
    const names = await pool.selectFrom("partners").select("name").orderBy("position").execute();
    expect(names[0]?.name).toBe("Alef");
    await expect(pool.deleteFrom("partners").execute()).rejects.toThrow(/readonly/i);
  });

  it("reports a query error and keeps serving", async () => {
    await expect(sql`select * from no_such_table`.execute(pool)).rejects.toThrow(/no such table/);
    expect((await slowRead(pool, 10)).rows[0]?.n).toBe(10);
  });

  it("runs queries beyond its size in turn", async () => {
    const counts = await Promise.all([1, 2, 3, 4, 5].map((n) => slowRead(pool, n)));
    expect(counts.map((r) => r.rows[0]?.n)).toEqual([1, 2, 3, 4, 5]);
  });

  /** What happens first: the timer ticking three times, or `db` finishing a long read. */
  const firstWhileReading = async (db: Db) => {
    const events: string[] = [];
    let ticks = 0;
    const ticker = setInterval(() => {
      if (++ticks === 3) events.push("timer");
    }, 1);
    await slowRead(db, 1_000_000);
    events.push("read");
    clearInterval(ticker);
    return events[0];
  };

  it("keeps the event loop turning while a long read runs", async () => {
    expect(await firstWhileReading(pool)).toBe("timer");
    // The same read on the main connection holds the loop until it ends.
    expect(await firstWhileReading(handle.db)).toBe("read");
  });
});
