/**
 * Reading the usage tables (migration 015): sums of the COUNTER metrics over any day range,
 * per period or per paper. Shared by the Statistics screen (./statistics.ts), the figures
 * readers see (./reader-figures.ts) and the SUSHI reports (./sushi-reports.ts).
 *
 * A range of days is read as its whole months from `usage_item_monthly` and its partial months
 * at either end from `usage_item_daily`, so a year costs at most twelve monthly rows and 60
 * daily rows per paper, whatever the traffic.
 */
import { sql } from "kysely";
import { FIGURE_NAMES, type UsageFigures, zeroFigures } from "../../../shared/usage.ts";
import type { Db } from "../../db/database.ts";
import type { Dialect } from "../../db/dialect.ts";
import type { UsageScope } from "../../db/schema.ts";

/** Today's date (UTC), `YYYY-MM-DD`. */
export function utcToday(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  const at = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(at).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The last day of `month` (`YYYY-MM`). */
export function lastDayOf(month: string): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
}

/** `month` (`YYYY-MM`) moved by `months`. */
export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, mon - 1 + months, 1)).toISOString().slice(0, 7);
}

/** A day range split into whole months and the days left at either end. */
export type RangeParts = { months: [string, string] | null; days: [string, string][] };

/** Splits `from`..`to` (inclusive days) into whole months and leftover day ranges. */
export function splitRange(from: string, to: string): RangeParts {
  const firstMonth = from.endsWith("-01") ? from.slice(0, 7) : addMonths(from.slice(0, 7), 1);
  const lastMonth =
    lastDayOf(to.slice(0, 7)) === to ? to.slice(0, 7) : addMonths(to.slice(0, 7), -1);
  if (firstMonth > lastMonth) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  const monthsStart = `${firstMonth}-01`;
  if (from < monthsStart) days.push([from, addDays(monthsStart, -1)]);
  const monthsEnd = lastDayOf(lastMonth);
  if (to > monthsEnd) days.push([addDays(monthsEnd, 1), to]);
  return { months: [firstMonth, lastMonth], days };
}

/** A database number (PostgreSQL sums are bigint, returned as text) as a number. */
export const num = (value: unknown): number => Number(value ?? 0);

/** The four figures of a row of sums. */
export function figuresOf(row: Record<string, unknown>): UsageFigures {
  const out = zeroFigures();
  for (const name of FIGURE_NAMES) out[name] = num(row[name]);
  return out;
}

const sumOf = (column: (typeof FIGURE_NAMES)[number]) =>
  sql<number>`sum(${sql.ref(`u.${column}`)})`.as(column);

/** Which papers' rows to sum: all, one paper, or those of a journal, issue or proceeding. */
export type PaperFilter =
  | { kind: "site" }
  | { kind: "paper"; id: number }
  | { kind: "journal"; id: number }
  | { kind: "issue"; id: number }
  | { kind: "proceeding"; id: number };

/**
 * The ids of the papers of the journal, issue or proceeding `filter` names, as a subquery for
 * `paper_id in (…)` (an issue's and a proceeding's by the papers' own column, a journal's through
 * its issues).
 */
function papersOf(
  db: Db,
  filter: Extract<PaperFilter, { kind: "journal" | "issue" | "proceeding" }>,
) {
  const papers = db.selectFrom("papers as p").select("p.id");
  if (filter.kind === "issue") return papers.where("p.publication_id", "=", filter.id);
  if (filter.kind === "proceeding") return papers.where("p.proceeding_id", "=", filter.id);
  return papers
    .innerJoin("publications as pub", "pub.id", "p.publication_id")
    .where("pub.journal_id", "=", filter.id);
}

