/**
 * The Statistics screen's calls (issue 17; docs/decisions/283-statistics-screen.md) on SQLite and
 * PostgreSQL: the figures of the site, a journal, an issue, a proceeding and a paper over a
 * range, by day or by month, the most viewed papers, the CSV download, and who may see what
 * (server/features/accounts/access.ts). Usage rows are written straight into the tables.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../server/features/accounts/access.ts";
import { addDays, utcToday } from "../../server/features/usage/figures.ts";
import { STATISTICS_MESSAGES } from "../../server/features/usage/statistics.ts";
import { signedInManager, statisticsReaders } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import {
  dailyItemRow,
  monthlyItemRow,
  type UsageFigures,
  usageFigures,
} from "../helpers/usage-rows.ts";

let t: TestContext;
let seed: SeededCatalogue;
let adminCookie: string;
let managerCookie: string;
let strangerCookie: string;
const today = utcToday();
const yesterday = addDays(today, -1);
const longAgo = addDays(today, -200);

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  ({ adminCookie, managerCookie } = await statisticsReaders(t, seed.journalId));
  strangerCookie = (await signedInManager(t, { fname: "Nobody", lname: "Assigned" })).cookie;

  const rows = [
    [yesterday, seed.paperWithPdfId, usageFigures(6, 3, 5, 3)],
    [today, seed.paperWithPdfId, usageFigures(2, 1, 1, 1)],
    [yesterday, seed.paperWithoutPdfId, usageFigures(9, 0, 7, 0)],
    [longAgo, seed.paperWithPdfId, usageFigures(100, 50, 80, 40)],
  ] as const;
  await t.ctx.db
    .insertInto("usage_item_daily")
    .values(rows.map(([day, paper, figures]) => dailyItemRow(day, paper, 2025, figures)))
    .execute();
  // monthly rows as the store keeps them: one per paper and month
  const months = new Map<string, ReturnType<typeof monthlyItemRow>>();
  for (const [day, paper, figures] of rows) {
    const key = `${day.slice(0, 7)}|${paper}`;
    const row =
      months.get(key) ?? monthlyItemRow(day.slice(0, 7), paper, 2025, usageFigures(0, 0, 0, 0));
    row.total_item_investigations += figures.total_item_investigations;
    row.total_item_requests += figures.total_item_requests;
    row.unique_item_investigations += figures.unique_item_investigations;
    row.unique_item_requests += figures.unique_item_requests;
    months.set(key, row);
  }
  await t.ctx.db
    .insertInto("usage_item_monthly")
    .values([...months.values()])
    .execute();
  await t.ctx.db
    .insertInto("usage_paper_monthly")
    .values(
      [...months.values()].map((m) => ({
        month: m.month,
        paper_id: m.paper_id,
        total_item_investigations: m.total_item_investigations,
      })),
    )
    .execute();
  const scope = (
    s: "site" | "journal" | "issue",
    id: number,
    day: string,
    figures: UsageFigures,
  ) => ({
    scope: s,
    scope_id: id,
    day,
    ...figures,
    searches_platform: s === "site" ? 4 : 0,
  });
  await t.ctx.db
    .insertInto("usage_scope_daily")
    .values([
      scope("site", 0, yesterday, usageFigures(15, 3, 12, 3)),
      scope("site", 0, today, usageFigures(2, 1, 1, 1)),
      scope("journal", seed.journalId, yesterday, usageFigures(15, 3, 12, 3)),
      scope("journal", seed.journalId, today, usageFigures(2, 1, 1, 1)),
      scope("issue", seed.issueId, yesterday, usageFigures(15, 3, 12, 3)),
    ])
    .execute();
});
afterAll(() => t?.close());

const statistics = (cookie: string, query: Record<string, string | number> = {}) =>
  request(t.app).get("/api/dashboard/statistics").query(query).set("Cookie", cookie);

describe(`Statistics screen calls on ${dialectUnderTest}`, () => {
  it("shows the administrator the site by day, with its searches and most viewed papers", async () => {
    const res = await statistics(adminCookie, { from: yesterday, to: today });
    expect(res.status).toBe(200);
    const s = res.body.statistics;
    expect(s.scope).toMatchObject({ kind: "site", label: "Athenaeum" });
    expect(s.granularity).toBe("day");
    expect(s.periods).toEqual([
      { period: yesterday, ...usageFigures(15, 3, 12, 3) },
      { period: today, ...usageFigures(2, 1, 1, 1) },
    ]);
    expect(s.totals).toEqual(usageFigures(17, 4, 13, 4));
    expect(s.searches).toBe(8);
    // most viewed first: 9 views against 6 + 2
    expect(s.papers.map((p: { title: string }) => p.title)).toEqual(["On Duty", "A good life"]);
    expect(s.papers[1]).toMatchObject({
      ...usageFigures(8, 4, 6, 4),
      link: `/journal/ethics-review/${seed.paperWithPdfId}`,
      source: "Ethics Review",
    });
    expect(s.choices).toMatchObject({
      site: true,
      journals: expect.arrayContaining([{ uri: "ethics-review", name: "Ethics Review" }]),
    });
  });

  it("defaults to the last 30 days, and long ranges go by month", async () => {
    const recent = (await statistics(adminCookie)).body.statistics;
    expect(recent).toMatchObject({ from: addDays(today, -29), to: today, granularity: "day" });
    expect(recent.periods).toHaveLength(30);
    const year = (
      await statistics(adminCookie, {
        journal: "ethics-review",
        from: addDays(today, -364),
        to: today,
      })
    ).body.statistics;
    expect(year.granularity).toBe("month");
    expect(year.periods.length).toBeGreaterThanOrEqual(12);
    // the top papers read whole months and the days at either end: 200 days ago counts
    expect(year.papers.find((p: { title: string }) => p.title === "A good life")).toMatchObject(
      usageFigures(108, 54, 86, 44),
    );
    // the site's year: its most viewed papers by each month's ranking (decision 310)
    const site = (await statistics(adminCookie, { from: addDays(today, -364), to: today })).body
      .statistics;
    expect(
      site.papers.map((p: { title: string; total_item_investigations: number }) => [
        p.title,
        p.total_item_investigations,
      ]),
    ).toEqual([
      ["A good life", 108],
      ["On Duty", 9],
    ]);
  });

  it("shows a journal manager their journal, its issues and papers, and nothing else", async () => {
    const own = await statistics(managerCookie, { from: yesterday, to: today });
    expect(own.status).toBe(200);
    expect(own.body.statistics.scope).toMatchObject({
      kind: "journal",
      param: "journal=ethics-review",
    });
    expect(own.body.statistics.choices).toMatchObject({
      site: false,
      journals: [{ uri: "ethics-review", name: "Ethics Review" }],
      proceedings: [],
    });
    expect(own.body.statistics.choices.issues.map((i: { label: string }) => i.label)).toContain(
      "Vol. 3 No. 2 (2025)",
    );

    // their issue over a day, and its paper over two
    const scopes: [Record<string, string | number>, object][] = [
      [
        { issue: seed.issueId, from: yesterday, to: yesterday },
        {
          scope: { kind: "issue", label: "Ethics Review, Vol. 3 No. 2 (2025)" },
          totals: usageFigures(15, 3, 12, 3),
        },
      ],
      [
        { paper: seed.paperWithPdfId, from: yesterday, to: today },
        {
          scope: { kind: "paper", label: "A good life" },
          totals: usageFigures(8, 4, 6, 4),
          papers: [],
        },
      ],
    ];
    for (const [query, expected] of scopes) {
      const res = await statistics(managerCookie, query);
      expect(res.body.statistics, JSON.stringify(query)).toMatchObject(expected);
    }

    // the site, another journal's paper, an inactive journal not assigned: refused
    const site = await statistics(strangerCookie);
    expect(site.status).toBe(403);
    expect(site.body.msg).toBe(STATISTICS_MESSAGES.noScope);
    const other = await statistics(strangerCookie, { journal: "ethics-review" });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe(ACCESS_MESSAGES.journal);
    const otherPaper = await statistics(strangerCookie, { paper: seed.paperWithPdfId });
    expect(otherPaper.status).toBe(403);
  });

  it("refuses bad ranges and unknown scopes", async () => {
    const backwards = await statistics(adminCookie, { from: today, to: yesterday });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe(STATISTICS_MESSAGES.badRange);
    const long = await statistics(adminCookie, { from: "2010-01-01", to: today });
    expect(long.status).toBe(400);
    expect((await statistics(adminCookie, { from: "yesterday" })).status).toBe(400);
    expect((await statistics(adminCookie, { journal: "no-such-journal" })).status).toBe(404);
    expect((await statistics(adminCookie, { paper: 999999 })).status).toBe(404);
    expect((await statistics(adminCookie, { paper: "x" })).status).toBe(400);
  });

  it("downloads each table as CSV, defusing formulas", async () => {
    await t.ctx.db
      .updateTable("papers")
      .set({ title: '=HYPERLINK("x")' })
      .where("id", "=", seed.paperWithoutPdfId)
      .execute();
    const periods = await request(t.app)
      .get("/api/dashboard/statistics_csv")
      .query({ from: yesterday, to: today })
      .set("Cookie", adminCookie);
    expect(periods.status).toBe(200);
    expect(periods.headers["content-type"]).toMatch(/^text\/csv/);
    expect(periods.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="?statistics-site-periods-${yesterday}-${today}\\.csv"?$`),
    );
    expect(periods.text).toBe(
      "Date,Total_Item_Investigations,Total_Item_Requests,Unique_Item_Investigations,Unique_Item_Requests\r\n" +
        `${yesterday},15,3,12,3\r\n${today},2,1,1,1\r\n`,
    );
    const papers = await request(t.app)
      .get("/api/dashboard/statistics_csv")
      .query({ journal: "ethics-review", from: yesterday, to: today, table: "papers" })
      .set("Cookie", managerCookie);
    expect(papers.text.split("\r\n")[1]).toBe(
      `${seed.paperWithoutPdfId},"'=HYPERLINK(""x"")",Ethics Review,/journal/ethics-review/${seed.paperWithoutPdfId},9,0,7,0`,
    );
    const refused = await request(t.app)
      .get("/api/dashboard/statistics_csv")
      .query({ journal: "ethics-review" })
      .set("Cookie", strangerCookie);
    expect(refused.status).toBe(403);
  });
});
