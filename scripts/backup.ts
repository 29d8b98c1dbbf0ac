/**
 * `npm run backup -- <folder>`: a consistent snapshot of the database and the files named by the
 * configuration (DATA_DIR, DATABASE_URL, STORAGE_URL), taken while the site serves, into a new or
 * empty folder with a manifest of SHA-256 sums (server/backup/backup.ts, decision 298).
 */
import path from "node:path";
import { createBackup } from "../server/backup/backup.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createStorage } from "../server/storage/create-storage.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run backup -- <folder>");
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await createBackup(
    {
      database: config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { sqliteFile: path.join(config.dataDir, "athenaeum.sqlite") },
      storage: createStorage(config),
      dataDir: config.dataDir,
    },
    path.resolve(folder),
  );
  const bytes = manifest.parts.reduce((sum, p) => sum + p.bytes, 0);
  console.log(
    `Backed up the ${manifest.database.dialect} database and ${manifest.storage.files} files (${manifest.storage.kind === "s3" ? "listed with their ETags" : "copied"}) into ${folder}: ${manifest.parts.length} parts, ${bytes} bytes.`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
