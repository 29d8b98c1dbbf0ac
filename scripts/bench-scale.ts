/**
 * `npm run bench:scale`: issue 11's scale benchmark. Builds (once, then reuses) a synthetic back
 * catalogue of 101,026 papers through the project's own database layer (scripts/bench/
 * catalogue.ts), serves it with the production build (`node server/main.ts`, a child process),
 * and prints every figure of issue 11's table beside its target: throughput against a bare
 * `node:http` server sending the same bytes (autocannon, 50 connections), sitemap, search,
 * feed and home page times, the head-of-line delay, search-row writes, import speed, page
 * weight, Lighthouse and peak memory. With DATABASE_URL it also builds the catalogue in a
 * PostgreSQL database of its own and reports the same figures there. Exits 0: it is a report
 * (missed targets are marked MISSED). How to run and read it: docs/development.md (Benchmarks); its figures: docs/performance.md.
 *
 * Environment: BENCH_PAPERS (101026), BENCH_SEED (1), BENCH_DURATION (10 s per autocannon run),
 * BENCH_CONNECTIONS (50), BENCH_REQUESTS (40 timed sequential requests per latency figure),
 * BENCH_DATA_DIR (<os tmp>/athenaeum-bench-scale), BENCH_PORT (3251; the bare server uses the
 * next port), BENCH_LIGHTHOUSE (1; 0 skips it), BUILD_DIR (build), CORPUS_DIR
 * (corpus/), BENCH_IMPORT_REPEAT (12: the corpus imported 12 times over), BENCH_RSS_SEARCHES
 * (10000 distinct searches before the memory row; 0 skips it), BENCH_RSS_ONLY (0; 1 measures the
 * memory row alone, for a quick check with a small BENCH_RSS_SEARCHES), BENCH_SQLITE (1; 0
 * skips the SQLite catalogue and its figures, page weight and Lighthouse included: the
 * 1,000,000-paper PostgreSQL run), DATABASE_URL (unset: SQLite only).
 *
 * Arguments (after `npm run bench:scale --`): `--papers N` (BENCH_PAPERS's value, which it
 * overrides); `--build-only`: build (or find built) the PostgreSQL catalogue of DATABASE_URL's
 * server and print its build time, rows and size, nothing else (decision 570).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { z } from "zod";
import { type DatabaseHandle, migrate, openDatabase } from "../server/db/database.ts";
import { indexPaper } from "../server/features/search/search.ts";
import { type CatalogueShape, catalogueShape } from "./bench/catalogue.ts";
import { describeImport, importExtractor, measureImport } from "./bench/import-rate.ts";
import { lighthouseScore } from "./bench/lighthouse.ts";
import { headOfLine, latency, percentile, throughput } from "./bench/load.ts";
import { declaredJs, loadedJs, type PageWeight } from "./bench/page-weight.ts";
import { printTable, type Row } from "./bench/report.ts";
import { type ChildServer, startAppServer, startBareServer } from "./bench/servers.ts";
import { measureSitemap } from "./bench/sitemap.ts";
import {
  catalogueDir,
  postgresCatalogue,
  reportPostgresBuild,
  sqliteCatalogue,
} from "./bench/store.ts";
import {
  afterWriteLatency,
  concurrentMisses,
  distinctLatency,
  distinctSearchPaths,
  type MissLatency,
  manySearchPaths,
  postgresBackendCpu,
} from "./bench/uncached.ts";
import { ensureCurrentBuild } from "./site-build.ts";

const root = path.resolve(import.meta.dirname, "..");
const count = (def: number) => z.coerce.number().int().positive().default(def);
const Env = z.object({
  BENCH_PAPERS: count(101_026),
  BENCH_SEED: z.coerce.number().int().nonnegative().default(1),
  BENCH_DURATION: count(10),
  BENCH_CONNECTIONS: count(50),
  BENCH_REQUESTS: count(40),
  BENCH_DATA_DIR: z.string().default(path.join(tmpdir(), "athenaeum-bench-scale")),
  BENCH_PORT: count(3251),
  BENCH_LIGHTHOUSE: z.enum(["0", "1"]).default("1"),
  BUILD_DIR: z.string().default("build"),
  CORPUS_DIR: z.string().default("corpus"),
  BENCH_IMPORT_REPEAT: count(12),
  BENCH_RSS_SEARCHES: z.coerce.number().int().nonnegative().default(10_000),
  BENCH_RSS_ONLY: z.enum(["0", "1"]).default("0"),
  BENCH_SQLITE: z.enum(["0", "1"]).default("1"),
  DATABASE_URL: z.string().optional(),
});

const ms = (n: number) => `${n.toFixed(1)} ms`;
/** Distinct search URLs (output-cache misses) timed once each for the uncached search row. */
const DISTINCT_SEARCHES = 40;
/**
 * Catalogue writes, each followed by a first request of every public page and API call (fewer
 * when BENCH_REQUESTS is lower: it bounds every latency figure's sample).
 */
