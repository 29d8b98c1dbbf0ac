/**
 * Uncached figures for `npm run bench:scale`: the server keeps public pages and API answers per
 * catalogue version (server/http/output-cache.ts, decision 110), so a repeated URL measures a
 * cache hit. Search has an unbounded URL space and every catalogue write empties the cache, so
 * these helpers time what a hit hides: distinct search URLs (misses), and the first request of
 * a page after a catalogue write. Each answer's `X-Cache` header is checked, so a figure that
 * turned out to be a hit is counted, not silently mixed in.
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import type { DatabaseHandle } from "../../server/db/database.ts";
import { bumpCatalogueVersion } from "../../server/services/catalogue-version.ts";
import { percentile } from "./load.ts";
import { FREQUENT_WORD } from "./text.ts";
import { ADJECTIVES, NOUNS } from "./words.ts";

/**
 * How long to wait after a write from this process before the server sees it: the server reuses
 * a version read less than 1 s ago (output-cache.ts, `versionTtlMs`), plus a margin.
 */
const VERSION_TRUST_MS = 1200;

/**
 * `count` distinct `/search` paths (path and query, no origin), the same for a given `start`:
 * single title words (frequent in the catalogue's titles and abstracts), a few
 * `q=species&page=N`, and two-word queries (adjective and noun). Different `start` values give
 * disjoint lists as long as the ranges do not overlap (there are over 9,000 two-word queries).
 * @throws Error when more are asked for than exist.
 */
export function distinctSearchPaths(count: number, start = 0): string[] {
  const all = searchQueries();
  if (start + count > all.length) throw new Error(`only ${all.length} distinct search URLs`);
  return all.slice(start, start + count).map((q) => `/search?${q}`);
}

/** Every query string of {@link distinctSearchPaths}, in its order. */
function searchQueries(): string[] {
  const all: string[] = [];
  for (let i = 0; i < 30; i++) all.push(`q=${NOUNS[i]}`);
  for (let n = 2; n <= 6; n++) all.push(`q=${FREQUENT_WORD}&page=${n}`);
  // Diagonals of the adjective x noun grid, so neighbouring queries share no word.
  for (let d = 0; d < NOUNS.length; d++)
    for (const [a, adjective] of ADJECTIVES.entries())
      all.push(`q=${adjective}+${NOUNS[(30 + a + d) % NOUNS.length]}`);
  return all;
}

/**
 * `count` distinct `/search` paths from `start` on, as many as asked for: the two-word queries
 * of {@link distinctSearchPaths}, then their second pages, third pages and so on (each a URL the
 * output cache has not seen, each running its query).
 */
export function manySearchPaths(count: number, start = 0): string[] {
  const pairs = searchQueries().filter((q) => q.includes("+"));
  const out: string[] = [];
  for (let i = start; out.length < count; i++) {
    const round = Math.floor(i / pairs.length);
    const q = pairs[i % pairs.length]!;
    out.push(round === 0 ? `/search?${q}` : `/search?${q}&page=${round + 1}`);
  }
  return out;
}

/** One GET read to the end: milliseconds, status and whether the output cache answered it. */
async function timedFetch(url: string): Promise<{ ms: number; status: number; hit: boolean }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return {
    ms: performance.now() - started,
    status: res.status,
    hit: res.headers.get("x-cache") === "hit",
  };
}

/**
 * GETs each of `urls` once with `clients` concurrent clients, every answer read to the end.
 * `onDone`, when given, is called with the count of answers read so far after each answer
 * (the memory row samples the server's RSS every 1,000).
 * @returns how many were cache hits.
 * @throws Error when an answer is not 200.
 */
export async function concurrentMisses(
  urls: string[],
  clients: number,
  onDone?: (done: number) => void,
): Promise<number> {
  let next = 0;
  let done = 0;
  let hits = 0;
  const client = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const r = await timedFetch(url);
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
      if (r.hit) hits++;
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return hits;
}

export type MissLatency = { p50: number; p95: number; count: number; hits: number };

function summarise(times: number[], hits: number): MissLatency {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, hits };
}

/** A reader of CPU time used so far; milliseconds, or null when it cannot be read. */
export type CpuClock = { read: () => Promise<number | null>; close: () => Promise<void> };

/**
 * CPU time of every PostgreSQL backend connected to the database of `databaseUrl` (the
 * server's pool), from Linux's `/proc/<pid>/schedstat` (nanoseconds on the CPU) of the pids
 * `pg_stat_activity` names, its own connection left out (decision 335). The machine's load
 * does not inflate it as it does wall-clock time. Reads null where PostgreSQL runs on another
 * machine or the files are not readable.
 */
export async function postgresBackendCpu(databaseUrl: string): Promise<CpuClock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async read() {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      let ns = 0;
      for (const { pid } of rows) {
        try {
          ns += Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
        } catch {
          return null;
        }
      }
      return ns / 1e6;
    },
    close: () => client.end(),
  };
}

/**
 * One sequential GET of each of `urls` (full URLs), each once; milliseconds.
 * @param cpu when given, also the CPU time `cpu` counts during each request (percentiles in
 *   `cpu`; null when a reading failed).
 * @returns percentiles, and how many answers were cache hits (0 when every URL was new).
 * @throws Error when an answer is not 200.
 */
export async function distinctLatency(
  urls: string[],
  cpu?: CpuClock,
): Promise<MissLatency & { cpu?: { p50: number; p95: number } | null }> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let cpuKnown = cpu !== undefined;
  let hits = 0;
  for (const url of urls) {
    const before = cpuKnown ? await cpu?.read() : null;
    const r = await timedFetch(url);
    const after = cpuKnown ? await cpu?.read() : null;
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    times.push(r.ms);
    if (r.hit) hits++;
    if (before != null && after != null) cpuTimes.push(after - before);
    else cpuKnown = false;
  }
  const summary = summarise(times, hits);
  if (cpu === undefined) return summary;
  const cpuSummary = cpuKnown ? summarise(cpuTimes, 0) : null;
  return { ...summary, cpu: cpuSummary && { p50: cpuSummary.p50, p95: cpuSummary.p95 } };
}

/**
 * First-request times of `paths` after a catalogue write: `rounds` times, increments the
 * catalogue version through `bumpCatalogueVersion` in a transaction on `handle` (the database
 * the server at `base` serves), waits until the server stops trusting the version it read, then
 * GETs each path once (all of them uncached: a new version empties the cache).
 * @returns per path, percentiles over the rounds and the number of answers that were hits.
 * @throws Error when an answer is not 200.
 */
export async function afterWriteLatency(
  handle: DatabaseHandle,
  base: string,
  paths: string[],
  rounds: number,
): Promise<MissLatency[]> {
  const times = paths.map(() => [] as number[]);
  const hits = paths.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    await handle.db.transaction().execute((trx) => bumpCatalogueVersion(trx));
    await new Promise((r) => setTimeout(r, VERSION_TRUST_MS));
    for (const [i, path] of paths.entries()) {
      const r = await timedFetch(base + path);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      times[i]!.push(r.ms);
      if (r.hit) hits[i]!++;
    }
  }
  return paths.map((_, i) => summarise(times[i]!, hits[i]!));
}
