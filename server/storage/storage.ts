/**
 * File storage (docs/product/overview.md#shape-of-the-system and docs/product/files.md): one interface, a local-folder implementation.
 *
 * Keys are relative paths made of lower-case letters, digits, `-`, `_`, `.` and `/` such as
 * `covers/9b2e….webp`; the storage assigns no meaning to them. Writes are atomic (temp file in the
 * same folder, fsync, rename), so a reader never sees half a file and a crash leaves no partial
 * file under a real key. Callers store a file first and reference it from the database after,
 * and delete a file only after the row that referenced it is gone; what a crash leaves between
 * the two (temp files, unreferenced files) the sweep removes (./sweep.ts).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { faultPoint } from "./faults.ts";
import { asStorageError } from "./storage-error.ts";

/**
 * Folder under the storage root where multipart uploads arrive (server/http/uploads.ts). Its
 * leading dot keeps it out of every key ({@link assertKey}) and out of `/files` (dotfiles deny).
 */
export const UPLOADS_FOLDER = ".uploads";

/** Suffix of the temp files of {@link Storage.put}; the sweep (./sweep.ts) recognises it. */
export const TEMP_SUFFIX = ".tmp";

export type StoredFile = { size: number; modified: Date };

export type Storage = {
  /**
   * Writes `data` under `key` atomically, replacing any file there.
   * @throws StorageError (./storage-error.ts) when the disk is full, read-only or not writable;
   *   the temp file is removed on every failure.
   */
  put(key: string, data: Uint8Array): Promise<void>;
  /** Whole file; throws `ENOENT` when missing. */
  read(key: string): Promise<Buffer>;
  /** Stream of the file; the stream errors with `ENOENT` when missing. */
  stream(key: string): ReadStream;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Absolute path on disk, for `res.sendFile` (Range, ETag, Last-Modified). */
  absolutePath(key: string): string;
  /** Root folder of the store. */
  root: string;
};

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** @throws Error when `key` is not a safe storage key (no `..`, no absolute paths). */
export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("..")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A fresh random key `{folder}/{32 hex}{suffix}`, e.g. `newKey("papers", ".pdf")`. */
export function newKey(folder: string, suffix: string): string {
  return `${folder}/${randomBytes(16).toString("hex")}${suffix}`;
}

/**
 * `mkdir -p dir`. Node's recursive mkdir answers ENOENT where the real cause is a read-only or
 * unwritable parent (EROFS, EACCES); the folders are then made one at a time to get that cause,
 * so the caller can tell a full or read-only disk from a bug.
 * @throws the fs error of the first folder that cannot be made.
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const missing: string[] = [];
    for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
      if (await exists(d)) break;
      missing.unshift(d);
    }
    for (const d of missing) {
      await mkdir(d).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "EEXIST") throw e;
      });
    }
    throw error;
  }
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Local-folder storage rooted at `root` (created when missing). */
export function createLocalStorage(root: string): Storage {
  const absolutePath = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    root,
    absolutePath,
    async put(key, data) {
      const target = absolutePath(key);
      const temp = `${target}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
      try {
        await makeFolder(path.dirname(target));
        const handle = await open(temp, "wx", 0o644);
        try {
          // Two halves, so a crash test can stop the process with half a file on disk.
          const half = Math.floor(data.byteLength / 2);
          await handle.writeFile(data.subarray(0, half));
          faultPoint("during-file-write");
          await handle.writeFile(data.subarray(half));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        // Every failure (open, write, fsync, close, rename) leaves no temp file behind: on a
        // full disk a forgotten temp file would keep the disk full.
        await rm(temp, { force: true }).catch(() => {});
        throw asStorageError(error, target);
      }
    },
    read: (key) => readFile(absolutePath(key)),
    stream: (key) => createReadStream(absolutePath(key)),
    async stat(key) {
      try {
        const s = await stat(absolutePath(key));
        return s.isFile() ? { size: s.size, modified: s.mtime } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(absolutePath(key), { force: true });
    },
  };
}

/** Public URL of a stored file (`/files/{key}`), or null for no key. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/files/${key}` : null;
}
