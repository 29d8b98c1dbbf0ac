import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { migrate, openDatabase } from "../../server/db/database.ts";
import { StatementCachingDatabase } from "../../server/db/statement-cache.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "athenaeum-statements-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("the SQLite statement cache", () => {
  it("prepares a query once however often it runs, and each run sees the current rows", () => {
    const db = new StatementCachingDatabase(":memory:");
    db.exec("create table t (n integer)");
    const prepare = vi.spyOn(DatabaseSync.prototype, "prepare");
    const sum = "select sum(n) as total from t where n > ?";
    db.prepare("insert into t values (?)").run(5);
    expect(db.prepare(sum).all(0)).toEqual([{ total: 5 }]);
    db.prepare("insert into t values (?)").run(7);
    expect(db.prepare(sum).all(5)).toEqual([{ total: 7 }]);
    expect(db.prepare(sum).all(0)).toEqual([{ total: 12 }]);
    expect(prepare).toHaveBeenCalledTimes(2);
    db.close();
  });

  it("opens the file with DatabaseSync's options: a read worker's connection cannot write", async () => {
    const file = path.join(dir, "read-only.sqlite");
    const writer = new StatementCachingDatabase(file);
    writer.exec("create table t (n integer); insert into t values (1)");
    writer.close();
    const reader = new StatementCachingDatabase(file, 10, { readOnly: true });
    expect(reader.prepare("select n from t").all()).toEqual([{ n: 1 }]);
    expect(() => reader.exec("insert into t values (2)")).toThrow(/readonly/);
    reader.close();
  });

  it("keeps at most its size, dropping the least recently used statement", () => {
    const db = new StatementCachingDatabase(":memory:", 2);
    const prepare = vi.spyOn(DatabaseSync.prototype, "prepare");
    db.prepare("select 1");
    db.prepare("select 2");
    db.prepare("select 1"); // now the most recent
    db.prepare("select 3"); // drops "select 2"
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare("select 1");
    db.prepare("select 3");
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(4);
    db.close();
  });

  it("serves Kysely's repeated queries from one statement with correct results", async () => {
    const handle = openDatabase({ sqliteFile: path.join(dir, "db.sqlite") });
    await migrate(handle);
    const now = "2026-11-23T10:00:00.000Z";
    await handle.db
      .insertInto("partners")
      .values(
        ["Alpha", "Beta", "Gamma"].map((name, position) => ({ name, position, created_at: now })),
      )
      .execute();
    const prepare = vi.spyOn(DatabaseSync.prototype, "prepare");
    const ranked = (position: number) =>
      handle.db
        .selectFrom("partners")
        .select("name")
        .where("position", ">", position)
        .orderBy("position")
        .execute();
    expect(await ranked(0)).toEqual([{ name: "Beta" }, { name: "Gamma" }]);
    expect(await ranked(1)).toEqual([{ name: "Gamma" }]);
    expect(await ranked(2)).toEqual([]);
    expect(prepare).toHaveBeenCalledTimes(1);
    await handle.close();
  });
});
