/**
 * The memory bounds the server carries itself (server/process-bounds.ts, decision 540): read
 * from the environment, added to a process started without them (the same process, replaced
 * through `execve`), kept as given when Node was given them, and a bad value refused by
 * scripts/start.ts before it builds or serves anything.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BoundsError,
  boundedExecArgv,
  missingOptions,
  processBounds,
} from "../../server/process-bounds.ts";

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tests/helpers/bounded-process.ts");

type Report = {
  pid: number;
  execArgv: string[];
  mallocArenaMax: string | null;
  heapLimitMb: number;
  readWorkerHeapLimitMb: number;
};

/** Runs the fixture with `args` before it and `env` (no inherited bounds); its report. */
function run(env: NodeJS.ProcessEnv, args: string[] = []): Report {
  const base = { ...process.env };
  for (const name of [
    "NODE_OPTIONS",
    "MALLOC_ARENA_MAX",
    "HEAP_OLD_SPACE_MB",
    "HEAP_SEMI_SPACE_MB",
  ]) {
    delete base[name];
  }
  const result = spawnSync(process.execPath, [...args, fixture], {
    cwd: root,
    env: { ...base, ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  const report = JSON.parse(result.stdout.trim()) as Report;
  // the same process: replaced in place, not a child left behind a waiting parent
  expect(report.pid).toBe(result.pid);
  return report;
}

describe("processBounds", () => {
  it("defaults to a 256 MB old generation, 16 MB semi-spaces and two malloc arenas", () => {
    expect(processBounds({})).toEqual({
      nodeOptions: ["--max-old-space-size=256", "--max-semi-space-size=16"],
      mallocArenaMax: "2",
    });
  });

  it("reads the environment; 0 leaves a heap bound to V8", () => {
    expect(
      processBounds({ HEAP_OLD_SPACE_MB: "512", HEAP_SEMI_SPACE_MB: "0", MALLOC_ARENA_MAX: "4" }),
    ).toEqual({ nodeOptions: ["--max-old-space-size=512"], mallocArenaMax: "4" });
  });

  it("refuses a value that is not a whole number in range, naming the variable", () => {
    expect(() => processBounds({ HEAP_OLD_SPACE_MB: "lots" })).toThrow(BoundsError);
    expect(() => processBounds({ HEAP_SEMI_SPACE_MB: "-1" })).toThrow(/HEAP_SEMI_SPACE_MB/);
    expect(() => processBounds({ MALLOC_ARENA_MAX: "0" })).toThrow(/MALLOC_ARENA_MAX/);
  });
});

describe("boundedExecArgv (cluster workers)", () => {
  it("puts the missing bounds before Node's own options", () => {
    expect(boundedExecArgv(["--conditions=x"], {})).toEqual([
      "--max-old-space-size=256",
      "--max-semi-space-size=16",
      "--conditions=x",
    ]);
  });

  it("keeps an option Node was given on its command line or in NODE_OPTIONS", () => {
    expect(boundedExecArgv(["--max_old_space_size=1024"], {})).toEqual([
      "--max-semi-space-size=16",
      "--max_old_space_size=1024",
    ]);
    expect(boundedExecArgv([], { NODE_OPTIONS: "--max-semi-space-size=8" })).toEqual([
      "--max-old-space-size=256",
    ]);
    expect(missingOptions(["--a=1", "--b=2"], ["--b=3"])).toEqual(["--a=1"]);
  });
});

describe("a process started without the bounds", () => {
  it("gets them: V8's heap limit and MALLOC_ARENA_MAX, in the same process", () => {
    const report = run({});
    expect(report.execArgv).toEqual(["--max-old-space-size=256", "--max-semi-space-size=16"]);
    expect(report.mallocArenaMax).toBe("2");
    // the old generation's 256 MB and the young generation's 3 × 16 MB
    expect(report.heapLimitMb).toBeGreaterThanOrEqual(256);
    expect(report.heapLimitMb).toBeLessThanOrEqual(320);
    // the read pool's threads have bounds of their own
    expect(report.readWorkerHeapLimitMb).toBeGreaterThanOrEqual(256);
    expect(report.readWorkerHeapLimitMb).toBeLessThanOrEqual(320);
  });

  it("gets the environment's bounds", () => {
    const report = run({ HEAP_OLD_SPACE_MB: "600", MALLOC_ARENA_MAX: "3" });
    expect(report.mallocArenaMax).toBe("3");
    expect(report.heapLimitMb).toBeGreaterThanOrEqual(600);
    expect(report.heapLimitMb).toBeLessThanOrEqual(660);
  });

  it("keeps what Node was given", () => {
    const report = run({ MALLOC_ARENA_MAX: "2" }, ["--max-old-space-size=400"]);
    expect(report.execArgv).toEqual(["--max-semi-space-size=16", "--max-old-space-size=400"]);
    expect(report.heapLimitMb).toBeGreaterThanOrEqual(400);
    expect(report.heapLimitMb).toBeLessThanOrEqual(460);
  });

  it("is left at V8's own heap limit when both heap bounds are 0", () => {
    const report = run({ HEAP_OLD_SPACE_MB: "0", HEAP_SEMI_SPACE_MB: "0" });
    expect(report.execArgv).toEqual([]);
    expect(report.mallocArenaMax).toBe("2");
    // V8 derives it from the machine's memory: more than the bound on any machine we run on
    expect(report.heapLimitMb).toBeGreaterThan(320);
    // the read pool's threads keep theirs
    expect(report.readWorkerHeapLimitMb).toBeLessThanOrEqual(320);
  });
});

describe("scripts/start.ts", () => {
  it("refuses a bad bound with one line and status 1, before building or serving", () => {
    const result = spawnSync(process.execPath, [path.join(root, "scripts/start.ts")], {
      cwd: root,
      env: { ...process.env, HEAP_OLD_SPACE_MB: "lots", BUILD_DIR: "/nonexistent-build" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^HEAP_OLD_SPACE_MB: .*docs\/deployment\.md/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
