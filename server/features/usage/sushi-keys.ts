/**
 * SUSHI API keys and whether SUSHI requires one (issue 17; docs/decisions/282-sushi-server.md).
 * An administrator creates a key on the Statistics screen and gives it to a harvester; it is
 * shown once, and only its SHA-256 is stored (like invitation and reset tokens). A revoked key
 * stops working at once. While keys are not required (the default), SUSHI answers anybody who
 * asks for "The World", as COUNTER R5.1 section 8.2 allows for global reports.
 */
import { createHash, randomBytes } from "node:crypto";
import { msg, msgWith } from "../../../shared/i18n/messages.ts";
import type { SushiKeyItem } from "../../../shared/usage.ts";
import type { AppContext } from "../../services/context.ts";
import { notFound } from "../../services/errors.ts";
import { timestamp } from "../../services/write.ts";
import type { Actor } from "../accounts/access.ts";

/** The `site_settings` key of the rule; value `1` requires a key. */
const REQUIRE_KEY_SETTING = "sushi.require_api_key";

export const NO_KEY = msg("No such API key.");

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** Every key, newest first (revoked ones included, marked). */
export async function listSushiKeys(ctx: AppContext): Promise<SushiKeyItem[]> {
  const rows = await ctx.db
    .selectFrom("sushi_api_keys")
    .select(["id", "label", "prefix", "created_at", "last_used_at", "revoked_at"])
    .orderBy("id", "desc")
    .execute();
  return rows;
}

/**
 * A new key labelled `label` (who it is for).
 * @returns the listed key and the key itself, which is never shown again.
 */
export async function createSushiKey(
  ctx: AppContext,
  actor: Actor,
  label: string,
): Promise<{ key: SushiKeyItem; secret: string }> {
  const secret = `sushi_${randomBytes(24).toString("base64url")}`;
  const row = await ctx.db
    .insertInto("sushi_api_keys")
    .values({
      label,
      key_hash: hashOf(secret),
      prefix: secret.slice(0, 12),
      created_at: timestamp(),
      created_by: actor.id,
      revoked_at: null,
      last_used_at: null,
    })
    .returning(["id", "label", "prefix", "created_at", "last_used_at", "revoked_at"])
    .executeTakeFirstOrThrow();
  return { key: row, secret };
}

/**
 * Revokes key `id` (again: no change).
 * @throws AppError `not_found` for an unknown id.
 */
export async function revokeSushiKey(ctx: AppContext, id: number): Promise<string> {
  const row = await ctx.db
    .selectFrom("sushi_api_keys")
    .select(["label", "revoked_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(NO_KEY);
  if (row.revoked_at === null) {
    await ctx.db
      .updateTable("sushi_api_keys")
      .set({ revoked_at: timestamp() })
      .where("id", "=", id)
      .execute();
  }
  return msgWith('The key "{label}" is revoked: SUSHI refuses it from now on.', {
    label: row.label,
  });
}

/** Whether SUSHI answers only requests with a valid key. */
export async function isApiKeyRequired(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", REQUIRE_KEY_SETTING)
    .executeTakeFirst();
  return row?.value === "1";
}

/** Sets whether SUSHI requires a key. */
export async function setApiKeyRequired(ctx: AppContext, required: boolean): Promise<string> {
  await ctx.db
    .insertInto("site_settings")
    .values({ key: REQUIRE_KEY_SETTING, value: required ? "1" : "0" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: required ? "1" : "0" }))
    .execute();
  return required
    ? msg("SUSHI now answers only requests with a valid API key.")
    : msg("SUSHI now answers every request for The World, with or without an API key.");
}

/** Whether `key` is a key not revoked; notes when it was last used. */
export async function verifySushiKey(ctx: AppContext, key: string): Promise<boolean> {
  if (key.length < 8 || key.length > 200) return false;
  const row = await ctx.db
    .selectFrom("sushi_api_keys")
    .select(["id", "revoked_at"])
    .where("key_hash", "=", hashOf(key))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return false;
  await ctx.db
    .updateTable("sushi_api_keys")
    .set({ last_used_at: timestamp() })
    .where("id", "=", row.id)
    .execute();
  return true;
}
