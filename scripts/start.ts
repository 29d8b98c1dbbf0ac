/**
 * `npm start` (or `node scripts/start.ts`, as a service manager or container runs it): first
 * gives the process its memory bounds when it was started without them, by replacing itself with
 * a Node that has them (server/process-bounds.ts, decision 540); then builds the site when there is no current build (the build records a hash of the
 * sources it was made from; scripts/site-build.ts), then starts the production server
 * (server/main.ts); with `WEB_CONCURRENCY` above 1, that many server processes
 * (server/cluster.ts, decision 297), which run this script again as cluster workers.
 */
import cluster from "node:cluster";
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config.ts";
import { applyProcessBounds } from "../server/process-bounds.ts";
import { BuildFailed, ensureCurrentBuild } from "./site-build.ts";

applyProcessBounds(import.meta.filename); // returns only when the bounds are there
process.env.NODE_ENV ??= "production";
if (cluster.isPrimary) {
  const root = path.resolve(import.meta.dirname, "..");
  try {
    ensureCurrentBuild(path.resolve(root, process.env.BUILD_DIR ?? "build"));
  } catch (error) {
    if (error instanceof BuildFailed) process.exit(error.status);
    throw error;
  }
}

let workers = 1;
if (cluster.isPrimary) {
  try {
    workers = loadConfig().webConcurrency;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // server/main.ts prints the one line and exits
  }
}
if (cluster.isPrimary && workers > 1) {
  const { runWorkers } = await import("../server/cluster.ts");
  await runWorkers(workers);
  process.exit(0);
} else {
  await import("../server/main.ts");
}
