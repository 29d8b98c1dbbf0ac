/**
 * `WEB_CONCURRENCY=N` (issue 19, decision 297): `npm start` runs N HTTP worker processes with
 * node:cluster, sharing one listening port (the primary accepts connections and hands them out
 * round-robin). The primary serves nothing: it checks the configuration once (and so writes the
 * generated session secret before any worker reads it), forks the workers, starts a new one when
 * one dies unexpectedly (at most once a second), and on SIGTERM passes the signal to every
 * worker, which drains and closes as one process does (server/http/shutdown.ts), then exits with
 * the workers (SIGINT of a terminal reaches the workers by itself). Each worker is a whole server/main.ts: its own database pool, read and PDF
 * pools (bounded per process, server/config.ts) and output cache; what they must agree on lives
 * in PostgreSQL (sessions, rate limits, sign-in failures, the catalogue version), and what must
 * run once takes an advisory lock (server/db/advisory-lock.ts).
 */
import cluster, { type Worker } from "node:cluster";
import { setTimeout as sleep } from "node:timers/promises";
import { boundedExecArgv } from "./process-bounds.ts";

/** Shortest time between two restarts of a dead worker, in milliseconds. */
const RESTART_DELAY_MS = 1_000;

/**
 * Runs in the cluster's primary: forks `count` workers (each running this process's entry
 * script again, `cluster.isWorker` true there) and keeps them running until a shutdown signal.
 * @returns when every worker has exited after a signal; the caller exits then.
 */
export async function runWorkers(count: number): Promise<void> {
  let stopping = false;
  const log = (msg: string) =>
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg })}\n`,
    );
  // every worker with the memory bounds (decision 540), whatever started the primary
  cluster.setupPrimary({ execArgv: boundedExecArgv() });
  const fork = (): Worker => cluster.fork();
  for (let i = 0; i < count; i += 1) fork();
  log(`started ${count} worker processes (WEB_CONCURRENCY)`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    void sleep(RESTART_DELAY_MS).then(() => {
      if (!stopping) fork();
    });
  });

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (!stopping) log(`${signal}: stopping the workers`);
      stopping = true;
      // Ctrl-C reaches the whole process group already, and a second signal would cut a
      // worker's requests in flight (server/http/shutdown.ts): only SIGTERM is passed on, so
      // a service manager signals the primary alone (systemd: KillMode=mixed)
      if (signal !== "SIGTERM") return;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    cluster.on("exit", () => {
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) resolve();
    });
  });
}
