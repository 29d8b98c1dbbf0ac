/**
 * Work that runs once across the processes sharing one PostgreSQL database (issue 19, decision
 * 297): the first-start import and the storage sweep take a session-level advisory lock
 * (`pg_try_advisory_lock`) on a connection of their own, held until they are done; a process
 * that finds it taken skips the work, since another process is doing it. The lock goes with the
 * connection, so a process that dies releases it. Migrations need none of this: Kysely's
 * migrator takes its own advisory lock (kysely/dist/dialect/postgres/postgres-adapter.js).
 * SQLite serves one process (server/config.ts refuses `WEB_CONCURRENCY` above 1 on it), so there
 * the lock is always granted.
 */
import { sql } from "kysely";
import type { Db } from "./database.ts";
import type { Dialect } from "./dialect.ts";

/** Releases a held lock (and its connection); calling it again does nothing. */
export type ReleaseLock = () => Promise<void>;

/**
 * Takes the advisory lock named `name` (hashed with `hashtext('athenaeum:' || name)`) without
 * waiting.
 * @returns the release function, or null when another session holds the lock.
 * @throws the database's error when no connection can be had.
 */
export function tryAdvisoryLock(
  db: Db,
  dialect: Dialect,
  name: string,
): Promise<ReleaseLock | null> {
  if (dialect !== "postgres") return Promise.resolve(async () => {});
  const key = `athenaeum:${name}`;
  return new Promise<ReleaseLock | null>((resolve, reject) => {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let settled = false;
    db.connection()
      .execute(async (conn) => {
        const { rows } = await sql<{
          got: boolean;
        }>`select pg_try_advisory_lock(hashtext(${key})) as got`.execute(conn);
        if (!rows[0]?.got) {
          settled = true;
          resolve(null);
          return;
        }
        let unlocked = () => {};
        const done = new Promise<void>((r) => {
          unlocked = r;
        });
        settled = true;
        resolve(async () => {
          release();
          await done;
        });
        await released;
        try {
          await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
        } finally {
          unlocked();
        }
      })
      .catch((error: unknown) => {
        if (!settled) reject(error);
        // after the lock was granted: the connection broke, which released the lock too
      });
  });
}
