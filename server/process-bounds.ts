/**
 * The server's memory bounds, carried by the program itself (issue 36, decision 540): V8's heap
 * bounds (`--max-old-space-size`, `--max-semi-space-size`, decision 321) and glibc's malloc
 * arena count (`MALLOC_ARENA_MAX`). Neither can be changed inside a running process (V8 sizes
 * its heap at start; glibc reads its tunables once), so scripts/start.ts, when started without
 * them (`node scripts/start.ts` from systemd, a container's command, a process manager),
 * replaces its own process with one that has them: `process.execve`, the same process id, the
 * same arguments, standard streams and environment, the options and variable added. Cluster
 * workers (server/cluster.ts) are forked with the same options.
 *
 * Configured by the environment (docs/deployment.md): `HEAP_OLD_SPACE_MB` (default 256, 0 = V8's
 * own bound, about a quarter of the machine's memory up to 4 GB), `HEAP_SEMI_SPACE_MB` (default
 * 16, 0 = V8's own, up to 64 MB each of two) and `MALLOC_ARENA_MAX` (default 2 when unset).
 * An option already given to Node (on its command line or in `NODE_OPTIONS`) is kept as given.
 */
import cluster from "node:cluster";
import { realpathSync } from "node:fs";
import { z } from "zod";

const megabytes = (max: number, def: number) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(max).default(def),
  );

const BoundsEnv = z.object({
  HEAP_OLD_SPACE_MB: megabytes(1_048_576, 256),
  HEAP_SEMI_SPACE_MB: megabytes(1_024, 16),
  MALLOC_ARENA_MAX: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(1_024).optional(),
  ),
});

/** glibc's arena count when `MALLOC_ARENA_MAX` is unset: two (its default is 8 per core). */
export const DEFAULT_MALLOC_ARENA_MAX = 2;

/** Thrown for a bound the environment gives that is not a whole number in its range. */
export class BoundsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BoundsError";
  }
}

/** The bounds the environment asks for; V8's options as Node's command line spells them. */
export type ProcessBounds = {
  /** `--max-old-space-size=N` and `--max-semi-space-size=N` (those not 0), N in MB. */
  nodeOptions: string[];
  /** `MALLOC_ARENA_MAX` to set (the environment's own value, else the default). */
  mallocArenaMax: string;
};

/**
 * Reads the bounds from `env`.
 * @throws BoundsError naming the variable when a value is not a whole number in its range
 *   (heap sizes 0–1,048,576 MB and 0–1,024 MB, arenas 1–1,024).
 */
export function processBounds(env: NodeJS.ProcessEnv = process.env): ProcessBounds {
  const parsed = BoundsEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BoundsError(
      `${String(issue?.path[0] ?? "bounds")}: ${issue?.message ?? "invalid"} (docs/deployment.md, memory bounds)`,
    );
  }
  const e = parsed.data;
  const nodeOptions: string[] = [];
  if (e.HEAP_OLD_SPACE_MB > 0) nodeOptions.push(`--max-old-space-size=${e.HEAP_OLD_SPACE_MB}`);
  if (e.HEAP_SEMI_SPACE_MB > 0) nodeOptions.push(`--max-semi-space-size=${e.HEAP_SEMI_SPACE_MB}`);
  return {
    nodeOptions,
    mallocArenaMax: String(e.MALLOC_ARENA_MAX ?? DEFAULT_MALLOC_ARENA_MAX),
  };
}

/** The option's name (`--max-old-space-size`), `_` read as `-` as V8 does. */
function optionName(option: string): string {
  return option.split("=")[0]!.replaceAll("_", "-");
}

/**
 * `wanted` options not already among `given` (a process's `execArgv` and the words of
 * `NODE_OPTIONS`), by name: what Node was given wins.
 */
export function missingOptions(wanted: string[], given: string[]): string[] {
  const names = new Set(given.map(optionName));
  return wanted.filter((option) => !names.has(optionName(option)));
}

/**
 * `execArgv` with the bounds of `env` it lacks put first (so Node's own options, given after,
 * win): what cluster workers are forked with (server/cluster.ts).
 * @throws BoundsError as {@link processBounds}.
 */
export function boundedExecArgv(
  execArgv: string[] = process.execArgv,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)];
  return [...missingOptions(processBounds(env).nodeOptions, given), ...execArgv];
}

/**
 * Run first by scripts/start.ts: when `entry` is the script Node was started with, in a
 * cluster's primary (or a lone process) that lacks one of the bounds, replaces this process
 * (`process.execve`) with Node started on the same script and arguments with the missing V8
 * options and `MALLOC_ARENA_MAX` added. Returns (doing nothing) when every bound is there, when
 * another script imported `entry` (a test harness, tests/e2e/serve.ts) and on platforms without
 * `execve` (Windows), where the bounds are the command line's to give.
 * On a bad bound it prints the one line and exits with status 1, as configuration errors do.
 */
export function applyProcessBounds(entry: string): void {
  if (!cluster.isPrimary || typeof process.execve !== "function") return;
  const started = process.argv[1];
  if (!started || realPath(started) !== realPath(entry)) return;
  let execArgv: string[];
  let bounds: ProcessBounds;
  try {
    bounds = processBounds();
    execArgv = boundedExecArgv();
  } catch (error) {
    if (!(error instanceof BoundsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const arenas = process.env.MALLOC_ARENA_MAX;
  if (execArgv.length === process.execArgv.length && arenas !== undefined && arenas !== "") {
    return;
  }
  process.execve(process.execPath, [process.execPath, ...execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: bounds.mallocArenaMax,
  });
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
