/**
 * `npm run bench:concurrency`: requests per second of a cached paper page served by `npm start`
 * with `WEB_CONCURRENCY=1` and `=2` (issue 19, decision 297), on one PostgreSQL database holding
 * the corpus (a scratch database on `BENCH_DATABASE_URL`, default the local server, made and
 * dropped here). On a machine with N free cores, N processes should serve close to N times one;
 * the load generator (autocannon, 10 connections) runs on the same machine and takes a core's
 * share itself, and the load average printed says how busy the machine was.
 *
 * Needs a build (`BUILD_DIR`, default `build`; `npm start` makes one). `BENCH_SECONDS` (default
 * 8) per run, `PORT` (default 3251).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase } from "../server/db/scratch-database.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3251);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const site = `http://127.0.0.1:${port}`;

const scratch = await createScratchDatabase(adminUrl, "athenaeum_bench_");
const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-bench-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: scratch.url,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  SEED: "none",
  LOG_LEVEL: "warn",
};

/** `npm start` with `workers` processes, once it answers. */
async function startSite(workers: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    env: { ...env, WEB_CONCURRENCY: String(workers) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${site}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error(`the site did not answer on ${site} within two minutes`);
}

async function stopSite(child: ChildProcess): Promise<void> {
  const ended = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await ended;
}

try {
  const imported = spawnSync(process.execPath, ["server/import/cli.ts", "corpus"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (imported.status !== 0) throw new Error("the corpus import failed");
  const rows: string[] = [];
  let single = 0;
  for (const workers of [1, 2]) {
    const child = await startSite(workers);
    try {
      const home = await (await fetch(`${site}/`)).text();
      const paper = /href="(\/journal\/[a-z0-9-]+\/\d+)"/.exec(home)?.[1];
      if (!paper) throw new Error("the home page links no paper");
      // warm every worker's output cache
      await autocannon({ url: `${site}${paper}`, connections: 4, amount: 200 });
      const load = loadavg()[0]!.toFixed(2);
      const result = await autocannon({
        url: `${site}${paper}`,
        connections: 10,
        duration: seconds,
      });
      const rps = result.requests.average;
      if (workers === 1) single = rps;
      rows.push(
        `${workers}\t${Math.round(rps)}\t${(rps / single).toFixed(2)}x\t${result.latency.p97_5} ms\t${load}`,
      );
    } finally {
      await stopSite(child);
    }
  }
  console.log(`cached paper page, ${seconds} s, 10 connections, ${availableParallelism()} cores`);
  console.log("WEB_CONCURRENCY\treq/s\tvs 1\tp97.5\tload average (1 min) before");
  for (const row of rows) console.log(row);
} finally {
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
}
