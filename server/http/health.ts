/**
 * Probes for a load balancer or orchestrator (issue 7, decision 130), mounted before sessions
 * and request logging so they cost nothing and fill no log:
 *
 * - `GET /healthz`: the process is up and serving; 200 `ok`, touches nothing else.
 * - `GET /readyz`: the process can serve real requests; 200 `ready` when the database answers
 *   `select 1` within {@link READY_TIMEOUT_MS} and the storage folder is readable and writable (or the bucket answers),
 *   otherwise 503 `not ready: <what failed>` (logged as a warning) with `Retry-After`.
 *
 * Both answer `text/plain` with `Cache-Control: no-store`.
 */
import express, { type Router } from "express";
import { sql } from "kysely";
import type { AppContext } from "../services/context.ts";
import { RETRY_AFTER_SECONDS } from "./unavailable.ts";

/** Longest a readiness check waits for the database, in milliseconds. */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What stops the process from serving, or an empty list when it is ready. */
export async function readinessProblems(ctx: AppContext): Promise<string[]> {
  const [database, storage] = await Promise.allSettled([
    withTimeout(sql`select 1`.execute(ctx.db), READY_TIMEOUT_MS, "the database"),
    // a folder (created when missing) readable and writable, or a bucket that answers
    withTimeout(ctx.storage.check(), READY_TIMEOUT_MS, "the storage"),
  ]);
  const problems: string[] = [];
  if (database.status === "rejected") problems.push("database unreachable");
  if (storage.status === "rejected") problems.push("storage not readable and writable");
  return problems;
}

export function healthRouter(ctx: AppContext): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    const problems = await readinessProblems(ctx);
    res.set("Cache-Control", "no-store").type("text/plain");
    if (problems.length === 0) {
      res.send("ready");
      return;
    }
    ctx.log.warn({ problems }, "readiness check failed");
    res
      .status(503)
      .set("Retry-After", String(RETRY_AFTER_SECONDS))
      .send(`not ready: ${problems.join(", ")}`);
  });
  return router;
}
