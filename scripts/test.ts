/**
 * `npm test`: the type check, the lint, the unit and API tests on SQLite, the same on
 * PostgreSQL, then the browser tests, one after another, stopping at the first that fails.
 * After each step, and for the whole, it prints the wall clock and the CPU time spent
 * (scripts/cpu-time.ts), so CI's log says what the run cost and where (decision 290).
 * `npm test -- test:unit test:pg` runs only the steps named.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { cpuTime, timingLine } from "./cpu-time.ts";

/** The steps of `npm test`, each an npm script of package.json, in order. */
const STEPS = ["typecheck", "lint", "test:unit", "test:pg", "test:e2e"] as const;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(STEPS as readonly string[]).includes(name));
if (unknown.length) {
  process.stderr.write(`Unknown step ${unknown.join(", ")}; the steps are ${STEPS.join(", ")}.\n`);
  process.exit(2);
}
const steps = asked.length ? STEPS.filter((step) => asked.includes(step)) : STEPS;

// Every Node process of the run (tsc, vitest and its child servers, the browser tests' server)
// keeps its compiled code in one cache, so later processes skip compiling the same modules.
process.env.NODE_COMPILE_CACHE ??= path.resolve(
  import.meta.dirname,
  "../node_modules/.cache/node-compile-cache",
);

const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
const lines: string[] = [];
const runStart = performance.now();
const runCpu = cpuTime();
let status = 0;
for (const step of steps) {
  const start = performance.now();
  const cpu = cpuTime();
  const result = spawnSync(npm[0]!, [...npm.slice(1), "run", step], { stdio: "inherit" });
  status = result.status ?? 1;
  lines.push(
    `  ${step.padEnd(10)} ${status === 0 ? "passed" : "FAILED"}  ${timingLine(performance.now() - start, cpu)}`,
  );
  process.stdout.write(`\n== ${lines.at(-1)!.trim()}\n`);
  if (status !== 0) break;
}
process.stdout.write(
  `\n== npm test ${status === 0 ? "passed" : "failed"}: ${timingLine(performance.now() - runStart, runCpu)}\n${lines.join("\n")}\n`,
);
process.exit(status);
