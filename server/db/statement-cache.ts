/**
 * A SQLite connection that keeps its prepared statements. kysely-sqlite calls `prepare(sql)`
 * for every query (issue 11: 27% of API time was SQLite compiling the same few hundred SQL
 * texts again); here `prepare` returns the statement compiled earlier for the same text, from
 * a bounded least-recently-used cache.
 *
 * Reusing a statement is safe with kysely-sqlite 0.2: it only calls `columns()`, `all()`,
 * `run()` and `iterate()`, each of which resets and rebinds the statement, sets no
 * per-statement options, and runs one query at a time under its connection mutex (a stream
 * holds the mutex until it ends). SQLite recompiles a cached statement by itself after a schema
 * change (`sqlite3_prepare_v2`).
 */
import {
  DatabaseSync,
  type DatabaseSyncOptions,
  type PrepareOptions,
  type StatementSync,
} from "node:sqlite";

/** Statements kept per connection unless told otherwise (distinct SQL texts of the app). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * `DatabaseSync` whose `prepare(sql)` (without options) caches up to `cacheSize` statements by
 * their exact SQL text, dropping the least recently used beyond that. `prepare` with options
 * is not cached, since options change the statement's behaviour. `options` are `DatabaseSync`'s
 * own (`readOnly` for the read workers, server/db/read-worker.ts).
 */
export class StatementCachingDatabase extends DatabaseSync {
  readonly #statements = new Map<string, StatementSync>();
  readonly #cacheSize: number;

  constructor(file: string, cacheSize = STATEMENT_CACHE_SIZE, options?: DatabaseSyncOptions) {
    super(file, options ?? {});
    this.#cacheSize = cacheSize;
  }

  override prepare(sql: string, options?: PrepareOptions): StatementSync {
    if (options) return super.prepare(sql, options);
    const cached = this.#statements.get(sql);
    if (cached) {
      // A Map iterates in insertion order: re-inserting marks the statement most recent.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = super.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#cacheSize) {
      this.#statements.delete(this.#statements.keys().next().value!);
    }
    return statement;
  }

  override close(): void {
    this.#statements.clear();
    super.close();
  }
}
