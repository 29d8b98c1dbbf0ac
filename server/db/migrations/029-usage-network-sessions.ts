/**
 * The user-sessions counted per client network and hour (security issue, finding 11;
 * docs/decisions/391-sessions-per-client-network.md): `usage_network_sessions` holds, for each
 * client network (an IPv4 address, an IPv6 /64) and UTC hour, the session keys whose accesses
 * were counted, at most `USAGE_SESSIONS_PER_NETWORK` of them; a further session of that
 * network in that hour is not counted (server/features/usage/network-limit.ts).
 *
 * - `network_key`: 24 bits of an HMAC of the network under the day's salt (`usage_salts`): no
 *   address is stored, and even while the salt lives a key stands for about 256 IPv4 addresses
 *   out of the 2^32, so it cannot be turned back into one;
 * - `hour`: hours since 1970 (UTC), the hour of COUNTER R5.1's user-session (section 7.3);
 * - `user_key`: the session's reader key, as in `usage_events`.
 *
 * Rows are deleted with the events, two hours on (`pruneUsageEvents`, a pass over a table of
 * two hours' sessions, so no index by hour). `WITHOUT ROWID` on SQLite, as the other usage
 * tables (migration 015): a network's hour is one short range of the primary key.
 */
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../dialect.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("usage_network_sessions")
    .addColumn("network_key", "integer", (c) => c.notNull())
    .addColumn("hour", "integer", (c) => c.notNull())
    .addColumn("user_key", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("usage_network_sessions_pk", ["network_key", "hour", "user_key"])
    .modifyEnd(dialect === "sqlite" ? sql`without rowid` : sql``)
    .execute();
}
