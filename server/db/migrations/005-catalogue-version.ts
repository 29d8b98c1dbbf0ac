/**
 * The catalogue version (issue 11): one row whose `version` every catalogue write transaction
 * increments (server/services/catalogue-version.ts), so every server process sharing the
 * database knows when its cached public pages and API answers are out of date.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("catalogue_state")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_state (id, version) values (1, 1)`.execute(db);
}
