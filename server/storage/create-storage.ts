/**
 * The storage the configuration names (decision 295): apart from ./storage.ts and
 * ./s3-storage.ts, which it chooses between, so the import graph has no cycle.
 */
import type { Config } from "../config.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createLocalStorage, type Storage } from "./storage.ts";

/**
 * The storage `config` names: the bucket of `STORAGE_URL=s3://…`, else the folder
 * `config.filesDir`.
 */
export function createStorage(config: Config): Storage {
  return config.s3
    ? createS3Storage(config.s3, config.filesDir)
    : createLocalStorage(config.filesDir);
}
