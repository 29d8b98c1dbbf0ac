/**
 * A pool of worker threads that read PDFs with pdf.js (./pdf-worker.ts), so text extraction
 * runs on several cores and never blocks the thread that serves requests (issue 11,
 * docs/decisions/120-import-at-scale.md).
 *
 * With `pdftotext` set (docs/decisions/180-pdf-text-extractor.md) each PDF is first given to
 * that program (./pdftotext.ts), at most `size` processes at once, under the same time limit;
 * a PDF it cannot read (damaged, crash) goes on to the pdf.js workers, which decide as before.
 * No pdf.js worker starts until such a PDF arrives.
 *
 * - Workers start on demand, at most `size` at once, and stop after `idleMs` without work.
 * - Each PDF has `timeoutMs` (default 60 s) from being handed to a running worker (a fresh
 *   thread's start is not counted; loading pdf.js is): past it the worker is stopped and the PDF
 *   fails with {@link PdfExtractionError} `timeout`; the next PDF gets a fresh worker.
 * - A worker that dies while reading (pdf.js crash, out of memory: `maxMemoryMb` per worker)
 *   fails that PDF with {@link PdfExtractionError} `crash` and is replaced for the next one.
 * - A PDF pdf.js cannot open fails with {@link UnreadablePdfError}, as in this thread.
 *
 * Built outside the server bundle (server/bootstrap.ts) and handed around on the AppContext:
 * the worker file is found next to this module, which the bundle would not have.
 */
import { Worker } from "node:worker_threads";
import {
  DEFAULT_PDF_LIMITS,
  encryptedPdf,
  PdfExtractionError,
  type PdfInfo,
  type PdfLimits,
  UnreadablePdfError,
} from "./pdf.ts";
import { readWithPdftotext } from "./pdftotext.ts";

export type PdfPool = {
  /**
   * Page count and text of `data` (not modified; the worker gets a copy), within `limits`
   * (default {@link DEFAULT_PDF_LIMITS}; decision 271).
   * @throws UnreadablePdfError, PdfExtractionError; Error once the pool is closed.
   */
  inspect(data: Uint8Array, limits?: PdfLimits): Promise<PdfInfo>;
  /** Stops every worker; PDFs still waiting or being read fail. */
  close(): Promise<void>;
  /** Most workers (and pdftotext processes) running at once. */
  readonly size: number;
  /** Which program reads a PDF first. */
  readonly extractor: "pdftotext" | "pdfjs";
};

export type PdfPoolOptions = {
  /** Most workers at once, at least 1. */
  size: number;
  /** Milliseconds one PDF may take; default {@link PDF_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Milliseconds an idle worker stays alive; default 2 min (a warm pdf.js is much faster). */
  idleMs?: number;
  /**
   * V8 heap limit per worker, MB; default 2048. (1024 made pdf.js spend about a third more CPU
   * in garbage collection; docs/decisions/120-import-at-scale.md.)
   */
  maxMemoryMb?: number;
  /** Worker module; default ./pdf-worker.ts (tests pass a misbehaving one). */
  workerUrl?: URL;
  /** Path of Poppler's pdftotext to read PDFs with first; null or absent: pdf.js only. */
  pdftotext?: string | null;
  /** Told why pdftotext could not read a PDF that pdf.js then read (for a log line). */
  onFallback?: (reason: string) => void;
};

/** Time limit for reading one PDF: 60 s. */
export const PDF_TIMEOUT_MS = 60_000;

type Job = {
  id: number;
  data: Uint8Array;
  limits: PdfLimits;
  resolve: (info: PdfInfo) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  /** The thread is running (its start, slow on a busy machine, does not count against a PDF). */
  online: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
};

type Reply =
  | { id: number; info: PdfInfo }
  | { id: number; error: { name: string; message: string } };

/** Starts a pool (no worker runs until the first PDF arrives). */
export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const size = Math.max(1, Math.floor(options.size));
  const timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  const idleMs = options.idleMs ?? 120_000;
  const workerUrl = options.workerUrl ?? new URL("./pdf-worker.ts", import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: options.maxMemoryMb ?? 2048 };
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
    const worker = new Worker(workerUrl, { resourceLimits });
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
      if ("info" in reply) {
        job.resolve(reply.info);
      } else {
        const { name, message } = reply.error;
        job.reject(
          name === "UnreadablePdfError" ? new UnreadablePdfError(message) : new Error(message),
        );
      }
      release(slot);
      dispatch();
    });
    worker.on("error", (error) => {
      fail(slot, new PdfExtractionError(`the PDF reader stopped (${error.message})`, "crash"));
    });
    worker.on("exit", (code) => {
      if (!slots.has(slot)) return;
      fail(slot, new PdfExtractionError(`the PDF reader stopped (exit code ${code})`, "crash"));
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
    slot.worker.postMessage({ id: job.id, data: job.data, limits: job.limits });
  }

  function startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 100) / 10;
      fail(
        slot,
        new PdfExtractionError(`reading the PDF took longer than ${seconds} s`, "timeout"),
      );
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

  function withPdfJs(data: Uint8Array, limits: PdfLimits): Promise<PdfInfo> {
    if (closed) return Promise.reject(new Error("The PDF pool is closed."));
    return new Promise<PdfInfo>((resolve, reject) => {
      queue.push({ id: nextId++, data, limits, resolve, reject });
      dispatch();
    });
  }

  const pdftotext = options.pdftotext ?? null;
  let active = 0;
  const waiting: (() => void)[] = [];
  const stopping = new AbortController();

  async function withPdftotext(
    binary: string,
    data: Uint8Array,
    limits: PdfLimits,
  ): Promise<PdfInfo> {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    let result: Awaited<ReturnType<typeof readWithPdftotext>>;
    try {
      if (closed) throw new Error("The PDF pool is closed.");
      result = await readWithPdftotext(data, {
        binary,
        timeoutMs,
        limits,
        signal: stopping.signal,
      });
    } finally {
      active--;
      waiting.shift()?.();
    }
    if (closed) throw new Error("The PDF pool is closed.");
    if ("uncounted" in result) {
      // pdftotext stopped at a limit before the last page: pdf.js counts the pages (it opens
      // the document and checks its page tree, reading no page's text).
      const { text, cut, textPages, pagesRead } = result.uncounted;
      const { pageCount } = await withPdfJs(data, { maxPages: 0, maxTextBytes: 0 });
      if (pageCount === null) return encryptedPdf();
      return {
        pageCount,
        encrypted: false,
        text,
        truncated: cut || pageCount > pagesRead,
        textPages,
      };
    }
    if (!("fallback" in result)) return result;
    options.onFallback?.(result.fallback);
    return withPdfJs(data, limits);
  }

  return {
    size,
    extractor: pdftotext ? "pdftotext" : "pdfjs",
    inspect(data, limits = DEFAULT_PDF_LIMITS) {
      if (closed) return Promise.reject(new Error("The PDF pool is closed."));
      return pdftotext ? withPdftotext(pdftotext, data, limits) : withPdfJs(data, limits);
    },
    async close() {
      closed = true;
      stopping.abort();
      for (const next of waiting.splice(0)) next();
      const stopped = new Error("The PDF pool is closed.");
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
