/**
 * Child-process servers for `npm run bench:scale`: the real production server
 * (`node server/main.ts`) and the bare `node:http` baseline (./bare-server.ts), each on its own
 * port on 127.0.0.1, both on the Node that runs the bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { processBounds } from "../../server/process-bounds.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The V8 options scripts/start.ts gives the server (its heap bounds, server/process-bounds.ts,
 * decisions 321 and 540) as this process's environment configures them. The bench runs
 * `server/main.ts` with them and the same `MALLOC_ARENA_MAX` ({@link startEnvironment}), so the
 * memory it reports is the memory of `npm start`.
 * @throws BoundsError when the environment's bounds are not valid.
 */
export function startNodeOptions(): string[] {
  return processBounds(process.env).nodeOptions;
}

export type ChildServer = {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  pid: number;
  /** Peak resident set size so far (VmHWM of /proc/<pid>/status), in bytes; null if unreadable. */
  peakRss: () => number | null;
  /** Resident set size now (VmRSS of /proc/<pid>/status), in bytes; null if unreadable. */
  rss: () => number | null;
  stop: () => Promise<void>;
};

/** A `kB` field of /proc/<pid>/status (`VmHWM`, `VmRSS`) in bytes; null if unreadable. */
function statusBytes(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

function wrap(child: ChildProcess, base: string): ChildServer {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    base,
    pid: child.pid as number,
    peakRss: () => statusBytes(child.pid as number, "VmHWM"),
    rss: () => statusBytes(child.pid as number, "VmRSS"),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/** Resolves once `url` answers 200; rejects after `timeoutMs` or when the child exits. */
async function waitForOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with status ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * Starts the production server on `port` over the catalogue in `dataDir` (SQLite) or
 * `databaseUrl` (PostgreSQL), with the build in `buildDir`; resolves when it serves.
 */
export async function startAppServer(options: {
  port: number;
  dataDir: string;
  buildDir: string;
  databaseUrl?: string;
}): Promise<ChildServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: options.dataDir,
    BUILD_DIR: options.buildDir,
    SEED: "none",
    LOG_LEVEL: "warn",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    MALLOC_ARENA_MAX: processBounds(process.env).mallocArenaMax,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(
    process.execPath,
    [...startNodeOptions(), path.join(root, "server/main.ts")],
    {
      cwd: root,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${options.port}`;
  const server = wrap(child, base);
  try {
    await waitForOk(`${base}/api/all_journals`, child, 60_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Starts the bare baseline on `port`, serving the responses stored in `responsesFile`. */
export async function startBareServer(port: number, responsesFile: string): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "bare-server.ts"), responsesFile, String(port)],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with status ${code}`)));
  });
  return wrap(child, `http://127.0.0.1:${port}`);
}
