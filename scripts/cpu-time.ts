/**
 * CPU time of this process and the processes it started, for the timings printed by `npm test`
 * (scripts/test.ts) and the test reporter (tests/reporters/file-timings.ts), decision 290.
 *
 * Read from Linux's /proc: a process's own user and system time plus that of its children it
 * has waited for (fields 14–17 of /proc/{pid}/stat), and, for children still running, theirs.
 * Elsewhere (no /proc) this process alone, from `process.cpuUsage()`.
 */
import { readdirSync, readFileSync } from "node:fs";

export type CpuTime = {
  /** User CPU, milliseconds. */
  user: number;
  /** System CPU, milliseconds. */
  system: number;
  /** Whether children are counted (false where /proc is missing). */
  withChildren: boolean;
};

/** Clock ticks of /proc's stat files (`getconf CLK_TCK`, 100 on Linux). */
const TICK_MS = 10;

function procCpu(pid: number | "self"): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // fields[0] is field 3 (state), so utime (14) is fields[11]; cutime 16, cstime 17
  return {
    user: (fields[11]! + fields[13]!) * TICK_MS,
    system: (fields[12]! + fields[14]!) * TICK_MS,
  };
}

/** The processes this one started that are still running. */
function liveChildren(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync("/proc/self/task")) {
    const list = readFileSync(`/proc/self/task/${task}/children`, "utf8").trim();
    if (list) pids.push(...list.split(" ").map(Number));
  }
  return pids;
}

/** CPU time so far of this process, its ended (waited-for) children and its running ones. */
export function cpuTime(): CpuTime {
  try {
    const total = procCpu("self");
    for (const pid of liveChildren()) {
      try {
        const child = procCpu(pid);
        total.user += child.user;
        total.system += child.system;
      } catch {
        // ended meanwhile: counted with this process once waited for
      }
    }
    return { ...total, withChildren: true };
  } catch {
    const own = process.cpuUsage();
    return { user: own.user / 1000, system: own.system / 1000, withChildren: false };
  }
}

/** `ms` as people read a duration: `48.2 s`, `3 min 07 s`. */
export function duration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** One line: wall clock, then user and system CPU since `start` (values of {@link cpuTime}). */
export function timingLine(wallMs: number, start: CpuTime, end: CpuTime = cpuTime()): string {
  const who = end.withChildren ? "" : " (this process only)";
  return `${duration(wallMs)} wall clock, CPU ${duration(end.user - start.user)} user + ${duration(end.system - start.system)} system${who}`;
}
