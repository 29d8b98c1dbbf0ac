/**
 * The journal, issue and proceeding a deposit or export names, found by the dashboard's path
 * parameters; unpublished (draft) issues are found too, since managers deposit before or while
 * they publish.
 */

import { issuePublicationDate } from "../../../shared/dates.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { type IssueVenue, issnsOf, type JournalVenue, type ProceedingVenue } from "./records.ts";

/**
 * The journal `uri`.
 * @throws AppError `not_found` ("No such journal.").
 */
export async function journalVenue(ctx: AppContext, uri: string): Promise<JournalVenue> {
  const j = await ctx.db
    .selectFrom("journals")
    .select(["id", "uri", "name", "abbreviation", "publisher", "issn", "eissn"])
    .where("uri", "=", uri)
    .executeTakeFirst();
  if (!j) throw notFound("No such journal.");
  return {
    kind: "journal",
    id: j.id,
    uri: j.uri,
    name: j.name,
    abbreviation: j.abbreviation,
    publisher: j.publisher ?? "",
    ...issnsOf(j.issn, j.eissn),
  };
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
    .selectFrom("publications")
    .select(["id", "volume", "number", "show_number", "title", "year", "publication_date"])
    .where("journal_id", "=", journal.id)
    .where("volume", "=", volume)
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) throw notFound(`No issue Vol. ${volume} No. ${number} in this journal.`);
  return {
    journal,
    issue: {
      id: row.id,
      volume: row.volume,
      number: row.show_number === 0 ? "" : row.number,
      title: row.title ?? "",
      year: row.year,
      date: issuePublicationDate(row),
    },
  };
}

/**
 * The proceeding `id` with its conference.
 * @throws AppError `not_found` ("No such proceeding.").
 */
export async function proceedingVenue(ctx: AppContext, id: number): Promise<ProceedingVenue> {
  const row = await ctx.db
    .selectFrom("proceedings as pr")
    .innerJoin("proceeding_events as e", "e.id", "pr.event_id")
    .select([
      "pr.id",
      "pr.slug",
      "pr.title",
      "pr.publisher",
      "pr.isbn",
      "pr.issn",
      "pr.year",
      "e.name",
      "e.start_date",
      "e.end_date",
      "e.location",
    ])
    .where("pr.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("No such proceeding.");
  return {
    kind: "proceeding",
    id: row.id,
    slug: row.slug,
    title: row.title,
    publisher: row.publisher ?? "",
    isbn: row.isbn ?? "",
    issn: row.issn ?? "",
    year: row.year,
    event: {
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      location: row.location ?? "",
    },
  };
}
