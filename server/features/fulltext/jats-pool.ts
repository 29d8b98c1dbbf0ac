/**
 * A pool of worker threads that parse JATS galleys and build what their callers need of them
 * (./jats-worker.ts, ./jats-jobs.ts), so a galley's parse and tree (seconds for the largest
 * accepted on a loaded machine) never block the thread that serves requests
 * (docs/decisions/386-jats-off-the-event-loop.md; the pattern of server/services/pdf-pool.ts).
 * The serving thread only receives the finished answer, a structured clone of plain data.
 *
 * - Workers start on demand, at most `size` at once (`JATS_WORKERS`, default 1), and stop
 *   after `idleMs` without work.
 * - At most `maxQueue` jobs wait for a worker; more fail at once with {@link JatsPoolError} `busy`.
 * - Each job has `timeoutMs` (default 30 s) from being handed to a running worker (a fresh
 *   thread's start is not counted): past it the worker is stopped and the job fails with
 *   {@link JatsPoolError} `timeout`; the next job gets a fresh worker.
 * - A worker that dies (out of memory: `maxMemoryMb` of heap each) fails its job with
 *   {@link JatsPoolError} `crash` and is replaced for the next one.
 * - A file the checks refuse fails with the same errors as in this thread: `JatsRefusedError`
 *   (./jats-read.ts), `JatsError` (server/import/jats.ts).
 *
 * Built outside the server bundle (server/bootstrap.ts) and handed around on the AppContext:
 * the worker file is found next to this module, which the bundle would not have.
 */
import { Worker } from "node:worker_threads";
import { JatsError } from "../../import/jats.ts";
import { runJatsJob } from "./jats-jobs.ts";
import type { JatsAnswers, JatsJob, JatsJobOf, JatsPool } from "./jats-pool-types.ts";
import { JatsRefusedError } from "./jats-read.ts";

export type { JatsPool } from "./jats-pool-types.ts";

export type JatsPoolOptions = {
  /** Most workers at once, at least 1 (`JATS_WORKERS`). */
  size: number;
  /** Milliseconds one job may take once its worker runs; default {@link JATS_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Milliseconds an idle worker stays alive; default 5 min. */
  idleMs?: number;
  /** Most jobs waiting for a worker; default {@link JATS_MAX_QUEUE}. */
  maxQueue?: number;
  /** V8 heap limit per worker, MB; default {@link JATS_WORKER_MB}. */
  maxMemoryMb?: number;
  /** Worker module; default ./jats-worker.ts (tests pass a misbehaving one). */
  workerUrl?: URL;
  /**
   * The built article renderer the workers load for `page` jobs (`build/server/fulltext-html.js`
   * in production, decision 530); default (or absent): the sources (./jats-renderer.ts).
   */
  rendererUrl?: URL;
};

/**
 * Time limit of one job: 30 s, five times the largest accepted galley's parse and tree on the
 * loaded 2-core benchmark machine (decision 385: 6 s at most).
 */
export const JATS_TIMEOUT_MS = 30_000;

/** Most jobs waiting for a worker: 16 (about a minute of the largest galleys on one worker). */
export const JATS_MAX_QUEUE = 16;

/**
 * Heap of one worker, MB: 512. The largest galley of the benchmark (38,718 elements, 1.5 MB)
 * used about 110 MB of heap once parsed and walked, and completed within a 96 MB old
 * generation (decision 386); the rest leaves room for a galley of as many elements with up to
 * `MAX_JATS_MB` of text. A galley over the limits never reaches the parser (decision 385).
 */
export const JATS_WORKER_MB = 512;

/** Why the pool could not answer: the HTTP layer answers 503 to each. */
/** Whether `error` is a {@link JatsPoolError}, by its name (see `isJatsRefused`, ./jats-read.ts). */
export function isJatsPoolError(error: unknown): error is JatsPoolError {
  return error instanceof Error && error.name === "JatsPoolError" && "reason" in error;
}

export class JatsPoolError extends Error {
  override name = "JatsPoolError";
  readonly reason: "busy" | "timeout" | "crash" | "closed";
  constructor(message: string, reason: JatsPoolError["reason"]) {
    super(message);
    this.reason = reason;
  }
}

type Job = {
  id: number;
  job: JatsJob;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  /** The thread is running (its start, slow on a busy machine, does not count against a job). */
  online: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
};

