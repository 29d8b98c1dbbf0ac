/**
 * Load and latency measurements over HTTP for `npm run bench:scale`: throughput under
 * autocannon, sequential response times, and the head-of-line figure (a cheap call's latency
 * while another client loops a search).
 */
import autocannon from "autocannon";

/** Throughput of one URL under autocannon, and what went wrong while loading it. */
export type Throughput = {
  /** Mean completed requests per second over the run. */
  rps: number;
  /** Responses with a status other than 2xx, plus connection errors and timeouts. */
  failures: number;
  latencyP50: number;
};

/**
 * Loads `url` with `connections` keep-alive connections for `seconds` seconds (autocannon's
 * defaults otherwise: no pipelining, no `accept-encoding`, so the bytes are sent uncompressed).
 */
export async function throughput(
  url: string,
  seconds: number,
  connections = 50,
): Promise<Throughput> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
    latencyP50: result.latency.p50,
  };
}

/** Percentile `p` (0–100) of ascending `sorted` values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** One GET of `url` read to the end; milliseconds, the status and the body's size in bytes. */
export async function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; bytes: number; text: string }> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { ms: performance.now() - start, status: res.status, bytes: text.length, text };
}

export type Latency = { p50: number; p95: number; count: number };

/**
 * `requests` sequential GETs of `url` after `warmup` untimed ones; milliseconds.
 * @throws Error when an answer is not 200.
 */
export async function latency(url: string, requests: number, warmup = 3): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    const { ms, status } = await timedGet(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length };
}

/**
 * Median latency of `cheapUrl` alone, then again while one other client requests `busyUrl`
 * back to back (the head-of-line figure: on SQLite a query runs on the event loop, so a slow
 * search holds every other request behind it). `busyUrl` may be a function giving the next URL
 * to request, so the loop can ask for a new URL each time (output-cache misses).
 */
export async function headOfLine(
  cheapUrl: string,
  busyUrl: string | (() => string),
  requests: number,
): Promise<{ alone: number; loaded: number; busyRequests: number }> {
  const alone = await latency(cheapUrl, requests);
  let running = true;
  let busyRequests = 0;
  const loop = (async () => {
    while (running) {
      await timedGet(typeof busyUrl === "string" ? busyUrl : busyUrl());
      busyRequests++;
    }
  })();
  try {
    // Let the search loop get going before timing.
    await new Promise((r) => setTimeout(r, 300));
    const loaded = await latency(cheapUrl, requests, 0);
    return { alone: alone.p50, loaded: loaded.p50, busyRequests };
  } finally {
    running = false;
    await loop;
  }
}
