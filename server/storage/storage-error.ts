/**
 * Storage failures with a meaning (issue 7): a full disk and a storage the process cannot write
 * are the operator's problem, not a bug, so they get their own HTTP status and message instead of
 * the generic 500. The storage layer wraps raw `fs` errors once, here, so the HTTP error handler
 * (server/http/respond.ts) tests one type instead of sniffing errno codes.
 */
import { msg } from "../../shared/i18n/messages.ts";
import { brandClass } from "../brand.ts";

/**
 * `no_space`: ENOSPC/EDQUOT, the disk or quota is full (HTTP 507).
 * `unavailable`: EROFS/EACCES/EPERM, the storage is read-only or not writable (HTTP 503).
 */
export type StorageErrorKind = "no_space" | "unavailable";

const KIND_OF_CODE: Record<string, StorageErrorKind> = {
  ENOSPC: "no_space",
  EDQUOT: "no_space",
  EROFS: "unavailable",
  EACCES: "unavailable",
  EPERM: "unavailable",
};

/**
 * HTTP status and user-facing message of each kind (issue 7 gives the 507 message); the messages
 * are catalogue messages, translated where they are sent (decision 382).
 */
export const STORAGE_ERROR_ANSWER: Record<StorageErrorKind, { status: number; msg: string }> = {
  no_space: { status: 507, msg: msg("The server has no space left for this file.") },
  unavailable: {
    status: 503,
    msg: msg("The server cannot store files right now. Please try again later."),
  },
};

/** A storage write that failed because of the disk, not the request. `cause` is the fs error. */
export class StorageError extends Error {
  override name = "StorageError";
  readonly kind: StorageErrorKind;
  /** Absolute path the failing operation was about. */
  readonly path: string;
  /** errno code of the cause, e.g. `ENOSPC`. */
  readonly code: string;

  constructor(kind: StorageErrorKind, path: string, code: string, cause: unknown) {
    super(`Storage ${kind === "no_space" ? "is full" : "is not writable"} (${code}) at ${path}`, {
      cause,
    });
    this.kind = kind;
    this.path = path;
    this.code = code;
  }
}
// thrown by the storage server/bootstrap.ts builds, caught by the site's copy (server/site.ts)
brandClass(StorageError, "StorageError");

/**
 * `error` as a {@link StorageError} when its errno code has a meaning here, else unchanged.
 * @param path the file or folder the operation was about, reported when the error has none.
 */
export function asStorageError(error: unknown, path: string): unknown {
  if (error instanceof StorageError) return error;
  const e = error as NodeJS.ErrnoException | null;
  const kind = e?.code ? KIND_OF_CODE[e.code] : undefined;
  return kind && e?.code ? new StorageError(kind, e.path ?? path, e.code, error) : error;
}