/** The per-paper rows of `from`..`to` (monthly and daily parts), as one union. */
function paperRows(db: Db, from: string, to: string, filter: PaperFilter) {
  const parts = splitRange(from, to);
  const columns = ["paper_id", ...FIGURE_NAMES] as const;
  let union = parts.months
    ? db
        .selectFrom("usage_item_monthly")
        .select(columns)
        .where("month", ">=", parts.months[0])
        .where("month", "<=", parts.months[1])
    : db
        .selectFrom("usage_item_daily")
        .select(columns)
        .where("day", ">=", parts.days[0]![0])
        .where("day", "<=", parts.days[0]![1]);
  const dayRanges = parts.months ? parts.days : parts.days.slice(1);
  for (const [first, last] of dayRanges) {
    union = union.unionAll(
      db
        .selectFrom("usage_item_daily")
        .select(columns)
        .where("day", ">=", first)
        .where("day", "<=", last),
    );
  }
  const query = db.selectFrom(union.as("u"));
  if (filter.kind === "paper") return query.where("u.paper_id", "=", filter.id);
  if (filter.kind === "site") return query;
  return query.where("u.paper_id", "in", papersOf(db, filter));
}

/** Months from which a range is read paper by paper rather than month by month (see below). */
const WIDE_MONTHS = 3;

/** A {@link PaperFilter}, or a list of papers (the threshold algorithm's exact sums). */
type SumFilter = PaperFilter | { kind: "papers"; ids: number[] };

/** Every paper's sums over `range` of one table, for `filter`: a query to nest. */
function sumsByPaper(
  db: Db,
  table: "usage_item_monthly" | "usage_item_daily",
  range: [string, string],
  filter: SumFilter,
) {
  const monthly = table === "usage_item_monthly";
  const period = sql.ref(monthly ? "u.month" : "u.day");
  const months =
    Number(range[1].slice(0, 4)) * 12 +
    Number(range[1].slice(5, 7)) -
    (Number(range[0].slice(0, 4)) * 12 + Number(range[0].slice(5, 7))) +
    1;
  // Over several months nearly every row is read: `month || ''` keeps the planner off the
  // primary key, so it reads the covering index by paper, in paper order, summing as it goes
  // (SQLite would otherwise read the months and sort every row by paper). A list of papers is
  // read from that index by paper and period anyway.
  const key =
    monthly && months >= WIDE_MONTHS && filter.kind !== "papers"
      ? sql<string>`${period} || ''`
      : sql<string>`${period}`;
  let query = (
    monthly ? db.selectFrom("usage_item_monthly as u") : db.selectFrom("usage_item_daily as u")
  )
    .select(["u.paper_id", ...FIGURE_NAMES.map(sumOf)])
    .where(key, ">=", range[0])
    .where(key, "<=", range[1])
    .groupBy("u.paper_id");
  if (filter.kind === "paper") query = query.where("u.paper_id", "=", filter.id);
  else if (filter.kind === "papers") query = query.where("u.paper_id", "in", filter.ids);
  else if (filter.kind !== "site") query = query.where("u.paper_id", "in", papersOf(db, filter));
  return query;
}

/**
 * Each paper's sums of `filter` over `from`..`to`: each part of the range (whole months, days
 * at either end) summed by paper, the parts added up, as one query grouped by paper.
 */
function paperSums(db: Db, from: string, to: string, filter: SumFilter) {
  const parts = splitRange(from, to);
  const queries = [
    ...(parts.months ? [sumsByPaper(db, "usage_item_monthly", parts.months, filter)] : []),
    ...parts.days.map((days) => sumsByPaper(db, "usage_item_daily", days, filter)),
  ];
  let union = queries[0]!;
  for (const query of queries.slice(1)) union = union.unionAll(query);
  return db
    .selectFrom(union.as("u"))
    .select(["u.paper_id", ...FIGURE_NAMES.map(sumOf)])
    .groupBy("u.paper_id");
}

/** A paper's figures over a range, as {@link topPaperFigures} answers them. */
export type PaperFigures = UsageFigures & { paperId: number };

/** The order of the most viewed papers: views, then downloads (both descending), then id. */
function byViews(a: PaperFigures, b: PaperFigures): number {
  return (
    b.total_item_investigations - a.total_item_investigations ||
    b.total_item_requests - a.total_item_requests ||
    a.paperId - b.paperId
  );
}

