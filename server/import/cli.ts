/**
 * `npm run import -- <folder>`: imports a corpus folder into the configured database and
 * storage (DATA_DIR, DATABASE_URL… as for the server, docs/deployment.md#configuration), shows its progress on
 * stderr (./progress.ts) and prints a short report: counts and every problem. Exit status 0 when the import ran (problems included),
 * 1 when the folder, its manifest or the configuration is unusable.
 */
import pino from "pino";
import { createAppContext } from "../bootstrap.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { CorpusError, formatReport, importCorpus } from "./corpus.ts";
import { progressPrinter } from "./progress.ts";

const USAGE = "Usage: npm run import -- <corpus folder>   (a folder with manifest.json)";

async function main(args: string[]): Promise<number> {
  const dir = args.find((a) => !a.startsWith("-"));
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (!dir) {
    console.error(USAGE);
    return 1;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const log = pino({ level: process.env.LOG_LEVEL ?? "warn" });
  const { ctx, close } = await createAppContext(config, log);
  const progress = progressPrinter(process.stderr);
  try {
    const report = await importCorpus(ctx, dir, { onProgress: progress.update });
    progress.end();
    console.log(formatReport(report));
    return 0;
  } catch (error) {
    if (error instanceof CorpusError) {
      console.error(`Import failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await close();
  }
}

process.exitCode = await main(process.argv.slice(2));
