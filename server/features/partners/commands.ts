/**
 * Write side of the partner institutions of the home page carousel (docs/product/overview.md): create,
 * update, reorder, remove. Positions are always 1..n without gaps; names are unique regardless
 * of case.
 */
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { PartnerInput } from "../../../shared/schemas.ts";
import type { Db } from "../../db/database.ts";
import type { AppContext } from "../../services/context.ts";
import { conflict, invalid, notFound } from "../../services/errors.ts";
import { removeImage } from "../../services/images.ts";
import {
  nullIfEmpty,
  removeAfterCommit,
  type Trx,
  timestamp,
  writeCatalogue,
  writeWithImage,
} from "../../services/write.ts";

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  let query = db
    .selectFrom("partners")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw conflict(msgWith('A partner named "{name}" already exists.', { name }), {
      name: msg("A partner with this name already exists."),
    });
  }
}

/** @throws AppError `not_found` when there is no partner `id`. */
async function partnerById(ctx: AppContext, id: number) {
  const partner = await ctx.db
    .selectFrom("partners")
    .select(["id", "logo"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!partner) throw notFound(msg("There is no such partner."));
  return partner;
}

async function orderedIds(trx: Trx): Promise<number[]> {
  const rows = await trx
    .selectFrom("partners")
    .select("id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Writes positions 1..n in the order of `ids`. */
async function renumber(trx: Trx, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await trx
      .updateTable("partners")
      .set({ position: i + 1 })
      .where("id", "=", id)
      .execute();
  }
}

/** `ids` with `id` moved to 1-based `position` (clamped to the list). */
function moveTo(ids: readonly number[], id: number, position: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, position - 1));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * A new partner with its logo (optional), at `position` (default last; later ones move down).
 * @returns the new partner's id.
 * @throws AppError `conflict` (name taken) and the image errors of {@link storeImage}.
 */
export async function createPartner(
  ctx: AppContext,
  input: PartnerInput,
  logo?: Uint8Array | null,
): Promise<{ id: number }> {
  await assertNameFree(ctx.db, input.name);
  return writeWithImage(ctx, { folder: "logos", bytes: logo }, async (trx, key) => {
    await assertNameFree(trx, input.name);
    const ids = await orderedIds(trx);
    const row = await trx
      .insertInto("partners")
      .values({
        name: input.name,
        logo: key,
        link: nullIfEmpty(input.link),
        position: ids.length + 1,
        created_at: timestamp(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.position !== undefined && input.position <= ids.length) {
      await renumber(trx, moveTo([...ids, row.id], row.id, input.position));
    }
    return { id: row.id };
  });
}

/**
 * Name, link, position and (when given) a new logo, which replaces the old one after the row
 * points at it.
 * @throws AppError `not_found`, `conflict` (name taken) and the image errors.
 */
export async function updatePartner(
  ctx: AppContext,
  partnerId: number,
  input: PartnerInput,
  logo?: Uint8Array | null,
): Promise<{ id: number }> {
  const partner = await partnerById(ctx, partnerId);
  await assertNameFree(ctx.db, input.name, partner.id);
  await writeWithImage(
    ctx,
    { folder: "logos", bytes: logo, replaced: partner.logo },
    async (trx, key) => {
      await trx
        .updateTable("partners")
        .set({ name: input.name, link: nullIfEmpty(input.link), ...(key ? { logo: key } : {}) })
        .where("id", "=", partner.id)
        .execute();
      if (input.position !== undefined) {
        await renumber(trx, moveTo(await orderedIds(trx), partner.id, input.position));
      }
    },
  );
  return { id: partner.id };
}

/**
 * Puts the partners in the order of `ids` (positions 1..n).
 * @throws AppError `invalid` unless `ids` lists every partner exactly once.
 */
export async function reorderPartners(ctx: AppContext, ids: readonly number[]): Promise<void> {
  await writeCatalogue(ctx, async (trx) => {
    const current = await orderedIds(trx);
    const wanted = new Set(ids);
    if (
      wanted.size !== ids.length ||
      ids.length !== current.length ||
      current.some((id) => !wanted.has(id))
    ) {
      throw invalid(msg("List every partner exactly once to reorder them."));
    }
    await renumber(trx, ids);
  });
}

/**
 * Removes a partner (the others close the gap), then its logo.
 * @throws AppError `not_found`.
 */
export async function removePartner(ctx: AppContext, partnerId: number): Promise<void> {
  const partner = await partnerById(ctx, partnerId);
  await writeCatalogue(ctx, async (trx) => {
    await trx.deleteFrom("partners").where("id", "=", partner.id).execute();
    await renumber(trx, await orderedIds(trx));
  });
  await removeAfterCommit(ctx, () => removeImage(ctx, partner.logo));
}
