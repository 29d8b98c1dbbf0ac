/**
 * Vite plugin: builds app/public/page-script.ts as its own browser entry (the one script of the
 * pages that are not hydrated, docs/decisions/240-unhydrated-public-pages.md) and gives its URL to
 * the server code as the default export of `virtual:athenaeum/public-script`:
 * `/assets/public-page-<hash>.js` in a build, the source path under the dev server.
 *
 * React Router builds the browser environment before the server one, so the file name written
 * by the browser build is known when the server build loads the virtual module.
 */
import path from "node:path";
import type { Plugin } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const ENTRY = path.join(root, "app/public/page-script.ts");
const VIRTUAL = "virtual:athenaeum/public-script";

export function publicScript(): Plugin {
  let built: string | null = null;
  let command: "build" | "serve" = "build";
  let base = "/";
  return {
    name: "athenaeum-public-script",
    configResolved(config) {
      command = config.command;
      base = config.base;
    },
    buildStart() {
      if (command === "build" && this.environment.name === "client") {
        this.emitFile({ type: "chunk", id: ENTRY, name: "public-page" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId === ENTRY) {
          built = `${base}${chunk.fileName}`;
        }
      }
    },
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : undefined;
    },
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      if (command === "serve")
        return `export default ${JSON.stringify(`${base}app/public/page-script.ts`)};`;
      // The browser build has no use for the URL (only the server renders the tag).
      if (this.environment.name === "client") return 'export default "";';
      if (!built) throw new Error("public page script: the browser build did not run first");
      return `export default ${JSON.stringify(built)};`;
    },
  };
}
