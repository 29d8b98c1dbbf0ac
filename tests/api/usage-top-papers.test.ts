/**
 * The most viewed papers of the site over long ranges (issue 17, "reports over 100,000 papers and
 * a year of days answer in under a second"; docs/decisions/310-most-viewed-by-threshold.md), on
 * SQLite and PostgreSQL:
 *
 * - the threshold algorithm over each month's ranking (`topByThreshold`) answers exactly what
 *   summing every paper (`topBySums`) answers, ties and partial months included;
 * - the flush keeps `usage_paper_monthly` (a paper's views per month) equal to the sums of
 *   `usage_item_monthly`, including when a later access un-counts an earlier one.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  THRESHOLD_MONTHS,
  topBySums,
  topByThreshold,
  topPaperFigures,
} from "../../server/features/usage/figures.ts";
import { storeUsageBatch } from "../../server/features/usage/store.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";

let t: TestContext;
let seed: SeededCatalogue;

/** Papers of the synthetic usage: ids far above the seeded catalogue's. */
const FIRST_PAPER = 100_001;
const PAPERS = 400;
const FIRST_DAY = Date.UTC(2025, 0, 1);
const DAYS = 425; // 2025-01-01 to 2026-03-01

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seedValue: number): () => number {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  // Each day: 30 hot papers (a few views each) and 40 others; small figures, so many papers tie
  // on views, and then on downloads. A tenth of the hot rows have a second Year of Publication
  // (an issue moved to another year), which the month's ranking must add to the first.
  const next = random(17);
  const rows = [];
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);
    const papers = new Set<number>();
    for (let i = 0; i < 30; i++) papers.add(FIRST_PAPER + Math.floor(next() * 40));
    for (let i = 0; i < 40; i++) papers.add(FIRST_PAPER + Math.floor(next() * PAPERS));
    for (const paper_id of papers) {
      for (const yop of next() < 0.1 ? [2020, 2021] : [2020]) {
        const views = Math.floor(next() * 4); // 0 to 3: a row of only un-counted accesses too
        const downloads = Math.min(views, Math.floor(next() * 3));
        rows.push({
          day,
          paper_id,
          yop,
          access_type: "Open",
          total_item_investigations: views,
          total_item_requests: downloads,
          unique_item_investigations: Math.min(views, 1),
          unique_item_requests: Math.min(downloads, 1),
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await t.ctx.db
      .insertInto("usage_item_daily")
      .values(rows.slice(i, i + 500))
      .execute();
  }
  // the monthly sums as the flush keeps them
  await sql`insert into usage_item_monthly (month, paper_id, yop, access_type, total_item_investigations, total_item_requests, unique_item_investigations, unique_item_requests)
    select substr(day, 1, 7), paper_id, yop, access_type, sum(total_item_investigations), sum(total_item_requests), sum(unique_item_investigations), sum(unique_item_requests)
    from usage_item_daily group by substr(day, 1, 7), paper_id, yop, access_type`.execute(t.ctx.db);
  await sql`insert into usage_paper_monthly (month, paper_id, total_item_investigations)
    select month, paper_id, sum(total_item_investigations) from usage_item_monthly
    group by month, paper_id`.execute(t.ctx.db);
});
afterAll(() => t?.close());

describe(`The most viewed papers of long ranges on ${dialectUnderTest}`, () => {
  it.each([
    ["a year from mid-month to mid-month", "2025-02-14", "2026-02-13", 10],
    ["whole months", "2025-03-01", "2025-12-31", 10],
    ["the whole history", "2025-01-01", "2026-03-01", 10],
    ["three months and a day", "2025-06-30", "2025-08-31", 10],
    ["a year, the top one", "2025-02-14", "2026-02-13", 1],
    ["a year, the top 50 (past the hot papers, into ties)", "2025-02-14", "2026-02-13", 50],
    ["a year, more papers than were read", "2025-02-14", "2026-02-13", 1000],
  ])(
    "%s: the threshold algorithm finds what summing every paper finds",
    async (_what, from, to, limit) => {
      const bySums = await topBySums(t.ctx.db, t.ctx.dialect, from, to, { kind: "site" }, limit);
      expect(bySums.length).toBe(Math.min(limit, PAPERS));
      // ties exist in the answer, so the order after views is put to the test
      // from the first rows of each month's ranking, or deeper at once (the default)
      for (const firstDepth of [1, 3, 64]) {
        expect(await topByThreshold(t.ctx.db, t.ctx.dialect, from, to, limit, firstDepth)).toEqual(
          bySums,
        );
      }
      expect(
        await topPaperFigures(t.ctx.db, t.ctx.dialect, from, to, { kind: "site" }, limit),
      ).toEqual(bySums);
    },
  );

  it("reads on while a paper not yet met could tie the last one kept, and win on downloads", async () => {
    // 2027: two papers with three views in each of two months. Each month's ranking lists X
    // first (the lower id); after the first row of each, X's six views equal the threshold
    // (3 + 3), so Y, not yet met, may still tie X and rank before it by its downloads.
    const [x, y] = [200_001, 200_002];
    const month = (m: string, paper_id: number, downloads: number) => ({
      month: m,
      paper_id,
      yop: 2026,
      access_type: "Open",
      total_item_investigations: 3,
      total_item_requests: downloads,
      unique_item_investigations: 1,
      unique_item_requests: Math.min(downloads, 1),
    });
    const rows = [
      month("2027-01", x, 0),
      month("2027-02", x, 0),
      month("2027-01", y, 1),
      month("2027-02", y, 1),
    ];
    await t.ctx.db.insertInto("usage_item_monthly").values(rows).execute();
    await t.ctx.db
      .insertInto("usage_paper_monthly")
      .values(
        rows.map((r) => ({ month: r.month, paper_id: r.paper_id, total_item_investigations: 3 })),
      )
      .execute();
    const top = await topByThreshold(t.ctx.db, t.ctx.dialect, "2027-01-01", "2027-03-31", 1, 1);
    expect(top).toEqual([
      {
        paperId: y,
        total_item_investigations: 6,
        total_item_requests: 2,
        unique_item_investigations: 2,
        unique_item_requests: 2,
      },
    ]);
    expect(top).toEqual(
      await topBySums(t.ctx.db, t.ctx.dialect, "2027-01-01", "2027-03-31", { kind: "site" }, 1),
    );
  });

  it("has ties in the data the comparison reads", async () => {
    const top = await topBySums(
      t.ctx.db,
      t.ctx.dialect,
      "2025-02-14",
      "2026-02-13",
      { kind: "site" },
      400,
    );
    const views = top.map((p) => p.total_item_investigations);
    expect(new Set(views).size).toBeLessThan(views.length);
    expect(THRESHOLD_MONTHS).toBeLessThanOrEqual(3); // the ranges above use the algorithm
  });

  it("keeps each paper's views per month equal to its monthly rows when usage is counted", async () => {
    const at = (iso: string) => Date.parse(iso);
    const reader = { ip: "192.0.2.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" };
    const paper = seed.paperWithPdfId;
    await storeUsageBatch(t.ctx.db, t.ctx.dialect, [
      // 2025-05-31: two views 10 s apart (a double-click: counted once), and a download
      { id: "top-1", at: at("2025-05-31T10:00:00Z"), ...reader, paperId: paper, kind: "abstract" },
      { id: "top-2", at: at("2025-05-31T10:00:10Z"), ...reader, paperId: paper, kind: "abstract" },
      { id: "top-3", at: at("2025-05-31T10:05:00Z"), ...reader, paperId: paper, kind: "pdf" },
      // the next month: one view
      { id: "top-4", at: at("2025-06-01T08:00:00Z"), ...reader, paperId: paper, kind: "abstract" },
    ]);
    // a later batch: a view 20 s after the June one un-counts it (double-click)
    await storeUsageBatch(t.ctx.db, t.ctx.dialect, [
      { id: "top-5", at: at("2025-06-01T08:00:20Z"), ...reader, paperId: paper, kind: "abstract" },
    ]);
    const ranked = await t.ctx.db
      .selectFrom("usage_paper_monthly")
      .select(["month", "total_item_investigations"])
      .where("paper_id", "=", paper)
      .orderBy("month")
      .execute();
    // May: one view kept of the double-click, and the download (also an investigation); June:
    // one view (the second of the pair)
    expect(ranked.map((r) => [r.month, Number(r.total_item_investigations)])).toEqual([
      ["2025-05", 2],
      ["2025-06", 1],
    ]);
    const mismatched = await sql<{ n: number }>`select count(*) as n from usage_paper_monthly r
      left join (select month, paper_id, sum(total_item_investigations) as views
        from usage_item_monthly group by month, paper_id) m
      on m.month = r.month and m.paper_id = r.paper_id
      where m.views is null or m.views <> r.total_item_investigations`.execute(t.ctx.db);
    expect(Number(mismatched.rows[0]!.n)).toBe(0);
    const missing = await sql<{ n: number }>`select count(*) as n from usage_item_monthly m
      where not exists (select 1 from usage_paper_monthly r
        where r.month = m.month and r.paper_id = m.paper_id)`.execute(t.ctx.db);
    expect(Number(missing.rows[0]!.n)).toBe(0);
  });
});