const AFTER_WRITE_ROUNDS = 20;
const hitNote = (hits: number) => (hits ? `; ${hits} were cache hits` : "");
const rate = (n: number) => `${Math.round(n).toLocaleString("en")} req/s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`;

/** The pages the bench visits: a paper with a full text from the middle of the catalogue. */
type Sample = {
  journal: string;
  issue: string;
  paper: string;
  file: string | null;
  /** The public API calls of the spec's section 7 for the same journal, issue and paper. */
  api: string[];
};

async function samplePages(handle: DatabaseHandle, shape: CatalogueShape): Promise<Sample> {
  const row = await handle.db
    .selectFrom("papers as p")
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .innerJoin("journals as j", "j.id", "pub.journal_id")
    .select(["p.id", "p.file", "pub.volume", "pub.number", "j.uri"])
    .where("p.full_text", "is not", null)
    .orderBy("p.id")
    .offset(Math.floor(shape.fullText / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    journal: `/journal/${row.uri}`,
    issue: `/journal/${row.uri}/${row.volume}/${row.number}`,
    paper: `/journal/${row.uri}/${row.id}`,
    file: row.file,
    api: [
      "/api/latest_publications",
      "/api/latest_publication",
      "/api/latest_journals",
      "/api/all_journals",
      `/api/get_journal/${row.uri}`,
      `/api/get_publications/${row.uri}/Y`,
      `/api/get_publication/${row.uri}/${row.volume}/${row.number}`,
      `/api/get_journal_paper/${row.uri}/${row.id}`,
    ],
  };
}

/**
 * Gives the sample paper a real PDF (the corpus's first) in the catalogue's storage, so its
 * reading page loads the viewer as a real one would. The other papers' files stay absent.
 */
function ensureSamplePdf(dataDir: string, corpusDir: string, file: string | null): void {
  const pdfs = path.join(corpusDir, "pdfs");
  if (!file || !existsSync(pdfs)) return;
  const target = path.join(dataDir, "files", ...file.split("/"));
  if (existsSync(target)) return;
  const first = readdirSync(pdfs)
    .filter((f) => f.endsWith(".pdf"))
    .sort()[0];
  if (!first) return;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(pdfs, first), target);
}

/** Times `indexPaper` on papers with and without full text; milliseconds per call. */
async function timeIndexPaper(handle: DatabaseHandle): Promise<{ p50: number; max: number }> {
  const pick = async (withText: boolean) =>
    (
      await handle.db
        .selectFrom("papers")
        .select("id")
        .where("full_text", withText ? "is not" : "is", null)
        .orderBy("id")
        .limit(5)
        .execute()
    ).map((r) => Number(r.id));
  const ids = [...(await pick(true)), ...(await pick(false))];
  const times: number[] = [];
  await indexPaper(handle.db, handle.dialect, ids[0] as number);
  for (const id of ids) {
    const start = performance.now();
    await indexPaper(handle.db, handle.dialect, id);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), max: times.at(-1) ?? Number.NaN };
}

