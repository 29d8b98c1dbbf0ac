/**
 * What every write service shares: the write order of docs/product/overview.md#shape-of-the-system (files first, then the
 * rows in one transaction, the new files removed again when it fails, old files removed only
 * after the rows stopped pointing at them), timestamps, and editor rows (a paper's authors:
 * ./papers/scholarly.ts).
 */
import type { Transaction } from "kysely";
import type { EditorInput } from "../../shared/schemas.ts";
import type { Database } from "../db/schema.ts";
import { faultPoint } from "../storage/faults.ts";
import { announceCatalogueWrite, bumpCatalogueVersion } from "./catalogue-version.ts";
import type { AppContext } from "./context.ts";
import { removeImage, storeImage } from "./images.ts";

export type Trx = Transaction<Database>;

/** Now as stored: ISO 8601 timestamp (server/db/schema.ts). */
export function timestamp(): string {
  return new Date().toISOString();
}

/** Today as `YYYY-MM-DD` (UTC). */
export function today(): string {
  return timestamp().slice(0, 10);
}

/** `""` → null, for optional text columns. */
export function nullIfEmpty(value: string | null | undefined): string | null {
  return value ? value : null;
}

/**
 * Runs a catalogue write (journals, publications, papers, proceedings, partners) in one
 * transaction that also increments the catalogue version (./catalogue-version.ts), so cached
 * public pages are recomputed once it commits. Every catalogue write goes through here.
 */
export async function writeCatalogue<T>(
  ctx: AppContext,
  write: (trx: Trx) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const value = await write(trx);
    await bumpCatalogueVersion(trx);
    return value;
  });
  announceCatalogueWrite(ctx.db);
  return result;
}

/**
 * Runs the catalogue write `write` in one transaction ({@link writeCatalogue}). When it fails,
 * `discard` removes the files stored for it (a failure there is logged, the original error is
 * rethrown), so no file is left without a row. A crash in between leaves unreferenced files,
 * which the storage sweep removes (server/storage/sweep.ts).
 */
export async function commitOrDiscard<T>(
  ctx: AppContext,
  write: (trx: Trx) => Promise<T>,
  discard: () => Promise<unknown>,
): Promise<T> {
  let result: T;
  try {
    faultPoint("after-file-write");
    result = await writeCatalogue(ctx, async (trx) => {
      const value = await write(trx);
      faultPoint("before-commit");
      return value;
    });
  } catch (error) {
    try {
      await discard();
    } catch (cleanupError) {
      ctx.log.error({ err: cleanupError }, "could not remove the files of a failed write");
    }
    throw error;
  }
  faultPoint("after-commit");
  return result;
}

/**
 * Removes files the database no longer references. Runs after the commit, so a failure here
 * leaves an unreferenced file (logged) but never a row pointing at a missing file.
 */
export async function removeAfterCommit(
  ctx: AppContext,
  remove: () => Promise<unknown>,
): Promise<void> {
  try {
    await remove();
  } catch (error) {
    ctx.log.warn({ err: error }, "could not remove a replaced file");
  }
}

/**
 * The write order of a catalogue row with one image (a journal's, an issue's or a proceeding's
 * cover, a partner's logo; docs/product/overview.md#shape-of-the-system): `image.bytes`, when
 * given, stored under `image.folder` first ({@link storeImage}); then `write(trx, key)` in one
 * catalogue transaction ({@link commitOrDiscard}), the new image removed again when it fails;
 * then, when a new image was stored, `image.replaced` (the one the row pointed at before)
 * removed once the row has committed ({@link removeAfterCommit}). `key` is the new image's
 * storage key, or null when no bytes (or none at all) were given: an edit then keeps the row's
 * image, and a create that requires one checks for it first.
 * @returns what `write` returned.
 * @throws the errors of {@link storeImage} (nothing written) and of `write` (nothing kept).
 */
export async function writeWithImage<T>(
  ctx: AppContext,
  image: { folder: string; bytes: Uint8Array | null | undefined; replaced?: string | null },
  write: (trx: Trx, key: string | null) => Promise<T>,
): Promise<T> {
  const key = image.bytes?.byteLength ? await storeImage(ctx, image.folder, image.bytes) : null;
  const result = await commitOrDiscard(
    ctx,
    (trx) => write(trx, key),
    () => removeImage(ctx, key),
  );
  const replaced = image.replaced;
  if (key && replaced) await removeAfterCommit(ctx, () => removeImage(ctx, replaced));
  return result;
}

type Owner = { publication_id: number } | { proceeding_id: number };

/** Replaces the editors of a publication or proceeding, keeping their order in `position`. */
export async function replaceEditors(
  trx: Trx,
  owner: Owner,
  editors: readonly EditorInput[],
): Promise<void> {
  if ("publication_id" in owner) {
    await trx.deleteFrom("editors").where("publication_id", "=", owner.publication_id).execute();
  } else {
    await trx.deleteFrom("editors").where("proceeding_id", "=", owner.proceeding_id).execute();
  }
  if (editors.length === 0) return;
  await trx
    .insertInto("editors")
    .values(
      editors.map((e, i) => ({
        publication_id: "publication_id" in owner ? owner.publication_id : null,
        proceeding_id: "proceeding_id" in owner ? owner.proceeding_id : null,
        name: e.name,
        email: nullIfEmpty(e.email),
        institution: nullIfEmpty(e.institution),
        role: e.role,
        position: i + 1,
      })),
    )
    .execute();
}
