/**
 * Vite plugin: after the browser build, writes `<buildDir>/client-chunks.json`, the modules each
 * JavaScript chunk of `build/client/assets` holds with their rendered (minified, before gzip)
 * length in bytes: `{ "assets/x.js": { "imports": [...], "dynamicImports": [...],
 * "modules": { "<module id relative to the project>": bytes } } }`. Read by scripts/js-weight.ts
 * (`npm run bench:js`) to say what a public page's first load carries. Outside `build/client`,
 * so it is never served.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const root = path.resolve(import.meta.dirname, "..");

export type ChunkListing = Record<
  string,
  { imports: string[]; dynamicImports: string[]; modules: Record<string, number> }
>;

export function chunkModules(): Plugin {
  return {
    name: "athenaeum-chunk-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const out: ChunkListing = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          const name = path.relative(root, id.replace(/^\0/, "")).replace(/\?.*$/, "");
          modules[name] = (modules[name] ?? 0) + info.renderedLength;
        }
        out[file] = { imports: chunk.imports, dynamicImports: chunk.dynamicImports, modules };
      }
      // options.dir is `<buildDir>/client`
      const file = path.join(path.dirname(options.dir ?? "build/client"), "client-chunks.json");
      writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
    },
  };
}
