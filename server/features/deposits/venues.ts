/**
 * The journal, issue and proceeding a deposit or export names, found by the dashboard's path
 * parameters; unpublished (draft) issues are found too, since managers deposit before or while
 * they publish.
 */

import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import {
  ISSUE_VENUE_COLUMNS,
  type IssueVenue,
  issueVenueOf,
  JOURNAL_VENUE_COLUMNS,
  type JournalVenue,
  journalVenueOf,
  PROCEEDING_VENUE_COLUMNS,
  type ProceedingVenue,
  proceedingVenueOf,
} from "./records.ts";

/**
 * The journal `uri`.
 * @throws AppError `not_found` ("No such journal.").
 */
export async function journalVenue(ctx: AppContext, uri: string): Promise<JournalVenue> {
  const row = await ctx.db
    .selectFrom("journals as j")
    .select(JOURNAL_VENUE_COLUMNS)
    .where("j.uri", "=", uri)
    .executeTakeFirst();
  if (!row) throw notFound(msg("No such journal."));
  return journalVenueOf(row);
}

/**
 * Issue `volume`/`number` of the journal `uri` (`number` as in its URL, also for a volume
 * without issue numbers).
 * @throws AppError `not_found` naming what is missing.
 */
export async function issueVenue(
  ctx: AppContext,
  uri: string,
  volume: string,
  number: string,
): Promise<{ journal: JournalVenue; issue: IssueVenue }> {
  const journal = await journalVenue(ctx, uri);
  const row = await ctx.db
    .selectFrom("publications as pub")
    .select(ISSUE_VENUE_COLUMNS)
    .where("pub.journal_id", "=", journal.id)
    .where("pub.volume", "=", volume)
    .where("pub.number", "=", number)
    .executeTakeFirst();
  if (!row)
    throw notFound(
      msgWith("No issue Vol. {volume} No. {issue} in this journal.", { volume, issue: number }),
    );
  return { journal, issue: issueVenueOf(row) };
}

/**
 * The proceeding `id` with its conference.
 * @throws AppError `not_found` ("No such proceeding.").
 */
export async function proceedingVenue(ctx: AppContext, id: number): Promise<ProceedingVenue> {
  const row = await ctx.db
    .selectFrom("proceedings as pr")
    .innerJoin("proceeding_events as e", "e.id", "pr.event_id")
    .select(PROCEEDING_VENUE_COLUMNS)
    .where("pr.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(msg("No such proceeding."));
  return proceedingVenueOf(row);
}
