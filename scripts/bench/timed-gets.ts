/**
 * A bench client in a process of its own: GETs each URL given on the command line once, in
 * order, reading every answer to its end, and prints `{ "times": [ms, …], "bytes": n }` (wall
 * times in milliseconds, the last answer's size in bytes) as one JSON line on stdout.
 *
 * Why a process of its own: a client in the server's process spends the server's event loop and
 * CPU reading the answers (270 kB each for the longest full text), which the measured figure
 * would then include; a reader's browser does not (issue 18's render target, decision 331).
 *
 * Usage: `node scripts/bench/timed-gets.ts <accept-encoding> <url>…`; exits 1 on a non-200.
 */
import process from "node:process";

const [encoding = "identity", ...urls] = process.argv.slice(2);
const times: number[] = [];
let bytes = 0;
for (const url of urls) {
  const start = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": encoding } });
  bytes = (await res.arrayBuffer()).byteLength;
  times.push(performance.now() - start);
  if (res.status !== 200) {
    process.stderr.write(`${url} answered ${res.status}\n`);
    process.exit(1);
  }
}
process.stdout.write(`${JSON.stringify({ times, bytes })}\n`);
