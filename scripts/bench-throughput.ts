/**
 * `npm run bench:throughput`: requests per second of the home page, a paper page and
 * `/api/all_journals` as served by the production server (output cache warm), each beside a bare
 * node:http server sending the same body, with issue 11's targets: pages at least 40 % of the
 * bare server, the API at least 50 % (docs/decisions/110-output-cache.md).
 *
 * Needs a build (`BUILD_DIR`, default `build`) and a data folder with a catalogue (`DATA_DIR`,
 * default `./data`; `npm start` makes one). Listens on `PORT` (default 3241) and `PORT + 1`.
 * `BENCH_SECONDS` (default 5) per run, `BENCH_ROUNDS` (default 2) runs of each server,
 * alternated so a busy machine slows both alike; `LOG_LEVEL` of the server (default info).
 * Exits 1 when a ratio misses its target.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3241);
const barePort = port + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const site = `http://127.0.0.1:${port}`;

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

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds });
  return result.requests.average;
}

try {
  await waitForSite();
  const home = await (await fetch(`${site}/`)).text();
  const paper = /href="(\/journal\/[a-z0-9-]+\/\d+)"/.exec(home)?.[1];
  if (!paper) throw new Error("the home page links no paper: import a corpus first");
  const targets: [string, number][] = [
    ["/", 40],
    [paper, 40],
    ["/api/all_journals", 50],
  ];

  const bodies = new Map<string, { body: Buffer; type: string }>();
  for (const [url] of targets) {
    const res = await fetch(`${site}${url}`, { headers: { "Accept-Encoding": "identity" } });
    bodies.set(url, {
      body: Buffer.from(await res.arrayBuffer()),
      type: res.headers.get("content-type") ?? "text/plain",
    });
  }
  const bare = createServer((req, res) => {
    const found = bodies.get(req.url ?? "");
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": found.type, "Content-Length": found.body.length });
    res.end(found.body);
  });
  await new Promise<void>((resolve, reject) => {
    bare.once("error", reject);
    bare.listen(barePort, "127.0.0.1", resolve);
  });

  let missed = 0;
  console.log(`url\tbare req/s\tsite req/s\tratio\ttarget`);
  for (const [url, target] of targets) {
    let bareTotal = 0;
    let siteTotal = 0;
    for (let i = 0; i < rounds; i++) {
      bareTotal += await requestsPerSecond(`http://127.0.0.1:${barePort}${url}`);
      siteTotal += await requestsPerSecond(`${site}${url}`);
    }
    const ratio = (100 * siteTotal) / bareTotal;
    if (ratio < target) missed += 1;
    console.log(
      `${url}\t${Math.round(bareTotal / rounds)}\t${Math.round(siteTotal / rounds)}\t${ratio.toFixed(1)} %\t≥ ${target} % ${ratio >= target ? "ok" : "MISSED"}`,
    );
  }
  bare.close();
  process.exitCode = missed ? 1 : 0;
} finally {
  server.kill("SIGTERM");
}
