/**
 * `npm run restore -- <folder>`: restores a backup of `npm run backup` into the empty DATA_DIR,
 * database (DATABASE_URL) and storage (STORAGE_URL) of the configuration; refuses a non-empty one
 * (server/backup/restore.ts, decision 298).
 */
import path from "node:path";
import { restoreBackup } from "../server/backup/restore.ts";
import { loadConfig } from "../server/config.ts";
import { createStorage } from "../server/storage/create-storage.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run restore -- <folder>");
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await restoreBackup(path.resolve(folder), {
    database: config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { sqliteFile: path.join(config.dataDir, "athenaeum.sqlite") },
    storage: createStorage(config),
    dataDir: config.dataDir,
  });
  const note =
    manifest.storage.kind === "s3"
      ? `; the ${manifest.storage.files} objects listed stay in ${manifest.storage.location}`
      : "";
  console.log(`Restored the backup of ${manifest.createdAt} from ${folder}${note}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
