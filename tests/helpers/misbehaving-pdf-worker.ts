/**
 * A stand-in for server/services/pdf-worker.ts that misbehaves on request, for the PDF pool's
 * tests: last byte 1 ends the thread (a crash), 2 never answers (a hang), 3 throws an uncaught
 * error; anything else answers at once with the byte count as the page count.
 */
import { parentPort } from "node:worker_threads";

const port = parentPort!;
port.on("message", (job: { id: number; data: Uint8Array }) => {
  const kind = job.data.at(-1);
  if (kind === 1) process.exit(3);
  if (kind === 2) return;
  if (kind === 3)
    setImmediate(() => {
      throw new Error("boom");
    });
  else
    port.postMessage({
      id: job.id,
      info: { pageCount: job.data.length, encrypted: false, text: "ok" },
    });
});
