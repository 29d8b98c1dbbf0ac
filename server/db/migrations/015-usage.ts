/**
 * Usage counting by the COUNTER Code of Practice Release 5.1 (issue 17; docs/decisions/280 to 284).
 *
 * - `usage_salts`: one random salt per UTC day; a reader's session key is an HMAC of their IP
 *   address and user agent under the salt of the day (server/features/usage/store.ts). Each salt
 *   is deleted two hours after its day ends, and with it any way back to the IP address.
 * - `usage_events`: the accesses of the last two hours (abstract views, PDF requests, searches),
 *   keyed by the id the serving process gave each one, so a flush repeated after a lost commit
 *   inserts nothing twice. They let every process apply double-click filtering and unique-item
 *   counting over what all processes served (decision 281); `counted` says whether the event is
 *   the one retained of its double-click run. Rows older than two hours are deleted.
 * - `usage_item_daily`, `usage_item_monthly`: the four COUNTER metrics of each paper per UTC day
 *   and per month, by Year of Publication and Access_Type (COUNTER R5.1 section 3.3.7 wants
 *   both recorded per access). No foreign key: the figures of a deleted paper stay in the site's
 *   and its journal's totals.
 * - `usage_scope_daily`: the same metrics summed per day for the site (`site`, 0), each journal,
 *   proceeding and issue, plus the site's searches (Searches_Platform), so a year of a journal's
 *   days is one short range read.
 * - `sushi_api_keys`: the SUSHI API keys an administrator created (only a SHA-256 of each key).
 * - `site_settings` `usage.first_day`: the day counting started (First_Month_Available).
 *
 * `at` is milliseconds since 1970 (bigint: PostgreSQL returns it as text, read it with Number()).
 *
 * On SQLite the usage tables are `WITHOUT ROWID`, so rows lie in primary-key order (a month's or
 * a day's rows are read in one sweep), and each has a covering index by paper (paper, period,
 * the four metrics), so a paper's figures, or every paper's sums over a year, are read from the
 * index alone (docs/performance.md, usage reports).
 */
import { type Kysely, sql } from "kysely";
import { type Dialect, generatedId } from "../dialect.ts";

/** SQLite: a table clustered on its primary key (no rowid); PostgreSQL has heaps only. */
const clustered = (dialect: Dialect) => (dialect === "sqlite" ? sql`without rowid` : sql``);

const METRICS = [
  "total_item_investigations",
  "total_item_requests",
  "unique_item_investigations",
  "unique_item_requests",
] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("usage_salts")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("usage_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("user_key", "text", (c) => c.notNull())
    .addColumn("paper_id", "integer")
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('abstract', 'pdf', 'search')`))
    .addColumn("counted", "integer", (c) => c.notNull().defaultTo(0))
    .modifyEnd(clustered(dialect))
    .execute();
  await db.schema
    .createIndex("usage_events_user")
    .on("usage_events")
    .columns(["user_key", "paper_id", "at"])
    .execute();
  await db.schema.createIndex("usage_events_at").on("usage_events").column("at").execute();

  for (const [table, period] of [
    ["usage_item_daily", "day"],
    ["usage_item_monthly", "month"],
  ] as const) {
    let create = db.schema
      .createTable(table)
      .addColumn(period, "text", (c) => c.notNull())
      .addColumn("paper_id", "integer", (c) => c.notNull())
      .addColumn("yop", "integer", (c) => c.notNull())
      .addColumn("access_type", "text", (c) => c.notNull());
    for (const metric of METRICS) {
      create = create.addColumn(metric, "integer", (c) => c.notNull().defaultTo(0));
    }
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, [period, "paper_id", "yop", "access_type"])
      .modifyEnd(clustered(dialect))
      .execute();
    await db.schema
      .createIndex(`${table}_paper`)
      .on(table)
      .columns(["paper_id", period, ...METRICS])
      .execute();
  }

  let scope = db.schema
    .createTable("usage_scope_daily")
    .addColumn("scope", "text", (c) =>
      c.notNull().check(sql`scope in ('site', 'journal', 'proceeding', 'issue')`),
    )
    .addColumn("scope_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull());
  for (const metric of METRICS) {
    scope = scope.addColumn(metric, "integer", (c) => c.notNull().defaultTo(0));
  }
  await scope
    .addColumn("searches_platform", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("usage_scope_daily_pk", ["scope", "scope_id", "day"])
    .modifyEnd(clustered(dialect))
    .execute();

  await db.schema
    .createTable("sushi_api_keys")
    .addColumn("id", "integer", generatedId(dialect))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "text")
    .addColumn("last_used_at", "text")
    .execute();

  const today = new Date().toISOString().slice(0, 10);
  await sql`insert into site_settings (key, value) values ('usage.first_day', ${today})`.execute(
    db,
  );
}
