/**
 * The usage figures readers see (issue 17; docs/decisions/284-usage-figures-for-readers.md), on
 * SQLite and PostgreSQL, through the pages' own loaders: a paper's views and downloads up to the
 * end of yesterday, and 'Most read' on the home page and a journal's page (papers readers can
 * see, viewed over the last 30 days). Usage rows are written straight into the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { loader as journalLoader } from "../../app/routes/journal.tsx";
import { loader as paperLoader } from "../../app/routes/paper.tsx";
import { addDays, utcToday } from "../../server/features/usage/figures.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { loaderArgs as args, runLoader as run } from "../helpers/loaders.ts";
import { dailyItemRow, usageFigures } from "../helpers/usage-rows.ts";

let t: TestContext;
let seed: SeededCatalogue;
const today = utcToday();
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  const row = (day: string, paper: number, ti: number, tr: number) =>
    dailyItemRow(day, paper, 2025, usageFigures(ti, tr, ti, tr));
  const rows = [
    row(addDays(today, -40), seed.paperWithPdfId, 50, 20), // before the 30 days: total only
    row(yesterday, seed.paperWithPdfId, 6, 3),
    row(today, seed.paperWithPdfId, 100, 100), // today: not shown before tomorrow
    row(yesterday, seed.paperWithoutPdfId, 9, 0),
    row(yesterday, seed.inactivePaperId, 500, 0), // an inactive journal's paper: never listed
  ];
  await t.ctx.db.insertInto("usage_item_daily").values(rows).execute();
  // the monthly rows as the store keeps them: one per paper and month, summed
  const months = new Map<string, Omit<(typeof rows)[number], "day"> & { month: string }>();
  for (const { day, ...r } of rows) {
    const key = `${day.slice(0, 7)}|${r.paper_id}`;
    const sum = months.get(key);
    if (!sum) months.set(key, { ...r, month: day.slice(0, 7) });
    else {
      sum.total_item_investigations += r.total_item_investigations;
      sum.total_item_requests += r.total_item_requests;
      sum.unique_item_investigations += r.unique_item_investigations;
      sum.unique_item_requests += r.unique_item_requests;
    }
  }
  await t.ctx.db
    .insertInto("usage_item_monthly")
    .values([...months.values()])
    .execute();
});
afterAll(() => t?.close());

describe(`usage figures on public pages (${dialectUnderTest})`, () => {
  it("shows a paper's views and downloads up to the end of yesterday", async () => {
    const { status, data } = await run(() =>
      paperLoader(args(t.ctx, { journalUrl: "ethics-review", paper: String(seed.paperWithPdfId) })),
    );
    expect(status).toBe(200);
    expect((data as { usage: unknown }).usage).toEqual({
      views: 56,
      downloads: 23,
      through: yesterday,
    });
  });

  it("lists the most read papers readers can see, on the home page and the journal's page", async () => {
    const home = (await run(() => homeLoader(args(t.ctx)))).data as { popular: unknown };
    expect(home.popular).toEqual([
      {
        paperID: seed.paperWithoutPdfId,
        title: "On Duty",
        link: `/journal/ethics-review/${seed.paperWithoutPdfId}`,
        source: "Ethics Review",
        views: 9,
      },
      {
        paperID: seed.paperWithPdfId,
        title: "A good life",
        link: `/journal/ethics-review/${seed.paperWithPdfId}`,
        source: "Ethics Review",
        views: 6,
      },
    ]);
    const journal = (await run(() => journalLoader(args(t.ctx, { journalUrl: "ethics-review" }))))
      .data as { popular: { title: string }[] };
    expect(journal.popular.map((p) => p.title)).toEqual(["On Duty", "A good life"]);
  });
});
