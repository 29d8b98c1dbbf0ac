/**
 * Usage figures of `npm run bench` (issue 17, "Cost"; docs/decisions/281-usage-across-processes.md):
 *
 * 1. Paper-page throughput with counting on and off: two sites on one context, one with the
 *    process's usage buffer and one without (`ctx.usage` unset), each behind a node:http
 *    server as server/main.ts runs it (the output cache's fast path first); autocannon loads the
 *    paper page with a browser's user agent, the two alternating, and the medians are compared
 *    (target: counting costs at most 10 %). The buffer is written every `USAGE_FLUSH_SECONDS`
 *    during the runs, as in production.
 * 2. Reports at scale: a database of 100,000 papers (100 journals, 2,000 issues) and a year of
 *    usage (about 2,200 papers read each day: a hot 200 every day, the rest in turn), written by
 *    SQL in the bench, not by counting; then the Statistics screen's and the SUSHI reports'
 *    answers are timed, each built and serialised as the server sends it (target: 1 s).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { sql } from "kysely";
import type { Db } from "../../server/db/database.ts";
import type { Dialect } from "../../server/db/dialect.ts";
import { addDays, topBySums, utcToday } from "../../server/features/usage/figures.ts";
import { usageStatistics } from "../../server/features/usage/statistics.ts";
import {
  buildReport,
  type ReportId,
  type ReportRequest,
} from "../../server/features/usage/sushi-reports.ts";
import type { AppContext } from "../../server/services/context.ts";
import type * as SiteModule from "../../server/site.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

async function listen(handler: Parameters<typeof createServer>[1]): Promise<[Server, string]> {
  const server = createServer(handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { "user-agent": BROWSER },
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx`);
  return result.requests.average;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Requests per second of `path` with counting on and off (medians of `rounds` alternating runs
 * of `seconds` each), and how many accesses the counting site recorded.
 */
export async function countingThroughput(
  site: typeof SiteModule,
  ctx: AppContext,
  clientDir: string,
  path: string,
  seconds = 4,
  rounds = 3,
): Promise<{ on: number; off: number; recorded: number }> {
  if (!ctx.usage) throw new Error("the bench context does not count usage (USAGE_COUNTING=off?)");
  const counting = site.createSite(ctx, { clientDir });
  const silent = site.createSite({ ...ctx, usage: undefined }, { clientDir });
  const [onServer, on] = await listen(
    (req, res) => counting.serveFast(req, res) || counting.app(req, res),
  );
  const [offServer, off] = await listen(
    (req, res) => silent.serveFast(req, res) || silent.app(req, res),
  );
  try {
    // fill both caches, then alternate so both meet the same load on the machine
    for (const base of [on, off]) await requestsPerSecond(base + path, 1);
    const figures = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      figures.on.push(await requestsPerSecond(on + path, seconds));
      figures.off.push(await requestsPerSecond(off + path, seconds));
    }
    await ctx.usage.flush();
    const recorded = await ctx.db
      .selectFrom("usage_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return { on: median(figures.on), off: median(figures.off), recorded: Number(recorded.n) };
  } finally {
    onServer.close();
    offServer.close();
  }
}

/** The shape of the reports' database. */
export const REPORT_SCALE = {
  papers: 100_000,
  journals: 100,
  issues: 2_000,
  days: 365,
  perDay: 2_000,
  hot: 200,
};

/**
 * Writes the reports' catalogue and a year of usage into the empty, migrated database `db`:
 * with SQL only (a recursive CTE on SQLite, generate_series on PostgreSQL).
 * @returns the number of daily and monthly usage rows written.
 */
