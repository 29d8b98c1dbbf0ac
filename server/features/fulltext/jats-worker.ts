/**
 * Worker thread of the JATS pool (./jats-pool.ts): does one {@link JatsJob} at a time
 * (./jats-jobs.ts) and answers its plain-data result. Loaded by Node directly (never bundled),
 * so it uses erasable TypeScript syntax only.
 *
 * `workerData.renderer`: the URL of the built article renderer (./jats-renderer.ts), loaded for
 * the first `page` job; absent, the sources are compiled as they load.
 *
 * Messages in: `{id: number, job: JatsJob}`. Messages out: `{id, value}` or
 * `{id, error: {name, message, reason?}}` (`name` `JatsRefusedError` with its `reason`, or
 * `JatsError`, for a file the checks refuse; anything else is a plain failure).
 */
import { parentPort, workerData } from "node:worker_threads";
import { type JatsJob, runJatsJob } from "./jats-jobs.ts";
import { loadPageRenderer, type PageRenderer } from "./jats-renderer.ts";

if (!parentPort) throw new Error("jats-worker.ts runs as a worker thread of the JATS pool.");
const port = parentPort;
const rendererUrl = (workerData as { renderer?: string } | null)?.renderer;
let renderer: Promise<PageRenderer> | undefined;

port.on("message", async ({ id, job }: { id: number; job: JatsJob }) => {
  try {
    // loaded once, for the first page (a second or so of this thread, not the serving one's)
    if (job.kind === "page") renderer ??= loadPageRenderer(rendererUrl);
    const render = job.kind === "page" ? await renderer : undefined;
    port.postMessage({ id, value: runJatsJob(job, render) });
  } catch (error) {
    const e = error as { name?: string; message?: string; reason?: string };
    port.postMessage({
      id,
      error: { name: e?.name ?? "Error", message: e?.message ?? String(error), reason: e?.reason },
    });
  }
});