type Env = z.infer<typeof Env>;

/**
 * Every HTTP figure against one running server: throughput beside the bare server, search,
 * head-of-line, feed, home, sitemap, each repeated-URL figure (output-cache hits, "(cached)")
 * beside its uncached counterpart: distinct search URLs, and first requests after a catalogue
 * write made through `handle` (the database the server serves). `label` prefixes the rows
 * ("SQLite", "PostgreSQL"). `pgUrl`, the PostgreSQL database the server serves (none on
 * SQLite), adds its backends' CPU per search to the uncached search row.
 */
async function measureServer(
  env: Env,
  label: string,
  app: ChildServer,
  sample: Sample,
  responsesFile: string,
  handle: DatabaseHandle,
  pgUrl?: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const base = app.base;

  // Throughput of the real server beside a bare node:http server sending the same bytes.
  const targets: [string, string, number][] = [
    ["/api/all_journals", "/api/all_journals", 0.5],
    ["home page", "/", 0.4],
    ["paper page", sample.paper, 0.4],
  ];
  const stored: Record<string, { contentType: string; body: string }> = {};
  const bodyBytes: Record<string, number> = {};
  for (const [, url] of targets) {
    const res = await fetch(base + url, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    bodyBytes[url] = body.byteLength;
    stored[url] = {
      contentType: res.headers.get("content-type") ?? "",
      body: body.toString("base64"),
    };
  }
  writeFileSync(responsesFile, JSON.stringify(stored));
  const bare = await startBareServer(env.BENCH_PORT + 1, responsesFile);
  try {
    for (const [what, url, target] of targets) {
      console.log(`  ${label}: autocannon ${url} (${env.BENCH_DURATION} s each, real then bare)…`);
      // A short untimed run first, so both servers are measured warm (JIT, page cache).
      await throughput(base + url, Math.min(2, env.BENCH_DURATION), env.BENCH_CONNECTIONS);
      const real = await throughput(base + url, env.BENCH_DURATION, env.BENCH_CONNECTIONS);
      const baseline = await throughput(bare.base + url, env.BENCH_DURATION, env.BENCH_CONNECTIONS);
      const ratio = real.rps / baseline.rps;
      // Failed: non-2xx answers, connection errors and timeouts (autocannon's 10 s).
      const failures = real.failures ? `, ${real.failures} failed` : "";
      rows.push({
        what: `${label}: ${what} throughput vs bare node:http (cached)`,
        figure: `${(ratio * 100).toFixed(1)} % (${rate(real.rps)} vs ${rate(baseline.rps)}${failures}; ${kb(bodyBytes[url] ?? 0)} body)`,
        target: `>= ${target * 100} %`,
        ok: ratio >= target && real.failures === 0,
      });
    }
  } finally {
    await bare.stop();
  }

  console.log(`  ${label}: search, head-of-line, feed, home, sitemap…`);
  const search = await latency(`${base}/search?q=species`, env.BENCH_REQUESTS);
  rows.push({
    what: `${label}: /search?q=species p95 (cached)`,
    figure: `${ms(search.p95)} (p50 ${ms(search.p50)})`,
    target: "< 100 ms",
    ok: search.p95 < 100,
  });
  const hol = await headOfLine(
    `${base}/api/all_journals`,
    `${base}/search?q=species`,
    env.BENCH_REQUESTS,
  );
  const delay = hol.loaded - hol.alone;
  rows.push({
    what: `${label}: /api/all_journals p50 added while a client loops /search?q=species (cached)`,
    figure: `${delay >= 0 ? "+" : ""}${ms(delay)} (${ms(hol.alone)} alone, ${ms(hol.loaded)} loaded)`,
    target: "+ <= 20 ms",
    ok: delay <= 20,
  });

  console.log(`  ${label}: uncached search, head-of-line, first requests after a write…`);
  // On PostgreSQL, the database's CPU per search beside the wall clock (decision 335): on a
  // loaded machine the wall clock is mostly waiting for a core.
  const cpu = pgUrl ? await postgresBackendCpu(pgUrl) : undefined;
  const misses = await distinctLatency(
    distinctSearchPaths(DISTINCT_SEARCHES).map((p) => base + p),
    cpu,
  ).finally(() => cpu?.close());
  const cpuNote = !pgUrl
    ? ""
    : misses.cpu
      ? `; PostgreSQL CPU per search p50 ${ms(misses.cpu.p50)}, p95 ${ms(misses.cpu.p95)}`
      : "; PostgreSQL CPU not readable";
  rows.push({
    what: `${label}: /search p95 over ${misses.count} distinct queries (uncached)`,
    figure: `${ms(misses.p95)} (p50 ${ms(misses.p50)}${hitNote(misses.hits)}${cpuNote})`,
    target: "< 100 ms",
    ok: misses.p95 < 100 && misses.hits === 0,
  });
  // The busy client's URLs follow the timed ones, so none of them has been requested before.
  const busyPaths = distinctSearchPaths(5_000, DISTINCT_SEARCHES);
  let next = 0;
  const coldHol = await headOfLine(
    `${base}/api/all_journals`,
    () => base + busyPaths[next++ % busyPaths.length],
    env.BENCH_REQUESTS,
  );
  const coldDelay = coldHol.loaded - coldHol.alone;
  rows.push({
    what: `${label}: /api/all_journals p50 added while a client loops distinct searches (uncached)`,
    figure: `${coldDelay >= 0 ? "+" : ""}${ms(coldDelay)} (${ms(coldHol.alone)} alone, ${ms(coldHol.loaded)} loaded; ${coldHol.busyRequests} searches)`,
    target: "+ <= 20 ms",
    ok: coldDelay <= 20,
  });
  const feed = await latency(`${base}/feed.xml`, env.BENCH_REQUESTS);
  rows.push({
    what: `${label}: /feed.xml p50 (cached)`,
    figure: `${ms(feed.p50)} (p95 ${ms(feed.p95)})`,
    target: "< 30 ms",
    ok: feed.p50 < 30,
  });
  const home = await latency(`${base}/`, env.BENCH_REQUESTS);
  rows.push({
    what: `${label}: home page p50 (cached)`,
    figure: `${ms(home.p50)} (p95 ${ms(home.p95)})`,
    target: "< 50 ms",
    ok: home.p50 < 50,
  });
  // Last of the page figures: each round empties the output cache.
  const pages = [
    "/journals",
    sample.journal,
    sample.issue,
    "/proceedings",
    "/categories",
    "/contact",
    ...sample.api,
  ];
  const [coldHome, coldPaper, coldFeed, ...coldPages] = await afterWriteLatency(
    handle,
    base,
    ["/", sample.paper, "/feed.xml", ...pages],
    Math.min(AFTER_WRITE_ROUNDS, env.BENCH_REQUESTS),
  );
  const p95Row = (what: string, m: MissLatency): Row => ({
    what: `${label}: ${what} p95, first request after a catalogue write (uncached)`,
    figure: `${ms(m.p95)} (p50 ${ms(m.p50)} of ${m.count}${hitNote(m.hits)})`,
    target: "< 100 ms",
    ok: m.p95 < 100 && m.hits === 0,
  });
  rows.push(
    p95Row("home page", coldHome!),
    p95Row(`paper page ${sample.paper}`, coldPaper!),
    p95Row("/feed.xml", coldFeed!),
    ...pages.map((page, i) => p95Row(page, coldPages[i]!)),
  );
  rows.push(
    {
      what: `${label}: home page p50, first request after a catalogue write (uncached)`,
      figure: `${ms(coldHome!.p50)} (max ${ms(coldHome!.p95)} of ${coldHome!.count}${hitNote(coldHome!.hits)})`,
      target: "< 50 ms",
      ok: coldHome!.p50 < 50 && coldHome!.hits === 0,
    },
    {
      what: `${label}: paper page p50, first request after a catalogue write (uncached)`,
      figure: `${ms(coldPaper!.p50)} (max ${ms(coldPaper!.p95)} of ${coldPaper!.count}${hitNote(coldPaper!.hits)})`,
      target: "-",
      ok: null,
    },
    {
      what: `${label}: /feed.xml p50, first request after a catalogue write (uncached)`,
      figure: `${ms(coldFeed!.p50)} (max ${ms(coldFeed!.p95)} of ${coldFeed!.count}${hitNote(coldFeed!.hits)})`,
      target: "< 30 ms",
      ok: coldFeed!.p50 < 30 && coldFeed!.hits === 0,
    },
  );
  const sitemap = await measureSitemap(base);
  rows.push(
    sitemap.kind === "index"
      ? {
          what: `${label}: /sitemap.xml index + pages, slowest`,
          figure: `${ms(sitemap.slowestMs)} (${sitemap.slowestUrl}; ${sitemap.files} files)`,
          target: "each < 200 ms",
          ok: sitemap.slowestMs < 200,
        }
      : {
          what: `${label}: /sitemap.xml (not an index: one ${sitemap.kind})`,
          figure: ms(sitemap.slowestMs),
          target: "each < 200 ms, index",
          ok: false,
        },
    {
      what: `${label}: /sitemap.xml index + pages, slowest first request (uncached)`,
      figure: `${ms(sitemap.slowestFirstMs)} (${sitemap.slowestFirstUrl})`,
      target: "each < 200 ms",
      ok: sitemap.slowestFirstMs < 200,
    },
    {
      what: `${label}: /sitemap.xml largest sitemap`,
      figure: `${sitemap.largestUrls.toLocaleString("en")} URLs (${sitemap.totalUrls.toLocaleString("en")} in all)`,
      target: "<= 50,000 URLs",
      ok: sitemap.kind === "index" && sitemap.largestUrls <= 50_000,
    },
  );
  return rows;
}

function weightRow(what: string, weights: PageWeight[]): Row {
  const heaviest = weights.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  return {
    what,
    figure: `${kb(heaviest.bytes)} max (${heaviest.path}, ${heaviest.files} files)`,
    target: "<= 100 KB every public page",
    ok: weights.every((w) => w.bytes <= 100_000),
  };
}

/** Script weight of the public pages (declared, then loaded by Chromium) and Lighthouse. */
async function pageRows(
  env: Env,
  app: ChildServer,
  sample: Sample,
  buildDir: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const pages = [
    "/",
    "/journals",
    sample.journal,
    sample.issue,
    sample.paper,
    "/proceedings",
    "/categories",
    "/contact",
    "/search?q=species",
  ];
  console.log("  page weight: declared scripts, then a first visit in Chromium…");
  rows.push(
    weightRow(
      "gzip JS declared by each public page's HTML",
      await declaredJs(app.base, pages, buildDir),
    ),
  );
  try {
    rows.push(
      weightRow("gzip JS Chromium loads on a first visit", await loadedJs(app.base, pages)),
    );
  } catch (error) {
    rows.push({
      what: "gzip JS Chromium loads on a first visit",
      figure: `not measured (${(error as Error).message.split("\n")[0]})`,
      target: "<= 100 KB every public page",
      ok: null,
    });
  }
  if (env.BENCH_LIGHTHOUSE === "1") {
    console.log("  Lighthouse (mobile) on the home page…");
    const lh = await lighthouseScore(`${app.base}/`);
    rows.push({
      what: "Lighthouse mobile performance, home",
      figure: "score" in lh ? String(lh.score) : `not measured (${lh.error})`,
      target: ">= 95",
      ok: "score" in lh ? lh.score >= 95 : null,
    });
  }
  return rows;
}

/** Clients asking for distinct searches at once in the memory row. */
const RSS_CLIENTS = 4;

/** The memory row prints the server's RSS after every this many searches. */
const RSS_SAMPLE_EVERY = 1_000;

/**
 * The server's RSS after `searches` distinct search pages (each a cache miss running its
 * query), asked for by {@link RSS_CLIENTS} clients at once: what issue 19 bounds (< 400 MB
 * whatever the traffic). Null when `searches` is 0.
 */
async function rssAfterSearches(
  label: string,
  app: ChildServer,
  searches: number,
): Promise<Row | null> {
  if (searches === 0) return null;
  console.log(`  ${label}: ${searches.toLocaleString("en")} distinct searches for the memory row…`);
  const before = app.rss();
  const started = performance.now();
  // from the 5,040th two-word query on: the uncached rows asked for the first ones
  const urls = manySearchPaths(searches, 5_040).map((p) => app.base + p);
  const samples: string[] = [];
  const hits = await concurrentMisses(urls, RSS_CLIENTS, (done) => {
    if (done % RSS_SAMPLE_EVERY !== 0) return;
    const now = app.rss();
    const sample = `${done.toLocaleString("en")}: ${now === null ? "?" : mb(now)}`;
    samples.push(sample);
    console.log(
      `    RSS after ${sample} (${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()[0]!.toFixed(1)})`,
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const rss = app.rss();
  const peak = app.peakRss();
  return {
    what: `${label}: server RSS after ${searches.toLocaleString("en")} distinct searches (uncached)`,
    figure:
      rss === null
        ? "not measured"
        : `${mb(rss)} (peak ${peak === null ? "?" : mb(peak)}; ${before === null ? "?" : mb(before)} before; ${seconds.toFixed(0)} s${hitNote(hits)}${samples.length > 1 ? `; after ${samples.join(", ")}` : ""})`,
    target: "< 400 MB",
    ok: rss === null || peak === null ? null : peak < 400_000_000 && hits === 0,
  };
}

/**
 * The SQLite half of the report: builds (or reuses) the catalogue of `shape` in `dirs.dataDir`,
 * times `indexPaper` there and at 1,000 papers, serves it and measures every server figure, page
 * weight and Lighthouse (only the memory row when `rssOnly`); appends to `rows` and `notes`.
 */
async function sqliteFigures(
  env: Env,
  shape: CatalogueShape,
  dirs: {
    dataDir: string;
    baseDir: string;
    buildDir: string;
    corpusDir: string;
    responsesFile: string;
  },
  rssOnly: boolean,
  rows: Row[],
  notes: string[],
): Promise<void> {
  const { dataDir, baseDir, buildDir, corpusDir, responsesFile } = dirs;
  const sqlite = await sqliteCatalogue(dataDir, shape);
  const c = sqlite.counts;
  notes.push(
    `SQLite catalogue in ${dataDir}: ${c.papers.toLocaleString("en")} papers, ${c.authors.toLocaleString("en")} author rows, ${c.fullText.toLocaleString("en")} full texts, ${c.frequent.toLocaleString("en")} mention "species"; ${sqlite.built ? "built" : "reused (built earlier)"} in ${c.seconds.toFixed(0)} s (search rows: ${c.searchWriter})`,
  );
  console.log(notes.at(-1));

  // Search-row writes at scale, and at 1,000 papers to see whether they stay flat.
  const smallShape = catalogueShape(1_000, shape.seed);
  if (!rssOnly) await sqliteCatalogue(catalogueDir(baseDir, smallShape), smallShape);
  const timeAt = async (dir: string) => {
    const handle = openDatabase({ sqliteFile: path.join(dir, "athenaeum.sqlite") });
    try {
      await migrate(handle);
      return await timeIndexPaper(handle);
    } finally {
      await handle.close();
    }
  };
  if (!rssOnly) {
    const indexLarge = await timeAt(dataDir);
    const indexSmall = await timeAt(catalogueDir(baseDir, smallShape));
    rows.push(
      {
        what: `SQLite: indexPaper at ${shape.papers.toLocaleString("en")} papers, p50`,
        figure: `${ms(indexLarge.p50)} (max ${ms(indexLarge.max)})`,
        target: "< 10 ms",
        ok: indexLarge.p50 < 10,
      },
      {
        what: "SQLite: indexPaper, this scale vs 1,000 papers",
        figure: `${(indexLarge.p50 / indexSmall.p50).toFixed(1)}x (${ms(indexSmall.p50)} at 1,000)`,
        target: "flat (<= 2x)",
        ok: indexLarge.p50 / indexSmall.p50 <= 2,
      },
    );
  }

  const sqliteHandle = openDatabase({ sqliteFile: path.join(dataDir, "athenaeum.sqlite") });
  const sample = await samplePages(sqliteHandle, shape);
  await sqliteHandle.close();
  ensureSamplePdf(dataDir, corpusDir, sample.file);

  console.log(`Serving the SQLite catalogue on port ${env.BENCH_PORT}…`);
  const app = await startAppServer({ port: env.BENCH_PORT, dataDir, buildDir });
  try {
    const writer = openDatabase({ sqliteFile: path.join(dataDir, "athenaeum.sqlite") });
    try {
      if (!rssOnly) {
        rows.push(...(await measureServer(env, "SQLite", app, sample, responsesFile, writer)));
      }
      const memory = await rssAfterSearches("SQLite", app, env.BENCH_RSS_SEARCHES);
      if (memory) rows.push(memory);
    } finally {
      await writer.close();
    }
    if (!rssOnly) rows.push(...(await pageRows(env, app, sample, buildDir)));
    const rss = app.peakRss();
    rows.push({
      what: "SQLite: server peak RSS (VmHWM) after the run",
      figure: rss === null ? "not measured" : mb(rss),
      target: "< 400 MB",
      ok: rss === null ? null : rss < 400_000_000,
    });
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `bench:scale: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
    process.exit(1);
  }
  const env = parsed.data;
  const args = z
    .object({ papers: count(env.BENCH_PAPERS), "build-only": z.boolean().default(false) })
    .parse(
      parseArgs({
        options: { papers: { type: "string" }, "build-only": { type: "boolean" } },
      }).values,
    );
  env.BENCH_PAPERS = args.papers;
  if (args["build-only"]) {
    if (!env.DATABASE_URL) throw new Error("bench:scale --build-only: DATABASE_URL is not set");
    const baseDir = path.resolve(root, env.BENCH_DATA_DIR);
    const shape = catalogueShape(env.BENCH_PAPERS, env.BENCH_SEED);
    await reportPostgresBuild(env.DATABASE_URL, baseDir, shape);
    return;
  }
  // the memory row alone: no throughput, page, weight, Lighthouse or import figures
  const rssOnly = env.BENCH_RSS_ONLY === "1";
  const buildDir = path.resolve(root, env.BUILD_DIR);
  const corpusDir = path.resolve(root, env.CORPUS_DIR);
  const baseDir = path.resolve(root, env.BENCH_DATA_DIR);
  const shape = catalogueShape(env.BENCH_PAPERS, env.BENCH_SEED);
  const rows: Row[] = [];
  const notes: string[] = [];
  const started = performance.now();

  ensureCurrentBuild(buildDir);

  console.log(
    `Catalogue: ${shape.papers.toLocaleString("en")} papers, ${shape.journals} journals, ${shape.issues.toLocaleString("en")} issues, ${shape.fullText.toLocaleString("en")} full texts, seed ${shape.seed}`,
  );
  const dataDir = catalogueDir(baseDir, shape);
  const responsesFile = path.join(baseDir, "bare-responses.json");
  if (env.BENCH_SQLITE === "1") {
    const dirs = { dataDir, baseDir, buildDir, corpusDir, responsesFile };
    await sqliteFigures(env, shape, dirs, rssOnly, rows, notes);
  } else {
    mkdirSync(dataDir, { recursive: true });
    notes.push("SQLite not measured: BENCH_SQLITE=0.");
  }

  if (env.DATABASE_URL) {
    console.log("PostgreSQL catalogue…");
    const pgCat = await postgresCatalogue(env.DATABASE_URL, baseDir, shape);
    notes.push(
      `PostgreSQL catalogue in ${new URL(pgCat.url).pathname.slice(1)}: ${pgCat.built ? "built" : "reused (built earlier)"} in ${pgCat.counts.seconds.toFixed(0)} s`,
    );
    console.log(notes.at(-1));
    const pgHandle = openDatabase({ databaseUrl: pgCat.url });
    let pgSample: Sample;
    try {
      await migrate(pgHandle);
      pgSample = await samplePages(pgHandle, shape);
      const size = await sql<{ bytes: string }>`
        select pg_database_size(current_database())::text as bytes`.execute(pgHandle.db);
      const pc = pgCat.counts;
      notes.push(
        `PostgreSQL: ${pc.papers.toLocaleString("en")} papers, ${pc.authors.toLocaleString("en")} author rows, ${pc.fullText.toLocaleString("en")} full texts; builder ${Math.round(pc.papers / pc.seconds).toLocaleString("en")} papers/s (search rows: ${pc.searchWriter}); database ${mb(Number(size.rows[0]?.bytes))} (pg_database_size)`,
      );
      console.log(notes.at(-1));
      const index = await timeIndexPaper(pgHandle);
      rows.push({
        what: `PostgreSQL: indexPaper at ${shape.papers.toLocaleString("en")} papers, p50`,
        figure: `${ms(index.p50)} (max ${ms(index.max)})`,
        target: "< 10 ms",
        ok: index.p50 < 10,
      });
    } finally {
      await pgHandle.close();
    }
    ensureSamplePdf(dataDir, corpusDir, pgSample.file);
    console.log(`Serving the PostgreSQL catalogue on port ${env.BENCH_PORT}…`);
    const pgApp = await startAppServer({
      port: env.BENCH_PORT,
      dataDir,
      buildDir,
      databaseUrl: pgCat.url,
    });
    try {
      const writer = openDatabase({ databaseUrl: pgCat.url });
      try {
        if (!rssOnly) {
          rows.push(
            ...(await measureServer(
              env,
              "PostgreSQL",
              pgApp,
              pgSample,
              responsesFile,
              writer,
              pgCat.url,
            )),
          );
        }
        const memory = await rssAfterSearches("PostgreSQL", pgApp, env.BENCH_RSS_SEARCHES);
        if (memory) rows.push(memory);
      } finally {
        await writer.close();
      }
      const rss = pgApp.peakRss();
      rows.push({
        what: "PostgreSQL: server peak RSS (VmHWM) after the run",
        figure: rss === null ? "not measured" : mb(rss),
        target: "< 400 MB",
        ok: rss === null ? null : rss < 400_000_000,
      });
    } finally {
      await pgApp.stop();
    }
  } else {
    notes.push("PostgreSQL not measured: DATABASE_URL is not set.");
  }

  if (rssOnly) {
    // the memory row alone: no import figure
  } else if (existsSync(path.join(corpusDir, "manifest.json"))) {
    const repeat = env.BENCH_IMPORT_REPEAT;
    console.log(`Importing ${corpusDir} (${repeat} times over) with npm run import…`);
    const imp = await measureImport(corpusDir, repeat);
    rows.push({
      what: `npm run import of the corpus x${repeat}, with PDF text (fresh SQLite; ${importExtractor()})`,
      figure: describeImport(imp),
      target: ">= 10 papers/s",
      ok: imp.papersPerSecond >= 10,
    });
  } else {
    rows.push({
      what: "npm run import of the corpus",
      figure: `not measured (no ${corpusDir})`,
      target: ">= 10 papers/s",
      ok: null,
    });
  }

  console.log("");
  for (const note of notes) console.log(note);
  printTable(
    `bench:scale, ${new Date().toISOString().slice(0, 10)}, ${shape.papers.toLocaleString("en")} papers, ${env.BENCH_CONNECTIONS} connections x ${env.BENCH_DURATION} s, Node ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
    rows,
  );
}

await main();
process.exit(0);
