/**
 * Migration 024-usage-paper-monthly on a database that already has usage (decision 310): each
 * paper's views per month are filled from `usage_item_monthly`, a paper's Years of Publication
 * added together, so the site's most viewed papers of a long range include what was counted
 * before the upgrade. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate } from "../../server/db/database.ts";
import { topPaperFigures } from "../../server/features/usage/figures.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { emptyDatabase } from "../helpers/migration-database.ts";

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await emptyDatabase("usage-migration"));
  await migrate(handle, "023-deposits");
  const row = (month: string, paper_id: number, yop: number, views: number) => ({
    month,
    paper_id,
    yop,
    access_type: "Open",
    total_item_investigations: views,
    total_item_requests: 1,
    unique_item_investigations: 1,
    unique_item_requests: 1,
  });
  await handle.db
    .insertInto("usage_item_monthly")
    .values([
      row("2025-01", 7, 2019, 4),
      row("2025-01", 7, 2020, 5), // the same paper, its issue moved to another year
      row("2025-02", 7, 2020, 1),
      row("2025-01", 8, 2021, 8),
      row("2025-03", 8, 2021, 1),
    ])
    .execute();
  await migrate(handle);
});
afterAll(() => close?.());

it(`fills each paper's views per month from the monthly rows on ${dialectUnderTest}`, async () => {
  const rows = await handle.db
    .selectFrom("usage_paper_monthly")
    .select(["month", "paper_id", "total_item_investigations"])
    .orderBy("month")
    .orderBy("paper_id")
    .execute();
  expect(rows.map((r) => [r.month, r.paper_id, Number(r.total_item_investigations)])).toEqual([
    ["2025-01", 7, 9],
    ["2025-01", 8, 8],
    ["2025-02", 7, 1],
    ["2025-03", 8, 1],
  ]);
  // the first quarter's most viewed: 10 views of paper 7 (4 + 5 + 1) before 9 of paper 8
  const top = await topPaperFigures(
    handle.db,
    handle.dialect,
    "2025-01-01",
    "2025-03-31",
    { kind: "site" },
    2,
  );
  expect(top.map((p) => [p.paperId, p.total_item_investigations])).toEqual([
    [7, 10],
    [8, 9],
  ]);
});
