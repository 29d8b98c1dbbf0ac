/**
 * Import speed for `npm run bench:scale`: times `npm run import -- <corpus>` (the real CLI, a
 * process of its own, PDF text extraction included) into a fresh SQLite DATA_DIR and divides the
 * papers it wrote by the wall-clock seconds (process start included).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/database.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type ImportRate = {
  papers: number;
  /** Papers whose PDF text was extracted (full_text set). */
  withText: number;
  seconds: number;
  papersPerSecond: number;
};

/** Imports `corpusDir` into a throw-away data folder and reports the rate. */
export async function measureImport(corpusDir: string): Promise<ImportRate> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "athenaeum-bench-import-"));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
    delete env.DATABASE_URL;
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npm", ["run", "--silent", "import", "--", corpusDir], {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      child.once("error", reject);
      child.once("exit", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`npm run import exited with status ${code}`);
    const handle = openDatabase({ sqliteFile: path.join(dataDir, "athenaeum.sqlite") });
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
      };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
