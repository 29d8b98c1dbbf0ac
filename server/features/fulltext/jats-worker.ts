/**
 * Worker thread of the JATS pool (./jats-pool.ts): does one {@link JatsJob} at a time
 * (./jats-jobs.ts) and answers its plain-data result. Loaded by Node directly (never bundled),
 * so it uses erasable TypeScript syntax only.
 *
 * Messages in: `{id: number, job: JatsJob}`. Messages out: `{id, value}` or
 * `{id, error: {name, message, reason?}}` (`name` `JatsRefusedError` with its `reason`, or
 * `JatsError`, for a file the checks refuse; anything else is a plain failure).
 */
import { parentPort } from "node:worker_threads";
import { type JatsJob, runJatsJob } from "./jats-jobs.ts";

if (!parentPort) throw new Error("jats-worker.ts runs as a worker thread of the JATS pool.");
const port = parentPort;

port.on("message", ({ id, job }: { id: number; job: JatsJob }) => {
  try {
    port.postMessage({ id, value: runJatsJob(job) });
  } catch (error) {
    const e = error as { name?: string; message?: string; reason?: string };
    port.postMessage({
      id,
      error: { name: e?.name ?? "Error", message: e?.message ?? String(error), reason: e?.reason },
    });
  }
});
