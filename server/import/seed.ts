/**
 * First-start seeding: on a database without journals, import the corpus at `CORPUS_DIR`
 * (default `../shared/corpus` when present; `SEED=none` turns it off). Placeholder until the
 * import command lands.
 */
import type { AppContext } from "../services/context.ts";

export async function seedIfEmpty(ctx: AppContext): Promise<void> {
  const any = await ctx.db.selectFrom("journals").select("id").limit(1).executeTakeFirst();
  if (any) return;
  if (!ctx.config.corpusDir) {
    ctx.log.info(
      "The catalogue is empty. Add content with `npm run import -- <corpus folder>` or sign in at /manager.",
    );
    return;
  }
  ctx.log.warn({ corpusDir: ctx.config.corpusDir }, "corpus import is not available yet");
}
