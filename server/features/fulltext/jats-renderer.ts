/**
 * The full-text article's renderer as a worker thread of the JATS pool loads it (decision 530):
 * `renderFullText` of app/lib/fulltext-html.ts (React's render of `FullTextArticle` with the
 * message catalogues), which the serving thread would otherwise run for a galley's first page
 * in each language (1.9 s of its event loop for the largest galley accepted, decision 386).
 *
 * - **Production** (`rendererUrl` given and present): the server build's second entry,
 *   `build/server/fulltext-html.js` (vite.config.ts), the same compiled components and
 *   catalogue code as the site's bundle.
 * - **Otherwise** (development, tests, a build without that entry): the sources, which Node
 *   cannot load as they are (the components are JSX): a module hook compiles the `.ts` and
 *   `.tsx` files under `app/` with rolldown's transformer (Vite's own, a development
 *   dependency) as the worker imports them. Nothing else is hooked: the server's and shared
 *   code load as Node's type stripping loads them.
 *
 * Loaded by Node directly in the worker (never bundled): erasable TypeScript syntax only.
 */
import { existsSync, readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import type { FullText, RenderedFullText } from "../../../shared/fulltext.ts";
import type { RenderLocale } from "../../../shared/i18n/locales.ts";

/** What the worker needs of app/lib/fulltext-html.ts. */
export type PageRenderer = (text: FullText, locale: RenderLocale) => RenderedFullText;

/** The sources' renderer, compiled on load by {@link compileAppSources}. */
const SOURCE = new URL("../../../app/lib/fulltext-html.ts", import.meta.url);
const APP_DIR = new URL("../../../app/", import.meta.url).href;

let hooked = false;

/** Has Node compile `app/`'s TypeScript and JSX as this thread imports it. */
async function compileAppSources(): Promise<void> {
  if (hooked) return;
  // Vite's own dependency (so not listed in package.json; knip.json ignores it): present
  // wherever Vite is, so wherever the sources run
  const { transformSync } = (await import("rolldown/experimental")) as {
    transformSync: (
      filename: string,
      source: string,
      options: { jsx: { runtime: "automatic" } },
    ) => { code: string; errors: { message: string }[] };
  };
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith(APP_DIR) || !/\.tsx?$/.test(url)) return nextLoad(url, context);
      const filename = fileURLToPath(url);
      const out = transformSync(filename, readFileSync(filename, "utf8"), {
        jsx: { runtime: "automatic" },
      });
      if (out.errors.length) throw new Error(`${filename}: ${out.errors[0]!.message}`);
      return { format: "module", source: out.code, shortCircuit: true };
    },
  });
  hooked = true;
}

/**
 * The renderer: the built module at `rendererUrl` when it exists, else the sources.
 * @throws when neither loads (the sources without rolldown installed).
 */
export async function loadPageRenderer(rendererUrl: string | undefined): Promise<PageRenderer> {
  let url = rendererUrl;
  if (!url || !existsSync(fileURLToPath(url))) {
    await compileAppSources();
    url = SOURCE.href;
  }
  const module = (await import(url)) as { renderFullText: PageRenderer };
  return module.renderFullText;
}
