/**
 * The citation worker (decision 245): the six references come out of the worker; it starts on
 * demand and stops when idle; a job that hangs past the time limit or whose worker dies fails
 * alone (a 503 for the reader) and the next job gets a fresh worker; too many waiting jobs are
 * refused; closing fails the rest.
 */
import type { CslItem } from "@citation-js/core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createCitationPool } from "../../server/features/citations/citation-pool.ts";

const misbehaving = new URL("../helpers/misbehaving-citation-worker.ts", import.meta.url);
const item = (title: string): CslItem => ({ id: "paper-1", type: "article-journal", title });
/** The process id the stand-in worker reports for a job it formats. */
const processOf = async (text: Promise<{ text: string }[]>) => (await text)[0]!.text.split(" ")[1];

describe("citation worker", () => {
  const pool = createCitationPool();
  afterAll(() => pool.close());

  it("formats the six styles in its own process", async () => {
    const paper: CslItem = {
      id: "paper-12",
      type: "article-journal",
      title: "Basal ganglia output reflects internally-specified movements",
      author: [
        { given: "Mario J.", family: "Lintz" },
        { given: "Gidon", family: "Felsen" },
      ],
      issued: { "date-parts": [[2016, 7, 5]] },
      "container-title": "eLife",
      volume: "5",
      page: "e13833",
      DOI: "10.7554/eLife.13833",
    };
    expect(pool.running).toBe(false);
    const styles = await pool.format(paper);
    expect(pool.running).toBe(true);
    expect(styles.map((s) => s.key)).toEqual([
      "apa",
      "mla",
      "chicago",
      "harvard",
      "ieee",
      "vancouver",
    ]);
    expect(styles[0]!.text).toMatch(/^Lintz, M\. J\., & Felsen, G\. \(2016\)\./);
    expect(styles[5]!.text).toMatch(/^Lintz MJ, Felsen G\./);
  }, 180_000); // building the engines takes 2–4 s of CPU, much longer on a loaded machine
});

describe("citation worker lifecycle", () => {
  it("starts on demand, stops after the idle time, and starts afresh for the next job", async () => {
    const pool = createCitationPool({ workerUrl: misbehaving, idleMs: 100 });
    try {
      expect(pool.running).toBe(false);
      const first = await processOf(pool.format(item("a")));
      expect(await processOf(pool.format(item("b")))).toBe(first); // still warm
      await vi.waitFor(() => expect(pool.running).toBe(false), { timeout: 5000 });
      // the idle worker's process is gone, and its memory with it
      await vi.waitFor(() => expect(() => process.kill(Number(first), 0)).toThrow(), {
        timeout: 5000,
      });
      expect(await processOf(pool.format(item("c")))).not.toBe(first);
    } finally {
      await pool.close();
    }
  });

  it("fails a job past the time limit or whose worker dies, and serves the next", async () => {
    // 3 s: the limit counts from the process's spawn, so it includes loading the worker's
    // modules, which took over 1 s on the loaded two-core CI machine (a flaky failure at 1 s)
    const pool = createCitationPool({ workerUrl: misbehaving, timeoutMs: 3000 });
    try {
      const first = await processOf(pool.format(item("a")));
      const hung = pool.format(item("hang"));
      const after = pool.format(item("b"));
      await expect(hung).rejects.toMatchObject({
        name: "CitationPoolError",
        reason: "timeout",
        message: "formatting took longer than 3 s",
      });
      const second = await processOf(after);
      expect(second).not.toBe(first);
      await expect(pool.format(item("crash"))).rejects.toMatchObject({
        reason: "crash",
        message: "the citation worker stopped (exit code 3)",
      });
      const third = await processOf(pool.format(item("c")));
      expect(third).not.toBe(second);
      // citation-js rejecting an item is not the worker's fault: it stays.
      await expect(pool.format(item("fail"))).rejects.toThrow("no such style");
      expect(await processOf(pool.format(item("d")))).toBe(third);
    } finally {
      await pool.close();
    }
  });

  it("refuses jobs beyond the queue and fails the waiting ones when closed", async () => {
    const pool = createCitationPool({ workerUrl: misbehaving, maxQueue: 1 });
    const running = pool.format(item("hang"));
    const waiting = pool.format(item("a"));
    await expect(pool.format(item("b"))).rejects.toMatchObject({ reason: "busy" });
    const failed = [
      expect(running).rejects.toMatchObject({ reason: "closed" }),
      expect(waiting).rejects.toMatchObject({ reason: "closed" }),
    ];
    await pool.close();
    await Promise.all(failed);
    expect(pool.running).toBe(false);
    await expect(pool.format(item("c"))).rejects.toMatchObject({ reason: "closed" });
  });
});
