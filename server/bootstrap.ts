/**
 * Builds the process's {@link AppContext}: logger, database (migrated), storage, the pool of
 * PDF worker threads and the citation worker process (built here, outside the server bundle, so
 * their worker files resolve), and the usage buffer (written at close: decision 281).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";
import { migrate, openDatabase } from "./db/database.ts";
import { openReadPool } from "./db/read-pool.ts";
import { createCitationPool } from "./features/citations/citation-pool.ts";
import { createJatsPool } from "./features/fulltext/jats-pool.ts";
import { createUsageRecorder } from "./features/usage/recorder.ts";
import { LOG_REDACT_PATHS } from "./http/log-url.ts";
import type { AppContext } from "./services/context.ts";
import { createPdfPool } from "./services/pdf-pool.ts";
import { createStorage } from "./storage/create-storage.ts";

/**
 * Whether log lines are for a person: standard output is a terminal (`npm start` or `npm run
 * dev` in a shell; a service manager, a container log or a pipe gets JSON lines) and
 * pino-pretty, a development dependency, is installed.
 */
function prettyLogs(): boolean {
  if (!process.stdout.isTTY) return false;
  try {
    import.meta.resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON log lines are written to standard output in blocks of up to this many bytes, or
 * {@link LOG_FLUSH_MS} after the first line waiting, whichever comes first (decision 541).
 */
const LOG_BLOCK_BYTES = 4096;
/** Longest a JSON log line waits before it is written, ms. */
const LOG_FLUSH_MS = 100;

/**
 * pino logger at the configured level: one JSON object a line, or pino-pretty's coloured lines
 * on a terminal ({@link prettyLogs}, issue 20). JSON lines go out in blocks (decision 541): one
 * `write` per request cost as much as sending the cached answer it logged (issue 36), so lines
 * wait up to {@link LOG_FLUSH_MS} or {@link LOG_BLOCK_BYTES}; pino writes what waits when the
 * process exits (its `exit` handler), a crash included, not after a SIGKILL.
 */
export function createLogger(config: Config): Logger {
  const options = { level: config.logLevel, redact: LOG_REDACT_PATHS };
  if (prettyLogs()) return pino({ ...options, transport: { target: "pino-pretty" } });
  const destination = pino.destination({ dest: 1, minLength: LOG_BLOCK_BYTES, sync: false });
  let waiting = false; // a line waits in the block: the next tick writes it
  const timer = setInterval(() => {
    if (!waiting) return;
    waiting = false;
    try {
      destination.flush();
    } catch {
      clearInterval(timer); // the stream was closed: nothing more to write
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  const hooks = {
    streamWrite: (line: string) => {
      waiting = true;
      return line;
    },
  };
  return pino({ ...options, hooks }, destination);
}

/**
 * Opens and migrates the database and the storage named by `config`, and starts the PDF pool
 * (`config.pdfWorkers` threads at most; none when 0), the JATS pool (`config.jatsWorkers`,
 * decision 386) and the citation worker (started on first
 * use, decision 245). On SQLite, `ctx.readDb` is a pool of
 * `config.readWorkers` read-only worker connections (server/db/read-pool.ts); on PostgreSQL it
 * is `ctx.db`.
 * @returns the context and a `close` that stops both pools and releases the database.
 */
export async function createAppContext(
  config: Config,
  log: Logger = createLogger(config),
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const sqliteFile = `${config.dataDir}/athenaeum.sqlite`;
  const handle = config.databaseUrl
    ? openDatabase({
        databaseUrl: config.databaseUrl,
        onConnectionLost: (error) =>
          log.warn({ reason: error.message }, "PostgreSQL connection lost"),
      })
    : openDatabase({ sqliteFile });
  const applied = await migrate(handle);
  if (applied.length) log.info({ applied }, "database migrated");
  const readDb =
    handle.dialect === "sqlite" ? openReadPool(sqliteFile, config.readWorkers) : handle.db;
  const storage = createStorage(config); // a folder or an S3 bucket (decision 295)
  const pdfPool =
    config.pdfWorkers > 0
      ? createPdfPool({
          size: config.pdfWorkers,
          pdftotext: config.pdftotext,
          onFallback: (reason) =>
            log.warn({ reason }, "pdftotext could not read a PDF; pdf.js read it"),
        })
      : undefined;
  // in production the workers render full-text articles with the build's compiled renderer
  // (decision 530), found as server/main.ts finds the bundle
  const jatsPool =
    config.jatsWorkers > 0
      ? createJatsPool({
          size: config.jatsWorkers,
          rendererUrl:
            config.env === "production"
              ? pathToFileURL(
                  path.resolve(process.env.BUILD_DIR ?? "build", "server/fulltext-html.js"),
                )
              : undefined,
        })
      : undefined;
  const citationPool = createCitationPool();
  // COUNTER usage: buffered in memory, written every few seconds and at close (decision 281)
  const usage = config.usage.enabled
    ? createUsageRecorder({
        db: handle.db,
        dialect: handle.dialect,
        log,
        flushMs: config.usage.flushMs,
        sessionsPerNetwork: config.usage.sessionsPerNetwork,
      })
    : undefined;
  // attempt limits shared through Redis (decision 297); offline: refused at once, not queued
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  let redisDown = false; // one line an outage, not one a reconnection attempt
  redis?.on("error", (error: Error) => {
    if (!redisDown)
      log.warn({ reason: error.message }, "Redis unavailable: limits count in memory");
    redisDown = true;
  });
  redis?.on("ready", () => {
    if (redisDown) log.info("Redis available again");
    redisDown = false;
  });
  // A fresh start's first attempts count in Redis, not in this process's memory (where another
  // server would not see them): wait for the first connection, at most 2 s; past that the
  // in-memory insurance limiter counts until Redis answers.
  if (redis && redis.status !== "ready") {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  const ctx: AppContext = {
    db: handle.db,
    readDb,
    dialect: handle.dialect,
    storage,
    config,
    log,
    pdfPool,
    jatsPool,
    citationPool,
    usage,
    redis,
  };
  const close = async () => {
    await usage?.close(); // the last batch, before the database goes

    await pdfPool?.close();
    await jatsPool?.close();
    await citationPool.close();
    if (readDb !== handle.db) await readDb.destroy();
    redis?.disconnect();
    await handle.close();
  };
  return { ctx, close };
}
