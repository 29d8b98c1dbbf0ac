/**
 * `npm run bench:throughput`: requests per second of the home page, a paper page and
 * `/api/all_journals` as served by the production server (output cache warm), each beside a bare
 * node:http server sending the same body, with issue 11's targets: pages at least 40 % of the
 * bare server, the API at least 50 % (docs/decisions/110-output-cache.md). The bare server runs
 * in a process of its own (scripts/bench/bare-server.ts, as `bench:scale`'s), not beside
 * autocannon in this one, whose single thread capped it (ratios above 100 % until 2026-11-29).
 *
 * Needs a build (`BUILD_DIR`, default `build`) and a data folder with a catalogue (`DATA_DIR`,
 * default `./data`; `npm start` makes one). Listens on `PORT` (default 3241) and `PORT + 1`.
 * `BENCH_SECONDS` (default 5) per run, `BENCH_ROUNDS` (default 2) runs of each server,
 * alternated so a busy machine slows both alike; `LOG_LEVEL` of the server (default info).
 * `BENCH_LOCALES` (default none): language prefixes, comma-separated (`es,ar`), whose home and
 * paper pages (`/es`, `/es/journal/…`) are measured too, each with the pages' target: the output
 * cache keeps each language apart (issue 32, decision 382). Each row also gives each round's
 * ratio, the server's CPU time per request (user + system from `/proc/<pid>/stat`, Linux; less
 * moved by a busy machine than req/s) and the 1-minute load average at its start and end.
 * `BENCH_BROWSER=1` sends every request with a desktop Chrome's `User-Agent` and
 * `Accept-Language: en-US,en;q=0.9`, as readers' browsers do: autocannon sends neither, and the
 * server reads both to choose a cached page's language (decision 382).
 * Exits 1 when a ratio misses its target.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type ChildServer, startBareServer } from "./bench/servers.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3241);
const barePort = port + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const prefixes = (process.env.BENCH_LOCALES ?? "")
  .split(",")
  .map((prefix) => prefix.trim().toLowerCase())
  .filter(Boolean);
const site = `http://127.0.0.1:${port}`;
const headers: Record<string, string> =
  process.env.BENCH_BROWSER === "1"
    ? {
        "user-agent":
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "accept-language": "en-US,en;q=0.9",
      }
    : {};

const server = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    SEED: "none",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill("SIGTERM"));

async function waitForSite(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${site}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the site did not answer on ${site} within a minute`);
}

/** Mean requests per second of one autocannon run on `url`, and the requests it completed. */
async function load(url: string): Promise<{ perSecond: number; total: number }> {
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return { perSecond: result.requests.average, total: result.requests.total };
}

/** CPU seconds (user + system) process `pid` has used so far; NaN where /proc is absent. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after the command's parenthesised name: state is field 3, utime 14, stime 15 (proc(5))
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

let bare: ChildServer | undefined;
const scratch = mkdtempSync(path.join(tmpdir(), "bench-throughput-"));
try {
  await waitForSite();
  const home = await (await fetch(`${site}/`)).text();
  const paper = /href="(\/journal\/[a-z0-9-]+\/\d+)"/.exec(home)?.[1];
  if (!paper) throw new Error("the home page links no paper: import a corpus first");
  const targets: [string, number][] = [
    ["/", 40],
    [paper, 40],
    ["/api/all_journals", 50],
    ...prefixes.flatMap((prefix): [string, number][] => [
      [`/${prefix}`, 40],
      [`/${prefix}${paper}`, 40],
    ]),
  ];

  const bodies: Record<string, { contentType: string; body: string }> = {};
  for (const [url] of targets) {
    const res = await fetch(`${site}${url}`, { headers: { "Accept-Encoding": "identity" } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    bodies[url] = {
      contentType: res.headers.get("content-type") ?? "text/plain",
      body: Buffer.from(await res.arrayBuffer()).toString("base64"),
    };
  }
  const responsesFile = path.join(scratch, "responses.json");
  writeFileSync(responsesFile, JSON.stringify(bodies));
  bare = await startBareServer(barePort, responsesFile);

  let missed = 0;
  console.log(`url\tbare req/s\tsite req/s\tratio\ttarget\teach round\tCPU/req bare, site\tload`);
  for (const [url, target] of targets) {
    const loadBefore = loadavg()[0]!.toFixed(1);
    let bareTotal = 0;
    let siteTotal = 0;
    let bareRequests = 0;
    let bareCpu = 0;
    let siteRequests = 0;
    let siteCpu = 0;
    const eachRound: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const bareCpuBefore = cpuSeconds(bare.pid);
      const bareRun = await load(`http://127.0.0.1:${barePort}${url}`);
      bareCpu += cpuSeconds(bare.pid) - bareCpuBefore;
      bareRequests += bareRun.total;
      const siteCpuBefore = cpuSeconds(server.pid);
      const siteRun = await load(`${site}${url}`);
      siteCpu += cpuSeconds(server.pid) - siteCpuBefore;
      siteRequests += siteRun.total;
      bareTotal += bareRun.perSecond;
      siteTotal += siteRun.perSecond;
      eachRound.push(((100 * siteRun.perSecond) / bareRun.perSecond).toFixed(0));
    }
    const ratio = (100 * siteTotal) / bareTotal;
    if (ratio < target) missed += 1;
    console.log(
      `${url}\t${Math.round(bareTotal / rounds)}\t${Math.round(siteTotal / rounds)}\t${ratio.toFixed(1)} %\t≥ ${target} % ${ratio >= target ? "ok" : "MISSED"}\t${eachRound.join(", ")} %\t${Math.round((1e6 * bareCpu) / bareRequests)}, ${Math.round((1e6 * siteCpu) / siteRequests)} µs\t${loadBefore}–${loadavg()[0]!.toFixed(1)}`,
    );
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  server.kill("SIGTERM");
  await bare?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
