/**
 * `npm run bench:first-start`: the first start of a new site under `npm start`'s heap bounds
 * (decision 321: `--max-old-space-size=256`), measured. Starts `scripts/start.ts` with the V8
 * options of package.json's `start` script on an empty `DATA_DIR` (SQLite) with
 * `ADMIN_PASSCODE` set, so the server imports the corpus in the background while it serves
 * (decision 121); samples its RSS every second; once the import has logged its summary, asks for
 * the pages a first visitor would (home, journals, a journal, a paper, its PDF, a search, the
 * sitemap, the feed), each of which must answer 200 with the catalogue in it; then keeps
 * sampling for `BENCH_SETTLE` seconds, for the memory V8 gives back after the import.
 *
 * Environment: BENCH_PORT (3261), BUILD_DIR (build), CORPUS_DIR (corpus/),
 * BENCH_IMPORT_REPEAT (1: the corpus as shipped; N: repeated N times, ./bench/repeat-corpus.ts),
 * BENCH_SETTLE (120 s).
 *
 * Exits 1 when the server ends before the import is over (out of memory under the bound, for
 * one), the import logs a failure, or a page does not answer as it should.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { repeatCorpus } from "./bench/repeat-corpus.ts";
import { printTable, type Row } from "./bench/report.ts";
import { startNodeOptions } from "./bench/servers.ts";
import { ensureCurrentBuild } from "./site-build.ts";

const root = path.resolve(import.meta.dirname, "..");
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const env = z
  .object({
    BENCH_PORT: count(3261),
    BUILD_DIR: z.string().default("build"),
    CORPUS_DIR: z.string().default("corpus"),
    BENCH_IMPORT_REPEAT: count(1),
    BENCH_SETTLE: z.coerce.number().int().nonnegative().default(120),
  })
  .parse(process.env);

/** VmRSS or VmHWM of /proc/<pid>/status in MB (10^6 bytes); null once the process is gone. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      readFileSync(`/proc/${pid}/status`, "utf8"),
    )?.[1];
    return kb ? Math.round((Number(kb) * 1024) / 1e6) : null;
  } catch {
    return null;
  }
}

const load = () => loadavg()[0]!.toFixed(1);

async function main(): Promise<number> {
  const buildDir = path.resolve(root, env.BUILD_DIR);
  ensureCurrentBuild(buildDir);
  const work = mkdtempSync(path.join(tmpdir(), "athenaeum-first-start-"));
  try {
    let corpus = path.resolve(root, env.CORPUS_DIR);
    if (env.BENCH_IMPORT_REPEAT > 1) {
      const repeated = path.join(work, "corpus");
      repeatCorpus(corpus, repeated, env.BENCH_IMPORT_REPEAT);
      corpus = repeated;
    }
    const base = `http://127.0.0.1:${env.BENCH_PORT}`;
    const child = spawn(process.execPath, [...startNodeOptions(), "scripts/start.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: path.join(work, "data"),
        BUILD_DIR: buildDir,
        CORPUS_DIR: corpus,
        SEED: "corpus",
        ADMIN_PASSCODE: "first-start-bench-passcode",
        LOG_LEVEL: "info",
        PORT: String(env.BENCH_PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        PUBLIC_URL: "",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const pid = child.pid!;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let imported: { papers: number; seconds: number } | null = null;
    let failed: string | null = null;
    const LogLine = z.object({ msg: z.string(), papers: z.number().optional() });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      let parsed: z.infer<typeof LogLine>;
      try {
        parsed = LogLine.parse(JSON.parse(line));
      } catch {
        return; // npm's or the build's own lines
      }
      const { msg, papers } = parsed;
      if (msg.startsWith("Papers: ")) {
        console.log(`  ${msg} (RSS ${statusMb(pid, "VmRSS")} MB, load ${load()})`);
      }
      // the import's summary (server/import/seed.ts), after its last progress line
      if (msg.startsWith("Imported ") && papers !== undefined) {
        imported = { papers, seconds: seconds() };
      }
      if (/could not be imported|import stopped/.test(msg)) failed = msg;
    });
    let samplesDuring: number[] = [];
    const after: { at: number; rss: number | null }[] = [];
    let exited = false;
    child.once("exit", () => {
      exited = true;
    });
    const ended = () => exited || child.exitCode !== null || child.signalCode !== null;
    try {
      while (!imported && !failed && !ended()) {
        const rss = statusMb(pid, "VmRSS");
        if (rss !== null) samplesDuring.push(rss);
        await new Promise((r) => setTimeout(r, 1_000));
      }
      if (ended() || failed || !imported) {
        console.error(
          `bench:first-start: ${failed ?? `the server ended (${child.exitCode ?? child.signalCode}) before the import was over`}`,
        );
        return 1;
      }
      const result: { papers: number; seconds: number } = imported;
      const peakDuring = statusMb(pid, "VmHWM");
      const rssAtEnd = statusMb(pid, "VmRSS");
      samplesDuring = samplesDuring.sort((a, b) => a - b);

      const pages: Row[] = [];
      const page = async (what: string, url: string, mustContain?: string) => {
        const res = await fetch(base + url);
        const body = Buffer.from(await res.arrayBuffer());
        const ok =
          res.status === 200 && (!mustContain || body.toString("latin1").includes(mustContain));
        pages.push({
          what: `${what}: GET ${url}`,
          figure: `${res.status}, ${body.length.toLocaleString("en")} B`,
          target: mustContain ? `200 with "${mustContain}"` : "200",
          ok,
        });
        return body.toString("utf8");
      };
      const home = await page("home page", "/");
      pages.push({
        what: "home page: no loading notice once imported",
        figure: home.includes("catalogue is being loaded") ? "notice shown" : "no notice",
        target: "no notice",
        ok: !home.includes("catalogue is being loaded"),
      });
      await page("journals", "/journals");
      const sitemap = await page("papers sitemap part", "/sitemaps/papers-1.xml", "<loc>");
      const paperUrl = /<loc>([^<]*\/journal\/[^<]*\/\d+)<\/loc>/.exec(sitemap)?.[1];
      if (paperUrl) {
        const paperPath = new URL(paperUrl).pathname;
        await page("journal", paperPath.split("/").slice(0, 3).join("/"));
        const paper = await page("a paper", paperPath);
        const pdf = /href="([^"]*\/download\/[^"]*\.pdf)"/.exec(paper)?.[1];
        if (pdf) await page("its PDF", pdf, "%PDF");
      }
      await page("search", "/search?q=species", "species");
      await page("sitemap index", "/sitemap.xml", "papers-1.xml");
      await page("feed", "/feed.xml", "<entry>");

      const settleStart = performance.now();
      while ((performance.now() - settleStart) / 1000 < env.BENCH_SETTLE && !ended()) {
        await new Promise((r) => setTimeout(r, 5_000));
        after.push({
          at: Math.round((performance.now() - settleStart) / 1000),
          rss: statusMb(pid, "VmRSS"),
        });
      }
      const rssAfter = after.at(-1)?.rss ?? null;
      const fellAt = after.find(
        (s) => rssAtEnd !== null && s.rss !== null && s.rss < rssAtEnd - 50,
      );
      const rows: Row[] = [
        {
          what: "papers imported in the background",
          figure: `${result.papers} created, ${result.seconds.toFixed(0)} s after the process started (${(result.papers / result.seconds).toFixed(1)} papers/s)`,
          target: "every paper of the corpus",
          ok: true,
        },
        {
          what: "server RSS during the import (median of 1 s samples)",
          figure: `${samplesDuring[Math.floor(samplesDuring.length / 2)] ?? "?"} MB`,
          target: "",
          ok: null,
        },
        {
          what: "server peak RSS (VmHWM) by the end of the import",
          figure: `${peakDuring ?? "?"} MB`,
          target: "< 400 MB (issue 19, traffic)",
          ok: peakDuring === null ? null : peakDuring < 400,
        },
        {
          what: "server RSS when the import ended",
          figure: `${rssAtEnd ?? "?"} MB`,
          target: "",
          ok: null,
        },
        ...(env.BENCH_SETTLE > 0
          ? [
              {
                what: `server RSS ${env.BENCH_SETTLE} s later (idle but for the page requests)`,
                figure: `${rssAfter ?? "?"} MB${fellAt ? ` (fell by over 50 MB ${fellAt.at} s after the import)` : ""}`,
                target: "< 400 MB",
                ok: rssAfter === null ? null : rssAfter < 400,
              },
            ]
          : []),
        ...pages,
      ];
      printTable(
        `bench:first-start, ${new Date().toISOString().slice(0, 10)}, corpus x${env.BENCH_IMPORT_REPEAT}, ${startNodeOptions().join(" ")}, load average now ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
        rows,
      );
      return pages.every((p) => p.ok) ? 0 : 1;
    } finally {
      if (!ended()) {
        child.kill("SIGTERM");
        await Promise.race([
          new Promise((r) => child.once("exit", r)),
          new Promise((r) => setTimeout(r, 8_000)),
        ]);
        if (!ended()) child.kill("SIGKILL");
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exit(await main());
