/**
 * `npm run bench:memory`: the server's memory after many distinct searches, however it is
 * started (issue 36, decision 540; target < 400 MB RSS). Builds (once, then reuses) the
 * `bench:scale` SQLite catalogue (scripts/bench/catalogue.ts), then for each way of starting —
 * `npm start` and `node scripts/start.ts` (what systemd or a container's command runs) — and
 * each number of clients, starts the production server afresh, asks it for distinct searches
 * (every one an output-cache miss that runs its query) and prints its RSS every 1,000, then its
 * RSS, peak (VmHWM) and anonymous memory (RssAnon) at the end, with the Node options and
 * `MALLOC_ARENA_MAX` the server process really ran with (from /proc, Linux only).
 *
 * Environment: BENCH_PAPERS (101026), BENCH_SEED (1), BENCH_SEARCHES (10000 per run),
 * BENCH_CLIENTS ("4,1": the runs' client counts), BENCH_STARTS ("npm,node"), BENCH_PORT (3271),
 * BENCH_DATA_DIR (<os tmp>/athenaeum-bench-scale, shared with bench:scale), BUILD_DIR (build).
 * The server is started with this process's environment otherwise, so `HEAP_OLD_SPACE_MB`,
 * `HEAP_SEMI_SPACE_MB` and `MALLOC_ARENA_MAX` given here reach it. Exits 1 when a run's RSS or
 * peak reaches 400 MB.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { catalogueShape } from "./bench/catalogue.ts";
import { printTable, type Row } from "./bench/report.ts";
import { catalogueDir, sqliteCatalogue } from "./bench/store.ts";
import { concurrentMisses, manySearchPaths } from "./bench/uncached.ts";
import { ensureCurrentBuild } from "./site-build.ts";

const root = path.resolve(import.meta.dirname, "..");
const Env = z.object({
  BENCH_PAPERS: z.coerce.number().int().positive().default(101_026),
  BENCH_SEED: z.coerce.number().int().nonnegative().default(1),
  BENCH_SEARCHES: z.coerce.number().int().positive().default(10_000),
  BENCH_CLIENTS: z
    .string()
    .default("4,1")
    .transform((s) => s.split(",").map(Number))
    .pipe(z.array(z.number().int().positive()).min(1)),
  BENCH_STARTS: z
    .string()
    .default("npm,node")
    .transform((s) => s.split(","))
    .pipe(z.array(z.enum(["npm", "node"])).min(1)),
  BENCH_PORT: z.coerce.number().int().positive().default(3271),
  BENCH_DATA_DIR: z.string().default(path.join(tmpdir(), "athenaeum-bench-scale")),
  BUILD_DIR: z.string().default("build"),
});

/** RSS target of issue 19 and issue 36, bytes. */
const TARGET = 400_000_000;
/** RSS is printed after every this many searches. */
const SAMPLE_EVERY = 1_000;
const mb = (bytes: number | null) => (bytes === null ? "?" : `${(bytes / 1e6).toFixed(0)} MB`);

/** A `kB` field of /proc/<pid>/status in bytes; null if unreadable. */
function statusBytes(pid: number, field: "VmHWM" | "VmRSS" | "RssAnon"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Parent process id of `pid` (field 4 of /proc/<pid>/stat); null when gone. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** NUL-separated /proc/<pid>/<file> as a list; empty when unreadable. */
function procList(pid: number, file: "cmdline" | "environ"): string[] {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8").split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The server process under `top`: `top` itself or its descendant (npm runs a shell that runs
 * Node) whose command line runs scripts/start.ts; null when none is there yet.
 */
function serverPid(top: number): number | null {
  // Node itself (`node`, or its path after the bounds' execve), not npm's `sh -c "node …"`
  const isServer = (pid: number) => {
    const [command, ...args] = procList(pid, "cmdline");
    return path.basename(command ?? "") === "node" && args.some((a) => a.endsWith("start.ts"));
  };
  if (isServer(top)) return top;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || !isServer(pid)) continue;
    for (let p: number | null = pid; p !== null && p > 1; p = parentOf(p)) {
      if (p === top) return pid;
    }
  }
  return null;
}

/**
 * Where the process's resident memory is, from /proc/<pid>/smaps (bytes): `malloc`, the main
 * malloc arena (`[heap]`: Buffers the output cache holds, SQLite's page cache, zlib); `anonymous`,
 * other anonymous mappings (V8's heap pages of the main thread and each worker thread, other
 * malloc arenas, thread stacks); `files`, mapped files (the Node binary and libraries, shared).
 */
function residentBreakdown(pid: number): { malloc: number; anonymous: number; files: number } {
  const out = { malloc: 0, anonymous: 0, files: 0 };
  let kind: keyof typeof out | null = null;
  try {
    for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
      const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (mapping) {
        const name = mapping[1]!.trim();
        kind =
          name === "[heap]"
            ? "malloc"
            : name === ""
              ? "anonymous"
              : name.startsWith("[")
                ? null
                : "files";
      } else if (kind && line.startsWith("Rss:")) {
        out[kind] += Number(/(\d+) kB/.exec(line)?.[1] ?? 0) * 1024;
      }
    }
  } catch {
    // gone, or not Linux
  }
  return out;
}