type Reply =
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string; reason?: string } };

/** The error a worker reported, as this thread would have thrown it. */
function thrown(error: { name: string; message: string; reason?: string }): Error {
  if (error.name === "JatsRefusedError") {
    return new JatsRefusedError(
      error.message,
      error.reason === "too_large" ? "too_large" : "invalid",
    );
  }
  if (error.name === "JatsError") return new JatsError(error.message);
  return new Error(error.message);
}

/** Starts a pool (no worker runs until the first job arrives). */
export function createJatsPool(options: JatsPoolOptions): JatsPool {
  const size = Math.max(1, Math.floor(options.size));
  const timeoutMs = options.timeoutMs ?? JATS_TIMEOUT_MS;
  const idleMs = options.idleMs ?? 300_000;
  const maxQueue = options.maxQueue ?? JATS_MAX_QUEUE;
  const workerUrl = options.workerUrl ?? new URL("./jats-worker.ts", import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb ?? JATS_WORKER_MB };
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot): void {
    slots.delete(slot);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => {}); // a late error from a worker being stopped is expected
    void slot.worker.terminate();
  }

  /** Ends `slot`'s job with `error`, replaces its worker and goes on with the queue. */
  function fail(slot: Slot, error: Error): void {
    const job = slot.job;
    slot.job = null;
    retire(slot);
    job?.reject(error);
    dispatch();
  }

  function spawn(): Slot {
    const worker = new Worker(workerUrl, {
      resourceLimits,
      workerData: { renderer: options.rendererUrl?.href },
    });
    const slot: Slot = { worker, online: false, job: null, timer: null, idleTimer: null };
    worker.once("online", () => {
      slot.online = true;
      if (slot.job) startTimer(slot);
    });
    worker.on("message", (reply: Reply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      slot.job = null;
      if ("error" in reply) job.reject(thrown(reply.error));
      else job.resolve(reply.value);
      release(slot);
      dispatch();
    });
    worker.on("error", (error) => {
      fail(slot, new JatsPoolError(`the JATS reader stopped (${error.message})`, "crash"));
    });
    worker.on("exit", (code) => {
      if (!slots.has(slot)) return;
      fail(slot, new JatsPoolError(`the JATS reader stopped (exit code ${code})`, "crash"));
    });
    slots.add(slot);
    return slot;
  }

  /** An idle worker does not keep the process alive and stops after `idleMs`. */
  function release(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => retire(slot), idleMs);
    slot.idleTimer.unref();
  }

  function run(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    slot.worker.ref();
    if (slot.online) startTimer(slot);
    slot.worker.postMessage({ id: job.id, job: job.job });
  }

  function startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 100) / 10;
      fail(slot, new JatsPoolError(`reading the JATS took longer than ${seconds} s`, "timeout"));
    }, timeoutMs);
  }

  function dispatch(): void {
    while (queue.length) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  return {
    size,
    run<K extends keyof JatsAnswers>(job: JatsJobOf<K>): Promise<JatsAnswers[K]> {
      if (closed) {
        return Promise.reject(new JatsPoolError("The JATS pool is closed.", "closed"));
      }
      if (queue.length >= maxQueue) {
        return Promise.reject(new JatsPoolError("Too many JATS files waiting.", "busy"));
      }
      return new Promise<JatsAnswers[K]>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const stopped = new JatsPoolError("The JATS pool is closed.", "closed");
      for (const job of queue.splice(0)) job.reject(stopped);
      const running = [...slots];
      for (const slot of running) {
        const job = slot.job;
        slot.job = null;
        job?.reject(stopped);
      }
      slots.clear();
      await Promise.all(
        running.map((slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          slot.worker.removeAllListeners();
          slot.worker.on("error", () => {});
          return slot.worker.terminate();
        }),
      );
    },
  };
}

/**
 * `job`'s answer from `ctx.jatsPool`, or worked out in this thread when the context has none
 * (`JATS_WORKERS=0`).
 * @throws as {@link JatsPool.run}.
 */
export async function runJats<K extends keyof JatsAnswers>(
  ctx: { jatsPool?: JatsPool },
  job: JatsJobOf<K>,
): Promise<JatsAnswers[K]> {
  return ctx.jatsPool ? ctx.jatsPool.run(job) : runJatsJob(job);
}
