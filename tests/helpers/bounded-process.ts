/**
 * A child process for tests/unit/process-bounds.test.ts, started as scripts/start.ts is: it
 * applies the memory bounds to itself first (server/process-bounds.ts), then prints one JSON
 * line: its process id, Node options, `MALLOC_ARENA_MAX`, V8's heap limit in MB
 * (`v8.getHeapStatistics().heap_size_limit`) and the heap limit of a worker thread started with
 * the read pool's limits (server/db/read-pool.ts).
 */
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { READ_WORKER_LIMITS } from "../../server/db/read-pool.ts";
import { applyProcessBounds } from "../../server/process-bounds.ts";

applyProcessBounds(import.meta.filename);

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const worker = new Worker(
  `require("node:worker_threads").parentPort.postMessage(require("node:v8").getHeapStatistics().heap_size_limit)`,
  { eval: true, resourceLimits: READ_WORKER_LIMITS },
);
const workerLimit = await new Promise<number>((resolve) => worker.once("message", resolve));
await worker.terminate();
console.log(
  JSON.stringify({
    pid: process.pid,
    execArgv: process.execArgv,
    mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null,
    heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
    readWorkerHeapLimitMb: mb(workerLimit),
  }),
);
