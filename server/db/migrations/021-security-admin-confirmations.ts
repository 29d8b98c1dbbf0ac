/**
 * `admin_confirmations` (issue 15; docs/decisions/262-administrator-address-and-mailed-links.md):
 * one row per emailed link that proves an account owns `ADMIN_EMAIL` and makes it administrator.
 * Only the SHA-256 of the link's token is stored (hex, unique); a link is good until
 * `expires_at` (24 hours) and once (`used_at`, set in the statement that accepts it).
 */
import type { Kysely } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("admin_confirmations")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("admin_confirmations_user_id")
    .on("admin_confirmations")
    .column("user_id")
    .execute();
}
