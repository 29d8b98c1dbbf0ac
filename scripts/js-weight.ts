/**
 * `npm run bench:js`: the JavaScript each public page makes a browser fetch on its first visit
 * (issue 11: at most 100 KB gzip JS on every public page; KB = 1,000 bytes), and what is in it.
 *
 * Serves the corpus (`CORPUS_DIR`, default corpus/, imported into a fresh SQLite data
 * folder) with the production build (`BUILD_DIR`, rebuilt first when the sources changed), or
 * measures the server at `JS_WEIGHT_BASE` when given (then `BUILD_DIR` must be its build).
 * Finds one journal, issue, paper, proceeding and proceeding paper by following links, then
 * prints per page:
 *
 * - declared: gzip (level 6) bytes of the scripts the HTML names (`<script src>` and
 *   `<link rel="modulepreload">`), read from the build;
 * - loaded: gzip bytes of all JavaScript Chromium fetches on a first visit (375 × 812, cold
 *   cache, until the network is idle; lazy chunks included), scripts/bench/page-weight.ts;
 *
 * and then every chunk a public page declares, with its gzip size and its largest parts (npm
 * package or source file, bytes after tree-shaking and before minification) from `<BUILD_DIR>/client-chunks.json`
 * (written by scripts/vite-chunk-modules.ts at build time). Exit status 0 (a report).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createAppContext } from "../server/bootstrap.ts";
import { loadConfig } from "../server/config.ts";
import { importCorpus } from "../server/import/corpus.ts";
import { declaredJs, loadedJs } from "./bench/page-weight.ts";
import { startAppServer } from "./bench/servers.ts";
import { ensureCurrentBuild } from "./site-build.ts";
import type { ChunkListing } from "./vite-chunk-modules.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const corpusDir = path.resolve(root, process.env.CORPUS_DIR ?? "corpus");
const port = Number(process.env.BENCH_PORT ?? 3252);
/** Issue 11's budget per public page, in bytes (KB = 1,000 bytes, decision 115). */
export const JS_BUDGET_BYTES = 100_000;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The first `href` in `html` matching `pattern` (a path), or undefined. */
function firstLink(html: string, pattern: RegExp): string | undefined {
  for (const m of html.matchAll(/href="([^"]+)"/g)) {
    const href = (m[1] as string).replaceAll("&amp;", "&");
    if (pattern.test(href)) return href;
  }
  return undefined;
}

/** Every public page kind of the spec (app/routes.ts), found by following links from lists. */
async function publicPages(base: string): Promise<string[]> {
  const get = async (p: string) => (await fetch(base + p)).text();
  const pages = ["/", "/journals"];
  const journal = firstLink(await get("/journals"), /^\/journal\/[^/]+$/);
  if (journal) {
    pages.push(journal);
    const issue = firstLink(await get(journal), /^\/journal\/[^/]+\/[^/]+\/[^/]+$/);
    if (issue) {
      pages.push(issue);
      // Paper ids are numbers (the journal's feed, `feed.xml`, sits at the same depth).
      const paper = firstLink(await get(issue), /^\/journal\/[^/]+\/\d+$/);
      if (paper) pages.push(paper);
    }
  }
  pages.push("/proceedings");
  const proceeding = firstLink(await get("/proceedings"), /^\/proceedings\/[^/]+$/);
  if (proceeding) {
    pages.push(proceeding);
    const paper = firstLink(await get(proceeding), /^\/proceedings\/[^/]+\/\d+$/);
    if (paper) pages.push(paper);
  }
  pages.push("/categories", "/contact", "/search?q=species", "/no-such-page");
  return pages;
}

/** The package (`react-dom`) or project file a module id belongs to. */
function partOf(moduleId: string): string {
  const inModules = moduleId.split("node_modules/").at(-1) as string;
  if (inModules === moduleId) return moduleId;
  const [scope, name] = inModules.split("/");
  return scope?.startsWith("@") ? `${scope}/${name}` : (scope as string);
}

function chunkTable(base: string, pages: string[], listing: ChunkListing) {
  return Promise.all(
    pages.map(async (page) => {
      const html = await (await fetch(base + page)).text();
      return [
        ...html.matchAll(
          /<(?:link[^>]*rel="modulepreload"|script)[^>]*(?:href|src)="\/(assets\/[^"]+\.m?js)"/g,
        ),
      ].map((m) => m[1] as string);
    }),
  ).then((lists) => {
    const users = new Map<string, number>();
    for (const list of lists) for (const f of new Set(list)) users.set(f, (users.get(f) ?? 0) + 1);
    const rows = [...users].map(([file, count]) => {
      const gzip = gzipSync(readFileSync(path.join(buildDir, "client", file)), {
        level: 6,
      }).byteLength;
      const parts = new Map<string, number>();
      for (const [id, bytes] of Object.entries(listing[file]?.modules ?? {})) {
        parts.set(partOf(id), (parts.get(partOf(id)) ?? 0) + bytes);
      }
      const top = [...parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([p, b]) => `${p} ${kb(b)}`)
        .join(", ");
      return { file, gzip, pages: count, top };
    });
    return rows.sort((a, b) => b.gzip - a.gzip);
  });
}

async function main() {
  let base = process.env.JS_WEIGHT_BASE;
  let stop = async () => {};
  if (!base) {
    ensureCurrentBuild(buildDir);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "athenaeum-js-weight-"));
    const env = { ...process.env, DATA_DIR: dataDir, SEED: "none", DATABASE_URL: "" };
    const { ctx, close } = await createAppContext(
      loadConfig({ ...env, NODE_ENV: "production", LOG_LEVEL: "silent" }),
    );
    await importCorpus(ctx, corpusDir);
    await close();
    const app = await startAppServer({ port, dataDir, buildDir });
    base = app.base;
    stop = async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const pages = await publicPages(base);
    const declared = await declaredJs(base, pages, buildDir);
    const loaded = await loadedJs(base, pages);
    console.log(`\nJavaScript per public page (gzip level 6; budget ${kb(JS_BUDGET_BYTES)})\n`);
    console.log("| page | declared by the HTML | loaded by Chromium, first visit | ok |");
    console.log("|---|---|---|---|");
    for (const [i, d] of declared.entries()) {
      const l = loaded[i] as (typeof loaded)[number];
      const ok = Math.max(d.bytes, l.bytes) <= JS_BUDGET_BYTES ? "ok" : "MISSED";
      console.log(
        `| ${d.path} | ${kb(d.bytes)} (${d.files} files) | ${kb(l.bytes)} (${l.files} files) | ${ok} |`,
      );
    }
    let listing: ChunkListing = {};
    try {
      listing = JSON.parse(readFileSync(path.join(buildDir, "client-chunks.json"), "utf8"));
    } catch {
      console.log("\n(no client-chunks.json in the build: chunk contents unknown)");
    }
    console.log(
      "\nChunks the public pages declare (largest parts: bytes after tree-shaking, before minification and gzip)\n",
    );
    console.log("| chunk | gzip | pages | largest parts |");
    console.log("|---|---|---|---|");
    for (const row of await chunkTable(base, pages, listing)) {
      console.log(`| ${row.file} | ${kb(row.gzip)} | ${row.pages} | ${row.top} |`);
    }
  } finally {
    await stop();
  }
}

await main();
