/**
 * Roles and ownership (issue 8, "Roles and ownership"; docs/decisions/190-roles-and-ownership.md):
 *
 * - `users.role`: `admin` (site administrator) or `manager` (journal manager);
 *   `users.disabled_at`: ISO time the account was disabled, null while it may sign in.
 * - `journal_managers`, `proceeding_managers`: which manager may touch which journal or
 *   proceeding (administrators touch everything and need no rows). Both cascade from either side.
 * - `invitations`: one-time registration links sent by an administrator; only the SHA-256 of the
 *   token is stored, so a copy of the table cannot be used to register.
 *
 * Existing accounts: the earliest registered (lowest id) becomes the administrator, every other
 * one a journal manager with no journals; the administrator then assigns them on the Managers
 * screen (decision 190).
 */
import { type Kysely, sql } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) =>
      c.notNull().defaultTo("manager").check(sql`role in ('admin', 'manager')`),
    )
    .execute();
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await sql`update users set role = 'admin' where id = (select min(id) from users)`.execute(db);

  await db.schema
    .createTable("journal_managers")
    .addColumn("journal_id", "integer", (c) =>
      c.notNull().references("journals.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("journal_managers_pk", ["journal_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("journal_managers_user")
    .on("journal_managers")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("proceeding_managers")
    .addColumn("proceeding_id", "integer", (c) =>
      c.notNull().references("proceedings.id").onDelete("cascade"),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("proceeding_managers_pk", ["proceeding_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("proceeding_managers_user")
    .on("proceeding_managers")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
}
