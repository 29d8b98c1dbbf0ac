/**
 * Issue 7: a PostgreSQL restart must not end the process. A PostgreSQL of the test's own
 * (Debian's initdb and pg_ctl, a temporary folder, a port of 55431–55438) is stopped and started
 * three times while request loops run against the app over HTTP and transactions hold pooled
 * connections between two statements (the case that used to crash with an unhandled 'error'
 * event, FATAL 57P01). Every answer must be 200 or 503 (never 500), the outage must answer 503
 * with Retry-After, and the site must answer 200 again within seconds of PostgreSQL's return.
 *
 * Runs in the SQLite pass only (it brings its own server, so the PostgreSQL pass would repeat
 * it), and is skipped when PostgreSQL's server binaries are missing.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { type DatabaseHandle, migrate, openDatabase } from "../../server/db/database.ts";
import { createHttpApp } from "../../server/http/app.ts";
import type { AppContext } from "../../server/services/context.ts";
import { createLocalStorage } from "../../server/storage/storage.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";

const run = promisify(execFile);

/** The newest Debian PostgreSQL server binaries, or undefined. */
function findPgBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

const pgBin = findPgBin();
const inPgPass = Boolean(process.env.TEST_DATABASE_URL);
/** initdb and pg_ctl refuse to run as root: run them as the postgres user then. */
const asRoot = process.getuid?.() === 0;
const postgresUser = asRoot ? spawnSync("id", ["-u", "postgres"]).status === 0 : true;
const skipReason = inPgPass
  ? "runs in the SQLite pass only (it starts a PostgreSQL of its own)"
  : !pgBin
    ? "PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb) are not installed"
    : !postgresUser
      ? "running as root and there is no postgres user to run initdb and pg_ctl as"
      : undefined;
if (skipReason) console.warn(`pg-restart.test.ts skipped: ${skipReason}`);

const pgTool = (tool: string, args: string[]) =>
  asRoot
    ? run("runuser", ["-u", "postgres", "--", path.join(pgBin!, tool), ...args])
    : run(path.join(pgBin!, tool), args);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe: Server = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let port = 55431; port <= 55438; port++) if (await portIsFree(port)) return port;
  throw new Error("no free port in 55431–55438 for the test's PostgreSQL");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(Boolean(skipReason))("the site through three PostgreSQL restarts", () => {
  let dir: string;
  let dataDir: string;
  let port: number;
  let handle: DatabaseHandle;
  let server: import("node:http").Server;
  let base: string;
  let ctx: AppContext;

  const pgCtl = (...args: string[]) => pgTool("pg_ctl", ["-D", dataDir, "-w", "-t", "20", ...args]);
  const startPg = () =>
    pgCtl(
      "-l",
      path.join(dir, "postgres.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      "start",
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "athenaeum-pg-restart-"));
    dataDir = path.join(dir, "data");
    if (asRoot) {
      const { stdout } = await run("id", ["-u", "postgres"]);
      const { stdout: gid } = await run("id", ["-g", "postgres"]);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await pgTool("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
    port = await freePort();
    await startPg();

    handle = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      timeouts: { connectMs: 1000 },
      onConnectionLost: () => {},
    });
    await migrate(handle);
    const files = path.join(dir, "files");
    const config = loadConfig({
      DATA_DIR: path.join(dir, "app"),
      STORAGE_URL: `file://${files}`,
      SEED: "none",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
    });
    ctx = {
      db: handle.db,
      readDb: handle.db,
      dialect: "postgres",
      storage: createLocalStorage(files),
      config,
      log: pino({ level: "silent" }),
    };
    await seedCatalogue(ctx);
    server = createHttpApp(ctx).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await handle?.close().catch(() => {});
    if (dataDir && existsSync(path.join(dataDir, "postmaster.pid"))) {
      await pgCtl("-m", "immediate", "stop").catch(() => {});
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("survives, answers 503 with Retry-After during each outage and 200 within seconds after", async () => {
    type Sample = { at: number; status: number; retryAfter: string | null };
    const samples: Sample[] = [];
    const transactionErrors: unknown[] = [];
    let running = true;

    const urls = ["/api/latest_publications", "/api/all_journals", "/sitemap.xml", "/readyz"];
    const httpLoop = async (i: number) => {
      while (running) {
        const url = urls[i % urls.length]!;
        try {
          const res = await fetch(base + url);
          await res.arrayBuffer();
          samples.push({
            at: Date.now(),
            status: res.status,
            retryAfter: res.headers.get("retry-after"),
          });
        } catch (error) {
          samples.push({ at: Date.now(), status: 0, retryAfter: String(error) });
        }
        await sleep(20);
      }
    };
    // A transaction keeps its pooled client checked out between statements: a server shutdown
    // then reaches a client nobody is querying, the case that used to end the process.
    const transactionLoop = async () => {
      while (running) {
        try {
          await handle.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await sleep(100);
            await sql`select 1`.execute(trx);
          });
        } catch (error) {
          transactionErrors.push(error);
        }
        await sleep(10);
      }
    };
    const loops = [
      ...Array.from({ length: 16 }, (_, i) => httpLoop(i)),
      ...Array.from({ length: 4 }, () => transactionLoop()),
    ];

    const recoveries: number[] = [];
    try {
      await sleep(300);
      for (let round = 1; round <= 3; round++) {
        await pgCtl("-m", "fast", "stop");
        const down = Date.now();
        await sleep(800);
        const outage = samples.filter((s) => s.at > down + 100);
        expect(
          outage.some((s) => s.status === 503 && s.retryAfter === "5"),
          `round ${round}: a 503 with Retry-After during the outage`,
        ).toBe(true);
        await startPg();
        const up = Date.now();
        while (Date.now() - up < 10_000) {
          const res = await fetch(`${base}/api/latest_publications`);
          await res.arrayBuffer();
          if (res.status === 200) break;
          await sleep(100);
        }
        recoveries.push(Date.now() - up);
        await sleep(300);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }

    console.info(
      `pg-restart: ${samples.length} requests, ${samples.filter((s) => s.status === 503).length} answered 503; ` +
        `200 again ${recoveries.map((ms) => `${ms} ms`).join(", ")} after each start`,
    );
    for (const ms of recoveries) expect(ms).toBeLessThan(5_000);
    const unexpected = samples.filter((s) => s.status !== 200 && s.status !== 503);
    expect(unexpected, "every answer is 200 or 503").toEqual([]);
    const last = samples.filter((s) => s.at > Date.now() - 250);
    expect(last.length).toBeGreaterThan(0);
    expect(last.every((s) => s.status === 200)).toBe(true);
    // The transactions failed during the outages, but the process went on.
    expect(transactionErrors.length).toBeGreaterThan(0);
  }, 60_000);
});
