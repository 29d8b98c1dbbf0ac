/**
 * `npm run restore -- <folder>` (issue 19, decision 298): a backup of ./backup.ts into an empty
 * place. Every part is checked against the manifest's SHA-256 before anything is written; the
 * database must be the backup's kind (a SQLite file into `DATA_DIR`, a dump into the PostgreSQL
 * database of `DATABASE_URL` by `pg_restore`) and empty: no `athenaeum.sqlite` in `DATA_DIR`, no
 * table in the PostgreSQL database, no file in the storage. Copied files are stored through the
 * storage (so into a folder or a bucket alike); a bucket backup's objects stay in their bucket,
 * and the restore says how many the list names. What it writes is as private as what the site
 * writes: folders it makes 0700, the database file, the session secret and stored files 0600,
 * whatever the umask and the backup's own modes (decision 396).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../db/database.ts";
import { copyPrivateFile, makePrivateFolder } from "../private-files.ts";
import type { Storage } from "../storage/storage.ts";
import { type BackupSource, run } from "./backup.ts";
import { hashFile, type Manifest, readManifest } from "./manifest.ts";

/** Where a backup is restored: a database, a storage and the data folder. */
export type RestoreTarget = BackupSource;

/** @throws Error naming the first part whose bytes are not the manifest's. */
async function verifyParts(folder: string, manifest: Manifest): Promise<void> {
  for (const part of manifest.parts) {
    const found = await hashFile(path.join(folder, ...part.path.split("/"))).catch(() => null);
    if (!found || found.sha256 !== part.sha256 || found.bytes !== part.bytes) {
      throw new Error(`${part.path} is missing or damaged (its SHA-256 is not the manifest's)`);
    }
  }
}

async function hasAnyFile(storage: Storage): Promise<boolean> {
  for await (const entry of storage.entries()) if (!entry.partial) return true;
  return false;
}

/** @throws Error when the target's database or storage holds anything. */
async function assertEmptyTarget(target: RestoreTarget, manifest: Manifest): Promise<void> {
  if (target.database.databaseUrl) {
    const handle = openDatabase({ databaseUrl: target.database.databaseUrl });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`.execute(handle.db);
      if ((rows[0]?.n ?? 0) > 0)
        throw new Error("the PostgreSQL database is not empty: restore into a new one");
    } finally {
      await handle.close();
    }
  } else {
    const file = target.database.sqliteFile ?? "";
    if (
      await hashFile(file).then(
        () => true,
        () => false,
      )
    ) {
      throw new Error(`${file} exists: restore into an empty DATA_DIR`);
    }
  }
  // a bucket backup's objects are the bucket's own: only copied files need an empty storage
  if (manifest.storage.kind === "file" && (await hasAnyFile(target.storage))) {
    throw new Error(
      `the storage ${target.storage.location} holds files: restore into an empty one`,
    );
  }
}

/**
 * Restores the backup in `folder` into `target`.
 * @returns the manifest restored.
 * @throws Error when the backup is unfinished or damaged, of the other database kind, or the
 *   target is not empty (nothing is written then), or pg_restore fails.
 */
export async function restoreBackup(folder: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await readManifest(folder);
  await verifyParts(folder, manifest);
  const dialect = target.database.databaseUrl ? "postgres" : "sqlite";
  if (manifest.database.dialect !== dialect) {
    throw new Error(
      `the backup is of a ${manifest.database.dialect} database; DATABASE_URL names ${dialect}`,
    );
  }
  await assertEmptyTarget(target, manifest);
  const databaseFile = path.join(folder, manifest.database.path);
  if (target.database.databaseUrl) {
    await run("pg_restore", [
      "--no-owner",
      "--exit-on-error",
      "--dbname",
      target.database.databaseUrl,
      databaseFile,
    ]);
  } else {
    const file = target.database.sqliteFile ?? "";
    await makePrivateFolder(path.dirname(file));
    await copyPrivateFile(databaseFile, file);
  }
  for (const part of manifest.parts) {
    if (part.path.startsWith("files/")) {
      const data = await readFile(path.join(folder, ...part.path.split("/")));
      await target.storage.put(part.path.slice("files/".length), data);
    }
  }
  if (manifest.parts.some((p) => p.path === "session-secret")) {
    await makePrivateFolder(target.dataDir);
    await copyPrivateFile(
      path.join(folder, "session-secret"),
      path.join(target.dataDir, "session-secret"),
    );
  }
  return manifest;
}
