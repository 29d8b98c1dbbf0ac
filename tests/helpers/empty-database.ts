/**
 * An empty database of its own for a migration test, on the dialect under test: a scratch
 * PostgreSQL database when TEST_DATABASE_URL names a server, else a SQLite file in a new
 * temporary folder. Nothing is migrated: the test brings it to the state it starts from.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";

/** The database's handle, and `close()`, which closes it and drops or deletes it. */
export type EmptyDatabase = { handle: DatabaseHandle; close: () => Promise<void> };

/** @param name names the temporary folder (`athenaeum-{name}-…`). */
export async function openEmptyDatabase(name: string): Promise<EmptyDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), `athenaeum-${name}-`));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "athenaeum_test_") : null;
  const handle = scratch
    ? openDatabase({ databaseUrl: scratch.url })
    : openDatabase({ sqliteFile: path.join(dir, "athenaeum.sqlite") });
  return {
    handle,
    async close() {
      await handle.close();
      await scratch?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
