/**
 * File storage (docs/product/overview.md#shape-of-the-system and docs/product/files.md): one
 * interface, a local-folder implementation (here) and an S3-compatible bucket (./s3-storage.ts,
 * decision 295), chosen by `STORAGE_URL` (./create-storage.ts).
 *
 * Keys are relative paths made of lower-case letters, digits, `-`, `_`, `.` and `/` such as
 * `covers/9b2e….webp`; the storage assigns no meaning to them. Writes are atomic (temp file in the
 * same folder, fsync, rename), so a reader never sees half a file and a crash leaves no partial
 * file under a real key. Files are 0600 and folders 0700 whatever the umask: the server is the
 * only reader of a local folder (it serves `/files` and the galleys itself; decision 396).
 * Callers store a file first and reference it from the database after, and delete a file only
 * after the row that referenced it is gone; what a crash leaves between the two (temp files,
 * unreferenced files) the sweep removes (./sweep.ts).
 */
import { randomBytes } from "node:crypto";
import { constants, createReadStream, type Dirent } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { makePrivateFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../private-files.ts";
import { faultPoint } from "./faults.ts";
import { asStorageError } from "./storage-error.ts";

/**
 * Folder under the storage root where multipart uploads arrive (server/http/uploads.ts). Its
 * leading dot keeps it out of every key ({@link assertKey}) and out of `/files` (dotfiles deny).
 */
export const UPLOADS_FOLDER = ".uploads";

/** Suffix of the temp files of {@link Storage.put}; the sweep (./sweep.ts) recognises it. */
export const TEMP_SUFFIX = ".tmp";

export type StoredFile = {
  size: number;
  modified: Date;
  /**
   * The strong ETag of the bytes (`"base64url SHA-256"`, server/features/files/pdf-etag.ts) when the store
   * keeps it beside the object (S3 metadata); undefined on disk, where it is hashed on demand.
   */
  sha256Etag?: string;
};

/** One object of the store as the sweep sees it (./sweep.ts). */
export type StorageEntry = {
  /** `/`-separated name relative to the store's root: a key, a temp file or an upload. */
  name: string;
  size: number;
  modified: Date;
  /** A temp file, an upload in `.uploads/` or an unfinished multipart upload. */
  partial: boolean;
  /** The store's own ETag of the object (a bucket's), for backups' object lists. */
  etag?: string;
  /** Removes the entry (aborts an unfinished multipart upload). */
  remove(): Promise<void>;
};

/** An inclusive byte range of a stored file, as HTTP `Range` names it. */
export type ByteRange = { start: number; end: number };

export type Storage = {
  /** `file` (a local folder) or `s3` (a bucket), for the callers that serve files. */
  kind: "file" | "s3";
  /** Where the files are, for logs: the folder, or `s3://bucket/prefix`. */
  location: string;
  /**
   * Writes `data` under `key` atomically, replacing any file there.
   * @throws StorageError (./storage-error.ts) when the disk is full, read-only or not writable;
   *   the temp file is removed on every failure.
   */
  put(key: string, data: Uint8Array): Promise<void>;
  /** Whole file; throws `ENOENT` when missing. */
  read(key: string): Promise<Buffer>;
  /**
   * Stream of the file, or of `range` of it.
   * @throws an error with code `ENOENT` when missing; StorageError when the store is down.
   */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every object of the store, temp files and unfinished uploads included (./sweep.ts). */
  entries(): AsyncIterable<StorageEntry>;
  /** Resolves when the store can be read and written now (`/readyz`); rejects otherwise. */
  check(): Promise<void>;
  /**
   * Absolute path on disk, for `res.sendFile` (Range, ETag, Last-Modified); null for a bucket.
   * @throws Error when the key is invalid.
   */
  absolutePath: ((key: string) => string) | null;
  /** Local folder of the store; with a bucket, the folder that holds {@link UPLOADS_FOLDER}. */
  root: string;
  /** Local folder where multipart bodies arrive (server/http/uploads.ts). */
  uploadsDir: string;
  /**
   * A short-lived URL the client downloads `key` from directly, with these response headers
   * (`S3_PRESIGN=1`, ./s3-storage.ts); null when files are served through the application.
   */
  presign:
    | ((
        key: string,
        headers: { contentType: string; contentDisposition: string },
      ) => Promise<string>)
    | null;
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
 * `mkdir -p dir`, each folder made 0700 (decision 396). Node's recursive mkdir answers ENOENT where the real cause is a read-only or
 * unwritable parent (EROFS, EACCES); the folders are then made one at a time to get that cause,
 * so the caller can tell a full or read-only disk from a bug.
 * @throws the fs error of the first folder that cannot be made.
 */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await makePrivateFolder(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const missing: string[] = [];
    for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
      if (await exists(d)) break;
      missing.unshift(d);
    }
    for (const d of missing) {
      await mkdir(d, { mode: PRIVATE_FOLDER_MODE }).catch((e: NodeJS.ErrnoException) => {
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

/**
 * Every regular file under `root` as an entry named by its `/`-separated relative path (none
 * when `root` is missing); files under {@link UPLOADS_FOLDER} and `*.tmp` are partial.
 */
export async function* localEntries(root: string): AsyncGenerator<StorageEntry> {
  let found: Dirent[];
  try {
    found = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const e of found) {
    if (!e.isFile()) continue;
    const absolute = path.join(e.parentPath, e.name);
    const name = path.relative(root, absolute).split(path.sep).join("/");
    let s: Awaited<ReturnType<typeof stat>>;
    try {
      s = await stat(absolute);
    } catch {
      continue; // removed meanwhile (an upload finished or failed)
    }
    yield {
      name,
      size: s.size,
      modified: s.mtime,
      partial: name.startsWith(`${UPLOADS_FOLDER}/`) || name.endsWith(TEMP_SUFFIX),
      remove: () => rm(absolute, { force: true }),
    };
  }
}

/** Local-folder storage rooted at `root` (created when missing). */
export function createLocalStorage(root: string): Storage {
  const absolutePath = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "file",
    location: root,
    root,
    uploadsDir: path.join(root, UPLOADS_FOLDER),
    absolutePath,
    presign: null,
    entries: () => localEntries(root),
    async check() {
      // The folder is created on first write; a fresh install without it is still ready.
      await makePrivateFolder(root);
      await access(root, constants.R_OK | constants.W_OK);
    },
    async put(key, data) {
      const target = absolutePath(key);
      const temp = `${target}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
      try {
        await makeFolder(path.dirname(target));
        const handle = await open(temp, "wx", PRIVATE_FILE_MODE);
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
    async open(key, range) {
      const file = absolutePath(key);
      const stream = createReadStream(file, range);
      // an open error (ENOENT) rejects here rather than in the caller's pipe
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
      return stream;
    },
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
