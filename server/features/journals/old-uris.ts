/**
 * Former journal URIs (issue 8, Stable links; docs/decisions/200-stable-journal-links.md): a
 * renamed journal keeps every URI it had, so its old addresses answer 301 to the current ones.
 */
import type { AppContext } from "../../services/context.ts";

/**
 * The current URI of the journal that had `oldUri` before a rename, or null when no journal
 * had it (or the journal has it again). One primary-key lookup.
 */
export async function currentUriOf(ctx: AppContext, oldUri: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("journal_old_uris as o")
    .innerJoin("journals as j", "j.id", "o.journal_id")
    .select("j.uri")
    .where("o.old_uri", "=", oldUri)
    .executeTakeFirst();
  return row && row.uri !== oldUri ? row.uri : null;
}
