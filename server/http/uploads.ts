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
 * Limits: one file per named field unless the field says `maxCount`; per file, the field's
 * `maxBytes` (default `config.maxPdfBytes`), counted while the file arrives: the upload is cut
 * off there, its part file removed, and the request answered 413 with the field's `tooLarge`
 * message on the field, so no field writes more to disk, or gives a handler more to read, than
 * it allows (decision 385); 100 kB per text field, 1000 fields (the paper forms: 5000, for a
 * reference list of a few hundred entries with their DOIs and links). A body busboy cannot parse
 * (no boundary, a malformed part, an early end) is a 400. A full or unwritable disk while the
 * upload arrives is a StorageError (507 or 503).
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import multer from "multer";
import type { AppContext } from "../services/context.ts";
import { AppError, invalid } from "../services/errors.ts";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "../services/images.ts";
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

/**
 * A file field of a multipart body: its name, the most files it takes (default 1), the largest
 * file in bytes (default `config.maxPdfBytes`) and the sentence a larger one is refused with.
 */
export type FileField = { name: string; maxCount?: number; maxBytes?: number; tooLarge?: string };

/**
 * multer storage engine writing each file to `{dir}/{random}.upload`, at most `maxBytes(field)`
 * bytes of it: past that the part file is removed and the upload refused with `tooLarge(field)`.
 */
function tempFileStorage(
  dir: string,
  maxBytes: (field: string) => number,
  tooLarge: (field: string) => AppError,
): multer.StorageEngine {
  return {
    _handleFile(req, file, callback) {
      const state = trackRequest(req, req.res as Response);
      const target = path.join(dir, `${randomBytes(12).toString("hex")}.upload`);
      const limit = maxBytes(file.fieldname);
      makeFolder(dir).then(
        () => {
          state.paths.add(target);
          const out = createWriteStream(target, { flags: "wx", mode: 0o600 });
          // Not stream.pipeline: it would destroy the upload stream with a disk error, which
          // multer reports raw before this engine can give it a meaning.
          let failed = false;
          /** Stops writing, drains the rest of the upload, removes the part file, answers. */
          const stop = (error: Error) => {
            failed = true;
            file.stream.unpipe(out);
            file.stream.off("data", count);
            file.stream.resume(); // drain the rest of the upload
            out.destroy();
            const answer = () => callback(error);
            rm(target, { force: true }).then(answer, answer);
          };
          let received = 0;
          const count = (chunk: Buffer) => {
            received += chunk.byteLength;
            if (received > limit && !failed) stop(tooLarge(file.fieldname));
          };
          file.stream.on("data", count);
          // A failed write (a full disk) removes its part file before answering; a write after
          // a stop (the chunk that passed the limit) is no error of the disk's.
          out.on("error", (error) => {
            if (!failed) stop(asStorageError(error, target) as Error);
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

/**
 * An image field (a cover, a logo): one image of at most `MAX_IMAGE_BYTES` (5 MB,
 * docs/product/files.md), cut off there while it arrives, as the image service would refuse it.
 */
export function imageField(name: string): FileField {
  return { name, maxBytes: MAX_IMAGE_BYTES, tooLarge: IMAGE_TOO_LARGE };
}

/** Text fields a multipart body may carry unless the form needs more. */
export const MAX_FIELDS = 1000;

/**
 * Middleware parsing a multipart body whose files are the given fields ({@link FileField}, or
 * a name: one file of at most `MAX_PDF_MB`); `maxFields` text fields at most (default
 * {@link MAX_FIELDS}; the paper forms carry a reference list).
 */
export function multipart(
  ctx: AppContext,
  fileFields: readonly (string | FileField)[],
  { maxFields = MAX_FIELDS }: { maxFields?: number } = {},
): RequestHandler {
  const fields = fileFields.map((f) => {
    const field = typeof f === "string" ? { name: f } : f;
    return {
      name: field.name,
      maxCount: field.maxCount ?? 1,
      maxBytes: field.maxBytes ?? ctx.config.maxPdfBytes,
      tooLarge: field.tooLarge ?? `The file ${field.name} is too large.`,
    };
  });
  const byName = new Map(fields.map((f) => [f.name, f]));
  const files = fields.reduce((sum, f) => sum + f.maxCount, 0);
  const storage = tempFileStorage(
    ctx.storage.uploadsDir,
    (name) => byName.get(name)?.maxBytes ?? ctx.config.maxPdfBytes,
    (name) => {
      const message = byName.get(name)?.tooLarge ?? `The file ${name} is too large.`;
      return new AppError("too_large", message, { errors: { [name]: message } });
    },
  );
  const parse = multer({
    storage,
    limits: {
      fileSize: Math.max(0, ...fields.map((f) => f.maxBytes)),
      files,
      fields: maxFields,
      fieldSize: 100 * 1024,
      parts: maxFields + files,
    },
  }).fields(fields.map(({ name, maxCount }) => ({ name, maxCount })));
  // busboy reports a missing boundary, a malformed part or an early end as a plain Error: all
  // are the client's fault (400); MulterErrors (limits) keep their own 400/413 (respond.ts), and
  // StorageErrors (a full or unwritable disk) their 507/503.
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (
        error === undefined ||
        error instanceof multer.MulterError ||
        error instanceof StorageError ||
        error instanceof AppError
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

/** A file of a multipart field that takes several, not read yet (see {@link uploadedFiles}). */
export type UploadedFile = {
  /** The client-given name: a file name only, to be checked by the caller. */
  name: string;
  /** Its size in bytes (never above its field's `maxBytes`). */
  size: number;
  /** Its place among the field's files as sent, from 0, empty ones counted (so a form's per-file choices match). */
  position: number;
  /** Its bytes; reading consumes the upload (its temp file is removed). */
  read: () => Promise<Uint8Array>;
};

/**
 * Every file of a multipart field that takes several (`maxCount`), as sent, empty files left
 * out, without reading any: the caller reads only those it keeps, one at a time, so a request
 * holds one file in memory however many it sends (decision 385). A file not read is removed
 * when the response ends.
 */
export function uploadedFiles(req: Request, field: string): UploadedFile[] {
  const files = (req.files as Record<string, Express.Multer.File[]> | undefined)?.[field] ?? [];
  return files
    .map((file, position) => ({ file, position }))
    .filter(({ file }) => file.size > 0)
    .map(({ file, position }) => ({
      name: file.originalname,
      size: file.size,
      position,
      read: async () => {
        try {
          return new Uint8Array(await readFile(file.path));
        } finally {
          await rm(file.path, { force: true });
          tempFiles.get(req)?.paths.delete(file.path);
        }
      },
    }));
}
