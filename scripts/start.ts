/**
 * `npm start`: builds the site when there is no current build (the build records a hash of the
 * sources it was made from), then starts the production server (server/main.ts).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const hashFile = path.join(buildDir, ".source-hash");
const SOURCES = ["app", "server", "shared", "public"];
const CONFIGS = ["vite.config.ts", "react-router.config.ts", "package-lock.json", "tsconfig.json"];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** SHA-256 over the path and content of every source file the build depends on. */
function sourceHash(): string {
  const hash = createHash("sha256");
  const files = [
    ...SOURCES.flatMap((d) => listFiles(path.join(root, d))),
    ...CONFIGS.map((f) => path.join(root, f)).filter((f) => existsSync(f) && statSync(f).isFile()),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

const wanted = sourceHash();
const current = existsSync(hashFile) ? readFileSync(hashFile, "utf8").trim() : "";
if (current !== wanted || !existsSync(path.join(buildDir, "server/index.js"))) {
  console.log("Building the site (no current build)…");
  const bin = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [bin, "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(hashFile, `${wanted}\n`);
}

process.env.NODE_ENV ??= "production";
await import("../server/main.ts");
