/**
 * First-start seeding: on a database without journals, import the corpus at `CORPUS_DIR`
 * (default `../shared/corpus` when present; `SEED=none` turns it off) and log the report.
 * A corpus that cannot be imported is logged and the site starts empty.
 */
import type { AppContext } from "../services/context.ts";
import { CorpusError, formatReport, importCorpus } from "./corpus.ts";

export async function seedIfEmpty(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom("journals").select("id").limit(1).executeTakeFirst();
  if (any) return;
  if (!ctx.config.corpusDir) {
    ctx.log.info(
      "The catalogue is empty. Add content with `npm run import -- <corpus folder>` or sign in at /manager.",
    );
    return;
  }
  ctx.log.info({ corpusDir: ctx.config.corpusDir }, "empty catalogue: importing the corpus");
  try {
    const report = await importCorpus(ctx, ctx.config.corpusDir);
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
  } catch (error) {
    if (!(error instanceof CorpusError)) throw error;
    ctx.log.error(
      `The corpus could not be imported (${error.message}). The site starts empty; use \`npm run import -- <corpus folder>\` to add content.`,
    );
  }
}
