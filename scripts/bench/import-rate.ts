/**
 * Import speed for `npm run bench:scale` and `npm run bench:import`: times
 * `npm run import -- <corpus>` (the real CLI, a process of its own, PDF text extraction
 * included) into a fresh SQLite DATA_DIR and divides the papers it wrote by the wall-clock
 * seconds (process start included). The corpus is the real one repeated `repeat` times
 * (./repeat-corpus.ts; 26 papers are too few to show a rate: process start, covers and partner
 * logos take most of their time). CPU seconds are those of the import and its child processes
 * (Linux `/proc/self/stat`; null elsewhere).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/database.ts";
import { findPdftotext } from "../../server/services/find-pdftotext.ts";
import { repeatCorpus } from "./repeat-corpus.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type ImportRate = {
  papers: number;
  /** Papers whose PDF text was extracted (full_text set). */
  withText: number;
  seconds: number;
  papersPerSecond: number;
  /** CPU seconds (user + system) of the import and its children, or null off Linux. */
  cpuSeconds: number | null;
};

/** CPU seconds of this process's finished (waited-for) children, from /proc/self/stat. */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks
  } catch {
    return null;
  }
}

/** Imports `corpusDir`, repeated `repeat` times, into a throw-away data folder; reports the rate. */
export async function measureImport(corpusDir: string, repeat = 1): Promise<ImportRate> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-bench-import-"));
  try {
    const corpus = repeat > 1 ? path.join(dataDir, "corpus") : corpusDir;
    if (repeat > 1) repeatCorpus(path.resolve(corpusDir), corpus, repeat);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(dataDir, "data"),
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npm", ["run", "--silent", "import", "--", corpus], {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      child.once("error", reject);
      child.once("exit", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = childrenCpuSeconds();
    if (code !== 0) throw new Error(`npm run import exited with status ${code}`);
    const handle = openDatabase({ sqliteFile: path.join(dataDir, "data", "athenaeum.sqlite") });
    try {
      const row = await handle.db
        .selectFrom("papers")
        .select((eb) => [
          eb.fn.countAll<number>().as("papers"),
          eb.fn.count<number>("full_text").as("withText"),
        ])
        .executeTakeFirstOrThrow();
      const papers = Number(row.papers);
      return {
        papers,
        withText: Number(row.withText),
        seconds,
        papersPerSecond: papers / seconds,
        cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The extractor `npm run import` will use here (PDF_TEXT_EXTRACTOR, pdftotext on PATH). */
export function importExtractor(): string {
  const choice = process.env.PDF_TEXT_EXTRACTOR ?? "auto";
  return choice !== "pdfjs" && findPdftotext() ? "pdftotext" : "pdf.js";
}

/** "12.3 papers/s (312 papers, 123 with text, 25.4 s, 0.081 CPU s a paper)". */
export function describeImport(imp: ImportRate): string {
  const cpu =
    imp.cpuSeconds === null ? "" : `, ${(imp.cpuSeconds / imp.papers).toFixed(3)} CPU s a paper`;
  return `${imp.papersPerSecond.toFixed(1)} papers/s (${imp.papers} papers, ${imp.withText} with text, ${imp.seconds.toFixed(1)} s${cpu})`;
}