export async function buildUsageScale(
  db: Db,
  dialect: Dialect,
): Promise<{ daily: number; monthly: number }> {
  const s = REPORT_SCALE;
  const now = "2026-01-01T00:00:00.000Z";
  const series = (n: number) =>
    dialect === "postgres"
      ? sql`select generate_series(1, ${sql.lit(n)}) as i`
      : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)}) select i from n`;
  await db.transaction().execute(async (trx) => {
    await sql`insert into journals (uri, name, abbreviation, issn, publisher, intro, sub_guide, other_guide, subject, active, created_at, updated_at)
      select 'journal-' || i, 'Journal ' || i, 'J. ' || i, null, 'Bench Press', '', '', '', 'more', 1, ${now}, ${now}
      from (${series(s.journals)}) as t`.execute(trx);
    await sql`insert into publications (journal_id, volume, number, title, year, cover, status, published_on, created_at, updated_at)
      select ((i - 1) % ${sql.lit(s.journals)}) + 1, cast(((i - 1) / ${sql.lit(s.journals)}) + 1 as text), '1', null,
        2000 + ((i - 1) / ${sql.lit(s.journals)}), null, 'published', '2020-01-01', ${now}, ${now}
      from (${series(s.issues)}) as t`.execute(trx);
    await sql`insert into papers (publication_id, proceeding_id, title, doi, abstract, encrypted, position, created_at, updated_at)
      select ((i - 1) % ${sql.lit(s.issues)}) + 1, null, 'Paper ' || i, '10.5555/bench.' || i, '', 0, i, ${now}, ${now}
      from (${series(s.papers)}) as t`.execute(trx);
  });
  // day d (0 = a year ago) reads the hot papers and `perDay` others, in turn
  const first = addDays(utcToday(), -(s.days - 1));
  const dayExpr =
    dialect === "postgres"
      ? sql`to_char(cast(${first} as date) + (d - 1), 'YYYY-MM-DD')`
      : sql`date(${first}, '+' || (d - 1) || ' days')`;
  const pairs =
    dialect === "postgres"
      ? sql`select d, k from generate_series(1, ${sql.lit(s.days)}) as d, generate_series(0, ${sql.lit(s.perDay + s.hot - 1)}) as k`
      : sql`select d.i as d, k.i - 1 as k from (${series(s.days)}) as d, (${series(s.perDay + s.hot)}) as k`;
  await db.transaction().execute(async (trx) => {
    await sql`insert into usage_item_daily (day, paper_id, yop, access_type, total_item_investigations, total_item_requests, unique_item_investigations, unique_item_requests)
      select ${dayExpr}, paper_id, 2020, 'Open', 2 + (paper_id + d) % 9, 1 + (paper_id + d) % 4, 2 + (paper_id + d) % 7, 1 + (paper_id + d) % 3
      from (select d, case when k < ${sql.lit(s.hot)} then k + 1 else ${sql.lit(s.hot + 1)} + ((k * 47 + d * 1009) % ${sql.lit(s.papers - s.hot)}) end as paper_id from (${pairs}) as p) as t
      where true on conflict do nothing`.execute(trx);
    await sql`insert into usage_item_monthly (month, paper_id, yop, access_type, total_item_investigations, total_item_requests, unique_item_investigations, unique_item_requests)
      select substr(day, 1, 7), paper_id, yop, access_type, sum(total_item_investigations), sum(total_item_requests), sum(unique_item_investigations), sum(unique_item_requests)
      from usage_item_daily group by substr(day, 1, 7), paper_id, yop, access_type`.execute(trx);
    await sql`insert into usage_paper_monthly (month, paper_id, total_item_investigations)
      select month, paper_id, sum(total_item_investigations) from usage_item_monthly
      group by month, paper_id`.execute(trx);
    for (const [scope, id, group] of [
      ["site", sql`0`, sql`u.day`],
      ["journal", sql`pub.journal_id`, sql`pub.journal_id, u.day`],
      ["issue", sql`pub.id`, sql`pub.id, u.day`],
    ] as const) {
      await sql`insert into usage_scope_daily (scope, scope_id, day, total_item_investigations, total_item_requests, unique_item_investigations, unique_item_requests, searches_platform)
        select ${scope}, ${id}, u.day, sum(u.total_item_investigations), sum(u.total_item_requests), sum(u.unique_item_investigations), sum(u.unique_item_requests), 0
        from usage_item_daily u join papers p on p.id = u.paper_id join publications pub on pub.id = p.publication_id
        group by ${group}`.execute(trx);
    }
  });
  const count = async (table: "usage_item_daily" | "usage_item_monthly") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // A year-old table has been vacuumed by autovacuum, which sets the visibility map that
  // index-only scans need; a table just bulk-loaded has not (every index entry then costs a
  // heap fetch: 7,326 for a journal's year, 65 ms warm against 45–54 ms after VACUUM).
  if (dialect === "postgres") await sql`vacuum analyze`.execute(db);
  return { daily: await count("usage_item_daily"), monthly: await count("usage_item_monthly") };
}

/**
 * One timed report: its name, milliseconds (best of `runs`), the answer's size, and whether the
 * 1 s target applies (not to an IR of every paper read in a month: tens of megabytes of JSON,
 * printed for information).
 */
export type ReportTime = { what: string; ms: number; bytes: number; target: boolean };

async function timed(
  what: string,
  build: () => Promise<unknown>,
  runs = 3,
  target = true,
): Promise<ReportTime> {
  let best = Number.POSITIVE_INFINITY;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = JSON.stringify(await build()).length;
    best = Math.min(best, performance.now() - start);
  }
  return { what, ms: best, bytes, target };
}

/** Times the Statistics screen and the SUSHI reports over the database of {@link buildUsageScale}. */
export async function timeReports(ctx: AppContext): Promise<ReportTime[]> {
  const admin = { id: 0, role: "admin" as const };
  const today = utcToday();
  const yearAgo = addDays(today, -364);
  const month = today.slice(0, 7);
  const firstMonth = yearAgo.slice(0, 7);
  const platform = {
    name: "Athenaeum",
    namespace: "athenaeum",
    origin: "https://journals.example.org",
  };
  const report = (id: ReportId, extra: Partial<ReportRequest> = {}): ReportRequest => ({
    report: id,
    begin: firstMonth,
    end: month,
    available: [firstMonth, month],
    metricTypes: null,
    dataTypes: null,
    accessTypes: null,
    accessMethods: null,
    yop: null,
    attributes: [],
    includeParentDetails: false,
    itemId: null,
    platform: null,
    exceptions: [],
    ...extra,
  });
  const stats = (query: Parameters<typeof usageStatistics>[2]) => () =>
    usageStatistics(ctx, admin, query);
  return [
    await timed("Statistics: site, last 30 days", stats({})),
    await timed(
      "Statistics: site, a year (by month, top papers)",
      stats({ from: yearAgo, to: today }),
    ),
    await timed(
      "Statistics: a journal, a year",
      stats({ journal: "journal-1", from: yearAgo, to: today }),
    ),
    await timed(
      "Statistics: the site's ten most viewed papers of a year, summing every paper (before decision 310)",
      () => topBySums(ctx.db, ctx.dialect, yearAgo, today, { kind: "site" }, 10),
      3,
      false,
    ),
    await timed("Statistics: an issue, a year", stats({ issue: 1, from: yearAgo, to: today })),
    await timed("Statistics: a paper, a year", stats({ paper: 1, from: yearAgo, to: today })),
    await timed("SUSHI PR, a year", () => buildReport(ctx.readDb, report("pr"), platform)),
    await timed("SUSHI PR_P1, a year", () => buildReport(ctx.readDb, report("pr_p1"), platform)),
    await timed("SUSHI TR, a year (100 journals)", () =>
      buildReport(ctx.readDb, report("tr"), platform),
    ),
    await timed("SUSHI TR_J3, a year", () => buildReport(ctx.readDb, report("tr_j3"), platform)),
    await timed("SUSHI IR, a year, one paper (item_id)", () =>
      buildReport(ctx.readDb, report("ir", { itemId: "10.5555/bench.1" }), platform),
    ),
    await timed(
      "SUSHI IR, last month, every paper read",
      () =>
        buildReport(
          ctx.readDb,
          report("ir", {
            begin: addDays(`${month}-01`, -1).slice(0, 7),
            end: addDays(`${month}-01`, -1).slice(0, 7),
            available: [
              addDays(`${month}-01`, -1).slice(0, 7),
              addDays(`${month}-01`, -1).slice(0, 7),
            ],
          }),
          platform,
        ),
      1,
      false,
    ),
  ];
}
