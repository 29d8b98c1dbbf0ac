/**
 * Worker thread of the PDF pool (./pdf-pool.ts): reads one PDF at a time with pdf.js
 * ({@link inspectPdf}) and answers with its page count and text. Loaded by Node directly (never
 * bundled), so it uses erasable TypeScript syntax only.
 *
 * Messages in: `{id: number, data: Uint8Array, limits: PdfLimits}`. Messages out: `{id, info: PdfInfo}` or
 * `{id, error: {name, message}}` (`name` `UnreadablePdfError` for a file pdf.js cannot open).
 */
import { parentPort } from "node:worker_threads";
import { inspectPdf, type PdfLimits } from "./pdf.ts";

type Job = { id: number; data: Uint8Array; limits: PdfLimits };

if (!parentPort) throw new Error("pdf-worker.ts runs as a worker thread of the PDF pool.");
const port = parentPort;

port.on("message", async (job: Job) => {
  try {
    const info = await inspectPdf(job.data, job.limits);
    port.postMessage({ id: job.id, info });
  } catch (error) {
    const e = error as { name?: string; message?: string };
    port.postMessage({
      id: job.id,
      error: { name: e?.name ?? "Error", message: e?.message ?? String(error) },
    });
  }
});
