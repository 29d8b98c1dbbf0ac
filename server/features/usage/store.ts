/**
 * Writes a batch of accesses served by this process into the usage tables, in one transaction
 * that every process runs one at a time (docs/decisions/281-usage-across-processes.md):
 *
 * 1. takes the usage lock (PostgreSQL: a transaction advisory lock; SQLite: the write lock,
 *    taken by the first statement, a write), so two processes never count against the same
 *    events at once;
 * 2. makes sure each day of the batch has its salt (`usage_salts`) and turns every IP address
 *    and user agent into the day's session key, an HMAC under that salt: neither is stored;
 * 3. leaves out the accesses of user-sessions past the limit of their client network's hour
 *    (./network-limit.ts, decision 391), recording the sessions it counts in
 *    `usage_network_sessions` under a 24-bit key of the network;
 * 4. inserts the events under the ids this process gave them, skipping ids already stored, so
 *    a batch sent again after a commit whose answer was lost counts nothing twice (its
 *    sessions are counted already; an access refused before is refused again, since a
 *    network's counted sessions of an hour only grow);
 * 5. counts the new events against the stored ones of the same readers (./counting.ts) and
 *    stores the changed `counted` flags;
 * 6. adds the changes to `usage_item_daily`, `usage_item_monthly`, `usage_paper_monthly` (a
 *    paper's views of the month, migration 024) and `usage_scope_daily` (upserts with
 *    increments), with each paper's Year of Publication and Access_Type.
 *
 * {@link pruneUsageEvents} deletes events, sessions and salts older than
 * {@link EVENT_RETENTION_MS}.
 */
import { createHmac, randomBytes } from "node:crypto";
import { type RawBuilder, sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Dialect } from "../../db/dialect.ts";
import type { Database, UsageKind, UsageScope } from "../../db/schema.ts";
import { papersWithVenues } from "../papers/with-venues.ts";
import {
  type CountedEvent,
  countEvents,
  DOUBLE_CLICK_MS,
  type MetricDelta,
  SESSION_MS,
  utcDay,
} from "./counting.ts";
import {
  admitSessions,
  hourOf,
  type NetworkSession,
  networkHour,
  networkKeyOf,
  SESSIONS_PER_NETWORK,
  type SessionAccess,
} from "./network-limit.ts";

/** An access as the serving process recorded it: nothing of it is stored as it is. */
export type PendingEvent = {
  /** Unique across processes: `{process token}-{sequence}`. */
  id: string;
  /** Milliseconds since 1970 when the response was sent. */
  at: number;
  /** The reader's IP address (server/features/usage/usage-observer.ts). */
  ip: string;
  userAgent: string;
  /** The paper viewed or downloaded; null for a search. */
  paperId: number | null;
  kind: UsageKind;
};

/** Events and salts are kept this long (ms), then deleted: the session hour and a margin. */
export const EVENT_RETENTION_MS = 2 * SESSION_MS;

/**
 * Access_Type of every paper: the site serves every paper to every reader without sign-in
 * (COUNTER R5.1 section 3.3.6, Open: "available to all users on this platform, regardless of
 * authorization status, under an open access model").
 */
export const ACCESS_TYPE = "Open";

/** Any constant shared by every process: the key of the usage advisory lock (PostgreSQL). */
const USAGE_LOCK = 1_734_701_017;
const CHUNK = 500;

