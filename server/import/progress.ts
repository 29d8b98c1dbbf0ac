/**
 * The import's progress line for people (issue 11): papers done of the total, papers per second
 * and the time left at that rate, e.g. `Papers: 120 of 26,000 (0%), 11.2 papers/s, about 38 min
 * left`. On a terminal the line is rewritten in place (`\r`); in a log, one line every
 * `intervalMs` and a last one at the end.
 */
import type { ImportProgress } from "./corpus.ts";

/** Milliseconds between progress lines when the output is not a terminal. */
export const LOG_INTERVAL_MS = 10_000;

/** Fewest milliseconds between rewrites of the terminal line (it would only flicker faster). */
const TTY_INTERVAL_MS = 250;

/** `45 s`, `38 min`, `3 h 12 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/**
 * One progress line, without a line end. The rate and the time left are measured from `since`
 * (the progress when the first paper was done) when given: the first paper also pays for
 * starting the PDF readers and warming the database, so a rate that counts it says minutes for
 * an import that ends in seconds (issue 34). Until a second paper is done there is no rate yet.
 */
export function formatProgress(
  { done, total, elapsedMs }: ImportProgress,
  since: Pick<ImportProgress, "done" | "elapsedMs"> = { done: 0, elapsedMs: 0 },
): string {
  const count = `Papers: ${done.toLocaleString("en")} of ${total.toLocaleString("en")}`;
  const percent = total ? ` (${Math.floor((done / total) * 100)}%)` : "";
  if (done >= total) {
    return `${count}${percent} in ${formatDuration(elapsedMs)}, ${rate(done, elapsedMs)} papers/s`;
  }
  const measured = done - since.done;
  const measuredMs = elapsedMs - since.elapsedMs;
  if (done === 0 || measured <= 0 || measuredMs <= 0) return `${count}${percent}, starting`;
  const left = formatDuration((total - done) / (measured / measuredMs));
  return `${count}${percent}, ${rate(measured, measuredMs)} papers/s, about ${left} left`;
}

function rate(done: number, elapsedMs: number): string {
  const perSecond = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  return perSecond.toFixed(perSecond < 100 ? 1 : 0);
}

export type ProgressOutput = { write(text: string): unknown; isTTY?: boolean };

/**
 * Prints progress to `out` (the CLI's stderr): `update` with each report, `end` once after the
 * import (prints the last state and ends the terminal line).
 */
export function progressPrinter(
  out: ProgressOutput,
  options: { intervalMs?: number; now?: () => number } = {},
): { update(progress: ImportProgress): void; end(): void } {
  const now = options.now ?? (() => performance.now());
  const interval = out.isTTY ? TTY_INTERVAL_MS : (options.intervalMs ?? LOG_INTERVAL_MS);
  let last: ImportProgress | null = null;
  let printedAt = Number.NEGATIVE_INFINITY;
  let printed: ImportProgress | null = null;
  // the first report with a paper done: rates are measured from it (see formatProgress)
  let since: ImportProgress | undefined;
  const print = (progress: ImportProgress) => {
    const line = formatProgress(progress, since);
    out.write(out.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
    printed = progress;
    printedAt = now();
  };
  return {
    update(progress) {
      last = progress;
      if (!since && progress.done > 0) since = progress;
      if (now() - printedAt >= interval) print(progress);
    },
    end() {
      if (last && last !== printed) print(last);
      if (out.isTTY && printed) out.write("\n");
    },
  };
}
