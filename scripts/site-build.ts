/**
 * Makes sure `buildDir` holds a production build of the current sources; the rule of `npm start`
 * (scripts/start.ts), shared with the benchmarks: the build records a SHA-256 of the sources it
 * was made from in `.source-hash`, and is rebuilt (`react-router build`) when that hash differs
 * or the server bundle is missing.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
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

/** Thrown when `react-router build` fails; `status` is its exit status. */
export class BuildFailed extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`react-router build failed (${status})`);
    this.status = status;
  }
}

/**
 * Builds into `buildDir` (an absolute path) unless its build is current.
 * @throws BuildFailed when the build fails.
 */
export function ensureCurrentBuild(buildDir: string): void {
  const hashFile = path.join(buildDir, ".source-hash");
  const wanted = sourceHash();
  const current = existsSync(hashFile) ? readFileSync(hashFile, "utf8").trim() : "";
  if (current === wanted && existsSync(path.join(buildDir, "server/index.js"))) return;
  // One line (issue 20): the build's own report (a line per asset, ~150) is kept and shown only
  // when the build fails, where it says why.
  process.stdout.write(
    `Building the site into ${path.relative(root, buildDir) || "."} (no current build)… `,
  );
  const started = performance.now();
  const bin = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [bin, "build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (result.status !== 0) {
    process.stdout.write("failed:\n");
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new BuildFailed(result.status ?? 1);
  }
  process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
  writeFileSync(hashFile, `${wanted}\n`);
}
