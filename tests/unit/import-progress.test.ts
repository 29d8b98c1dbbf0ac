import { describe, expect, it } from "vitest";
import { formatProgress, progressPrinter } from "../../server/import/progress.ts";

describe("import progress line", () => {
  it("says papers done of the total, papers per second and the time left", () => {
    expect(formatProgress({ done: 0, total: 26_000, elapsedMs: 0 })).toBe(
      "Papers: 0 of 26,000 (0%), starting",
    );
    expect(formatProgress({ done: 120, total: 26_000, elapsedMs: 10_000 })).toBe(
      "Papers: 120 of 26,000 (0%), 12.0 papers/s, about 36 min left",
    );
    expect(formatProgress({ done: 13_000, total: 26_000, elapsedMs: 3_600_000 })).toBe(
      "Papers: 13,000 of 26,000 (50%), 3.6 papers/s, about 1 h 0 min left",
    );
    expect(formatProgress({ done: 26, total: 26, elapsedMs: 2_400 })).toBe(
      "Papers: 26 of 26 (100%) in 2 s, 10.8 papers/s",
    );
  });

  it("measures the rate from the first paper done, not from the start (issue 34)", () => {
    // the first paper took 9 s (starting the PDF readers), the next 25 one second together
    let clock = 0;
    const log = {
      text: "",
      isTTY: false,
      write(s: string) {
        this.text += s;
      },
    };
    const printer = progressPrinter(log, { now: () => clock, intervalMs: 0 });
    printer.update({ done: 1, total: 26, elapsedMs: 9_000 });
    clock = 1;
    printer.update({ done: 11, total: 26, elapsedMs: 9_400 });
    printer.end();
    expect(log.text.trim().split("\n")).toEqual([
      "Papers: 1 of 26 (3%), starting",
      "Papers: 11 of 26 (42%), 25.0 papers/s, about 1 s left",
    ]);
  });

  it("rewrites one line on a terminal and prints a line every interval in a log", () => {
    let clock = 0;
    const now = () => clock;
    const tty = {
      text: "",
      isTTY: true,
      write(s: string) {
        this.text += s;
      },
    };
    const log = {
      text: "",
      isTTY: false,
      write(s: string) {
        this.text += s;
      },
    };
    const ttyPrinter = progressPrinter(tty, { now });
    const logPrinter = progressPrinter(log, { now, intervalMs: 10_000 });
    for (let done = 0; done <= 30; done++) {
      clock = done * 1000;
      const p = { done, total: 30, elapsedMs: clock };
      ttyPrinter.update(p);
      logPrinter.update(p);
    }
    ttyPrinter.end();
    logPrinter.end();
    expect(tty.text.split("\r").filter(Boolean)).toHaveLength(31);
    expect(tty.text.endsWith("\rPapers: 30 of 30 (100%) in 30 s, 1.0 papers/s\u001b[K\n")).toBe(
      true,
    );
    expect(tty.text.split("\n")).toHaveLength(2);
    expect(log.text.trim().split("\n")).toEqual([
      "Papers: 0 of 30 (0%), starting",
      "Papers: 10 of 30 (33%), 1.0 papers/s, about 20 s left",
      "Papers: 20 of 30 (66%), 1.0 papers/s, about 10 s left",
      "Papers: 30 of 30 (100%) in 30 s, 1.0 papers/s",
    ]);
  });
});
