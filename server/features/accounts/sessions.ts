/**
 * Signed-in sessions (docs/product/roles.md; docs/product/api.md), kept in the `sessions` table so that
 * several servers share them.
 *
 * - The browser holds a random 32-byte token (base64url, 43 characters); the table holds only
 *   its HMAC-SHA256 under `config.sessionSecret` (hex), so a leaked table or backup cannot be
 *   replayed as cookies.
 * - A sign-in always creates a new session and deletes the one the browser brought, so an id
 *   planted before sign-in is never promoted (session fixation, OWASP Session Management).
 * - Lifetimes (`SESSION_TTL`, shared/constants.ts): "Remember me" sessions end 30 days after
 *   sign-in; the others end 12 hours after their last use, extended while in use (at most every
 *   {@link TOUCH_INTERVAL_MS}, to spare the database a write per request) and never beyond
 *   30 days after sign-in.
 * - Expired rows are refused, deleted when met, and purged at every sign-in.
 */
import { createHmac, randomBytes } from "node:crypto";
import { SESSION_TTL } from "../../../shared/constants.ts";
import type { User } from "../../db/schema.ts";
import type { AppContext } from "../../services/context.ts";

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A browser-session's expiry is pushed forward at most this often. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type StartedSession = {
  /** Goes into the cookie; never stored. */
  token: string;
  persistent: boolean;
  expiresAt: Date;
};

export type ResolvedSession = {
  /** The stored id (HMAC of the token). */
  sessionId: string;
  user: Pick<User, "id" | "first_name" | "last_name" | "email" | "role" | "kind" | "locale">;
  persistent: boolean;
  expiresAt: Date;
};

/** The stored id of `token` (hex HMAC-SHA256), or null when `token` is not one of ours. */
export function sessionIdOf(ctx: AppContext, token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  return createHmac("sha256", ctx.config.sessionSecret).update(token).digest("hex");
}

/**
 * Starts a session for `userId`, deleting the session of `previousToken` (the cookie the browser
 * sent with the sign-in, if any) and purging expired rows.
 */
export async function startSession(
  ctx: AppContext,
  userId: number,
  persistent: boolean,
  previousToken?: string,
): Promise<StartedSession> {
  const now = new Date();
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(
    now.getTime() + (persistent ? SESSION_TTL.rememberMs : SESSION_TTL.browserSessionMs),
  );
  const previousId = previousToken ? sessionIdOf(ctx, previousToken) : null;
  await ctx.db.transaction().execute(async (trx) => {
    if (previousId) await trx.deleteFrom("sessions").where("id", "=", previousId).execute();
    await trx
      .insertInto("sessions")
      .values({
        id: sessionIdOf(ctx, token)!,
        user_id: userId,
        persistent: persistent ? 1 : 0,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        last_seen_at: now.toISOString(),
      })
      .execute();
  });
  await purgeExpiredSessions(ctx, now);
  return { token, persistent, expiresAt };
}

/**
 * The live session of `token` and its user, or null (unknown, malformed or expired; an expired
 * row is deleted). Extends a browser-session's expiry as described in the module comment.
 */
export async function resolveSession(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const sessionId = sessionIdOf(ctx, token);
  if (!sessionId) return null;
  const row = await ctx.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.persistent",
      "sessions.created_at",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.id",
      "users.first_name",
      "users.last_name",
      "users.email",
      "users.role",
      "users.kind",
      "users.locale",
      "users.disabled_at",
    ])
    .where("sessions.id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return null;

  const nowIso = now.toISOString();
  // a disabled account's sessions are deleted when it is disabled; this covers a sign-in racing it
  if (row.expires_at <= nowIso || row.disabled_at !== null) {
    await ctx.db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    return null;
  }

  let expiresAt = new Date(row.expires_at);
  const persistent = row.persistent === 1;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
    if (!persistent) {
      const cap = new Date(row.created_at).getTime() + SESSION_TTL.rememberMs;
      expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL.browserSessionMs, cap));
    }
    await ctx.db
      .updateTable("sessions")
      .set({ last_seen_at: nowIso, expires_at: expiresAt.toISOString() })
      .where("id", "=", sessionId)
      .execute();
  }
  return {
    sessionId,
    user: {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      role: row.role,
      kind: row.kind,
      locale: row.locale,
    },
    persistent,
    expiresAt,
  };
}

/** Ends the session of `token`; nothing happens when there is none. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const sessionId = sessionIdOf(ctx, token);
  if (sessionId) await ctx.db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Deletes every session expired at `now`. @returns how many were deleted. */
export async function purgeExpiredSessions(ctx: AppContext, now = new Date()): Promise<number> {
  const result = await ctx.db
    .deleteFrom("sessions")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
