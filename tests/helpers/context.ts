/**
 * A fresh, isolated service context for one test file: its own data folder, its own database
 * (a SQLite file, or a new PostgreSQL database when `TEST_DATABASE_URL` names a server), the
 * migrations applied, and the Express app without server-rendered pages.
 *
 * The database is a copy of the run's migrated template (tests/setup/template-database.ts,
 * decision 290): a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL, where
 * applying the migrations again cost each file a second or more. Without the template (a run
 * without the global setup) the migrations are applied here, as before.
 */
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import pino from "pino";
import { inject } from "vitest";
import { type Config, loadConfig } from "../../server/config.ts";
import { type DatabaseOptions, type Db, migrate, openDatabase } from "../../server/db/database.ts";
import { openReadPool } from "../../server/db/read-pool.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";
import { createCitationPool } from "../../server/features/citations/citation-pool.ts";
import { createJatsPool } from "../../server/features/fulltext/jats-pool.ts";
import { createHttpApp } from "../../server/http/app.ts";
import type { AppContext } from "../../server/services/context.ts";
import { createStorage } from "../../server/storage/create-storage.ts";

export const TEST_PASSCODE = "test-admin-passcode";

export type TestContext = {
  ctx: AppContext;
  app: Express;
  dataDir: string;
  /** PostgreSQL URL of the test database; undefined on SQLite (`dataDir/athenaeum.sqlite`). */
  databaseUrl: string | undefined;
  /** How the database was opened, to open it again (a second process sharing it). */
  database: DatabaseOptions;
  /** Drops the database (PostgreSQL) and removes the data folder. */
  close: () => Promise<void>;
};

/** Which database the suite runs on, for test names. */
export const dialectUnderTest = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-test-"));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    SEED: "none",
    ADMIN_PASSCODE: TEST_PASSCODE,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    // vitest.config.ts lowers it (decision 230); unset, production's cost
    ...(process.env.PASSWORD_SCRYPT_COST
      ? { PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST }
      : {}),
    ...env,
  });

  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  let handle: ReturnType<typeof openDatabase>;
  let readDb: Db | undefined;
  let database: DatabaseOptions;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject("databaseTemplate");
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "athenaeum_test_", {
      template: template?.dialect === "postgres" ? template.name : undefined,
    });
    databaseUrl = scratch.url;
    handle = openDatabase({ databaseUrl });
    database = { databaseUrl };
    dropDatabase = scratch.drop;
  } else {
    const sqliteFile = path.join(dataDir, "athenaeum.sqlite");
    if (template?.dialect === "sqlite") await copyFile(template.file, sqliteFile);
    handle = openDatabase({ sqliteFile });
    readDb = openReadPool(sqliteFile, config.readWorkers);
    database = { sqliteFile };
  }
  // nothing to apply on a copy of the template; the run's template is older than a migration
  // written since it was made only in watch mode, and that one is applied here
  await migrate(handle);

  const ctx: AppContext = {
    db: handle.db,
    readDb: readDb ?? handle.db,
    dialect: handle.dialect,
    storage: createStorage(config),
    config,
    log: pino({ level: "silent" }),
    // as in production; its thread starts only when a test asks for citations.json
    citationPool: createCitationPool(),
    // as in production (JATS_WORKERS=1): galleys are parsed in a worker thread (decision 386)
    jatsPool: createJatsPool({ size: 1 }),
  };
  return {
    ctx,
    app: createHttpApp(ctx),
    dataDir,
    databaseUrl,
    database,
    async close() {
      await ctx.citationPool?.close();
      await ctx.jatsPool?.close();
      await readDb?.destroy();
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// kept here too for the tests written against this module before tests/helpers/corpus.ts
export { CORPUS_DIR } from "./corpus.ts";
