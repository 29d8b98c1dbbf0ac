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
    {
      // React Router names every server entry `index.js` (the second would be `index2.js`):
      // each is named after its input here, so the workers find `fulltext-html.js`
      name: "athenaeum-server-entry-names",
      applyToEnvironment: (environment) => environment.name === "ssr",
      outputOptions: (output) => ({ ...output, entryFileNames: "[name].js" }),
    },
  ],
  // React Router 8 builds through the Vite Environment API: the server entry is set here
  // (build.rollupOptions.input is ignored), see STACK.md pitfall 1. The entry is the whole site
  // (Express app, API, services, pages), one module graph (docs/decisions/235-one-server-module-graph.md).
  // A second entry, `fulltext-html.js`, is the full-text article's render alone, which the JATS
  // pool's worker threads load (decision 530); it shares its chunks with the site.
  environments: {
    ssr: {
      build: {
        rolldownOptions: {
          input: { index: "./server/site.ts", "fulltext-html": "./app/lib/fulltext-html.ts" },
        },
      },
    },
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
