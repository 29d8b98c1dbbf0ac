/**
 * A child process for tests/api/shutdown.test.ts: the real app on a fresh SQLite database with
 * one extra route, `GET /slow?ms=N`, that prints `{"slow": "started"}` (so the test knows the
 * request is in flight without sleeping), waits N ms, then reads the database and answers
 * `done`. It prints `{"port": N, "dataDir": …}` once listening, `{"closed": true}` after the database is
 * closed, and shuts down on SIGTERM/SIGINT through server/http/shutdown.ts with a grace period
 * of `GRACE_MS` (default the module's own).
 */
import { mkdtemp } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createAppContext } from "../../server/bootstrap.ts";
import { loadConfig } from "../../server/config.ts";
import { createHttpApp } from "../../server/http/app.ts";
import { handleShutdownSignals } from "../../server/http/shutdown.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-shutdown-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED: "none",
  NODE_ENV: "test",
  LOG_LEVEL: "info",
});
const { ctx, close } = await createAppContext(config);
const app = createHttpApp(ctx, {
  before: (req, res, next) => {
    if (req.path !== "/slow") return next();
    console.log(JSON.stringify({ slow: "started" }));
    setTimeout(
      async () => {
        await sql`select count(*) from journals`.execute(ctx.db);
        res.type("text/plain").send("done");
      },
      Number(req.query.ms ?? 1000),
    );
  },
});
const server = app.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, dataDir }));
});
handleShutdownSignals(server, {
  log: ctx.log,
  graceMs: process.env.GRACE_MS ? Number(process.env.GRACE_MS) : undefined,
  close: async () => {
    await close();
    console.log(JSON.stringify({ closed: true }));
  },
});
