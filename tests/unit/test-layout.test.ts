/**
 * The test folders keep their meaning (decision 290): `tests/unit/` runs without a database, so
 * its files start in milliseconds and run anywhere; a test that needs a database lives in
 * `tests/db/` (services, migrations) or `tests/api/` (over HTTP), where it runs on SQLite and
 * PostgreSQL alike.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const UNIT = import.meta.dirname;
/** Modules that open a database: the test contexts and the database module itself. */
const DATABASE_MODULES = /from "[./]*(helpers\/(context|seeded-context)|server\/db\/database)\.ts"/;

describe("tests/unit", () => {
  it("holds no test that opens a database", () => {
    const offenders = readdirSync(UNIT)
      .filter((name) => name.endsWith(".ts"))
      .filter((name) => DATABASE_MODULES.test(readFileSync(path.join(UNIT, name), "utf8")));
    expect(offenders).toEqual([]);
  });
});