/**
 * The papers of `filter` with the most views (Total_Item_Investigations) in the range, then the
 * most downloads, then the lowest id.
 *
 * The whole site over {@link THRESHOLD_MONTHS} months or more is read by
 * {@link topByThreshold}, which looks at the few papers near the top of each month; anything
 * else (or a site whose months rank their papers too evenly for that) by
 * {@link topBySums}, which sums every paper of the scope. Both give the same answer
 * (tests/api/usage-top-papers.test.ts compares them; docs/decisions/310-most-viewed-by-threshold.md).
 */
export async function topPaperFigures(
  db: Db,
  dialect: Dialect,
  from: string,
  to: string,
  filter: PaperFilter,
  limit: number,
): Promise<PaperFigures[]> {
  if (filter.kind === "site" && monthsOf(from, to).length >= THRESHOLD_MONTHS) {
    const top = await topByThreshold(db, dialect, from, to, limit);
    if (top) return top;
  }
  return topBySums(db, dialect, from, to, filter, limit);
}

/** The top papers by summing every paper's figures of the range, then sorting the sums. */
export const topBySums: typeof topPaperFigures = async (db, _dialect, from, to, filter, limit) => {
  const rows = await paperSums(db, from, to, filter)
    .orderBy(sql`sum(u.total_item_investigations)`, "desc")
    .orderBy(sql`sum(u.total_item_requests)`, "desc")
    .orderBy("u.paper_id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ paperId: num(r.paper_id), ...figuresOf(r) }));
};

/** Every month (`YYYY-MM`) that `from`..`to` touches, in order. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = addMonths(month, 1)) {
    out.push(month);
  }
  return out;
}

/** Ranges touching fewer months are summed directly: they read few rows anyway. */
export const THRESHOLD_MONTHS = 3;
/** Rows of each month's ranking read in the first round; each round reads as many again. */
const FIRST_DEPTH = 64;
/** Past this depth a month's ranking is too flat for the threshold algorithm to pay. */
const MAX_DEPTH = 16_384;
/** Papers whose exact sums one statement reads. */
const EXACT_CHUNK = 2_000;

/**
 * The site's top papers by Fagin's threshold algorithm (R. Fagin, A. Lotem, M. Naor, "Optimal
 * aggregation algorithms for middleware", PODS 2001) over the months' rankings of
 * `usage_paper_monthly` (migration 024): a paper's views over the range are the sum of its
 * views in each month the range touches (of the days in the range, at most the month's views).
 *
 * Each round reads the next rows of every month's ranking (most viewed first), sums the range
 * exactly for each paper not met before (its monthly and daily rows, by the paper indexes),
 * and stops once the `limit`-th paper has more views than the threshold: the sum over the
 * months of the views of the last row read there (nothing for a month read to its end), which
 * no paper not yet met can exceed. Rows are read 64, 64, 128, 256, … deep (each round as
 * many rows again as all before).
 * @param firstDepth the rows of each ranking read in the first round (tests start at 1, so
 *   the algorithm stops, or not, at every depth).
 * @returns the top papers, or null when the rankings go deeper than {@link MAX_DEPTH} (usage
 *   spread so evenly that summing every paper is cheaper).
 */
export async function topByThreshold(
  db: Db,
  dialect: Dialect,
  from: string,
  to: string,
  limit: number,
  firstDepth = FIRST_DEPTH,
): Promise<PaperFigures[] | null> {
  if (dialect === "sqlite") return thresholdRounds(db, from, to, limit, firstDepth);
  // PostgreSQL plans the exact sums of a few hundred papers as a parallel scan of both tables'
  // paper indexes: 16 ms alone, 470 ms when starting the workers waits for a busy machine's
  // cores (EXPLAIN ANALYZE at a load of 10). The rounds' queries are small: one process each.
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return thresholdRounds(trx, from, to, limit, firstDepth);
  });
}

