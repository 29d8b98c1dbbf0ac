/**
 * Vitest global setup: one migrated database per run, which every test context copies instead
 * of applying the migrations itself (decision 290). On SQLite a file, copied per context; on
 * PostgreSQL (`TEST_DATABASE_URL`) a database, copied by `CREATE DATABASE … TEMPLATE` and
 * dropped after the run. Its place reaches the test workers through `provide`/`inject`
 * (tests/helpers/context.ts reads it).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import { migrate, openDatabase } from "../../server/db/database.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";

/** Where the migrated template of this run is. */
export type DatabaseTemplate =
  | { dialect: "sqlite"; file: string }
  | { dialect: "postgres"; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "athenaeum_template_");
    try {
      const handle = openDatabase({ databaseUrl: scratch.url });
      try {
        await migrate(handle);
      } finally {
        // PostgreSQL copies a template only while nobody is connected to it
        await handle.close();
      }
    } catch (error) {
      await scratch.drop();
      throw error;
    }
    project.provide("databaseTemplate", { dialect: "postgres", name: scratch.name });
    return () => scratch.drop();
  }
  const dir = await mkdtemp(path.join(tmpdir(), "athenaeum-template-"));
  const file = path.join(dir, "template.sqlite");
  const handle = openDatabase({ sqliteFile: file });
  try {
    await migrate(handle);
    // everything in the one file, no -wal beside it, so that copying the file copies it all
    await sql`PRAGMA journal_mode = DELETE`.execute(handle.db);
  } finally {
    await handle.close();
  }
  project.provide("databaseTemplate", { dialect: "sqlite", file });
  return () => rm(dir, { recursive: true, force: true });
}
