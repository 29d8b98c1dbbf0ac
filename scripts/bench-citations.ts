/**
 * What 'Cite this paper' costs the server (docs/decisions/245-citations-off-the-page.md),
 * measured in this process with the production build in `BUILD_DIR` (default `build`) and the
 * output cache off, over a scratch SQLite catalogue of 60 papers:
 * - CPU ms (this process, all threads) and wall ms of the first uncached paper page render and
 *   the median of the next 49 (50 different papers);
 * - RSS and heap after those 50 pages;
 * - when the build's panel fetches `citations.json`: the same for 50 of those answers (CPU of
 *   this thread apart from the worker's), RSS while the citation worker is alive and after it
 *   stopped (idle time shortened to 2 s here).
 * Run it against another checkout's build (`BUILD_DIR=/work/main/build`) for the figures before.
 *
 * Usage: `node scripts/bench-citations.ts` (Node 24).
 */
import "../shared/zod-setup.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Request, Response } from "express";
import { createAppContext } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { createCitationPool } from "../server/features/citations/citation-pool.ts";
import { createHttpApp } from "../server/http/app.ts";
import { PDF_VIEWER_SOURCES, widenResponseCsp } from "../server/http/csp.ts";
import { publicOrigin } from "../server/http/origin.ts";
import type { RequestInfo } from "../server/router-context.ts";
import type { AppContext } from "../server/services/context.ts";
import { paperRow, seedCatalogue } from "../tests/helpers/fixtures.ts";

const PAGES = 50;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const dataDir = await mkdtemp(path.join(tmpdir(), "bench-citations-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED: "none",
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  OUTPUT_CACHE_MB: "0",
  PDF_WORKERS: "0",
});
const { ctx, close } = await createAppContext(config);
await ctx.citationPool?.close();
ctx.citationPool = createCitationPool({ idleMs: 2000 });

const seed = await seedCatalogue(ctx);
const ids: number[] = [];
for (let i = 0; i < PAGES + 10; i++) {
  const { id } = await ctx.db
    .insertInto("papers")
    .values(
      paperRow({
        publication_id: seed.issueId,
        title: `Measured paper number ${i} on neural circuits`,
        doi: `10.5555/bench.${i}`,
        position: 10 + i,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto("paper_authors")
    .values([
      { paper_id: id, position: 1, name: `Ada ${i} Lovelace`, email: null, institution: "UCL" },
      { paper_id: id, position: 2, name: "Gidon Felsen", email: null, institution: null },
    ])
    .execute();
  ids.push(id);
}

type Ssr = {
  createSsrHandler: (
    ctx: AppContext,
    info: (req: Request, res: Response) => RequestInfo,
  ) => (req: Request, res: Response, next: (e?: unknown) => void) => Promise<void>;
};
const ssr = (await import(path.join(buildDir, "server/index.js"))) as Ssr;
const app = createHttpApp(ctx, {
  clientDir: path.join(buildDir, "client"),
  pages: ssr.createSsrHandler(ctx, (req, res) => ({
    nonce: res.locals.nonce,
    user: res.locals.user,
    origin: publicOrigin(config, req),
    locale: "en",
    allowPdfViewer: () => widenResponseCsp(res, PDF_VIEWER_SOURCES),
    setLinkHeader: (value) => res.setHeader("Link", value),
  })),
  outputCache: false,
});
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const journal = (
  await ctx.db
    .selectFrom("journals")
    .select("uri")
    .where("id", "=", seed.journalId)
    .executeTakeFirstOrThrow()
).uri;

/**
 * Of one GET (status must be 200): process CPU ms (every thread), ms this thread's event loop
 * was busy (what other requests would wait for; includes the fetch client's small share) and
 * wall ms.
 */
async function timed(url: string) {
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`);
  const body = await res.text();
  const wall = performance.now() - t0;
  const busy = performance.eventLoopUtilization(elu0).active;
  const cpu = process.cpuUsage(cpu0);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return { cpu: (cpu.user + cpu.system) / 1000, busy, wall, body };
}
type Timing = Awaited<ReturnType<typeof timed>>;
const line = (t: Timing) =>
  `${t.cpu.toFixed(1)} ms CPU, ${t.busy.toFixed(1)} ms busy, ${t.wall.toFixed(1)} ms wall`;
/** Medians of each figure. */
const medians = (ts: Timing[]): Timing => ({
  cpu: median(ts.map((t) => t.cpu)),
  busy: median(ts.map((t) => t.busy)),
  wall: median(ts.map((t) => t.wall)),
  body: "",
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}`;
};

await timed(`/journal/${journal}`); // the SSR handler's own first-use cost, not a paper page's
console.log(`build ${buildDir}`);
console.log(`before any paper page: ${memory()}`);
const pages = [];
for (const id of ids.slice(0, PAGES)) pages.push(await timed(`/journal/${journal}/${id}`));
const [first, ...rest] = pages;
console.log(
  `paper page, first: ${line(first!)}; next ${rest.length}, median: ${line(medians(rest))}`,
);
console.log(`after ${PAGES} paper pages: ${memory()}`);

if (first!.body.includes("/citations.json")) {
  const answers = [];
  for (const id of ids.slice(0, PAGES)) {
    answers.push(await timed(`/journal/${journal}/${id}/citations.json`));
  }
  const [one, ...others] = answers;
  console.log(
    `citations.json, first: ${line(one!)}; next ${others.length}, median: ${line(medians(others))}`,
  );
  console.log(`worker alive after ${PAGES} answers: ${memory()}`);
  const until = Date.now() + 30_000;
  while (ctx.citationPool.running && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(`worker stopped (idle): ${memory()}`);
}

server.close();
await close();
await rm(dataDir, { recursive: true, force: true });
