/**
 * Vite plugin: server-only modules never reach the browser (docs/decisions/236-server-only-guard.md).
 * In the client environment, loading any module under `server/` or `shared/search-schema.ts` (the
 * search parameters' server-side schema) is an error, so `npm run build` fails, and the
 * development server refuses the module, when a browser module imports one. Route modules may
 * still import server code for their `loader`/`action`: React Router removes those exports, and
 * the imports only they use, from the browser build before anything is loaded.
 */
import path from "node:path";
import type { Plugin } from "vite";

const root = path.resolve(import.meta.dirname, "..");

/** Absolute folders and files that are server-only. */
export const SERVER_ONLY = [
  path.join(root, "server") + path.sep,
  path.join(root, "shared/search-schema.ts"),
];

/** True when the module `id` (an absolute path, perhaps with a query) is server-only. */
export function isServerOnly(id: string, serverOnly: readonly string[] = SERVER_ONLY): boolean {
  const file = id.replace(/^\0/, "").replace(/\?.*$/, "");
  return serverOnly.some((entry) =>
    entry.endsWith(path.sep) ? file.startsWith(entry) : file === entry,
  );
}

/**
 * The plugin; `serverOnly` replaces {@link SERVER_ONLY} (tests). The error names the module and
 * the browser module that imported it.
 */
export function serverOnlyGuard(serverOnly: readonly string[] = SERVER_ONLY): Plugin {
  const importers = new Map<string, string>();
  return {
    name: "athenaeum-server-only",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && isServerOnly(resolved.id, serverOnly)) importers.set(resolved.id, importer);
      return null;
    },
    load(id) {
      if (!isServerOnly(id, serverOnly)) return null;
      const by = importers.get(id);
      this.error(
        `server-only module ${path.relative(root, id)} imported by browser code` +
          `${by ? ` (${path.relative(root, by)})` : ""}: keep it to loaders and actions, or move what the browser needs to shared/`,
      );
    },
  };
}
