/**
 * An empty database for a migration test (tests/db/*-migration.test.ts): a SQLite file in a new
 * temporary folder, or a scratch PostgreSQL database when TEST_DATABASE_URL names a server. The
 * test migrates it to the state it starts from, writes its old rows, then migrates on.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { createScratchDatabase } from "../../server/db/scratch-database.ts";

/**
 * Opens the empty database; `name` names the temporary folder (`athenaeum-{name}-XXXXXX`).
 * @returns the handle, and `close`, which closes it and drops the database or the folder.
 */
export async function emptyDatabase(
  name: string,
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `athenaeum-${name}-`));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let drop = async () => {};
  let handle: DatabaseHandle;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, "athenaeum_test_");
    drop = scratch.drop;
    handle = openDatabase({ databaseUrl: scratch.url });
  } else {
    handle = openDatabase({ sqliteFile: path.join(dir, "athenaeum.sqlite") });
  }
  return {
    handle,
    async close() {
      await handle.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
