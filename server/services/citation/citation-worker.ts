/**
 * Worker thread of the citation pool (./citation-pool.ts): formats one CSL-JSON item at a time
 * in the six styles ({@link formatCitations}) and answers with the references. The citeproc
 * engines it builds on first use (~280 MB) live and die with this thread. Loaded by Node
 * directly (never bundled), so it uses erasable TypeScript syntax only.
 *
 * Messages in: `{id: number, item: CslItem}`. Messages out: `{id, styles: FormattedCitation[]}`
 * or `{id, error: string}`.
 */
import { parentPort } from "node:worker_threads";
import type { CslItem } from "@citation-js/core";
import { formatCitations } from "./format.ts";

type Job = { id: number; item: CslItem };

if (!parentPort)
  throw new Error("citation-worker.ts runs as a worker thread of the citation pool.");
const port = parentPort;

port.on("message", (job: Job) => {
  try {
    port.postMessage({ id: job.id, styles: formatCitations(job.item) });
  } catch (error) {
    port.postMessage({ id: job.id, error: (error as Error)?.message ?? String(error) });
  }
});
