/**
 * `npm run backup -- <folder>` (issue 19, decision 298): a consistent snapshot while the site
 * serves, into a new or empty folder.
 *
 * 1. Files, first pass: a local storage's files are copied under `files/` (temp files and
 *    uploads in progress are not); a bucket's objects are listed with size and ETag in
 *    `objects.json` (the bucket keeps the bytes: the operator turns on its versioning).
 * 2. The database: SQLite by `VACUUM INTO` on a connection of its own (a transactionally
 *    consistent copy, readers and writers go on), PostgreSQL by `pg_dump --format=custom` (one
 *    repeatable-read snapshot).
 * 3. Files, second pass: what was stored during the database snapshot, so every file a row of the
 *    snapshot references is in the backup (files are stored before their rows commit and removed
 *    after their rows are gone, decision 135).
 * 4. `session-secret` when `DATA_DIR` has one (restored sessions stay valid), then `manifest.json`
 *    with the SHA-256 of every part, written last.
 *
 * The folder and every folder in it are 0700, every file 0600, whatever the umask: a backup holds
 * password hashes, addresses and the session secret (issue 30, decision 396).
 */
import { spawn } from "node:child_process";
import { chmod, readdir } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { DatabaseOptions } from "../db/database.ts";
import {
  copyPrivateFile,
  makePrivateFileSync,
  makePrivateFolder,
  PRIVATE_FOLDER_MODE,
  writePrivateFile,
} from "../private-files.ts";
import type { Storage } from "../storage/storage.ts";
import { hashFile, MANIFEST_FILE, type Manifest, type ManifestPart } from "./manifest.ts";

/** What a backup reads: the database, the storage and the data folder (for the session secret). */
export type BackupSource = {
  database: Pick<DatabaseOptions, "databaseUrl" | "sqliteFile">;
  storage: Storage;
  dataDir: string;
};

/** Runs `command` with `args`; rejects with its stderr when it fails or cannot start. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Makes `folder` (0700, also when it existed empty); @throws Error when it holds anything. */
async function assertEmptyFolder(folder: string): Promise<void> {
  await makePrivateFolder(folder);
  if ((await readdir(folder)).length > 0) {
    throw new Error(`${folder} is not empty: a backup goes into a new or empty folder`);
  }
  await chmod(folder, PRIVATE_FOLDER_MODE);
}

/** Copies the storage's files not copied yet into `{folder}/files/`; adds their names to `copied`. */
async function copyFiles(storage: Storage, folder: string, copied: Set<string>): Promise<void> {
  for await (const entry of storage.entries()) {
    if (entry.partial || copied.has(entry.name) || !storage.absolutePath) continue;
    let source: string;
    try {
      source = storage.absolutePath(entry.name);
    } catch {
      continue; // not a storage key (lost+found/…): not the site's
    }
    const target = path.join(folder, "files", ...entry.name.split("/"));
    await makePrivateFolder(path.dirname(target));
    try {
      await copyPrivateFile(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // removed meanwhile
      throw error;
    }
    copied.add(entry.name);
  }
}

/** The bucket's objects with size, modification time and ETag, as `objects.json`. */
async function listObjects(storage: Storage, folder: string): Promise<number> {
  const objects: { key: string; bytes: number; modified: string; etag: string | null }[] = [];
  for await (const entry of storage.entries()) {
    if (entry.partial) continue;
    objects.push({
      key: entry.name,
      bytes: entry.size,
      modified: entry.modified.toISOString(),
      etag: entry.etag ?? null,
    });
  }
  await writePrivateFile(
    path.join(folder, "objects.json"),
    `${JSON.stringify(objects, null, 1)}\n`,
  );
  return objects.length;
}

/** Copies the database into `folder`; @returns the part's path in it. */
async function snapshotDatabase(source: BackupSource, folder: string): Promise<string> {
  if (source.database.databaseUrl) {
    const file = "database.dump";
    makePrivateFileSync(path.join(folder, file)); // pg_dump writes into it, keeping its mode
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--file",
      path.join(folder, file),
      "--dbname",
      source.database.databaseUrl,
    ]);
    return file;
  }
  const file = "athenaeum.sqlite";
  // VACUUM INTO fills an empty file and keeps its mode; it would create one 0644 (umask 022)
  makePrivateFileSync(path.join(folder, file));
  const db = new DatabaseSync(source.database.sqliteFile ?? "");
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(path.join(folder, file));
  } finally {
    db.close();
  }
  return file;
}

/**
 * Backs `source` up into `folder` (created when missing).
 * @returns the manifest written.
 * @throws Error when `folder` is not empty, pg_dump is missing or fails, or a file cannot be read.
 */
export async function createBackup(source: BackupSource, folder: string): Promise<Manifest> {
  await assertEmptyFolder(folder);
  const copied = new Set<string>();
  const local = source.storage.kind === "file";
  if (local) await copyFiles(source.storage, folder, copied);
  const databasePath = await snapshotDatabase(source, folder);
  let files = 0;
  if (local) {
    await copyFiles(source.storage, folder, copied);
    files = copied.size;
  } else {
    files = await listObjects(source.storage, folder);
  }
  const secret = path.join(source.dataDir, "session-secret");
  const hasSecret = await copyPrivateFile(secret, path.join(folder, "session-secret")).then(
    () => true,
    () => false,
  );
  const partPaths = [
    databasePath,
    ...(local ? [...copied].sort().map((key) => `files/${key}`) : ["objects.json"]),
    ...(hasSecret ? ["session-secret"] : []),
  ];
  const parts: ManifestPart[] = [];
  for (const part of partPaths) {
    parts.push({ path: part, ...(await hashFile(path.join(folder, ...part.split("/")))) });
  }
  const manifest: Manifest = {
    format: "athenaeum-backup-1",
    createdAt: new Date().toISOString(),
    database: { dialect: source.database.databaseUrl ? "postgres" : "sqlite", path: databasePath },
    storage: { kind: source.storage.kind, location: source.storage.location, files },
    parts,
  };
  await writePrivateFile(
    path.join(folder, MANIFEST_FILE),
    `${JSON.stringify(manifest, null, 1)}\n`,
  );
  return manifest;
}
