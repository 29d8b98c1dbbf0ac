/**
 * A fresh, isolated service context for one test file: its own data folder, its own database
 * (a SQLite file, or a new PostgreSQL database when `TEST_DATABASE_URL` names a server), the
 * migrations applied, and the Express app without server-rendered pages.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import pino from "pino";
import { type Config, loadConfig } from "../../server/config.ts";
import { type DatabaseOptions, type Db, migrate, openDatabase } from "../../server/db/database.ts";
import { openReadPool } from "../../server/db/read-pool.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { createCitationPool } from "../../server/services/citation/citation-pool.ts";
import type { AppContext } from "../../server/services/context.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";

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
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "athenaeum_test_");
    databaseUrl = scratch.url;
    handle = openDatabase({ databaseUrl });
    database = { databaseUrl };
    dropDatabase = scratch.drop;
  } else {
    const sqliteFile = path.join(dataDir, "athenaeum.sqlite");
    handle = openDatabase({ sqliteFile });
    readDb = openReadPool(sqliteFile, config.readWorkers);
    database = { sqliteFile };
  }
  await migrate(handle);

  const ctx: AppContext = {
    db: handle.db,
    readDb: readDb ?? handle.db,
    dialect: handle.dialect,
    storage: createLocalStorage(config.filesDir),
    config,
    log: pino({ level: "silent" }),
    // as in production; its thread starts only when a test asks for citations.json
    citationPool: createCitationPool(),
  };
  return {
    ctx,
    app: createHttpApp(ctx),
    dataDir,
    databaseUrl,
    database,
    async close() {
      await ctx.citationPool?.close();
      await readDb?.destroy();
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo and test corpus shipped in the repository (`corpus/`, decision 225). */
export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../corpus");
