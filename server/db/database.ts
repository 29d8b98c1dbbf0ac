/**
 * The one place that opens the database (docs/product/overview.md#shape-of-the-system): SQLite through `node:sqlite`
 * (WAL, foreign keys on, prepared statements cached: ./statement-cache.ts) by default, PostgreSQL through `pg` when a connection string is given.
 * Migrations are plain modules under `./migrations`, applied in name order by Kysely's Migrator,
 * which takes a lock so several servers starting at once apply each migration once.
 */
import path from "node:path";
import { Kysely, type Kysely as KyselyType, PostgresDialect } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { SqliteDialect } from "kysely-sqlite";
import pg from "pg";
import { processWide } from "../brand.ts";
import { makePrivateFileSync, makePrivateFolderSync } from "../private-files.ts";
import type { Dialect } from "./dialect.ts";
import * as m001 from "./migrations/001-initial.ts";
import * as m002 from "./migrations/002-search.ts";
import * as m003 from "./migrations/003-search-rowid.ts";
import * as m004 from "./migrations/004-read-indexes.ts";
import * as m005 from "./migrations/005-catalogue-version.ts";
import * as m006 from "./migrations/006-feed-index.ts";
import * as m007 from "./migrations/007-search-query.ts";
import * as m008 from "./migrations/008-roles.ts";
import * as m009 from "./migrations/009-account-recovery.ts";
import * as m010 from "./migrations/010-subjects-and-old-uris.ts";
import * as m011 from "./migrations/011-issue-identification.ts";
import * as m012 from "./migrations/012-doi-unique.ts";
import * as m013 from "./migrations/013-scholarly-model.ts";
import * as m015 from "./migrations/015-usage.ts";
import * as m020 from "./migrations/020-text-limits.ts";
import * as m021 from "./migrations/021-security-admin-confirmations.ts";
import * as m022 from "./migrations/022-jats-galleys.ts";
import * as m023 from "./migrations/023-deposits.ts";
import * as m024 from "./migrations/024-usage-paper-monthly.ts";
import * as m026 from "./migrations/026-search-narrow-rows.ts";
import * as m027 from "./migrations/027-search-head-index.ts";
import * as m028 from "./migrations/028-sitemap-part-index.ts";
import * as m029 from "./migrations/029-usage-network-sessions.ts";
import * as m030 from "./migrations/030-user-locale.ts";
import * as m040 from "./migrations/040-content-languages.ts";
import * as m041 from "./migrations/041-editorial-workflow.ts";
import * as m042 from "./migrations/042-public-workflow-figures.ts";
import * as m050 from "./migrations/050-versions-and-updates.ts";
import * as m051 from "./migrations/051-version-stamps.ts";
import * as m052 from "./migrations/052-review-files-for-authors.ts";
import type { Database } from "./schema.ts";
import { StatementCachingDatabase } from "./statement-cache.ts";

export type Db = KyselyType<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** Closes the connection pool or the SQLite file. */
  close: () => Promise<void>;
};

export type MigrationModule = { up: (db: KyselyType<unknown>, dialect: Dialect) => Promise<void> };

/** Every migration, in the order they apply. Names never change once released. */
export const migrations: Record<string, MigrationModule> = {
  "001-initial": m001,
  "002-search": m002,
  "003-search-rowid": m003,
  "004-read-indexes": m004,
  "005-catalogue-version": m005,
  "006-feed-index": m006,
  "007-search-query": m007,
  "008-roles": m008,
  "009-account-recovery": m009,
  "010-subjects-and-old-uris": m010,
  "011-issue-identification": m011,
  "012-doi-unique": m012,
  "013-scholarly-model": m013,
  "015-usage": m015,
  "020-text-limits": m020,
  "021-security-admin-confirmations": m021,
  "022-jats-galleys": m022,
  "023-deposits": m023,
  "024-usage-paper-monthly": m024,
  "026-search-narrow-rows": m026,
  "027-search-head-index": m027,
  "028-sitemap-part-index": m028,
  "029-usage-network-sessions": m029,
  "030-user-locale": m030,
  "040-content-languages": m040,
  "041-editorial-workflow": m041,
  "042-public-workflow-figures": m042,
  "050-versions-and-updates": m050,
  "051-version-stamps": m051,
  "052-review-files-for-authors": m052,
};

