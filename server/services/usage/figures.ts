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
  let query = db.selectFrom(union.as("u"));
  if (filter.kind === "paper") return query.where("u.paper_id", "=", filter.id);
  if (filter.kind === "site") return query;
  query = query.where("u.paper_id", "in", (eb) => {
    const papers = eb.selectFrom("papers as p").select("p.id");
    if (filter.kind === "issue") return papers.where("p.publication_id", "=", filter.id);
    if (filter.kind === "proceeding") return papers.where("p.proceeding_id", "=", filter.id);
    return papers
      .innerJoin("publications as pub", "pub.id", "p.publication_id")
      .where("pub.journal_id", "=", filter.id);
  });
  return query;
}

/** Months from which a range is read paper by paper rather than month by month (see below). */
const WIDE_MONTHS = 3;

/** Every paper's sums over `range` of one table, for `filter`: a query to nest. */
function sumsByPaper(
  db: Db,
  table: "usage_item_monthly" | "usage_item_daily",
  range: [string, string],
  filter: PaperFilter,
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
  // (SQLite would otherwise read the months and sort every row by paper).
  const key =
    monthly && months >= WIDE_MONTHS ? sql<string>`${period} || ''` : sql<string>`${period}`;
  let query = (
    monthly ? db.selectFrom("usage_item_monthly as u") : db.selectFrom("usage_item_daily as u")
  )
    .select(["u.paper_id", ...FIGURE_NAMES.map(sumOf)])
    .where(key, ">=", range[0])
    .where(key, "<=", range[1])
    .groupBy("u.paper_id");
  if (filter.kind === "paper") query = query.where("u.paper_id", "=", filter.id);
  else if (filter.kind !== "site") {
    query = query.where("u.paper_id", "in", (eb) => {
      const papers = eb.selectFrom("papers as p").select("p.id");
      if (filter.kind === "issue") return papers.where("p.publication_id", "=", filter.id);
      if (filter.kind === "proceeding") return papers.where("p.proceeding_id", "=", filter.id);
      return papers
        .innerJoin("publications as pub", "pub.id", "p.publication_id")
        .where("pub.journal_id", "=", filter.id);
    });
  }
  return query;
}

/**
 * The papers of `filter` with the most views (Total_Item_Investigations) in the range, then the
 * most downloads, then the lowest id: each part of the range (whole months, days at either end)
 * summed by paper, the parts added up, all in one query.
 */
export async function topPaperFigures(
  db: Db,
  from: string,
  to: string,
  filter: PaperFilter,
  limit: number,
): Promise<(UsageFigures & { paperId: number })[]> {
  const parts = splitRange(from, to);
  const queries = [
    ...(parts.months ? [sumsByPaper(db, "usage_item_monthly", parts.months, filter)] : []),
    ...parts.days.map((days) => sumsByPaper(db, "usage_item_daily", days, filter)),
  ];
  let union = queries[0]!;
  for (const query of queries.slice(1)) union = union.unionAll(query);
  const rows = await db
    .selectFrom(union.as("u"))
    .select(["u.paper_id", ...FIGURE_NAMES.map(sumOf)])
    .groupBy("u.paper_id")
    .orderBy(sql`sum(u.total_item_investigations)`, "desc")
    .orderBy(sql`sum(u.total_item_requests)`, "desc")
    .orderBy("u.paper_id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ paperId: num(r.paper_id), ...figuresOf(r) }));
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
