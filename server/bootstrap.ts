/**
 * Builds the process's {@link AppContext}: logger, database (migrated), storage.
 */
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";
import { migrate, openDatabase } from "./db/database.ts";
import type { AppContext } from "./services/context.ts";
import { createLocalStorage } from "./storage/storage.ts";

/** pino logger at the configured level; pretty output when attached to a terminal in development. */
export function createLogger(config: Config): Logger {
  const pretty = config.env === "development" && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ["req.headers.cookie", 'res.headers["set-cookie"]', "req.headers.authorization"],
    ...(pretty ? { transport: { target: "pino-pretty" } } : {}),
  });
}

/**
 * Opens and migrates the database and the storage named by `config`.
 * @returns the context and a `close` that releases the database.
 */
export async function createAppContext(
  config: Config,
  log: Logger = createLogger(config),
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const handle = config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ sqliteFile: `${config.dataDir}/athenaeum.sqlite` });
  const applied = await migrate(handle);
  if (applied.length) log.info({ applied }, "database migrated");
  const storage = createLocalStorage(config.filesDir);
  const ctx: AppContext = { db: handle.db, dialect: handle.dialect, storage, config, log };
  return { ctx, close: handle.close };
}
