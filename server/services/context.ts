/**
 * What every service function receives: the database, the file storage, the configuration and
 * a logger. Built once per process by `createAppContext`; tests build their own.
 */
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Dialect } from "../db/dialect.ts";
import type { Storage } from "../storage/storage.ts";

export type AppContext = {
  db: Db;
  dialect: Dialect;
  storage: Storage;
  config: Config;
  log: Logger;
};
