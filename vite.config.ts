import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { catalogues } from "./scripts/vite-catalogues.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { publicScript } from "./scripts/vite-public-script.ts";
import { serverOnlyGuard } from "./scripts/vite-server-only.ts";

export default defineConfig({
  plugins: [
    serverOnlyGuard(),
    tailwindcss(),
    reactRouter(),
    chunkModules(),
    publicScript(),
    catalogues(),
  ],
  // React Router 8 builds through the Vite Environment API: the server entry is set here
  // (build.rollupOptions.input is ignored), see STACK.md pitfall 1. The entry is the whole site
  // (Express app, API, services, pages), one module graph (docs/decisions/235-one-server-module-graph.md).
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/site.ts" } } },
    // The custom elements (app/elements.ts, decision 292) in one chunk: the public pages' script
    // loads them in one request instead of a chain of small ones.
    client: {
      build: {
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                { name: "elements", test: /app\/(elements\.ts|components\/.+-element\.ts)/ },
              ],
            },
          },
        },
      },
    },
  },
});
