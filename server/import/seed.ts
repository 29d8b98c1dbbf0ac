/**
 * First-start seeding: on a database without journals, import the corpus at `CORPUS_DIR`
 * (default the repository's `corpus/` when present, decision 225; `SEED=none` turns it off) and log the report.
 * A corpus that cannot be imported is logged and the site starts empty.
 *
 * `npm start` runs it in the background (issue 11, docs/decisions/121-background-first-start.md):
 * the site serves at once while `ctx.importStatus` counts the papers, and the home page says the
 * catalogue is being loaded until the import is over.
 */
import type { AppContext } from "../services/context.ts";
import { CorpusError, formatReport, importCorpus } from "./corpus.ts";
import { progressPrinter } from "./progress.ts";

/**
 * Papers per transaction while the site serves: a SQLite write transaction holds back every
 * other query, so it stays short (tens of milliseconds), and the notice moves in small steps.
 */
export const SEED_BATCH_SIZE = 10;

/**
 * Imports the corpus into an empty catalogue and waits for it (the CLI-like way; tests).
 * @throws only unexpected errors (a database failure); corpus problems are logged.
 */
export async function seedIfEmpty(ctx: AppContext): Promise<void> {
  const seeding = await startSeedIfEmpty(ctx);
  const error = await seeding.finished;
  if (error) throw error;
}

/**
 * Starts importing the corpus into an empty catalogue without waiting for it: returns once the
 * catalogue was found empty (with `ctx.importStatus` then `running`) or not (nothing started).
 * `finished` settles when the import is over (`ctx.importStatus.state` `done` or `failed`); it
 * never rejects: it resolves to the unexpected error that stopped the import, which is also
 * logged, or undefined.
 */
export async function startSeedIfEmpty(
  ctx: AppContext,
): Promise<{ finished: Promise<Error | undefined> }> {
  const nothing = { finished: Promise.resolve(undefined) };
  const any = await ctx.db.selectFrom("journals").select("id").limit(1).executeTakeFirst();
  if (any) return nothing;
  const corpusDir = ctx.config.corpusDir;
  if (!corpusDir) {
    ctx.log.info(
      "The catalogue is empty. Add content with `npm run import -- <corpus folder>` or sign in at /manager.",
    );
    return nothing;
  }
  ctx.log.info({ corpusDir }, "empty catalogue: importing the corpus");
  const status: NonNullable<AppContext["importStatus"]> = {
    state: "running",
    done: 0,
    total: null,
  };
  ctx.importStatus = status;
  // The operator's view: the CLI's progress line in the log, every 10 s and at the end.
  const progress = progressPrinter({ write: (line) => ctx.log.info(line.trim()) });
  const finished = importCorpus(ctx, corpusDir, {
    batchSize: SEED_BATCH_SIZE,
    onProgress(p) {
      status.done = p.done;
      status.total = p.total;
      progress.update(p);
    },
  }).then(
    (report) => {
      progress.end();
      status.state = "done";
      const summary = {
        journals: report.journals.created,
        publications: report.publications.created,
        papers: report.papers.created,
        proceedings: report.proceedings.created,
        partners: report.partners.created,
        problems: report.problems,
        durationMs: report.durationMs,
      };
      const log = report.problems.length ? ctx.log.warn.bind(ctx.log) : ctx.log.info.bind(ctx.log);
      log(summary, formatReport(report));
      return undefined;
    },
    (error: unknown) => {
      status.state = "failed";
      if (error instanceof CorpusError) {
        ctx.log.error(
          `The corpus could not be imported (${error.message}). The site starts empty; use \`npm run import -- <corpus folder>\` to add content.`,
        );
        return undefined;
      }
      ctx.log.error(
        { err: error },
        "The corpus import stopped; the site serves what was imported. Run `npm run import -- <corpus folder>` to finish it.",
      );
      return error instanceof Error ? error : new Error(String(error));
    },
  );
  return { finished };
}
