/**
 * Strong entity tags for stored PDF galleys (RFC 9110 section 8.8.3): the base64url SHA-256 of
 * the file's bytes, so two answers with the same tag are byte-for-byte the same and `If-Range`
 * may safely resume a download with 206 (a weak tag must never do that, section 13.1.5).
 *
 * Hashing a large PDF costs a full read, so each file's tag is remembered by path, size, inode and
 * modification time (stored files are written by atomic rename, so new bytes mean a new mtime);
 * at most {@link MAX_ENTRIES} files are remembered, the oldest forgotten first.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { Storage, StoredFile } from "../../storage/storage.ts";

const MAX_ENTRIES = 5000;
const known = new Map<string, { version: string; etag: Promise<string> }>();

function hashFile(file: string): Promise<string> {
  return hashStream(createReadStream(file));
}

function hashStream(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    stream
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(`"${hash.digest("base64url")}"`));
  });
}

/**
 * The strong ETag of the file at absolute path `file`, quotes included (`"…"`, 45 characters).
 * @throws the fs error when the file cannot be read (ENOENT when it is missing).
 */
export async function strongEtag(file: string): Promise<string> {
  const s = await stat(file);
  const version = `${s.size}:${s.mtimeMs}:${s.ino}`;
  const entry = known.get(file);
  if (entry && entry.version === version) return entry.etag;
  const etag = hashFile(file);
  known.delete(file);
  known.set(file, { version, etag });
  if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value!);
  etag.catch(() => known.delete(file));
  return etag;
}

/**
 * The strong ETag of `key` in a store without local paths (an S3 bucket, decision 295): the
 * SHA-256 kept in the object's metadata, or, for an object written by another tool, the hash of
 * its bytes read once and remembered by key, size and modification time like files on disk.
 * @throws what {@link Storage.open} throws.
 */
export async function storedEtag(storage: Storage, key: string, stat: StoredFile): Promise<string> {
  if (stat.sha256Etag) return stat.sha256Etag;
  const name = `${storage.location}/${key}`;
  const version = `${stat.size}:${stat.modified.getTime()}`;
  const entry = known.get(name);
  if (entry && entry.version === version) return entry.etag;
  const etag = storage.open(key).then(hashStream);
  known.delete(name);
  known.set(name, { version, etag });
  if (known.size > MAX_ENTRIES) known.delete(known.keys().next().value!);
  etag.catch(() => known.delete(name));
  return etag;
}
