/**
 * Multipart bodies of the dashboard forms (docs/product/api.md: covers, logos, paper PDFs). Each file
 * streams to a temp file under `{storage root}/.uploads/` (a local folder, also with a bucket) while it arrives, so a slow 64 MB
 * upload costs disk, not memory (issue 7, decision 136); the handler then reads it with
 * {@link uploadedFile} and a service checks it by content (docs/product/files.md) before storing it
 * under a key. The temp file is removed when the response ends, whatever the outcome; after a
 * crash the storage sweep removes it (server/storage/sweep.ts). Bracket field names
 * (`editors[0][name]`, `authors[1][email]`) arrive in `req.body` as arrays of objects, the shape
 * the shared zod schemas parse.
 *
 * Limits: one file per named field, `config.maxPdfBytes` per file (images are held to their own
 * 5 MB limit by the image service), 100 kB per text field, 1000 fields (the paper forms: 5000,
 * for a reference list of a few hundred entries with their DOIs and links). A larger file is a 413;
 * a body busboy cannot parse (no boundary, a malformed part, an early end) is a 400. A full or
 * unwritable disk while the upload arrives is a StorageError (507 or 503).
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import multer from "multer";
import type { AppContext } from "../services/context.ts";
import { invalid } from "../services/errors.ts";
import { faultPoint } from "../storage/faults.ts";
import { makeFolder } from "../storage/storage.ts";
import { asStorageError, StorageError } from "../storage/storage-error.ts";

/** Temp files of each request still in progress; removed when its response closes. */
const tempFiles = new WeakMap<Request, { paths: Set<string>; closed: boolean }>();

function trackRequest(req: Request, res: Response) {
  const known = tempFiles.get(req);
  if (known) return known;
  const state = { paths: new Set<string>(), closed: false };
  tempFiles.set(req, state);
  res.once("close", () => {
    state.closed = true;
    for (const file of state.paths) void rm(file, { force: true }).catch(() => {});
  });
  return state;
}

/** multer storage engine writing each file to `{dir}/{random}.upload`. */
function tempFileStorage(dir: string): multer.StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const state = trackRequest(req, req.res as Response);
      const target = path.join(dir, `${randomBytes(12).toString("hex")}.upload`);
      makeFolder(dir).then(
        () => {
          state.paths.add(target);
          const out = createWriteStream(target, { flags: "wx", mode: 0o600 });
          // Not stream.pipeline: it would destroy the upload stream with a disk error, which
          // multer reports raw before this engine can give it a meaning.
          let failed = false;
          out.once("error", (error) => {
            failed = true;
            file.stream.unpipe(out);
            file.stream.resume(); // drain the rest of the upload
            // A failed write (a full disk) removes its part file before answering.
            const answer = () => callback(asStorageError(error, target) as Error);
            rm(target, { force: true }).then(answer, answer);
          });
          out.once("finish", () => {
            if (failed) return;
            // A response that ended while the file was still being written (a 413 cut it
            // off) removed the path before the stream closed; remove it again now.
            if (state.closed) void rm(target, { force: true }).catch(() => {});
            callback(null, { path: target, size: out.bytesWritten });
          });
          file.stream.pipe(out);
        },
        (error: unknown) => callback(asStorageError(error, dir) as Error),
      );
    },
    _removeFile(_req, file, callback) {
      rm(file.path, { force: true }).then(() => callback(null), callback);
    },
  };
}

/** Text fields a multipart body may carry unless the form needs more. */
export const MAX_FIELDS = 1000;

/**
 * Middleware parsing a multipart body whose files are the given field names, one file each
 * unless a field says `maxCount` (the paper forms' `jats_figures`, decision 288); `maxFields`
 * text fields at most (default {@link MAX_FIELDS}; the paper forms carry a reference list).
 */
export function multipart(
  ctx: AppContext,
  fileFields: readonly (string | { name: string; maxCount: number })[],
  { maxFields = MAX_FIELDS }: { maxFields?: number } = {},
): RequestHandler {
  const fields = fileFields.map((f) => (typeof f === "string" ? { name: f, maxCount: 1 } : f));
  const files = fields.reduce((sum, f) => sum + f.maxCount, 0);
  const parse = multer({
    storage: tempFileStorage(ctx.storage.uploadsDir),
    limits: {
      fileSize: ctx.config.maxPdfBytes,
      files,
      fields: maxFields,
      fieldSize: 100 * 1024,
      parts: maxFields + files,
    },
  }).fields(fields);
  // busboy reports a missing boundary, a malformed part or an early end as a plain Error: all
  // are the client's fault (400); MulterErrors (limits) keep their own 400/413 (respond.ts), and
  // StorageErrors (a full or unwritable disk) their 507/503.
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (
        error === undefined ||
        error instanceof multer.MulterError ||
        error instanceof StorageError
      )
        next(error);
      else next(invalid(`The multipart body is malformed: ${messageOf(error)}.`));
    });
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
}

/**
 * The bytes of the uploaded file named `field`, or undefined when none (or an empty one) came.
 * Reading consumes the upload: its temp file is removed before this returns, so a handler that
 * reads its files first leaves nothing behind whatever it answers (a file it never reads goes
 * when the response ends).
 */
export async function uploadedFile(req: Request, field: string): Promise<Uint8Array | undefined> {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  const file = files?.[field]?.[0];
  if (!file) return undefined;
  try {
    if (file.size === 0) return undefined;
    const data = new Uint8Array(await readFile(file.path));
    faultPoint("before-file-write");
    return data;
  } finally {
    await rm(file.path, { force: true });
    tempFiles.get(req)?.paths.delete(file.path);
  }
}

/**
 * Every file of a multipart field that takes several (`maxCount`), as sent: its client-given
 * name (a file name only, to be checked by the caller) and its bytes; empty files left out.
 * The temp files are removed.
 */
export async function uploadedFiles(
  req: Request,
  field: string,
): Promise<{ name: string; data: Uint8Array }[]> {
  const files = (req.files as Record<string, Express.Multer.File[]> | undefined)?.[field] ?? [];
  const out: { name: string; data: Uint8Array }[] = [];
  for (const file of files) {
    try {
      if (file.size > 0) {
        out.push({ name: file.originalname, data: new Uint8Array(await readFile(file.path)) });
      }
    } finally {
      await rm(file.path, { force: true });
      tempFiles.get(req)?.paths.delete(file.path);
    }
  }
  return out;
}
