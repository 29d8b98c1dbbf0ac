/**
 * The catalogue version (issue 11): an integer in the database (table `catalogue_state`, one
 * row) that every catalogue write increments inside its own transaction, so it changes exactly
 * when readers could see something new, and every server process on the same database agrees on
 * it. Public pages and API answers are cached per version (server/http/output-cache.ts).
 *
 * Catalogue writes are those of journals, publications (issues and their editors), papers,
 * proceedings and their events, and partners: every function in server/services/{journals,
 * publications,papers,proceedings,partners}/commands.ts, which the API and the importer share.
 */
import type { Db } from "../db/database.ts";
import type { AppContext } from "./context.ts";

/**
 * Increments the version inside `trx` (a transaction, or the database for a write that is not
 * one). Call it as the last statement of a catalogue write transaction: on PostgreSQL it locks
 * the row until the commit, so taking it last keeps the lock short and the lock order the same
 * in every transaction (no deadlock). Usually called through `writeCatalogue` (./write.ts).
 */
export async function bumpCatalogueVersion(trx: Db): Promise<void> {
  await trx
    .updateTable("catalogue_state")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

// Which in-process code wants to hear of a committed catalogue write (the output cache, to stop
// reusing the version it read). A notice only shortens a wait: the database stays the source of
// truth, and a write nobody announced (another process) is seen when the reused value expires.
const listeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` after each catalogue write committed through `db` in this process.
 * @returns a function that stops the calls.
 */
export function onCatalogueWrite(db: Db, listener: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells this process's listeners of `db` that a catalogue write committed. */
export function announceCatalogueWrite(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/**
 * The current version: one primary-key read, never cached here (the caller decides how long a
 * value may be reused).
 * @returns a positive integer.
 */
export async function currentCatalogueVersion(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom("catalogue_state")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
