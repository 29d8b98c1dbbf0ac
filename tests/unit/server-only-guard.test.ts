/**
 * The client build fails when browser code imports a server-only module
 * (scripts/vite-server-only.ts, docs/decisions/236-server-only-guard.md): a real Vite build of a
 * one-file browser entry, with the plugin as vite.config.ts installs it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { serverOnlyGuard } from "../../scripts/vite-server-only.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "athenaeum-server-only-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds a browser entry that imports `module` (a path in this repository). */
function buildImporting(module: string) {
  const entry = path.join(dir, `entry-${path.basename(module)}.ts`);
  writeFileSync(entry, `export * from ${JSON.stringify(path.join(root, module))};\n`);
  return build({
    root: dir,
    configFile: false,
    logLevel: "silent",
    plugins: [serverOnlyGuard()],
    build: { write: false, rollupOptions: { input: entry } },
  });
}

describe("server-only guard of the client build", () => {
  it("fails on a module under server/", async () => {
    await expect(buildImporting("server/db/unavailable.ts")).rejects.toThrow(
      /server-only module server\/db\/unavailable\.ts imported by browser code/,
    );
  });

  it("fails on shared/search-schema.ts", async () => {
    await expect(buildImporting("shared/search-schema.ts")).rejects.toThrow(
      /server-only module shared\/search-schema\.ts/,
    );
  });

  it("builds browser code that imports only shared modules", async () => {
    await expect(buildImporting("shared/constants.ts")).resolves.toBeDefined();
  });
});
