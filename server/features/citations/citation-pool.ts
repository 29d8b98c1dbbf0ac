/**
 * One child process that formats 'Cite this paper' references (./citation-worker.ts), so the
 * citeproc engines' CPU (40–60 ms a paper, seconds for the first) never blocks the thread that
 * serves requests and their memory (~280 MB of heap) is given back to the system when nobody
 * cites for a while (docs/decisions/245-citations-off-the-page.md; the pattern of
 * ../pdf-pool.ts). A process, not a worker thread: a stopped thread's heap stayed in the
 * server's resident memory (588 → 566 MB measured), a process's goes with it.
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
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
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
  /** Whether a worker process is alive (for tests and logs). */
  readonly running: boolean;
};

export type CitationPoolOptions = {
  /** Milliseconds one job may take once its worker runs; default 120 000. */
  timeoutMs?: number;
  /** Milliseconds an idle worker stays alive; default 300 000 (5 min). */
  idleMs?: number;
  /** Most jobs waiting behind the running one; default 100. */
  maxQueue?: number;
  /** V8 heap limit of the worker process, MB; default 768 (the six engines take ~280 MB). */
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

/** Makes the pool; no process starts until the first {@link CitationPool.format}. */
export function createCitationPool(options: CitationPoolOptions = {}): CitationPool {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const idleMs = options.idleMs ?? 300_000;
  const maxQueue = options.maxQueue ?? 100;
  const workerUrl = options.workerUrl ?? new URL("./citation-worker.ts", import.meta.url);
  const execArgv = [`--max-old-space-size=${options.maxMemoryMb ?? 768}`];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  let worker: ChildProcess | null = null;
  /** The process is running: its start does not count against a job, building the engines does. */
  let online = false;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let idleTimer: NodeJS.Timeout | null = null;

  function clearTimers(): void {
    if (timer) clearTimeout(timer);
    if (idleTimer) clearTimeout(idleTimer);
    timer = idleTimer = null;
  }

  function stop(): Promise<void> | undefined {
    const w = worker;
    worker = null;
    online = false;
    clearTimers();
    if (!w) return undefined;
    w.removeAllListeners();
    w.on("error", () => {}); // a late error from a worker being stopped is expected
    if (w.exitCode !== null || w.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => w.once("exit", () => resolve()));
    w.kill("SIGKILL");
    return exited;
  }

  /** Ends the running job with `error`, drops the worker and goes on with the queue. */
  function fail(error: Error): void {
    const job = current;
    current = null;
    void stop();
    job?.reject(error);
    dispatch();
  }

  function spawn(): ChildProcess {
    // The server's own Node (24, which runs TypeScript); the child ends when the server does
    // (its IPC channel closes: ./citation-worker.ts).
    const w = fork(fileURLToPath(workerUrl), [], {
      execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    w.once("spawn", () => {
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
    w.on("exit", (code, signal) => {
      if (worker !== w) return;
      fail(
        new CitationPoolError(
          `the citation worker stopped (${signal ?? `exit code ${code}`})`,
          "crash",
        ),
      );
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
      // Idle: the child does not keep the server alive, and goes after `idleMs`.
      if (worker && !idleTimer) {
        worker.unref();
        worker.channel?.unref();
        idleTimer = setTimeout(() => void stop(), idleMs);
        idleTimer.unref();
      }
      return;
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker ??= spawn();
    worker.ref();
    worker.channel?.ref();
    current = job;
    if (online) startTimer();
    worker.send({ id: job.id, item: job.item });
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
