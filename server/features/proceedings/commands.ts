/**
 * Write side of conference proceedings (docs/product/screens.md and docs/product/api.md): create and update, each with its
 * event chosen from the event select: `''` (nothing chosen), `'new'` (create the event from the
 * event fields) or an existing event's id. Editors keep their order.
 */

import { slugify } from "../../../shared/format.ts";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import { DEFAULT_CONTENT_LANGUAGE } from "../../../shared/languages.ts";
import type { ProceedingEditInput, ProceedingInput } from "../../../shared/schemas.ts";
import type { AppContext } from "../../services/context.ts";
import { conflict, invalid, notFound } from "../../services/errors.ts";
import { removeImage } from "../../services/images.ts";
import {
  nullIfEmpty,
  removeAfterCommit,
  replaceEditors,
  type Trx,
  timestamp,
  writeCatalogue,
  writeWithImage,
} from "../../services/write.ts";
import { type Actor, assertEventAccess, assignProceedingInTrx } from "../accounts/access.ts";

export type ProceedingExtras = {
  /** URL slug; default from the title and year, made unique with a `-2`, `-3`… suffix. */
  slug?: string;
  isbn?: string | null;
  /** Where the event took place, for a new event. */
  location?: string | null;
};

/** Event `id`'s name and dates. @throws AppError `not_found` when there is no such event. */
async function assertEvent(ctx: AppContext, id: number) {
  const row = await ctx.db
    .selectFrom("proceeding_events")
    .select(["id", "name", "start_date", "end_date"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) {
    throw notFound(msg("The chosen event no longer exists. Choose another event or New Event."));
  }
  return row;
}

async function uniqueSlug(ctx: AppContext, wanted: string): Promise<string> {
  const base = slugify(wanted, 80);
  const taken = new Set(
    (
      await ctx.db
        .selectFrom("proceedings")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function insertEvent(
  trx: Trx,
  input: ProceedingInput | ProceedingEditInput,
  location: string | null,
): Promise<number> {
  const row = await trx
    .insertInto("proceeding_events")
    .values({
      name: input.event_name,
      start_date: input.event_start_date,
      end_date: input.event_end_date,
      location,
      created_at: timestamp(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const CHOOSE_EVENT = msg("Choose the event of this proceeding, or New Event.");
const chooseEvent = () => invalid(CHOOSE_EVENT, { event: CHOOSE_EVENT });

/**
 * POST /create_proceedings: a proceeding with its cover and editors, in a new or existing event.
 * @returns the new proceeding's id and slug.
 * @throws AppError `invalid` (no event chosen, no cover), `not_found` (unknown event id) and the
 *   image errors of {@link storeImage}.
 */
export async function createProceeding(
  ctx: AppContext,
  input: ProceedingInput,
  cover: Uint8Array | null | undefined,
  extras: ProceedingExtras = {},
  ownerId?: number,
): Promise<{ id: number; slug: string }> {
  const choice = input.event;
  if (choice === "") throw chooseEvent();
  if (choice !== "new") await assertEvent(ctx, choice);
  if (!cover?.byteLength) {
    throw invalid(msg("Choose a cover image for the proceeding."), {
      cover_img: msg("Choose a cover image."),
    });
  }
  const slug = await uniqueSlug(ctx, extras.slug ?? `${input.title} ${input.year}`);
  const now = timestamp();
  return writeWithImage(ctx, { folder: "covers", bytes: cover }, async (trx, key) => {
    const eventId =
      choice === "new" ? await insertEvent(trx, input, extras.location ?? null) : choice;
    const row = await trx
      .insertInto("proceedings")
      .values({
        event_id: eventId,
        slug,
        title: input.title,
        sub_title: nullIfEmpty(input.sub_title),
        issn: nullIfEmpty(input.issn),
        isbn: extras.isbn ?? null,
        publisher: nullIfEmpty(input.publisher),
        year: input.year,
        intro: input.intro,
        cover: key,
        // the language of its papers (decision 440): the site's default when none is given
        language: input.language || DEFAULT_CONTENT_LANGUAGE,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replaceEditors(trx, { proceeding_id: row.id }, input.editors);
    // the creator of a proceeding manages it (decision 190)
    if (ownerId !== undefined) await assignProceedingInTrx(trx, row.id, ownerId, now);
    return { id: row.id, slug };
  });
}

/**
 * POST /edit_proceeding/{proceeding}: every field and the editors. `event` `'new'` creates an
 * event; an event id moves the proceeding to that event and applies the event fields to it
 * (the form shows them prefilled); `''` keeps the current event. A new cover replaces the old.
 * Changing an existing event's name or dates changes it for every proceeding of the event, so
 * `actor` (the dashboard's manager; none for the importer) must manage all of them
 * (`assertEventAccess`, issue 15).
 * @throws AppError `not_found` (proceeding or event), `forbidden` (an event shared with
 *   proceedings `actor` does not manage) and the image errors.
 */
export async function updateProceeding(
  ctx: AppContext,
  proceedingId: number,
  input: ProceedingEditInput,
  cover?: Uint8Array | null,
  actor?: Actor,
): Promise<{ id: number; slug: string }> {
  const proceeding = await ctx.db
    .selectFrom("proceedings")
    .select(["id", "slug", "cover", "event_id"])
    .where("id", "=", proceedingId)
    .executeTakeFirst();
  if (!proceeding) throw notFound(msg("There is no such proceeding."));
  const choice = input.event;
  if (typeof choice === "number") {
    const event = await assertEvent(ctx, choice);
    // the form always sends the event's fields: only a change of them renames the shared event
    const renames =
      Boolean(input.event_name && input.event_start_date && input.event_end_date) &&
      (event.name !== input.event_name ||
        event.start_date !== input.event_start_date ||
        event.end_date !== input.event_end_date);
    if (renames && actor) await assertEventAccess(ctx, actor, choice);
  }
  await writeWithImage(
    ctx,
    { folder: "covers", bytes: cover, replaced: proceeding.cover },
    async (trx, key) => {
      let eventId = proceeding.event_id;
      if (choice === "new") {
        eventId = await insertEvent(trx, input, null);
      } else if (typeof choice === "number") {
        eventId = choice;
        if (input.event_name && input.event_start_date && input.event_end_date) {
          await trx
            .updateTable("proceeding_events")
            .set({
              name: input.event_name,
              start_date: input.event_start_date,
              end_date: input.event_end_date,
            })
            .where("id", "=", eventId)
            .execute();
        }
      }
      await trx
        .updateTable("proceedings")
        .set({
          event_id: eventId,
          title: input.title,
          sub_title: nullIfEmpty(input.sub_title),
          issn: nullIfEmpty(input.issn),
          publisher: nullIfEmpty(input.publisher),
          year: input.year,
          intro: input.intro,
          // absent keeps the language, "" is the site's default (decision 440)
          ...(input.language !== undefined
            ? { language: input.language || DEFAULT_CONTENT_LANGUAGE }
            : {}),
          ...(key ? { cover: key } : {}),
          updated_at: timestamp(),
        })
        .where("id", "=", proceeding.id)
        .execute();
      await replaceEditors(trx, { proceeding_id: proceeding.id }, input.editors);
    },
  );
  return { id: proceeding.id, slug: proceeding.slug };
}

/**
 * GET /delete_proceeding/{proceeding}: deletes a proceeding that has no papers, with its editors,
 * then its cover (after the commit). Its event stays, as a choice for other proceedings
 * (decision 202).
 * @throws AppError `not_found`, `conflict` while the proceeding has papers (naming how many).
 */
export async function deleteProceeding(ctx: AppContext, proceedingId: number): Promise<void> {
  const proceeding = await ctx.db
    .selectFrom("proceedings")
    .select(["id", "cover"])
    .where("id", "=", proceedingId)
    .executeTakeFirst();
  if (!proceeding) throw notFound(msg("There is no such proceeding."));
  await writeCatalogue(ctx, async (trx) => {
    // counted inside the transaction, so a paper added meanwhile cannot be orphaned
    const { count } = await trx
      .selectFrom("papers")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("proceeding_id", "=", proceeding.id)
      .executeTakeFirstOrThrow();
    const papers = Number(count);
    if (papers > 0) {
      throw conflict(
        msgWith(
          "{count, plural, one {This proceeding still has # paper. Delete it first, then the proceeding.} other {This proceeding still has # papers. Delete them first, then the proceeding.}}",
          { count: papers },
        ),
      );
    }
    await trx.deleteFrom("editors").where("proceeding_id", "=", proceeding.id).execute();
    await trx.deleteFrom("proceedings").where("id", "=", proceeding.id).execute();
  });
  await removeAfterCommit(ctx, () => removeImage(ctx, proceeding.cover));
}
