/**
 * A paper's JATS galley (issue 18, docs/decisions/287-jats-galleys.md): the JATS XML file and
 * the files it names (figure images), checked (./jats-read.ts), stored through the storage
 * module under fresh keys and referenced by `paper_jats` / `paper_jats_files` (migration 022).
 * As for PDFs, files are stored first and referenced after; the caller removes them when its
 * transaction fails ({@link discardJats}), and old ones only after the new rows are committed.
 */
import { createHash } from "node:crypto";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../../http/unavailable.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import { MAX_IMAGE_BYTES } from "../../services/images.ts";
import type { Trx } from "../../services/write.ts";
import { detectImage } from "../../storage/content-type.ts";
import { newKey } from "../../storage/storage.ts";
import { type JatsAnswers, type JatsJobOf, jatsFileName } from "./jats-jobs.ts";
import { isJatsPoolError, runJats } from "./jats-pool.ts";
import { isJatsRefused } from "./jats-read.ts";

/** Most files (figure images) stored with one JATS galley. */
export const MAX_JATS_FILES = 200;

/**
 * Largest figure image (decision 385): that of covers and logos (`MAX_IMAGE_BYTES`, 5 MB;
 * docs/product/files.md), checked before it is read.
 */
export const MAX_JATS_FILE_BYTES = MAX_IMAGE_BYTES;

/** The message of a figure image over {@link MAX_JATS_FILE_BYTES}. */
export const FIGURE_TOO_LARGE = `A figure image is larger than ${MAX_JATS_FILE_BYTES / 1024 / 1024} MB. Upload figure images of at most ${MAX_JATS_FILE_BYTES / 1024 / 1024} MB each.`;

/**
 * A supplied file the JATS may name: its name as uploaded, its size in bytes, and its bytes,
 * read only once the JATS is checked and names it (an upload's temp file, a corpus file).
 */
export type JatsFileUpload = { name: string; size: number; read: () => Promise<Uint8Array> };

/** What to do with supplied files the JATS does not name. */
export type UnnamedFiles = "refuse" | "leave out";

export type StoredJatsFile = { name: string; key: string; contentType: string; size: number };

/** A stored JATS galley, not yet referenced by any row. */
export type StoredJats = {
  key: string;
  size: number;
  sha256: string;
  /** The body's text for search, at most `pdfLimits.maxTextBytes` (decision 289). */
  bodyText: string;
  files: StoredJatsFile[];
};

/**
 * Reads an uploaded JATS file (`data`, at most `MAX_JATS_MB`) into what `kind` asks for
 * (./jats-jobs.ts) with the checks of ./jats-read.ts (no entity declarations, counts,
 * nesting, well-formed `<article>`), in the JATS pool (decision 386): the upload and
 * POST /read_jats share them.
 * @throws AppError `invalid` (400) or `too_large` (413) with the message on `field` for a
 *   refused file; `unavailable` (503) with it when the pool is full, or its worker timed out
 *   or stopped; JatsError (server/import/jats.ts) for `metadata` of an article without a title.
 */
export async function readJatsUpload<K extends "galley" | "metadata">(
  ctx: AppContext,
  data: Uint8Array,
  kind: K,
  field = "jats_file",
): Promise<JatsAnswers[K]> {
  const maxBytes = ctx.config.maxJatsBytes;
  const job = (
    kind === "galley"
      ? { kind, data, maxBytes, maxTextBytes: ctx.config.pdfLimits.maxTextBytes }
      : { kind, data, maxBytes }
  ) as JatsJobOf<K>;
  try {
    return await runJats(ctx, job);
  } catch (error) {
    if (isJatsRefused(error)) {
      throw new AppError(error.reason, error.message, { errors: { [field]: error.message } });
    }
    if (isJatsPoolError(error)) {
      ctx.log.warn({ reason: error.message }, "a JATS file could not be read");
      // a full pool, a timed-out or stopped worker: the service's 503, to be tried again
      throw new AppError("unavailable", UNAVAILABLE_MESSAGE, {
        errors: { [field]: UNAVAILABLE_MESSAGE },
        retryAfter: RETRY_AFTER_SECONDS,
      });
    }
    throw error;
  }
}

/** A refused figure file: `kind`'s status with `message` on the form's `jats_figures`. */
function figureRefused(kind: "invalid" | "too_large" | "unsupported_type", message: string) {
  return new AppError(kind, message, { errors: { jats_figures: message } });
}

/**
 * Checks `data` as a JATS article (./jats-read.ts) and stores it under `jats/`, with the supplied
 * `files` the JATS names (images only, checked by content) under `jats-files/`. Every file is
 * checked by its name and size before any is read, and read and stored one at a time, so a
 * galley holds one image in memory however many come with it (decision 385).
 * @param unnamed files the JATS does not name are refused (the paper forms: the manager chose
 *   the wrong files) or left out (a corpus folder holds other papers' images too).
 * @throws AppError `invalid` (400) or `too_large` (413) with the message on the `field`
 *   (default `jats_file`) when the file is refused; on `jats_figures` more than
 *   {@link MAX_JATS_FILES} files, a file named twice or (with `unnamed: "refuse"`) one the JATS
 *   does not name (400), a file over {@link MAX_JATS_FILE_BYTES} (413), one that is no image
 *   (415). A refused galley leaves nothing stored.
 */
