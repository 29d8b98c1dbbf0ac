/**
 * Graceful shutdown (issue 7, decision 130), on a real child process: SIGTERM during a slow
 * request lets it finish, refuses new connections, closes the database and exits 0; a request
 * longer than the grace period is cut and the process still exits 0 in time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";

const fixture = path.resolve(import.meta.dirname, "../helpers/shutdown-server.ts");

type Child = {
  child: ChildProcess;
  base: string;
  lines: string[];
  exited: Promise<{ code: number | null; ms: number; signal: NodeJS.Signals | null }>;
  signalledAt: () => number;
  kill: (signal: NodeJS.Signals) => void;
};

let started: Child | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (started && started.child.exitCode === null) started.child.kill("SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  started = undefined;
  dataDir = undefined;
});

async function startServer(env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let signalled = 0;
  const exited = new Promise<{ code: number | null; ms: number; signal: NodeJS.Signals | null }>(
    (resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal, ms: Date.now() - signalled })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.on("line", (line) => {
      lines.push(line);
      const parsed = JSON.parse(line) as { port?: number; dataDir?: string };
      if (parsed.port) {
        dataDir = parsed.dataDir;
        resolve(parsed.port);
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  started = {
    child,
    base: `http://127.0.0.1:${port}`,
    lines,
    exited,
    signalledAt: () => signalled,
    kill(signal) {
      signalled = Date.now();
      child.kill(signal);
    },
  };
  return started;
}

const messages = (s: Child) =>
  s.lines.map((l) => (JSON.parse(l) as { msg?: string; closed?: boolean }).msg ?? l);
/** Polls the child's output until it has printed `line` (a log message or a raw line). */
const printed = (s: Child, line: string) =>
  expect.poll(() => messages(s), { timeout: 10_000, interval: 20 }).toContain(line);
const SLOW_STARTED = JSON.stringify({ slow: "started" });
const DRAINING = "shutting down: finishing the requests in flight";

// The child (../helpers/shutdown-server.ts) opens a SQLite data folder of its own whatever
// database the run is on, so the PostgreSQL run would repeat the SQLite run's test: it runs once.
describe.skipIf(dialectUnderTest !== "sqlite")("graceful shutdown", () => {
  it("SIGTERM lets the request in flight finish, refuses new ones, closes the database, exits 0", async () => {
    const s = await startServer();
    expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    const slow = fetch(`${s.base}/slow?ms=1500`).then(async (r) => ({
      status: r.status,
      body: await r.text(),
      connection: r.headers.get("connection"),
    }));
    await printed(s, SLOW_STARTED);
    s.kill("SIGTERM");
    // logged in the same tick as the listener closes
    await printed(s, DRAINING);
    await expect(fetch(`${s.base}/healthz`)).rejects.toThrow();
    expect(await slow).toEqual({ status: 200, body: "done", connection: "close" });
    const { code, signal } = await s.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(messages(s)).toEqual(expect.arrayContaining([DRAINING, '{"closed":true}', "shut down"]));
  });

  it("SIGINT with nothing in flight exits 0 at once", async () => {
    const s = await startServer();
    expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
    s.kill("SIGINT");
    const { code, ms } = await s.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2_000);
  });

  it("a request longer than the grace period is cut, and the process still exits 0 in time", async () => {
    const s = await startServer({ GRACE_MS: "500" });
    const slow = fetch(`${s.base}/slow?ms=20000`).then(
      (r) => r.status,
      () => "cut",
    );
    await printed(s, SLOW_STARTED);
    s.kill("SIGTERM");
    expect(await slow).toBe("cut");
    const { code, ms } = await s.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3_000);
    expect(messages(s)).toContain("requests still running after the shutdown grace period: cut");
  });
});
