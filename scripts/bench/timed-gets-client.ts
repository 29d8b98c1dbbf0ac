/**
 * Runs scripts/bench/timed-gets.ts as a child process (on this process's Node) and returns what
 * it printed: each URL's wall time in ms, in order, and the last answer's size in bytes.
 * Asynchronous, so that a server in this process keeps answering while the child asks.
 * @throws when the child exits non-zero (a non-200 answer) or prints no result.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { z } from "zod";

const run = promisify(execFile);
/** What the child prints. */
const Result = z.object({ times: z.array(z.number()), bytes: z.number().int() });
const CLIENT = fileURLToPath(new URL("./timed-gets.ts", import.meta.url));

export async function timedGets(
  encoding: string,
  urls: string[],
): Promise<{ times: number[]; bytes: number }> {
  const { stdout } = await run(process.execPath, [CLIENT, encoding, ...urls], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return Result.parse(JSON.parse(stdout));
}