/**
 * How long the database may make a request wait (decision 130), in milliseconds. Tests shorten
 * them; the defaults are {@link DEFAULT_TIMEOUTS}.
 */
export type DatabaseTimeouts = {
  /** PostgreSQL: longest wait for a pooled connection (a new one, or a free one). */
  connectMs: number;
  /** PostgreSQL: server-side `statement_timeout`; the client gives up 5 s later. */
  statementMs: number;
  /** PostgreSQL: an idle pooled connection is closed after this long. */
  idleMs: number;
  /** SQLite: `PRAGMA busy_timeout`, how long SQLite retries a locked file before SQLITE_BUSY. */
  busyMs: number;
};

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleMs: 30_000,
  busyMs: 5_000,
};

export type DatabaseOptions = (
  | { databaseUrl: string; sqliteFile?: undefined }
  | { databaseUrl?: undefined; sqliteFile: string }
) & {
  timeouts?: Partial<DatabaseTimeouts>;
  /** Told about every PostgreSQL connection the server drops; default: a process warning. */
  onConnectionLost?: (error: Error) => void;
};

// one map per process: opened here by server/bootstrap.ts, read by the site's copy (server/site.ts)
const pgPools = processWide("pgPools", () => new WeakMap<Db, pg.Pool>());

/**
 * The `pg` pool behind a PostgreSQL `db`, for libraries that need a raw client (the shared rate
 * limiter of server/services/rate-limit.ts); undefined on SQLite.
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pgPools.get(db);
}

/**
 * Opens the database named by `options` (does not migrate; see {@link migrate}). A PostgreSQL
 * outage never ends the process: queries on a lost connection fail (see
 * server/db/unavailable.ts) and the pool opens new connections once the server is back.
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      idleTimeoutMillis: timeouts.idleMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 5_000,
      // A transaction left open by a stuck request must not hold its locks for ever.
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      keepAlive: true,
    });
    const report =
      options.onConnectionLost ??
      ((error: Error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    // A connection the server drops (restart, failover, DROP DATABASE in tests) emits 'error' on
    // its client. pg-pool forwards that to the pool only while the client is idle; a client
    // checked out between two queries (inside a transaction) has no listener then, and the
    // unhandled 'error' would end the process (issue 7: FATAL 57P01). Every client gets its own
    // listener; the pool discards a client that errored when it is released.
    pool.on("connect", (client) => {
      client.on("error", report);
    });
    pool.on("error", () => {
      // already reported by the client's own listener
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile;
  if (file !== ":memory:") {
    // 0700 folder, 0600 file, and so 0600 `-wal` and `-shm`, which SQLite creates with the
    // database file's mode: it holds password hashes, addresses and phone numbers (decision 396)
    makePrivateFolderSync(path.dirname(file));
    makePrivateFileSync(file, ["-wal", "-shm"]);
  }
  const database = new StatementCachingDatabase(file);
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec(`PRAGMA busy_timeout = ${Math.round(timeouts.busyMs)}`);
  database.exec("PRAGMA synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * Applies every pending migration, or those up to and including `target` (a migration's name;
 * tests of a migration use it to write rows as the earlier schema had them).
 * @throws Error naming the migration that failed; the failed one is rolled back.
 */
export async function migrate(handle: DatabaseHandle, target?: string): Promise<string[]> {
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      const out: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(migrations)) {
        out[name] = { up: (db) => module.up(db, handle.dialect) };
      }
      return out;
    },
  };
  // Migrations numbered out of order land from work done in parallel (a branch's 016 can land
  // after 020); each is independent of the numbers it skips, so an installed database takes a
  // late lower number instead of refusing to start (Kysely's `allowUnorderedMigrations`).
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await (target === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(target));
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
