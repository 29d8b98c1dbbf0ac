/**
 * The one place that opens the database (DESIGN section 1): SQLite through `node:sqlite`
 * (WAL, foreign keys on) by default, PostgreSQL through `pg` when a connection string is given.
 * Migrations are plain modules under `./migrations`, applied in name order by Kysely's Migrator,
 * which takes a lock so several servers starting at once apply each migration once.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, type Kysely as KyselyType, PostgresDialect } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { SqliteDialect } from "kysely-sqlite";
import pg from "pg";
import type { Dialect } from "./dialect.ts";
import * as m001 from "./migrations/001-initial.ts";
import * as m002 from "./migrations/002-search.ts";
import type { Database } from "./schema.ts";

export type Db = KyselyType<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** Closes the connection pool or the SQLite file. */
  close: () => Promise<void>;
};

type MigrationModule = { up: (db: KyselyType<unknown>, dialect: Dialect) => Promise<void> };

/** Every migration, in the order they apply. Names never change once released. */
const migrations: Record<string, MigrationModule> = {
  "001-initial": m001,
  "002-search": m002,
};

export type DatabaseOptions =
  | { databaseUrl: string; sqliteFile?: undefined }
  | { databaseUrl?: undefined; sqliteFile: string };

const pgPools = new WeakMap<Db, pg.Pool>();

/**
 * The `pg` pool behind a PostgreSQL `db`, for libraries that need a raw client (the shared rate
 * limiter of server/services/rate-limit.ts); undefined on SQLite.
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pgPools.get(db);
}

/** Opens the database named by `options` (does not migrate; see {@link migrate}). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, DROP DATABASE in tests) emits
    // 'error' on the pool; unhandled, that event would end the process. The pool replaces the
    // connection on the next query, so the error is only reported.
    pool.on("error", (error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile;
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  database.exec("PRAGMA synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * Applies every pending migration.
 * @throws Error naming the migration that failed; the failed one is rolled back.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      const out: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(migrations)) {
        out[name] = { up: (db) => module.up(db, handle.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
