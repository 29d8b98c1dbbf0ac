/**
 * A pool of read-only SQLite connections, each in its own worker thread, behind a Kysely
 * instance (issue 11; docs/decisions/101-sqlite-read-pool.md). `node:sqlite` runs a query on the
 * calling thread, so one long search on the main connection holds up every other request; the
 * same query sent here runs in a worker while the event loop keeps serving.
 *
 * Each worker opens the file with `readOnly: true`: writes fail there, and in WAL mode a reader
 * sees the last committed state, never a writer's open transaction. Queries wait for a free
 * worker in arrival order. Not for `:memory:` databases (each connection would be a new, empty
 * database).
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Db } from "./database.ts";
import type { ReadReply, ReadRequest } from "./read-worker.ts";

/**
 * Each read worker's V8 heap bounds, MB (decision 540): a worker's heap is its own, sized by V8
 * from the machine's memory (up to 4 GB) unless bounded, and a long-lived worker keeps what it
 * grew to. Its heap holds one query's rows at a time (18–30 MB measured in search traffic,
 * decision 321); a query whose rows do not fit ends the worker with an error, the query fails
 * and the pool starts another worker. The same bounds as the process's defaults
 * (server/process-bounds.ts: 256 MB old, 16 MB semi-spaces, a 48 MB young generation); V8's
 * process-wide options, when given, take precedence over these.
 */
export const READ_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 48 };

/** Workers in a pool unless told otherwise. */
export const DEFAULT_READ_WORKERS = 2;

// Resolved beside this module, which only server/bootstrap.ts and tests import, so it is never
// inside the Vite server bundle and this path is the source file in dev, tests and production.
const WORKER_FILE = path.join(import.meta.dirname, "read-worker.ts");

type Pending = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };

/** One worker thread and the queries it has not answered yet. */
class WorkerConnection implements DatabaseConnection {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | undefined;

  constructor(file: string) {
    this.#worker = new Worker(WORKER_FILE, {
      workerData: { file },
      resourceLimits: READ_WORKER_LIMITS,
    });
    this.#worker.on("message", (reply: ReadReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if ("error" in reply) {
        pending.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      } else {
        pending.resolve(reply.rows);
      }
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`SQLite read worker exited (${code})`)));
    // An idle worker does not keep the process alive (a script that forgot to close the
    // context still exits); one with a query under way does. After the listeners, which ref.
    this.#worker.unref();
  }

  /** False once the worker died; the pool then replaces it. */
  get alive(): boolean {
    return this.#failure === undefined;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const request: ReadRequest = { id, sql: compiled.sql, parameters: compiled.parameters };
    return new Promise<QueryResult<R>>((resolve, reject) => {
      this.#pending.set(id, { resolve: (rows) => resolve({ rows: rows as R[] }), reject });
      this.#worker.ref();
      this.#worker.postMessage(request);
    });
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; the error is the answer
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("The SQLite read pool does not stream results.");
  }

  async close(): Promise<void> {
    this.#worker.removeAllListeners("exit");
    await this.#worker.terminate();
  }
}

class ReadPoolDriver implements Driver {
  #file: string;
  #size: number;
  #idle: WorkerConnection[] = [];
  #all = new Set<WorkerConnection>();
  #waiting: Array<(connection: WorkerConnection) => void> = [];

  constructor(file: string, size: number) {
    this.#file = file;
    this.#size = size;
  }

  async init(): Promise<void> {
    // workers start one at a time, as queries need them (acquireConnection): a process that
    // searches rarely, or a test that never does, runs one thread or none
  }

  #spawn(): WorkerConnection {
    const connection = new WorkerConnection(this.#file);
    this.#all.add(connection);
    return connection;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#idle.pop();
    if (connection) return this.#healthy(connection);
    if (this.#all.size < this.#size) return this.#spawn();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** The connection, or a fresh one in place of a worker that died. */
  #healthy(connection: WorkerConnection): WorkerConnection {
    if (connection.alive) return connection;
    this.#all.delete(connection);
    return this.#spawn();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const next = this.#healthy(connection as WorkerConnection);
    const waiter = this.#waiting.shift();
    if (waiter) waiter(next);
    else this.#idle.push(next);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.#all].map((c) => c.close()));
    this.#all.clear();
    this.#idle = [];
  }
}

class ReadPoolDialect implements Dialect {
  #file: string;
  #size: number;

  constructor(file: string, size: number) {
    this.#file = file;
    this.#size = size;
  }

  createDriver(): Driver {
    return new ReadPoolDriver(this.#file, this.#size);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Opens up to `size` (default {@link DEFAULT_READ_WORKERS}, at least 1) read-only connections
 * to the SQLite `file`. No worker starts before the first query; another starts only when a
 * query finds every running one busy.
 * @returns a Kysely instance over them; `destroy()` it to stop the workers.
 * @throws Error for `:memory:` (each connection would open its own empty database).
 */
export function openReadPool(file: string, size = DEFAULT_READ_WORKERS): Db {
  if (file === ":memory:" || file === "") {
    throw new Error("A read pool needs a database file; use the main connection for :memory:.");
  }
  return new Kysely({ dialect: new ReadPoolDialect(file, Math.max(1, Math.floor(size))) });
}
