/**
 * Who may touch what (issue 8, "Roles and ownership"; docs/decisions/190-roles-and-ownership.md).
 * No HTTP here: the guards of server/http/guards.ts call these for every dashboard call.
 *
 * - A site administrator (`users.role = 'admin'`) may touch every journal, proceeding, partner
 *   and account.
 * - A journal manager (`'manager'`) may touch only the journals (with their issues and papers)
 *   and proceedings assigned to them in `journal_managers` / `proceeding_managers`; creating a
 *   journal or proceeding assigns it to its creator (server/features/journals/commands.ts,
 *   server/features/proceedings/commands.ts).
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";
import { msg } from "../../../shared/i18n/messages.ts";
import type { UserRole } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";
import { AppError } from "../../services/errors.ts";
import type { Trx } from "../../services/write.ts";

/** Readers see a paper only in an active journal and a published issue. */
export type Visibility = { includeUnpublished?: boolean };

/** What the rules need to know about the signed-in account (from the session, never the request). */
export type Actor = { id: number; role: UserRole };

/** The 403 messages, one per kind of thing refused. */
export const ACCESS_MESSAGES = {
  adminOnly: msg("Only a site administrator can do this."),
  journal: msg("You do not manage this journal. Ask a site administrator to assign it to you."),
  proceeding: msg(
    "You do not manage this proceeding. Ask a site administrator to assign it to you.",
  ),
  event: msg(
    "This event is shared with proceedings you do not manage, so you cannot rename or re-date it. Choose New Event to give this proceeding its own event, or ask a site administrator.",
  ),
} as const;

export const isAdmin = (actor: Actor): boolean => actor.role === "admin";

/**
 * Checks that `actor` may touch journal `uri`. An unknown URI passes (the call then answers its
 * own 404), so a manager learns nothing more than a reader would.
 * @throws AppError `forbidden` (403) for a journal of somebody else.
 */
export async function assertJournalAccess(ctx: AppContext, actor: Actor, uri: string) {
  if (isAdmin(actor)) return;
  const row = await ctx.db
    .selectFrom("journals as j")
    .leftJoin("journal_managers as m", (join) =>
      join.onRef("m.journal_id", "=", "j.id").on("m.user_id", "=", actor.id),
    )
    .select(["j.id", "m.user_id"])
    .where("j.uri", "=", uri)
    .executeTakeFirst();
  if (row && row.user_id === null) throw new AppError("forbidden", ACCESS_MESSAGES.journal);
}

/**
 * Checks that `actor` may touch proceeding `id`; an unknown id passes (its call answers 404).
 * @throws AppError `forbidden` (403) for a proceeding of somebody else.
 */
export async function assertProceedingAccess(ctx: AppContext, actor: Actor, id: number) {
  if (isAdmin(actor)) return;
  const row = await ctx.db
    .selectFrom("proceedings as p")
    .leftJoin("proceeding_managers as m", (join) =>
      join.onRef("m.proceeding_id", "=", "p.id").on("m.user_id", "=", actor.id),
    )
    .select(["p.id", "m.user_id"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (row && row.user_id === null) throw new AppError("forbidden", ACCESS_MESSAGES.proceeding);
}

/**
 * Checks that `actor` may change event `eventId`'s name and dates (issue 15; decision 260): an
 * event is shared by its proceedings (decision 072), so a journal manager may change it only
 * when every proceeding of the event is assigned to them. An unknown event passes (the call
 * answers its own 404).
 * @throws AppError `forbidden` (403) {@link ACCESS_MESSAGES}`.event` otherwise.
 */
export async function assertEventAccess(ctx: AppContext, actor: Actor, eventId: number) {
  if (isAdmin(actor)) return;
  const foreign = await ctx.db
    .selectFrom("proceedings as p")
    .leftJoin("proceeding_managers as m", (join) =>
      join.onRef("m.proceeding_id", "=", "p.id").on("m.user_id", "=", actor.id),
    )
    .select("p.id")
    .where("p.event_id", "=", eventId)
    .where("m.user_id", "is", null)
    .executeTakeFirst();
  if (foreign) throw new AppError("forbidden", ACCESS_MESSAGES.event);
}

/**
 * The one rule for unpublished content (issue 15; docs/decisions/260-unpublished-content.md):
 * what `actor` may read of journal `uri`. Its unpublished parts (the journal while inactive, its
 * draft issues and their papers) are readable by the journal's managers and by administrators
 * only; everybody else (signed out, a signed-in account with no rights on it, a manager of another
 * journal) gets `{ includeUnpublished: false }`, so every route answers them the 404 a reader
 * gets. Every route serving one journal's record asks it (public pages, the public API, PDF
 * galleys, citation files); lists (feeds, OAI-PMH, sitemap, search, SUSHI) show published work
 * only, to everybody. Proceedings have no unpublished state (decision 090).
 * @returns the visibility to pass to the journal, issue and paper queries.
 */
export async function readableBy(
  ctx: AppContext,
  actor: Actor | null | undefined,
  uri: string,
): Promise<Visibility> {
  if (!actor) return { includeUnpublished: false };
  try {
    await assertJournalAccess(ctx, actor, uri);
    return { includeUnpublished: true };
  } catch (error) {
    if (error instanceof AppError && error.kind === "forbidden") {
      return { includeUnpublished: false };
    }
    throw error;
  }
}

/**
 * {@link readableBy}'s answer for everybody without rights on a journal, as SQL conditions, for
 * the lists that show published work only, to everybody (decision 260), usage figures and
 * reports among them (decision 390). Over the aliases of server/features/papers/with-venues.ts:
 * `papers as p`, `publications as pub`, `journals as j`, joined inner or left.
 *
 * A journal readers may see is active (a condition on `j`).
 */
export const PUBLIC_JOURNAL: RawBuilder<SqlBool> = sql<SqlBool>`(${sql.ref("j.active")} = 1)`;

/** An issue readers may see: published, in a journal they may see (on `pub` and `j`). */
export const PUBLIC_ISSUE: RawBuilder<SqlBool> = sql<SqlBool>`(${PUBLIC_JOURNAL} and ${sql.ref("pub.status")} = 'published')`;

/**
 * A paper readers may see: a conference paper (proceedings have no unpublished state, decision
 * 090), or a journal paper of an issue they may see (on `p`, `pub` and `j`).
 */
export const PUBLIC_PAPER: RawBuilder<SqlBool> = sql<SqlBool>`(${sql.ref("p.proceeding_id")} is not null or ${PUBLIC_ISSUE})`;

/** Assigns journal `journalId` to `userId` inside `trx`; assigning twice is a no-op. */
export async function assignJournalInTrx(
  trx: Trx,
  journalId: number,
  userId: number,
  now: string,
): Promise<void> {
  await trx
    .insertInto("journal_managers")
    .values({ journal_id: journalId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["journal_id", "user_id"]).doNothing())
    .execute();
}

/** Assigns proceeding `proceedingId` to `userId` inside `trx`; assigning twice is a no-op. */
export async function assignProceedingInTrx(
  trx: Trx,
  proceedingId: number,
  userId: number,
  now: string,
): Promise<void> {
  await trx
    .insertInto("proceeding_managers")
    .values({ proceeding_id: proceedingId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["proceeding_id", "user_id"]).doNothing())
    .execute();
}
