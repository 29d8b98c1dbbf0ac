/**
 * Child process of the citation pool (./citation-pool.ts): formats one CSL-JSON item at a time
 * in the six styles ({@link formatCitations}) and answers with the references. The citeproc
 * engines it builds on first use (~280 MB) live and die with this process; it exits when the
 * server's IPC channel closes (the server stopped or died). Loaded by Node directly (never
 * bundled), so it uses erasable TypeScript syntax only.
 *
 * Messages in: `{id: number, item: CslItem}`. Messages out: `{id, styles: FormattedCitation[]}`
 * or `{id, error: string}`.
 */
import type { CslItem } from "@citation-js/core";
import { formatCitations } from "./format.ts";

type Job = { id: number; item: CslItem };

const send = process.send?.bind(process);
if (!send) throw new Error("citation-worker.ts runs as a child process of the citation pool.");

process.on("disconnect", () => process.exit(0));
process.on("message", (job: Job) => {
  try {
    send({ id: job.id, styles: formatCitations(job.item) });
  } catch (error) {
    send({ id: job.id, error: (error as Error)?.message ?? String(error) });
  }
});
