/**
 * `npm run dev` serves the whole server through Vite (docs/decisions/235-one-server-module-graph.md):
 * an edit to server/api/public.ts shows in `/api/all_journals` at the next request, with no
 * restart. The edit is made in a copy of the sources in a temporary folder (never in the working
 * tree), whose `node_modules` links to this checkout's packages one by one, so Vite's cache
 * (`node_modules/.vite`) stays in the copy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";
import { freePort } from "../helpers/free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["app", "server", "shared", "scripts", "locales"];
const FILES = ["package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

/** A copy of the sources the dev server reads, with this checkout's packages linked. */
function copyTree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "athenaeum-dev-reload-"));
  for (const name of SOURCES)
    cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  for (const name of FILES) cpSync(path.join(root, name), path.join(dir, name));
  mkdirSync(path.join(dir, "node_modules"));
  for (const entry of readdirSync(path.join(root, "node_modules"))) {
    if (entry === ".vite") continue;
    symlinkSync(path.join(root, "node_modules", entry), path.join(dir, "node_modules", entry));
  }
  return dir;
}

/** Polls `check` every 200 ms until it returns a value, or throws after `ms`. */
async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>) {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} within ${ms} ms${last ? ` (last error: ${String(last)})` : ""}`);
}

// The dev server opens a SQLite data folder of its own whatever database the run is on, so the
// PostgreSQL run would repeat the SQLite run's test to the letter: it runs once.
describe.skipIf(dialectUnderTest !== "sqlite")("npm run dev", () => {
  let dir: string;
  let child: ChildProcess;
  let output = "";
  let base: string;

  beforeAll(async () => {
    dir = copyTree();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // the command of `npm run dev` (package.json), run in the copy
    child = spawn(process.execPath, ["--conditions=development", "server/main.ts"], {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        SEED: "none",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor("the dev server listens", 60_000, async () => {
      if (child.exitCode !== null) throw new Error(`dev server ended:\n${output}`);
      return /is serving on/.test(output) ? true : undefined;
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const ended = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await ended;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("applies an edit to server/api/public.ts without a restart", async () => {
    const before = await fetch(`${base}/api/all_journals`);
    expect(before.status).toBe(200);
    const first = (await before.json()) as Record<string, unknown>;
    expect(first).toMatchObject({ status: 1, journals: [] });
    expect(first).not.toHaveProperty("reloaded");

    const file = path.join(dir, "server/api/public.ts");
    const source = readFileSync(file, "utf8");
    const call = "allJournals.send(res, { journals: await listActiveJournals(ctx) });";
    expect(source).toContain(call);
    writeFileSync(
      file,
      source.replace(
        call,
        'allJournals.send(res, { journals: await listActiveJournals(ctx), reloaded: "yes" } as never);',
      ),
    );

    const after = await waitFor("the edit shows in /api/all_journals", 30_000, async () => {
      const body = (await (await fetch(`${base}/api/all_journals`)).json()) as Record<
        string,
        unknown
      >;
      return body.reloaded === "yes" ? body : undefined;
    });
    expect(after).toMatchObject({ status: 1, journals: [], reloaded: "yes" });
    // the same process, started once
    expect(child.exitCode).toBeNull();
    expect(output.match(/is serving on/g)).toHaveLength(1);
  });

  it("serves the pages from the same server", async () => {
    const res = await fetch(`${base}/journals`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<html");
  });
});
