/**
 * Storage sweep (issue 7, decision 135): files and database agree again after a crash.
 *
 * An upload writes its files first and commits the rows after (docs/product/overview.md#shape-of-the-system); a crash in
 * between leaves files no row references, and a crash during a write leaves a temp file
 * (`*.tmp` of {@link Storage.put}, or a multipart upload under `.uploads/`). The sweep lists
 * every storage key the database references (journal and issue covers, proceeding covers,
 * partner logos, each with its WebP derivatives, paper PDFs, and JATS galleys with their figure
 * files, migration 022), walks the storage root and
 * removes, among files last modified more than `graceMs` ago:
 * - temp files (`.uploads/*`, `*.tmp`);
 * - files under a valid key that no row references.
 * Files under names the application never writes (not a valid key) are left alone.
 *
 * The grace period protects uploads in flight (between the file write and the commit, possibly in
 * another process sharing the storage), so it applies at start too. When no row references any
 * file at all, unreferenced files are kept (and a warning logged): that is a new or wrong
 * database in front of an existing storage, not a crash, and deleting the whole store would be
 * the worst answer to it.
 */
import { DERIVATIVE_WIDTHS } from "../../shared/images.ts";
import { tryAdvisoryLock } from "../db/advisory-lock.ts";
import type { AppContext } from "../services/context.ts";
import { derivativeKey } from "../services/images.ts";
import { assertKey, type StorageEntry } from "./storage.ts";

export type SweepResult = {
  /** Temp files removed. */
  temp: number;
  /** Unreferenced files removed. */
  orphans: number;
  /** Bytes freed. */
  bytes: number;
  /** Files that could not be removed (logged). */
  failed: number;
};

/** Every storage key a row references, image derivatives included. */
export async function referencedKeys(ctx: AppContext): Promise<Set<string>> {
  const keys = new Set<string>();
  const images = await Promise.all([
    ctx.db.selectFrom("journals").select("image as key").where("image", "is not", null).execute(),
    ctx.db
      .selectFrom("publications")
      .select("cover as key")
      .where("cover", "is not", null)
      .execute(),
    ctx.db
      .selectFrom("proceedings")
      .select("cover as key")
      .where("cover", "is not", null)
      .execute(),
    ctx.db.selectFrom("partners").select("logo as key").where("logo", "is not", null).execute(),
  ]);
  for (const { key } of images.flat()) {
    if (!key) continue;
    keys.add(key);
    for (const width of DERIVATIVE_WIDTHS) keys.add(derivativeKey(key, width));
  }
  const papers = await ctx.db
    .selectFrom("papers")
    .select("file as key")
    .where("file", "is not", null)
    .execute();
  for (const { key } of papers) if (key) keys.add(key);
  const galleys = await Promise.all([
    ctx.db.selectFrom("paper_jats").select("storage_key as key").execute(),
    ctx.db.selectFrom("paper_jats_files").select("storage_key as key").execute(),
    // manuscripts, supplementary and reviewers' files of the editorial workflow (decision 400)
    ctx.db.selectFrom("submission_files").select("file_key as key").execute(),
    // stamped downloads and earlier versions' PDFs (decision 490)
    ctx.db
      .selectFrom("paper_updates")
      .select("stamped_file as key")
      .where("stamped_file", "is not", null)
      .execute(),
    // stamped copies of earlier versions' PDFs (decision 497)
    ctx.db.selectFrom("paper_update_stamps").select("stamped_file as key").execute(),
    ctx.db
      .selectFrom("paper_versions")
      .select("file as key")
      .where("file", "is not", null)
      .execute(),
  ]);
  for (const { key } of galleys.flat()) if (key) keys.add(key);
  return keys;
}

function isKey(relative: string): boolean {
  try {
    assertKey(relative);
    return true;
  } catch {
    return false;
  }
}

/**
 * One sweep of `ctx.storage` (see the module comment): its folder, or its bucket with the
 * unfinished multipart uploads and the local `.uploads/` folder (decision 295).
 * @param graceMs files modified less than this many milliseconds ago are kept.
 * @returns what was removed; a missing storage root is an empty sweep. Removal failures are
 *   logged and counted, never thrown; a failing database query or listing is thrown (nothing is
 *   removed then).
 */
export async function sweepStorage(ctx: AppContext, graceMs: number): Promise<SweepResult> {
  const result: SweepResult = { temp: 0, orphans: 0, bytes: 0, failed: 0 };
  const root = ctx.storage.location;
  const referenced = await referencedKeys(ctx);
  const entries: StorageEntry[] = [];
  for await (const entry of ctx.storage.entries()) entries.push(entry);
  const cutoff = Date.now() - graceMs;
  let keptForSafety = 0;
  for (const entry of entries) {
    const temp = entry.partial;
    const orphan = !temp && isKey(entry.name) && !referenced.has(entry.name);
    if (!temp && !orphan) continue;
    if (entry.modified.getTime() > cutoff) continue;
    if (orphan && referenced.size === 0) {
      keptForSafety += 1;
      continue;
    }
    try {
      await entry.remove();
    } catch (error) {
      result.failed += 1;
      ctx.log.error({ err: error, key: entry.name, root }, "storage sweep could not remove a file");
      continue;
    }
    if (temp) result.temp += 1;
    else result.orphans += 1;
    result.bytes += entry.size;
    ctx.log.debug({ key: entry.name, bytes: entry.size, temp }, "storage sweep removed a file");
  }
  if (keptForSafety > 0) {
    ctx.log.warn(
      { files: keptForSafety, root },
      "storage sweep kept unreferenced files: the database references no file at all",
    );
  }
  ctx.log.info({ ...result, root }, "storage sweep");
  return result;
}

/**
 * {@link sweepStorage} under the `storage-sweep` advisory lock (server/db/advisory-lock.ts): of
 * several processes sharing the database and the storage, one sweeps; null when another is.
 */
async function sweepOnce(ctx: AppContext, graceMs: number): Promise<SweepResult | null> {
  const release = await tryAdvisoryLock(ctx.db, ctx.dialect, "storage-sweep");
  if (!release) {
    ctx.log.debug("storage sweep skipped: another process is sweeping");
    return null;
  }
  try {
    return await sweepStorage(ctx, graceMs);
  } finally {
    await release();
  }
}

export type SweepSchedule = {
  /**
   * The sweep at start; resolves with its result (a failure is logged and resolves null, as
   * does a sweep another process is running).
   */
  first: Promise<SweepResult | null>;
  /** Stops the periodic sweeps. */
  stop: () => void;
};

/**
 * Sweeps now and then every `ctx.config.storageSweep.intervalMs` (0: only at start), keeping files
 * younger than `ctx.config.storageSweep.graceMs`. The timer is unref'd: it never keeps the
 * process alive. A failed sweep is logged and the next one runs as planned.
 */
export function startStorageSweeps(ctx: AppContext): SweepSchedule {
  const { graceMs, intervalMs } = ctx.config.storageSweep;
  let running: Promise<SweepResult | null> | undefined;
  const run = () => {
    running ??= sweepOnce(ctx, graceMs)
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, "storage sweep failed");
        return null;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = run();
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : undefined;
  timer?.unref();
  return { first, stop: () => clearInterval(timer) };
}