type Trx = Transaction<Database>;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The session key of a reader on the day of `salt` (base64url, 132 bits). */
export function userKeyOf(salt: string, ip: string, userAgent: string): string {
  return createHmac("sha256", salt).update(`${ip}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/** What writing a batch did. */
export type BatchResult = {
  /** Events of the batch stored now: new (not stored by an earlier try), within the limit. */
  fresh: number;
  /** Events left out: their user-session was past its client network's limit of the hour. */
  overLimit: number;
};

/**
 * Counts `batch` into the usage tables (see the module docstring); all or nothing.
 * @param sessionsPerNetwork user-sessions counted per client network and hour
 *   (`USAGE_SESSIONS_PER_NETWORK`, decision 391).
 */
export async function storeUsageBatch(
  db: Db,
  dialect: Dialect,
  batch: PendingEvent[],
  sessionsPerNetwork = SESSIONS_PER_NETWORK,
): Promise<BatchResult> {
  if (batch.length === 0) return { fresh: 0, overLimit: 0 };
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${USAGE_LOCK})`.execute(trx);
    const salts = await saltsFor(trx, [...new Set(batch.map((e) => utcDay(e.at)))]);

    const keyed = batch.map((e) => {
      const salt = salts.get(utcDay(e.at))!;
      return {
        id: e.id,
        at: e.at,
        user_key: userKeyOf(salt, e.ip, e.userAgent),
        network_key: networkKeyOf(salt, e.ip),
        paper_id: e.paperId,
        kind: e.kind,
        counted: 0,
      };
    });
    const accesses: SessionAccess[] = keyed.map((e) => ({
      id: e.id,
      at: e.at,
      userKey: e.user_key,
      networkKey: e.network_key,
    }));
    const { refused, added } = admitSessions(
      accesses,
      await countedSessions(trx, accesses),
      sessionsPerNetwork,
    );
    for (const part of chunks(added)) {
      await trx
        .insertInto("usage_network_sessions")
        .values(part)
        .onConflict((oc) => oc.columns(["network_key", "hour", "user_key"]).doNothing())
        .execute();
    }
    const rows = keyed
      .filter((e) => !refused.has(e.id))
      .map(({ network_key: _network, ...row }) => row);
    const inserted = new Set<string>();
    for (const part of chunks(rows)) {
      const ids = await trx
        .insertInto("usage_events")
        .values(part)
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .execute();
      for (const { id } of ids) inserted.add(id);
    }
    const fresh: CountedEvent[] = rows
      .filter((r) => inserted.has(r.id))
      .map((r) => ({
        id: r.id,
        at: r.at,
        userKey: r.user_key,
        paperId: r.paper_id,
        kind: r.kind,
        counted: false,
      }));
    if (fresh.length === 0) return { fresh: 0, overLimit: refused.size };

    const known = await knownEvents(trx, fresh);
    const { flags, deltas } = countEvents(known, fresh);
    for (const value of [0, 1] as const) {
      const ids = [...flags].filter(([, counted]) => Number(counted) === value).map(([id]) => id);
      // new events were inserted uncounted: only those retained need a write
      const changed = value === 1 ? ids : ids.filter((id) => !inserted.has(id));
      for (const part of chunks(changed)) {
        await trx
          .updateTable("usage_events")
          .set({ counted: value })
          .where("id", "in", part)
          .execute();
      }
    }
    await addDeltas(trx, deltas);
    return { fresh: fresh.length, overLimit: refused.size };
  });
}

/**
 * The user-sessions counted before for the client networks and hours of `accesses`, by
 * {@link networkHour}.
 */
