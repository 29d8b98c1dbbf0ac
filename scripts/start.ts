/**
 * `npm start`: builds the site when there is no current build (the build records a hash of the
 * sources it was made from; scripts/site-build.ts), then starts the production server
 * (server/main.ts).
 */
import path from "node:path";
import { BuildFailed, ensureCurrentBuild } from "./site-build.ts";

const root = path.resolve(import.meta.dirname, "..");
try {
  ensureCurrentBuild(path.resolve(root, process.env.BUILD_DIR ?? "build"));
} catch (error) {
  if (error instanceof BuildFailed) process.exit(error.status);
  throw error;
}

process.env.NODE_ENV ??= "production";
await import("../server/main.ts");
