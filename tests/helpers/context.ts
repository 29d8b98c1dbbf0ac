/**
 * A fresh, isolated service context for one test file: its own data folder, its own database
 * (a SQLite file, or a new PostgreSQL database when `TEST_DATABASE_URL` names a server), the
 * migrations applied, and the Express app without server-rendered pages.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import pg from "pg";
import pino from "pino";
import { type Config, loadConfig } from "../../server/config.ts";
import { migrate, openDatabase } from "../../server/db/database.ts";
import { createHttpApp } from "../../server/http/app.ts";
import type { AppContext } from "../../server/services/context.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";

export const TEST_PASSCODE = "test-admin-passcode";

export type TestContext = {
  ctx: AppContext;
  app: Express;
  dataDir: string;
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
    ...env,
  });

  let dropDatabase = async () => {};
  let handle: ReturnType<typeof openDatabase>;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `athenaeum_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = openDatabase({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    handle = openDatabase({ sqliteFile: path.join(dataDir, "athenaeum.sqlite") });
  }
  await migrate(handle);

  const ctx: AppContext = {
    db: handle.db,
    dialect: handle.dialect,
    storage: createLocalStorage(config.filesDir),
    config,
    log: pino({ level: "silent" }),
  };
  return {
    ctx,
    app: createHttpApp(ctx),
    dataDir,
    async close() {
      await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Folder of the real corpus beside the project (`../shared/corpus`). */
export const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../shared/corpus");
