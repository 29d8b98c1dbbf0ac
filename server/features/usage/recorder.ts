/**
 * The process's usage buffer (issue 17, "Cost"; docs/decisions/281-usage-across-processes.md).
 * A counted request only appends to memory ({@link UsageRecorder.record}); every `flushMs`
 * (at most 30 s) and at shutdown the buffer is written by ./store.ts in one transaction. A
 * write that fails (the database away) keeps its events for the next try, so nothing is lost
 * while the process runs; a clean stop writes the last batch; a crash loses at most the events
 * of the last `flushMs`.
 *
 * Built once per process by server/bootstrap.ts (outside the server bundle, decision 235) and
 * reached by the request hook as `ctx.usage`.
 */
import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../../db/database.ts";
import type { Dialect } from "../../db/dialect.ts";
import { hourOf, SESSIONS_PER_NETWORK } from "./network-limit.ts";
import { type PendingEvent, pruneUsageEvents, storeUsageBatch } from "./store.ts";

/** Events kept in memory at most while the database is away; newer ones are dropped (logged). */
export const MAX_BUFFERED = 100_000;
/** How often old events and salts are deleted, ms. */
const PRUNE_EVERY_MS = 10 * 60_000;

export type UsageRecorder = {
  /** Appends one access to the buffer: no I/O. */
  record(event: Omit<PendingEvent, "id">): void;
  /**
   * Writes everything buffered so far (waiting for a write already running).
   * @throws the database's error; the events stay buffered for the next flush.
   */
  flush(): Promise<void>;
  /** Stops the timer and writes the buffer one last time (a failure is logged). */
  close(): Promise<void>;
  /** Events waiting to be written. */
  readonly pending: number;
};

export type UsageRecorderOptions = {
  db: Db;
  dialect: Dialect;
  log: Logger;
  /** Milliseconds between flushes; 0 flushes only when asked (tests). */
  flushMs: number;
  /**
   * User-sessions counted per client network and hour (`USAGE_SESSIONS_PER_NETWORK`,
   * decision 391); default {@link SESSIONS_PER_NETWORK}.
   */
  sessionsPerNetwork?: number;
  /** The clock, ms since 1970 (tests replace it). */
  now?: () => number;
};

export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { db, dialect, log } = options;
  const now = options.now ?? Date.now;
  const token = randomBytes(6).toString("base64url");
  let sequence = 0;
  let buffer: PendingEvent[] = [];
  let dropped = 0;
  let running: Promise<void> = Promise.resolve();
  let lastPrune = 0;
  let lastOverLimitHour = -1;

  const writeOnce = async () => {
    const batch = buffer;
    buffer = [];
    let overLimit: number;
    try {
      ({ overLimit } = await storeUsageBatch(
        db,
        dialect,
        batch,
        options.sessionsPerNetwork ?? SESSIONS_PER_NETWORK,
      ));
    } catch (error) {
      // keep them, oldest first, within the bound
      buffer = [...batch, ...buffer].slice(0, MAX_BUFFERED);
      throw error;
    }
    // once an hour: a site behind a proxy without TRUST_PROXY sees one address for everybody
    if (overLimit > 0 && hourOf(now()) !== lastOverLimitHour) {
      lastOverLimitHour = hourOf(now());
      log.warn(
        { notCounted: overLimit, sessionsPerNetwork: options.sessionsPerNetwork },
        "usage: accesses of client networks past USAGE_SESSIONS_PER_NETWORK user-sessions this hour not counted (if every request comes from one proxy, set TRUST_PROXY)",
      );
    }
    if (now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now();
      await pruneUsageEvents(db, lastPrune);
    }
  };

  const flush = (): Promise<void> => {
    const next = running.catch(() => {}).then(writeOnce);
    running = next;
    return next;
  };

  const timer =
    options.flushMs > 0
      ? setInterval(() => {
          if (buffer.length === 0 && now() - lastPrune < PRUNE_EVERY_MS) return;
          flush().catch((error: unknown) =>
            log.warn(
              { err: error, pending: buffer.length },
              "usage counts not written yet; kept for the next try",
            ),
          );
        }, options.flushMs)
      : undefined;
  timer?.unref();

  return {
    record(event) {
      if (buffer.length >= MAX_BUFFERED) {
        if (dropped++ % 10_000 === 0) {
          log.warn({ dropped }, "usage buffer full (database away?): accesses not counted");
        }
        return;
      }
      sequence += 1;
      buffer.push({ ...event, id: `${token}-${sequence}` });
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        log.error(
          { err: error, lost: buffer.length },
          "usage counts could not be written at shutdown",
        );
      }
    },
    get pending() {
      return buffer.length;
    },
  };
}
