/**
 * One read-only SQLite connection in a worker thread, driven by server/db/read-pool.ts.
 *
 * Receives `{ id, sql, parameters }` and answers `{ id, rows }` or `{ id, error: { message,
 * code } }`. Loaded by Node directly (never bundled), so it uses only erasable TypeScript syntax
 * and imports only Node's own modules and ./statement-cache.ts (which does the same).
 *
 * Statements are kept by SQL text (./statement-cache.ts), as the main connection's are: the app
 * sends a few hundred distinct texts, every search of one shape the same one with other
 * parameters, so a search no longer compiles its statements again. (Issue 19 suspected the
 * statements left to the garbage collector of holding memory; 750 distinct searches at
 * 101,026 papers measured the same process RSS, 155–180 MB, either way.)
 */
import type { SQLInputValue } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { StatementCachingDatabase } from "./statement-cache.ts";

export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] };
export type ReadReply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code: string | undefined } };

const { file } = workerData as { file: string };
/** Distinct SQL texts kept per read worker. */
const STATEMENTS = 200;
const database = new StatementCachingDatabase(file, STATEMENTS, { readOnly: true });
database.exec("PRAGMA busy_timeout = 5000");

parentPort?.on("message", (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    const statement = database.prepare(request.sql);
    const args = request.parameters as SQLInputValue[];
    if (statement.columns().length > 0) {
      reply = { id: request.id, rows: statement.all(...args) };
    } else {
      statement.run(...args);
      reply = { id: request.id, rows: [] };
    }
  } catch (error) {
    const e = error as Error & { code?: string };
    reply = { id: request.id, error: { message: e.message, code: e.code } };
  }
  parentPort?.postMessage(reply);
});
