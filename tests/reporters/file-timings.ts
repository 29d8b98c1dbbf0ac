/**
 * A Vitest reporter that prints, after the run, where the time went: the wall clock and the CPU
 * time (user and system, the test workers counted: scripts/cpu-time.ts) of the run, then the
 * slowest test files with their import time (loading the module graph, before the first test)
 * and the time of their tests and hooks, so a slow file is found without a profiler
 * (decision 290). `TEST_TIMINGS=N` lists N files (default 10; 0 lists none).
 */
import type { Reporter, TestModule } from "vitest/node";
import { type CpuTime, cpuTime, duration, timingLine } from "../../scripts/cpu-time.ts";

type Row = { file: string; importMs: number; testsMs: number };

export default class FileTimings implements Reporter {
  #start = performance.now();
  #cpu: CpuTime = cpuTime();
  #rows: Row[] = [];

  onTestRunStart(): void {
    this.#start = performance.now();
    this.#cpu = cpuTime();
    this.#rows = [];
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.#rows.push({
      file: module.relativeModuleId,
      importMs:
        d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration,
      testsMs: d.duration,
    });
  }

  onTestRunEnd(): void {
    const out = [`timings: ${timingLine(performance.now() - this.#start, this.#cpu)}`];
    const count = Number(process.env.TEST_TIMINGS ?? 10);
    if (count > 0 && this.#rows.length > 0) {
      const total = (r: Row) => r.importMs + r.testsMs;
      const rows = [...this.#rows].sort((a, b) => total(b) - total(a)).slice(0, count);
      out.push(`slowest ${rows.length} of ${this.#rows.length} files (import + tests and hooks):`);
      for (const row of rows) {
        out.push(
          `  ${duration(total(row)).padStart(10)}  ${row.file} (${duration(row.importMs)} + ${duration(row.testsMs)})`,
        );
      }
    }
    process.stdout.write(`\n${out.join("\n")}\n`);
  }
}