export async function storeJatsGalley(
  ctx: AppContext,
  data: Uint8Array,
  files: readonly JatsFileUpload[] = [],
  { field = "jats_file", unnamed = "refuse" }: { field?: string; unnamed?: UnnamedFiles } = {},
): Promise<StoredJats> {
  // the parsed document and the tree live and die in the worker (decision 386): this thread
  // holds only the file names the galley uses and its search text (decision 289)
  const facts = await readJatsUpload(ctx, data, "galley", field);
  const named = new Set(facts.named);
  const { bodyText } = facts;
  if (files.length > MAX_JATS_FILES) {
    throw figureRefused(
      "invalid",
      `At most ${MAX_JATS_FILES} figure files can go with one JATS file. Choose only the images the JATS file names.`,
    );
  }
  const kept: { name: string; file: JatsFileUpload }[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const name = jatsFileName(file.name);
    const shown = name.slice(0, 80);
    if (!named.has(name) && !named.has(name.replace(/\.[a-z0-9]+$/, ""))) {
      if (unnamed === "leave out") continue;
      throw figureRefused(
        "invalid",
        `The JATS file names no figure "${shown}". Choose only the images its <graphic> elements name.`,
      );
    }
    if (seen.has(name)) {
      throw figureRefused(
        "invalid",
        `Two figure files are named "${shown}". Choose each image once.`,
      );
    }
    seen.add(name);
    if (file.size > MAX_JATS_FILE_BYTES) throw figureRefused("too_large", FIGURE_TOO_LARGE);
    kept.push({ name, file });
  }
  const key = newKey("jats", ".xml");
  const stored: StoredJatsFile[] = [];
  try {
    await ctx.storage.put(key, data);
    for (const { name, file } of kept) {
      const bytes = await file.read();
      const type = await detectImage(bytes);
      if (!type) {
        throw figureRefused(
          "unsupported_type",
          `The figure file "${name.slice(0, 80)}" is not a JPEG, PNG, WebP, GIF or AVIF image.`,
        );
      }
      const fileKey = newKey("jats-files", type.ext);
      await ctx.storage.put(fileKey, bytes);
      stored.push({ name, key: fileKey, contentType: type.mime, size: bytes.byteLength });
    }
  } catch (error) {
    await discardJats(ctx, { key, files: stored });
    throw error;
  }
  return {
    key,
    size: data.byteLength,
    sha256: createHash("sha256").update(data).digest("hex"),
    bodyText,
    files: stored,
  };
}

/** Removes the stored files of a galley no row references (a failed write). Never throws. */
export async function discardJats(
  ctx: AppContext,
  stored: Pick<StoredJats, "key" | "files">,
): Promise<void> {
  for (const key of [stored.key, ...stored.files.map((f) => f.key)]) {
    await ctx.storage.remove(key).catch((error: unknown) => {
      ctx.log.error({ err: error, key }, "could not remove a JATS galley file");
    });
  }
}

/**
 * Makes `stored` the galley of paper `paperId` in `trx`, replacing any earlier one.
 * @returns the storage keys of the replaced galley, to remove once `trx` has committed.
 */
export async function attachJats(
  trx: Trx,
  paperId: number,
  stored: StoredJats,
  now: string,
): Promise<string[]> {
  const old = await detachJats(trx, paperId);
  await trx
    .insertInto("paper_jats")
    .values({
      paper_id: paperId,
      storage_key: stored.key,
      size: stored.size,
      sha256: stored.sha256,
      body_text: stored.bodyText,
      created_at: now,
    })
    .execute();
  for (const file of stored.files) {
    await trx
      .insertInto("paper_jats_files")
      .values({
        paper_id: paperId,
        name: file.name,
        storage_key: file.key,
        content_type: file.contentType,
        size: file.size,
      })
      .execute();
  }
  return old;
}

/**
 * Deletes the rows of paper `paperId`'s galley in `trx` (decision 316).
 * @returns the storage keys they referenced (none when the paper had no galley), to remove once
 *   `trx` has committed.
 */
export async function detachJats(trx: Trx, paperId: number): Promise<string[]> {
  const old = await galleyKeys(trx, paperId);
  await trx.deleteFrom("paper_jats_files").where("paper_id", "=", paperId).execute();
  await trx.deleteFrom("paper_jats").where("paper_id", "=", paperId).execute();
  return old;
}

/** The storage keys of paper `paperId`'s galley (the XML and its files); none when it has none. */
export async function galleyKeys(db: Pick<Trx, "selectFrom">, paperId: number): Promise<string[]> {
  const [xml, files] = await Promise.all([
    db.selectFrom("paper_jats").select("storage_key").where("paper_id", "=", paperId).execute(),
    db
      .selectFrom("paper_jats_files")
      .select("storage_key")
      .where("paper_id", "=", paperId)
      .execute(),
  ]);
  return [...xml, ...files].map((r) => r.storage_key);
}
