/**
 * Issue 19 (decision 297): with `REDIS_URL`, the sign-in attempt limit is counted in Redis, so
 * servers that share nothing else (here: two servers, each on a SQLite file of its own) count
 * one client's attempts together; while Redis is down, each server counts in memory and still
 * answers. Debian's redis-server runs on a free port with no persistence; skipped, saying why,
 * when it is not installed outside CI.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, failedSignIn, startChildServer } from "../helpers/child-server.ts";
import { freePort } from "../helpers/free-port.ts";

const REDIS = spawnSync("redis-server", ["--version"]).status === 0;
if (!REDIS && process.env.CI) throw new Error("redis-server is missing: CI installs it");
const skipReason = process.env.TEST_DATABASE_URL
  ? "counted in Redis whatever the database: runs on the SQLite pass only"
  : !REDIS
    ? "redis-server is not installed (apt-get install redis-server)"
    : undefined;
if (skipReason) it.skip(`attempt limits in Redis: skipped, ${skipReason}`, () => {});

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe.skipIf(skipReason !== undefined)("attempt limits in Redis", () => {
  let redis: ChildProcess;
  let dir: string;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    for (let i = 0; !(await accepts(port)); i += 1) {
      if (i > 100) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    dir = await mkdtemp(path.join(tmpdir(), "athenaeum-redis-"));
    const env = (name: string) => ({
      PORT: "0",
      DATA_DIR: path.join(dir, name),
      SEED: "none",
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMITS: "signin_ip=3/60",
    });
    [a, b] = await Promise.all([startChildServer(env("a")), startChildServer(env("b"))]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.kill("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("counts one client's attempts on two servers that share no database", async () => {
    expect([await failedSignIn(a), await failedSignIn(b), await failedSignIn(a)]).not.toContain(
      429,
    );
    expect(await failedSignIn(b)).toBe(429);
    expect(await failedSignIn(a)).toBe(429);
  });

  it("still answers sign-ins while Redis is down, counting in memory", async () => {
    redis.kill("SIGKILL");
    await new Promise((resolve) => redis.once("exit", resolve));
    const status = await failedSignIn(b);
    expect([401, 429]).toContain(status);
  });
});
