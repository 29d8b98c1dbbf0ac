/**
 * Starts ./api-server.ts as a child process on a test context's data folder and database, and
 * reports how it ended. Used by the crash and storage-error tests, and by the tests of limits
 * shared between servers ({@link failedSignIn}).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export type ChildServer = {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  process: ChildProcess;
  /** Resolves with the signal (e.g. `SIGKILL`) or exit code the process ended with. */
  ended: Promise<NodeJS.Signals | number | null>;
  /** Everything the process wrote to stdout and stderr so far (its pino log lines). */
  output: () => string;
  /** Kills the process (SIGKILL) and waits for it to end. */
  stop: () => Promise<void>;
  /** Asks the process to stop (SIGTERM: graceful shutdown) and waits for it to end. */
  terminate: () => Promise<NodeJS.Signals | number | null>;
};

const SCRIPT = path.resolve(import.meta.dirname, "api-server.ts");

/**
 * Spawns the API server with `env` added to the test environment and waits until it listens.
 * @param wrap a command to run the server under, e.g. `["unshare", "-rm", "sh", "-c", script]`
 *   where the script ends with `exec "$@"`; the node command line follows it.
 * @param script the server to run: ./api-server.ts unless given (./usage-server.ts).
 * @throws Error with the child's output when it ends before listening.
 */
export async function startChildServer(
  env: Record<string, string>,
  wrap: string[] = [],
  script: string = SCRIPT,
): Promise<ChildServer> {
  const node = [process.execPath, script];
  const [command, ...args] = wrap.length ? [...wrap, "athenaeum", ...node] : node;
  const child = spawn(command!, args, {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ended = new Promise<NodeJS.Signals | number | null>((resolve) => {
    child.once("exit", (code, signal) => resolve(signal ?? code));
  });
  const port = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /^listening (\d+)$/m.exec(output);
      if (match) {
        child.stdout.off("data", onData);
        resolve(match[1]!);
      }
    };
    child.stdout.on("data", onData);
    void ended.then((how) =>
      reject(new Error(`server ended (${how}) before listening:\n${output}`)),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    process: child,
    ended,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await ended;
    },
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return ended;
    },
  };
}

/**
 * One sign-in with an unknown e-mail on `server` (a same-origin POST /api/login), as counted by
 * the sign-in limit (`RATE_LIMITS` `signin_ip`).
 * @returns the answer's status: 401 while the limit allows it, 429 once it is reached.
 */
export const failedSignIn = (server: Pick<ChildServer, "origin">): Promise<number> =>
  fetch(`${server.origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ email: "nobody@example.org", pword: "wrong password" }),
  }).then((r) => r.status);
