/**
 * What every service function receives: the database (and its reader for long queries), the
 * file storage, the configuration and a logger. Built once per process by `createAppContext`; tests build their own.
 */
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Dialect } from "../db/dialect.ts";
import type { CitationPool } from "../features/citations/citation-pool.ts";
import type { JatsPool } from "../features/fulltext/jats-pool-types.ts";
import type { UsageRecorder } from "../features/usage/recorder.ts";
import type { Storage } from "../storage/storage.ts";
import type { PdfPool } from "./pdf-pool.ts";

export type AppContext = {
  db: Db;
  /**
   * For long reads that need not see the caller's open transaction (search, sitemap, feed,
   * OAI-PMH lists): on a SQLite file, a pool of read-only connections in worker threads, so the
   * event loop keeps serving meanwhile (server/db/read-pool.ts); otherwise `db` itself.
   */
  readDb: Db;
  dialect: Dialect;
  storage: Storage;
  config: Config;
  log: Logger;
  /** Worker threads reading PDFs (server/bootstrap.ts); without one, pdf.js runs in this thread. */
  pdfPool?: PdfPool;
  /**
   * Worker threads parsing JATS galleys (server/bootstrap.ts, decision 386); without one
   * (`JATS_WORKERS=0`), they are parsed in this thread.
   */
  jatsPool?: JatsPool;
  /**
   * The child process formatting 'Cite this paper' references (server/bootstrap.ts, decision
   * 245); without one they are formatted in this thread.
   */
  citationPool?: CitationPool;
  /**
   * The first-start import running in this process (server/import/seed.ts), read by the home
   * page's notice; absent when none runs.
   */
  importStatus?: ImportStatus;
  /**
   * The process's buffer of counted accesses (server/features/usage/recorder.ts, built by
   * server/bootstrap.ts); absent when counting is off (`USAGE_COUNTING=off`) and in tests that
   * do not count.
   */
  usage?: UsageRecorder;
  /**
   * The Redis client of `REDIS_URL` (server/bootstrap.ts) where the attempt limits are counted,
   * shared by every server (decision 297); absent without one.
   */
  redis?: Redis;
};

/** Progress of a corpus import: papers done (created, found or skipped) of `total`. */
export type ImportStatus = {
  state: "running" | "done" | "failed";
  done: number;
  /** Papers in the manifest; null until it has been read. */
  total: number | null;
};