async function countedSessions(
  trx: Trx,
  accesses: SessionAccess[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const hours = [...new Set(accesses.map((a) => hourOf(a.at)))];
  for (const keys of chunks([...new Set(accesses.map((a) => a.networkKey))])) {
    const rows: NetworkSession[] = await trx
      .selectFrom("usage_network_sessions")
      .select(["network_key", "hour", "user_key"])
      .where("network_key", "in", keys)
      .where("hour", "in", hours)
      .execute();
    for (const row of rows) {
      const key = networkHour(Number(row.network_key), Number(row.hour));
      const sessions = out.get(key) ?? new Set<string>();
      sessions.add(row.user_key);
      out.set(key, sessions);
    }
  }
  return out;
}

/** The salt of each of `days`, created (randomly, once across processes) when missing. */
async function saltsFor(trx: Trx, days: string[]): Promise<Map<string, string>> {
  // A write first: on SQLite it takes the write lock before anything is read.
  await trx
    .insertInto("usage_salts")
    .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const rows = await trx
    .selectFrom("usage_salts")
    .select(["day", "salt"])
    .where("day", "in", days)
    .execute();
  return new Map(rows.map((r) => [r.day, r.salt]));
}

/**
 * The stored events that can bear on `fresh`: same reader, from 30 s before the earliest's
 * session hour (or 30 s before it) to 30 s after the latest (./counting.ts reads no further).
 */
async function knownEvents(trx: Trx, fresh: CountedEvent[]): Promise<CountedEvent[]> {
  const viewed = fresh.filter((e) => e.kind !== "search");
  if (viewed.length === 0) return [];
  const freshIds = new Set(fresh.map((e) => e.id));
  let from = Number.POSITIVE_INFINITY;
  let to = 0;
  for (const e of viewed) {
    const hourStart = Math.floor(e.at / SESSION_MS) * SESSION_MS;
    from = Math.min(from, hourStart, e.at - DOUBLE_CLICK_MS);
    to = Math.max(to, e.at + DOUBLE_CLICK_MS);
  }
  const out: CountedEvent[] = [];
  for (const keys of chunks([...new Set(viewed.map((e) => e.userKey))])) {
    const rows = await trx
      .selectFrom("usage_events")
      .select(["id", "at", "user_key", "paper_id", "kind", "counted"])
      .where("user_key", "in", keys)
      .where("at", ">=", from)
      .where("at", "<=", to)
      .where("kind", "<>", "search")
      .execute();
    for (const r of rows) {
      if (freshIds.has(r.id)) continue;
      out.push({
        id: r.id,
        at: Number(r.at),
        userKey: r.user_key,
        paperId: r.paper_id,
        kind: r.kind,
        counted: Number(r.counted) === 1,
      });
    }
  }
  return out;
}

/** Where a paper's usage is summed, and its Year of Publication. */
type PaperPlace = {
  yop: number;
  journalId: number | null;
  issueId: number | null;
  proceedingId: number | null;
};

async function placesOf(trx: Trx, paperIds: number[]): Promise<Map<number, PaperPlace>> {
  const out = new Map<number, PaperPlace>();
  for (const ids of chunks(paperIds)) {
    const rows = await papersWithVenues(trx)
      .select([
        "p.id",
        "p.publication_id",
        "p.proceeding_id",
        "pub.journal_id",
        "pub.year as issue_year",
        "pr.year as proceeding_year",
      ])
      .where("p.id", "in", ids)
      .execute();
    for (const r of rows) {
      const year = Number(r.issue_year ?? r.proceeding_year ?? 0);
      out.set(r.id, {
        // COUNTER R5.1 section 3.3.8: "If the year of publication is not known, use 0001"
        yop: year >= 1 && year <= 9999 ? year : 1,
        journalId: r.journal_id ?? null,
        issueId: r.publication_id,
        proceedingId: r.proceeding_id,
      });
    }
  }
  return out;
}

const METRIC_COLUMNS = {
  totalItemInvestigations: "total_item_investigations",
  totalItemRequests: "total_item_requests",
  uniqueItemInvestigations: "unique_item_investigations",
  uniqueItemRequests: "unique_item_requests",
} as const;

type MetricRow = Record<(typeof METRIC_COLUMNS)[keyof typeof METRIC_COLUMNS], number>;

function metricRow(delta: MetricDelta): MetricRow {
  return {
    total_item_investigations: delta.totalItemInvestigations,
    total_item_requests: delta.totalItemRequests,
    unique_item_investigations: delta.uniqueItemInvestigations,
    unique_item_requests: delta.uniqueItemRequests,
  };
}

function addInto<K>(map: Map<string, K & MetricRow>, key: string, base: K, row: MetricRow) {
  const existing = map.get(key);
  if (!existing) {
    map.set(key, { ...base, ...row });
    return;
  }
  for (const column of Object.values(METRIC_COLUMNS)) existing[column] += row[column];
}

const isZero = (d: MetricDelta) => Object.values(d).every((v) => v === 0);

/** Adds `deltas` to the paper, month and scope tables (upserts with increments). */
async function addDeltas(trx: Trx, deltas: Map<string, MetricDelta>): Promise<void> {
  const entries = [...deltas].filter(([, d]) => !isZero(d));
  if (entries.length === 0) return;
  const paperIds = [
    ...new Set(entries.map(([key]) => Number(key.split("|")[1])).filter((id) => id > 0)),
  ];
  const places = await placesOf(trx, paperIds);

  type ItemBase = { paper_id: number; yop: number; access_type: string };
  const daily = new Map<string, ItemBase & { day: string } & MetricRow>();
  const monthly = new Map<string, ItemBase & { month: string } & MetricRow>();
  // a paper's views of the month, all its monthly rows together (migration 024)
  const paperMonthly = new Map<
    string,
    { month: string; paper_id: number; total_item_investigations: number }
  >();
  const scopes = new Map<
    string,
    { scope: UsageScope; scope_id: number; day: string; searches_platform: number } & MetricRow
  >();
  const addScope = (scope: UsageScope, id: number, day: string, row: MetricRow, searches = 0) => {
    const key = `${scope}|${id}|${day}`;
    addInto(scopes, key, { scope, scope_id: id, day, searches_platform: 0 }, row);
    scopes.get(key)!.searches_platform += searches;
  };

  for (const [key, delta] of entries) {
    const [day = "", paper = ""] = key.split("|");
    const row = metricRow(delta);
    if (paper === "") {
      addScope("site", 0, day, row, delta.searchesPlatform);
      continue;
    }
    const paperId = Number(paper);
    const place = places.get(paperId);
    if (!place) continue; // deleted since it was read: its usage goes with it
    const item = { paper_id: paperId, yop: place.yop, access_type: ACCESS_TYPE };
    addInto(daily, `${day}|${paperId}`, { ...item, day }, row);
    addInto(monthly, `${day.slice(0, 7)}|${paperId}`, { ...item, month: day.slice(0, 7) }, row);
    const views = paperMonthly.get(`${day.slice(0, 7)}|${paperId}`) ?? {
      month: day.slice(0, 7),
      paper_id: paperId,
      total_item_investigations: 0,
    };
    views.total_item_investigations += row.total_item_investigations;
    paperMonthly.set(`${day.slice(0, 7)}|${paperId}`, views);
    addScope("site", 0, day, row);
    if (place.journalId !== null) addScope("journal", place.journalId, day, row);
    if (place.issueId !== null) addScope("issue", place.issueId, day, row);
    if (place.proceedingId !== null) addScope("proceeding", place.proceedingId, day, row);
  }

  for (const part of chunks([...daily.values()])) {
    await trx
      .insertInto("usage_item_daily")
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(["day", "paper_id", "yop", "access_type"])
          .doUpdateSet(increments("usage_item_daily")),
      )
      .execute();
  }
  for (const part of chunks([...monthly.values()])) {
    await trx
      .insertInto("usage_item_monthly")
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(["month", "paper_id", "yop", "access_type"])
          .doUpdateSet(increments("usage_item_monthly")),
      )
      .execute();
  }
  for (const part of chunks([...paperMonthly.values()])) {
    await trx
      .insertInto("usage_paper_monthly")
      .values(part)
      .onConflict((oc) =>
        oc.columns(["month", "paper_id"]).doUpdateSet({
          total_item_investigations: increment("usage_paper_monthly", "total_item_investigations"),
        }),
      )
      .execute();
  }
  for (const part of chunks([...scopes.values()])) {
    await trx
      .insertInto("usage_scope_daily")
      .values(part)
      .onConflict((oc) =>
        oc.columns(["scope", "scope_id", "day"]).doUpdateSet({
          ...increments("usage_scope_daily"),
          searches_platform: increment("usage_scope_daily", "searches_platform"),
        }),
      )
      .execute();
  }
}

type MetricTable =
  | "usage_item_daily"
  | "usage_item_monthly"
  | "usage_paper_monthly"
  | "usage_scope_daily";

/** `{table}.{column} + excluded.{column}`: an upsert adding the proposed row to the stored one. */
function increment(table: MetricTable, column: string): RawBuilder<number> {
  return sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
}

function increments(table: MetricTable): Record<keyof MetricRow, RawBuilder<number>> {
  const out = {} as Record<keyof MetricRow, RawBuilder<number>>;
  for (const column of Object.values(METRIC_COLUMNS)) out[column] = increment(table, column);
  return out;
}

/**
 * Deletes events and counted sessions older than {@link EVENT_RETENTION_MS} before `now`, and
 * the salts of days that ended longer ago than that: after this, nothing links a session key
 * or a network key to a reader.
 */
export async function pruneUsageEvents(db: Db, now: number): Promise<void> {
  const cutoff = now - EVENT_RETENTION_MS;
  await db.deleteFrom("usage_events").where("at", "<", cutoff).execute();
  await db.deleteFrom("usage_network_sessions").where("hour", "<", hourOf(cutoff)).execute();
  await db.deleteFrom("usage_salts").where("day", "<", utcDay(cutoff)).execute();
}
