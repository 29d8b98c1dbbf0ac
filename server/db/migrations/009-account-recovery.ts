/**
 * Account recovery (issue 8; decisions 196 and 197):
 *
 * - `password_resets`: one row per emailed reset link. Only the SHA-256 of the link's token is
 *   stored (hex, unique), so a copy of the database cannot be used to reset a password. A link
 *   is good until `expires_at` (1 hour) and once: `used_at` is set in the statement that
 *   accepts it.
 * - `sign_in_failures`: failed sign-ins per (account, client IP) pair, keyed by the SHA-256 of
 *   the normalised email (unknown emails count like known ones, and no address is stored), with
 *   the moment the pair may try again. Kept in the database so several servers agree.
 */
import type { Kysely } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_resets_user_id")
    .on("password_resets")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("sign_in_failures")
    .addColumn("account_key", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failed_at", "text", (c) => c.notNull())
    .addColumn("retry_at", "text")
    .addPrimaryKeyConstraint("sign_in_failures_pk", ["account_key", "ip"])
    .execute();
  await db.schema
    .createIndex("sign_in_failures_last_failed_at")
    .on("sign_in_failures")
    .column("last_failed_at")
    .execute();
}
