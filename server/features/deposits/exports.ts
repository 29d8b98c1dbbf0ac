/**
 * The scholarly export documents the dashboard downloads (issue 16): Crossref deposit XML of an
 * issue or a proceeding (./crossref.ts) and DOAJ article XML of a journal or an issue
 * (./doaj.ts). Every function answers the document as a string and throws the AppErrors of
 * ./venues.ts for what does not exist.
 */
import type { AppContext } from "../../services/context.ts";
import { type Batch, type Depositor, issueDepositXml, proceedingDepositXml } from "./crossref.ts";
import { doajXml } from "./doaj.ts";
import { recordsOfIssue, recordsOfJournal, recordsOfProceeding } from "./records.ts";
import { issueVenue, journalVenue, proceedingVenue } from "./venues.ts";

/** The depositor of every batch: configured, else the site's name and contact address. */
export function depositorOf(ctx: AppContext): Depositor {
  const c = ctx.config.crossref;
  return {
    name: c.depositorName,
    email: c.depositorEmail ?? ctx.config.contactEmail ?? "crossref@example.org",
    registrant: c.depositorName,
  };
}

/**
 * A new batch for `what` (`issue-12`): its id names the site and the item, its timestamp is the
 * time in milliseconds, which rises from one deposit of a DOI to the next as Crossref requires.
 */
export function newBatch(ctx: AppContext, what: string, now = Date.now()): Batch {
  const site = ctx.config.siteName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { id: `${site || "site"}-${what}-${now}`, timestamp: now };
}

/** Crossref deposit XML of issue `volume`/`number` of journal `uri`, links on `origin`. */
export async function issueCrossrefXml(
  ctx: AppContext,
  uri: string,
  volume: string,
  number: string,
  origin: string,
  batch?: Batch,
): Promise<{ xml: string; batch: Batch; issueId: number }> {
  const { journal, issue } = await issueVenue(ctx, uri, volume, number);
  const records = await recordsOfIssue(ctx, issue.id, origin);
  const b = batch ?? newBatch(ctx, `issue-${issue.id}`);
  return {
    xml: issueDepositXml(journal, issue, records, b, depositorOf(ctx)),
    batch: b,
    issueId: issue.id,
  };
}

/** Crossref deposit XML of proceeding `id`, links on `origin`. */
export async function proceedingCrossrefXml(
  ctx: AppContext,
  id: number,
  origin: string,
  batch?: Batch,
): Promise<{ xml: string; batch: Batch }> {
  const proceeding = await proceedingVenue(ctx, id);
  const records = await recordsOfProceeding(ctx, id, origin);
  const b = batch ?? newBatch(ctx, `proceeding-${id}`);
  return { xml: proceedingDepositXml(proceeding, records, b, depositorOf(ctx)), batch: b };
}

/**
 * DOAJ article XML of journal `uri`: its published issues' papers, or with `issue` only that
 * issue's (`{volume, number}` as in its URL, drafts included).
 */
export async function journalDoajXml(
  ctx: AppContext,
  uri: string,
  origin: string,
  issue?: { volume: string; number: string },
): Promise<string> {
  if (issue) {
    const venue = await issueVenue(ctx, uri, issue.volume, issue.number);
    return doajXml(venue.journal, await recordsOfIssue(ctx, venue.issue.id, origin));
  }
  const journal = await journalVenue(ctx, uri);
  return doajXml(journal, await recordsOfJournal(ctx, journal.id, origin));
}
