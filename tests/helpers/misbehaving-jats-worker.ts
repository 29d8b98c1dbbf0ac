/**
 * A stand-in for server/features/fulltext/jats-worker.ts that misbehaves on request, for the
 * JATS pool's tests: a galley containing `<!--crash-->` ends the thread, `<!--hang-->` is never
 * answered; any other is answered at once with a one-paragraph tree (nothing is parsed, so the
 * thread starts quickly and its time limit measures only the misbehaviour).
 */
import { parentPort } from "node:worker_threads";

const port = parentPort!;
port.on("message", ({ id, job }: { id: number; job: { data: Uint8Array | string } }) => {
  const text = typeof job.data === "string" ? job.data : Buffer.from(job.data).toString("utf8");
  if (text.includes("<!--crash-->")) process.exit(3);
  if (text.includes("<!--hang-->")) return;
  port.postMessage({ id, value: { body: ["ok"] } });
});
