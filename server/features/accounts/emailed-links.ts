/**
 * The one-time links mailed to an account: password reset (`password_resets`), administrator
 * confirmation (`admin_confirmations`) and author e-mail confirmation (`author_confirmations`),
 * three tables of one shape (`EmailedLinkTable`, server/db/schema.ts). Storing a link and using
 * it once are written here once; each flow keeps its own lifetime, mail and effect. The token
 * itself is server/services/link-token.ts (decision 562).
 */
import type { Db } from "../../db/database.ts";
import { linkTokenHash, newLinkToken } from "../../services/link-token.ts";
import type { Trx } from "../../services/write.ts";

/** The tables of mailed account links. */
export type EmailedLinkTableName =
  | "password_resets"
  | "admin_confirmations"
  | "author_confirmations";

/**
 * Stores a new link of account `userId` in `table`, good from `now` for `ttlMs` milliseconds and
 * once; only the SHA-256 of its token is kept.
 * @param db the database or the transaction that also writes the account.
 * @returns the token, for the mailed link (43 base64url characters).
 */
export async function storeEmailedLink(
  db: Db | Trx,
  table: EmailedLinkTableName,
  userId: number,
  ttlMs: number,
  now: Date,
): Promise<string> {
  const token = newLinkToken();
  await db
    .insertInto(table)
    .values({
      user_id: userId,
      token_hash: linkTokenHash(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses the link of `token` in `table`: marks it used at `nowIso` when it is unused and expires
 * after `nowIso`. Marking it is the check: of two requests with one link, only one updates it.
 * The caller refuses a token that does not match `LINK_TOKEN_PATTERN` (server/services/link-token.ts) first, and runs this in the
 * transaction of the link's effect, so that a refusal after it (a disabled account) rolls the
 * use back.
 * @returns the link's account id, or undefined for an unknown, used or expired link.
 */
export async function takeEmailedLink(
  trx: Trx,
  table: EmailedLinkTableName,
  token: string,
  nowIso: string,
): Promise<number | undefined> {
  const taken = await trx
    .updateTable(table)
    .set({ used_at: nowIso })
    .where("token_hash", "=", linkTokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso)
    .returning("user_id")
    .executeTakeFirst();
  return taken?.user_id;
}