type Started = { child: ChildProcess; pid: number; base: string };

/** Starts the server the way `how` names; resolves once it answers and its pid is known. */
async function startServer(
  how: "npm" | "node",
  env: z.infer<typeof Env>,
  dataDir: string,
): Promise<Started> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BUILD_DIR: env.BUILD_DIR,
    SEED: "none",
    LOG_LEVEL: "warn",
    PORT: String(env.BENCH_PORT),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.PUBLIC_URL;
  // npm run sets npm_* variables; the server must not see this bench's
  for (const name of Object.keys(childEnv)) if (name.startsWith("npm_")) delete childEnv[name];
  const child =
    how === "npm"
      ? spawn("npm", ["start", "--silent"], { cwd: root, env: childEnv, stdio: "inherit" })
      : spawn(process.execPath, ["scripts/start.ts"], {
          cwd: root,
          env: childEnv,
          stdio: "inherit",
        });
  const base = `http://127.0.0.1:${env.BENCH_PORT}`;
  const deadline = Date.now() + 120_000;
  // a server still draining on the port would answer for the new one (which cannot listen)
  child.once("exit", (code) => {
    if (code !== 0) console.error(`${how}: the server exited (${code})`);
  });
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${how}: the server exited (${child.exitCode})`);
    try {
      const res = await fetch(`${base}/api/all_journals`);
      await res.arrayBuffer();
      const pid = serverPid(child.pid as number);
      if (res.ok && pid !== null) return { child, pid, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`${how}: the server did not answer within 120 s`);
}

/** SIGTERM to the server process, then waits for the started command to end. */
async function stopServer(server: Started): Promise<void> {
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  if (server.child.exitCode !== null) return;
  process.kill(server.pid, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.child.exitCode === null) server.child.kill("SIGKILL");
}

const env = Env.parse(process.env);
const buildDir = path.resolve(root, env.BUILD_DIR);
ensureCurrentBuild(buildDir);
const shape = catalogueShape(env.BENCH_PAPERS, env.BENCH_SEED);
const dataDir = catalogueDir(env.BENCH_DATA_DIR, shape);
console.log(`SQLite catalogue of ${shape.papers.toLocaleString("en")} papers in ${dataDir}…`);
const built = await sqliteCatalogue(dataDir, shape);
if (built.built) console.log(`  built in ${built.counts.seconds.toFixed(0)} s`);

/** Throws when something answers on `port`: the runs need it to themselves. */
async function ensurePortFree(port: number): Promise<void> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
  } catch {
    return;
  }
  throw new Error(`something already answers on port ${port} (BENCH_PORT)`);
}

const rows: Row[] = [];
for (const how of env.BENCH_STARTS) {
  for (const clients of env.BENCH_CLIENTS) {
    const label = `${how === "npm" ? "npm start" : "node scripts/start.ts"}, ${clients} client${clients === 1 ? "" : "s"}`;
    await ensurePortFree(env.BENCH_PORT);
    const server = await startServer(how, env, dataDir);
    try {
      const options = procList(server.pid, "cmdline").filter((a) => a.startsWith("--"));
      const arenas =
        procList(server.pid, "environ")
          .find((v) => v.startsWith("MALLOC_ARENA_MAX="))
          ?.split("=")[1] ?? "unset";
      const before = statusBytes(server.pid, "VmRSS");
      console.log(
        `${label}: pid ${server.pid}, ${options.join(" ") || "no V8 options"}, MALLOC_ARENA_MAX ${arenas}, RSS ${mb(before)} at start`,
      );
      const started = performance.now();
      const urls = manySearchPaths(env.BENCH_SEARCHES, 5_040).map((p) => server.base + p);
      const samples: string[] = [];
      const hits = await concurrentMisses(urls, clients, (done) => {
        if (done % SAMPLE_EVERY !== 0) return;
        const sample = `${done.toLocaleString("en")}: ${mb(statusBytes(server.pid, "VmRSS"))}`;
        samples.push(sample);
        console.log(
          `  RSS after ${sample} (${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)})`,
        );
      });
      const rss = statusBytes(server.pid, "VmRSS");
      const peak = statusBytes(server.pid, "VmHWM");
      const anon = statusBytes(server.pid, "RssAnon");
      const where = residentBreakdown(server.pid);
      const threads = readdirSync(`/proc/${server.pid}/task`).length;
      rows.push({
        what: `${label}: RSS after ${env.BENCH_SEARCHES.toLocaleString("en")} distinct searches`,
        figure: `${mb(rss)} (peak ${mb(peak)}, anonymous ${mb(anon)}: malloc's main arena ${mb(where.malloc)}, other anonymous mappings ${mb(where.anonymous)}, files ${mb(where.files)}, ${threads} threads; ${mb(before)} at start; ${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)}${hits ? `; ${hits} cache hits` : ""}; ${options.join(" ") || "no V8 options"}, MALLOC_ARENA_MAX ${arenas})`,
        target: "< 400 MB",
        ok: rss !== null && peak !== null && rss < TARGET && peak < TARGET,
      });
    } finally {
      await stopServer(server);
    }
  }
}
printTable(
  `bench:memory, ${new Date().toISOString().slice(0, 16)}Z, ${shape.papers.toLocaleString("en")} papers (SQLite), load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
  rows,
);
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