/** The rounds of {@link topByThreshold}. */
async function thresholdRounds(
  db: Db,
  from: string,
  to: string,
  limit: number,
  firstDepth: number,
): Promise<PaperFigures[] | null> {
  const months = monthsOf(from, to);
  /** The views of the last row read in each month still being read. */
  const bounds = new Map<string, number>(months.map((m) => [m, Number.POSITIVE_INFINITY]));
  const met = new Set<number>();
  const found: PaperFigures[] = [];
  let read = 0;
  for (let depth = firstDepth; ; depth *= 2) {
    if (depth > MAX_DEPTH) return null;
    const take = depth - read;
    const open = [...bounds.keys()];
    const rankings = open.map((month) =>
      db
        .selectFrom(
          db
            .selectFrom("usage_paper_monthly")
            .select(["month", "paper_id", "total_item_investigations"])
            .where("month", "=", month)
            .orderBy("total_item_investigations", "desc")
            .orderBy("paper_id")
            .limit(take)
            .offset(read)
            .as("r"),
        )
        .selectAll(),
    );
    let ranking = rankings[0]!;
    for (const next of rankings.slice(1)) ranking = ranking.unionAll(next);
    const rows = await ranking.execute();
    const counts = new Map<string, number>();
    const fresh: number[] = [];
    for (const row of rows) {
      counts.set(row.month, (counts.get(row.month) ?? 0) + 1);
      bounds.set(row.month, Math.min(bounds.get(row.month)!, num(row.total_item_investigations)));
      if (!met.has(row.paper_id)) {
        met.add(row.paper_id);
        fresh.push(row.paper_id);
      }
    }
    for (const month of open) if ((counts.get(month) ?? 0) < take) bounds.delete(month);
    read = depth;
    for (let i = 0; i < fresh.length; i += EXACT_CHUNK) {
      const ids = fresh.slice(i, i + EXACT_CHUNK);
      for (const r of await paperSums(db, from, to, { kind: "papers", ids }).execute()) {
        found.push({ paperId: num(r.paper_id), ...figuresOf(r) });
      }
    }
    found.sort(byViews);
    const threshold = [...bounds.values()].reduce((sum, views) => sum + views, 0);
    const last = found[limit - 1];
    if (bounds.size === 0 || (last && last.total_item_investigations > threshold)) {
      return found.slice(0, limit);
    }
  }
}

/** The summed figures of `filter` in the range. */
export async function totalFigures(
  db: Db,
  from: string,
  to: string,
  filter: PaperFilter,
): Promise<UsageFigures> {
  const row = await paperRows(db, from, to, filter)
    .select(FIGURE_NAMES.map(sumOf))
    .executeTakeFirst();
  return row ? figuresOf(row) : zeroFigures();
}

/** Figures per day of a scope (`usage_scope_daily`) or one paper (`usage_item_daily`). */
export async function dailyFigures(
  db: Db,
  from: string,
  to: string,
  scope: { kind: UsageScope; id: number } | { kind: "paper"; id: number },
): Promise<{ day: string; figures: UsageFigures; searches: number }[]> {
  if (scope.kind === "paper") {
    const rows = await db
      .selectFrom("usage_item_daily as u")
      .select(["u.day", ...FIGURE_NAMES.map(sumOf)])
      .where("u.paper_id", "=", scope.id)
      .where("u.day", ">=", from)
      .where("u.day", "<=", to)
      .groupBy("u.day")
      .orderBy("u.day")
      .execute();
    return rows.map((r) => ({ day: r.day, figures: figuresOf(r), searches: 0 }));
  }
  const rows = await db
    .selectFrom("usage_scope_daily")
    .select(["day", "searches_platform", ...FIGURE_NAMES])
    .where("scope", "=", scope.kind)
    .where("scope_id", "=", scope.id)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({
    day: r.day,
    figures: figuresOf(r),
    searches: num(r.searches_platform),
  }));
}
