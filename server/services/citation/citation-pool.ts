/**
 * One worker thread that formats 'Cite this paper' references (./citation-worker.ts), so the
 * citeproc engines' CPU (40–60 ms a paper, seconds for the first) never blocks the thread that
 * serves requests and their heap (~280 MB) is given back when nobody cites for a while
 * (docs/decisions/245-citations-off-the-page.md; the pattern of ../pdf-pool.ts).
 *
 * - The worker starts on the first job and stops after `idleMs` without work (default 5 min).
 * - Jobs run one at a time in arrival order; at most `maxQueue` wait, more fail at once with
 *   {@link CitationPoolError} `busy`.
 * - Each job has `timeoutMs` (default 120 s: building the engines took 56 s on a loaded
 *   machine) from being handed to a running worker: past it the worker is stopped and the job
 *   fails with {@link CitationPoolError} `timeout`; the next job gets a fresh worker.
 * - A worker that dies (crash, out of memory: `maxMemoryMb`) fails its job with
 *   {@link CitationPoolError} `crash` and is replaced for the next one.
 * - An item citation-js rejects fails with a plain Error (the worker lives on).
 *
 * Built outside the server bundle (server/bootstrap.ts) and handed around on the AppContext:
 * the worker file is found next to this module, which the bundle would not have.
 */
import { Worker } from "node:worker_threads";
import type { CslItem } from "@citation-js/core";
import type { FormattedCitation } from "./style-list.ts";

export type CitationPool = {
  /**
   * The item's reference in the six styles, formatted in the worker.
   * @throws CitationPoolError (busy, timeout, crash, closed); Error when citation-js fails.
   */
  format(item: CslItem): Promise<FormattedCitation[]>;
  /** Stops the worker; jobs waiting or running fail with `closed`. */
  close(): Promise<void>;
  /** Whether a worker thread is alive (for tests and logs). */
  readonly running: boolean;
};

export type CitationPoolOptions = {
  /** Milliseconds one job may take once its worker runs; default 120 000. */
  timeoutMs?: number;
  /** Milliseconds an idle worker stays alive; default 300 000 (5 min). */
  idleMs?: number;
  /** Most jobs waiting behind the running one; default 100. */
  maxQueue?: number;
  /** V8 heap limit of the worker, MB; default 768 (the six engines take ~280 MB). */
  maxMemoryMb?: number;
  /** Worker module; default ./citation-worker.ts (tests pass a misbehaving one). */
  workerUrl?: URL;
};

/** Why the pool could not format: the HTTP layer answers 503 to each. */
export class CitationPoolError extends Error {
  readonly reason: "busy" | "timeout" | "crash" | "closed";
  constructor(message: string, reason: CitationPoolError["reason"]) {
    super(message);
    this.name = "CitationPoolError";
    this.reason = reason;
  }
}

type Job = {
  id: number;
  item: CslItem;
  resolve: (styles: FormattedCitation[]) => void;
  reject: (error: Error) => void;
};

type Reply = { id: number; styles: FormattedCitation[] } | { id: number; error: string };

/** Makes the pool; no thread starts until the first {@link CitationPool.format}. */
export function createCitationPool(options: CitationPoolOptions = {}): CitationPool {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const idleMs = options.idleMs ?? 300_000;
  const maxQueue = options.maxQueue ?? 100;
  const workerUrl = options.workerUrl ?? new URL("./citation-worker.ts", import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb ?? 768 };
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  let worker: Worker | null = null;
  /** The thread is running: its start does not count against a job, building the engines does. */
  let online = false;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let idleTimer: NodeJS.Timeout | null = null;

  function clearTimers(): void {
    if (timer) clearTimeout(timer);
    if (idleTimer) clearTimeout(idleTimer);
    timer = idleTimer = null;
  }

  function stop(): Promise<number> | undefined {
    const w = worker;
    worker = null;
    online = false;
    clearTimers();
    if (!w) return undefined;
    w.removeAllListeners();
    w.on("error", () => {}); // a late error from a worker being stopped is expected
    return w.terminate();
  }

  /** Ends the running job with `error`, drops the worker and goes on with the queue. */
  function fail(error: Error): void {
    const job = current;
    current = null;
    void stop();
    job?.reject(error);
    dispatch();
  }

  function spawn(): Worker {
    const w = new Worker(workerUrl, { resourceLimits });
    w.once("online", () => {
      online = true;
      if (current) startTimer();
    });
    w.on("message", (reply: Reply) => {
      const job = current;
      if (!job || reply.id !== job.id) return;
      if (timer) clearTimeout(timer);
      timer = null;
      current = null;
      if ("styles" in reply) job.resolve(reply.styles);
      else job.reject(new Error(reply.error));
      dispatch();
    });
    w.on("error", (error) => {
      fail(new CitationPoolError(`the citation worker stopped (${error.message})`, "crash"));
    });
    w.on("exit", (code) => {
      if (worker !== w) return;
      fail(new CitationPoolError(`the citation worker stopped (exit code ${code})`, "crash"));
    });
    return w;
  }

  function startTimer(): void {
    timer = setTimeout(() => {
      fail(new CitationPoolError(`formatting took longer than ${timeoutMs / 1000} s`, "timeout"));
    }, timeoutMs);
  }

  function dispatch(): void {
    if (current) return;
    const job = queue.shift();
    if (!job) {
      // Idle: the thread does not keep the process alive, and goes after `idleMs`.
      if (worker && !idleTimer) {
        worker.unref();
        idleTimer = setTimeout(() => void stop(), idleMs);
        idleTimer.unref();
      }
      return;
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker ??= spawn();
    worker.ref();
    current = job;
    if (online) startTimer();
    worker.postMessage({ id: job.id, item: job.item });
  }

  return {
    get running() {
      return worker !== null;
    },
    format(item) {
      if (closed) {
        return Promise.reject(new CitationPoolError("The citation pool is closed.", "closed"));
      }
      if (queue.length >= maxQueue) {
        return Promise.reject(new CitationPoolError("Too many citations waiting.", "busy"));
      }
      return new Promise<FormattedCitation[]>((resolve, reject) => {
        queue.push({ id: nextId++, item, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopped = new CitationPoolError("The citation pool is closed.", "closed");
      const jobs = [...(current ? [current] : []), ...queue.splice(0)];
      current = null;
      for (const job of jobs) job.reject(stopped);
      await stop();
    },
  };
}
