/**
 * Decisions 260 and 390 for the usage figures, on SQLite and PostgreSQL: an inactive journal and
 * the papers of a draft issue appear in no SUSHI report (PR, PR_P1, TR, TR_J3, IR, IR_A1), no
 * answer to an `item_id` filter, no figure of a public page ('Most read', a paper's views) and
 * no chart of somebody without rights on them; counts of theirs are in no total either. The
 * journal's own managers and administrators still see them on the Statistics screen.
 *
 * Usage rows are written straight into the tables, as the store sums them (per paper, and per
 * site, journal and issue of the day).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "../../app/routes/home.tsx";
import { loader as journalLoader } from "../../app/routes/journal.tsx";
import { loader as paperLoader } from "../../app/routes/paper.tsx";
import type { UsageScope } from "../../server/db/schema.ts";
import { addDays, utcToday } from "../../server/features/usage/figures.ts";
import { statisticsReaders } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { counterSchemaErrors } from "../helpers/counter-schema.ts";
import {
  insertPapers,
  paperRow,
  type SeededCatalogue,
  seedCatalogue,
} from "../helpers/fixtures.ts";
import { loaderArgs as args, runLoader as run } from "../helpers/loaders.ts";
import {
  dailyItemRow,
  monthlyItemRow,
  type UsageFigures,
  usageFigures,
} from "../helpers/usage-rows.ts";

const WORLD = "0000000000000000";
/** The inactive journal's own ISSN (the seed gives it the active journal's). */
const HIDDEN_ISSN = "0317-8471";
const DRAFT_DOI = "10.5555/draft.1";
const SECRET_DOI = "10.7554/eLife.90001";

let t: TestContext;
let seed: SeededCatalogue;
let adminCookie: string;
let managerCookie: string;
/** "Draft findings" and ten more papers in the active journal's draft issue. */
let draftIds: number[];
const yesterday = addDays(utcToday(), -1);
const month = yesterday.slice(0, 7);

/** What none of the answers to a reader may hold: names and identifiers of hidden work. */
let hiddenWords: string[];

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  ({ adminCookie, managerCookie } = await statisticsReaders(t, seed.journalId));
  await t.ctx.db
    .updateTable("journals")
    .set({ issn: HIDDEN_ISSN })
    .where("id", "=", seed.inactiveJournalId)
    .execute();
  draftIds = await insertPapers(
    t.ctx.db,
    Array.from({ length: 11 }, (_, i) =>
      paperRow({
        publication_id: seed.draftIssueId,
        title: i === 0 ? "Draft findings" : `Draft note ${i}`,
        doi: i === 0 ? DRAFT_DOI : null,
        position: i + 1,
      }),
    ),
  );
  hiddenWords = [
    "Hidden Annals",
    "hidden-annals",
    HIDDEN_ISSN,
    "Secret",
    SECRET_DOI,
    "Draft",
    DRAFT_DOI,
    `paper/${seed.inactivePaperId}"`,
    ...draftIds.map((id) => `paper/${id}"`),
  ];

  // yesterday's usage: the visible paper 5 views, the hidden ones more
  const usage: { paper: number; journal: number; issue: number; figures: UsageFigures }[] = [
    {
      paper: seed.paperWithPdfId,
      journal: seed.journalId,
      issue: seed.issueId,
      figures: usageFigures(5, 2, 4, 2),
    },
    {
      paper: seed.inactivePaperId,
      journal: seed.inactiveJournalId,
      issue: seed.inactiveIssueId,
      figures: usageFigures(40, 3, 40, 3),
    },
    ...draftIds.map((paper, i) => ({
      paper,
      journal: seed.journalId,
      issue: seed.draftIssueId,
      figures: usageFigures(30 + i, 10, 20, 10),
    })),
  ];
  await t.ctx.db
    .insertInto("usage_item_daily")
    .values(usage.map((u) => dailyItemRow(yesterday, u.paper, 2025, u.figures)))
    .execute();
  await t.ctx.db
    .insertInto("usage_item_monthly")
    .values(usage.map((u) => monthlyItemRow(month, u.paper, 2025, u.figures)))
    .execute();
  await t.ctx.db
    .insertInto("usage_paper_monthly")
    .values(
      usage.map((u) => ({
        month,
        paper_id: u.paper,
        total_item_investigations: u.figures.total_item_investigations,
      })),
    )
    .execute();
  const scopes = new Map<string, { scope: UsageScope; scope_id: number } & UsageFigures>();
  for (const u of usage) {
    for (const [scope, id] of [
      ["site", 0],
      ["journal", u.journal],
      ["issue", u.issue],
    ] as const) {
      const row = scopes.get(`${scope}|${id}`) ?? {
        scope,
        scope_id: id,
        ...usageFigures(0, 0, 0, 0),
      };
      for (const [name, value] of Object.entries(u.figures) as [keyof UsageFigures, number][]) {
        row[name] += value;
      }
      scopes.set(`${scope}|${id}`, row);
    }
  }
  await t.ctx.db
    .insertInto("usage_scope_daily")
    .values([...scopes.values()].map((row) => ({ ...row, day: yesterday, searches_platform: 0 })))
    .execute();
  await t.ctx.db
    .updateTable("site_settings")
    .set({ value: `${month}-01` })
    .where("key", "=", "usage.first_day")
    .execute();
});
afterAll(() => t?.close());

const sushi = (id: string, query: Record<string, string> = {}, cookie?: string) => {
  const req = request(t.app)
    .get(`/sushi/r51/reports/${id}`)
    .query({ customer_id: WORLD, begin_date: month, end_date: month, ...query });
  return cookie ? req.set("Cookie", cookie) : req;
};

/** The Performance of `metric` in the month, summed over every row of a report. */
function total(body: unknown, metric: string): number {
  let sum = 0;
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === metric) sum += (inner as Record<string, number>)[month] ?? 0;
        else walk(inner);
      }
    }
  };
  walk((body as { Report_Items: unknown }).Report_Items);
  return sum;
}

/** A report without what differs between two requests: its time and the filter echoed. */
function comparable(body: { Report_Header: Record<string, unknown>; Report_Items: unknown[] }) {
  const { Created: _created, Report_Filters, ...header } = body.Report_Header;
  const { Item_ID: _itemId, ...filters } = Report_Filters as Record<string, unknown>;
  return { ...body, Report_Header: { ...header, Report_Filters: filters } };
}

describe(`usage of unpublished work (${dialectUnderTest})`, () => {
  it("leaves inactive journals and draft issues' papers out of every SUSHI report, for everybody", async () => {
    const cases: [string, string, Record<string, string>, string, number][] = [
      // report, schema, parameters, metric, what readers may see of it (the visible paper)
      ["pr", "PR", {}, "Total_Item_Investigations", 5],
      ["pr", "PR", { attributes_to_show: "Access_Method" }, "Unique_Item_Investigations", 4],
      ["pr_p1", "PR_P1", {}, "Total_Item_Requests", 2],
      ["tr", "TR", {}, "Total_Item_Investigations", 5],
      ["tr", "TR", { attributes_to_show: "YOP|Access_Type" }, "Total_Item_Investigations", 5],
      ["tr", "TR", { data_type: "Journal" }, "Unique_Item_Requests", 2],
      ["tr_j3", "TR_J3", {}, "Total_Item_Requests", 2],
      ["ir", "IR", {}, "Total_Item_Investigations", 5],
      ["ir", "IR", { include_parent_details: "True" }, "Total_Item_Requests", 2],
      ["ir_a1", "IR_A1", {}, "Unique_Item_Requests", 2],
    ];
    for (const cookie of [undefined, adminCookie, managerCookie]) {
      for (const [id, schema, query, metric, expected] of cases) {
        const label = `${id} ${JSON.stringify(query)} ${cookie ? "signed in" : "signed out"}`;
        const res = await sushi(id, query, cookie);
        expect(res.status, label).toBe(200);
        expect(counterSchemaErrors(schema, res.body), label).toEqual([]);
        expect(total(res.body, metric), label).toBe(expected);
        const text = JSON.stringify(res.body);
        for (const word of hiddenWords) expect(text, `${label}: ${word}`).not.toContain(word);
      }
    }
    const tr = await sushi("tr");
    expect(tr.body.Report_Items.map((i: { Title: string }) => i.Title)).toEqual(["Ethics Review"]);
    const ir = await sushi("ir");
    expect(
      ir.body.Report_Items.flatMap((g: { Items: { Item: string }[] }) =>
        g.Items.map((i) => i.Item),
      ),
    ).toEqual(["A good life"]);
  });

  it("answers an item_id naming hidden work as one naming nothing", async () => {
    const visible = await sushi("tr", { item_id: "2049-3630" });
    expect(visible.body.Report_Items).toHaveLength(1);
    const journalUri: string = visible.body.Report_Items[0].Item_ID.URI;
    const origin = journalUri.replace(/\/journal\/ethics-review$/, "");

    const unknownTitle = comparable(
      (await sushi("tr", { item_id: "athenaeum:journal/none" })).body,
    );
    expect(unknownTitle.Report_Items).toEqual([]);
    for (const itemId of [
      "athenaeum:journal/hidden-annals",
      `${origin}/journal/hidden-annals`,
      HIDDEN_ISSN,
    ]) {
      const res = await sushi("tr", { item_id: itemId });
      expect(counterSchemaErrors("TR", res.body), itemId).toEqual([]);
      expect(comparable(res.body), itemId).toEqual(unknownTitle);
    }

    const unknownItem = comparable((await sushi("ir", { item_id: "athenaeum:paper/999999" })).body);
    expect(unknownItem.Report_Items).toEqual([]);
    for (const itemId of [
      DRAFT_DOI,
      `https://doi.org/${DRAFT_DOI}`,
      `athenaeum:paper/${draftIds[0]}`,
      `${origin}/journal/ethics-review/${draftIds[0]}`,
      SECRET_DOI,
      `athenaeum:paper/${seed.inactivePaperId}`,
      `${origin}/journal/hidden-annals/${seed.inactivePaperId}`,
    ]) {
      const res = await sushi("ir", { item_id: itemId, attributes_to_show: "Authors" });
      expect(counterSchemaErrors("IR", res.body), itemId).toEqual([]);
      expect(comparable(res.body), itemId).toEqual({
        ...unknownItem,
        Report_Header: {
          ...unknownItem.Report_Header,
          Report_Attributes: { Attributes_To_Show: ["Authors"] },
        },
      });
    }
  });

  it("shows readers' pages no figure of hidden work, and 'Most read' still fills from the rest", async () => {
    for (const [journalUrl, paper] of [
      ["ethics-review", draftIds[0]!],
      ["hidden-annals", seed.inactivePaperId],
    ] as const) {
      const page = await run(() => paperLoader(args(t.ctx, { journalUrl, paper: String(paper) })));
      expect(page.status).toBe(404);
      expect(JSON.stringify(page.data ?? null)).not.toMatch(/"views"/);
    }
    const hiddenJournal = await run(() =>
      journalLoader(args(t.ctx, { journalUrl: "hidden-annals" })),
    );
    expect(hiddenJournal.status).toBe(404);
    expect(JSON.stringify(hiddenJournal.data ?? null)).not.toContain("Secret");

    // eleven hidden papers were read more than the visible one: it is still listed
    const home = (await run(() => homeLoader(args(t.ctx)))).data as { popular: unknown };
    const journal = (await run(() => journalLoader(args(t.ctx, { journalUrl: "ethics-review" }))))
      .data as { popular: unknown };
    for (const popular of [home.popular, journal.popular]) {
      expect(popular).toEqual([
        {
          paperID: seed.paperWithPdfId,
          title: "A good life",
          link: `/journal/ethics-review/${seed.paperWithPdfId}`,
          source: "Ethics Review",
          views: 5,
        },
      ]);
    }
  });

  it("shows the Statistics screen's figures of unpublished work to the journal's managers and administrators only", async () => {
    const stats = (query: Record<string, string | number>, cookie?: string) => {
      const req = request(t.app)
        .get("/api/dashboard/statistics")
        .query({ ...query, from: yesterday, to: yesterday });
      return cookie ? req.set("Cookie", cookie) : req;
    };
    const hiddenScopes: Record<string, string | number>[] = [
      { journal: "hidden-annals" },
      { issue: seed.inactiveIssueId },
      { paper: seed.inactivePaperId },
    ];
    for (const scope of hiddenScopes) {
      expect((await stats(scope)).status, JSON.stringify(scope)).toBe(401);
      const refused = await stats(scope, managerCookie); // a manager of another journal
      expect(refused.status, JSON.stringify(scope)).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain("Secret");
    }
    const admin = await stats({ journal: "hidden-annals" }, adminCookie);
    expect(admin.status).toBe(200);
    expect(admin.body.statistics.totals.total_item_investigations).toBe(40);
    expect(admin.body.statistics.papers.map((p: { title: string }) => p.title)).toEqual(["Secret"]);

    // the journal's own manager sees its draft issue's papers among its figures
    const own = await stats({ journal: "ethics-review" }, managerCookie);
    expect(own.status).toBe(200);
    const draftViews = draftIds.reduce((sum, _id, i) => sum + 30 + i, 0);
    expect(own.body.statistics.totals.total_item_investigations).toBe(5 + draftViews);
    expect(own.body.statistics.papers[0].title).toBe("Draft note 10");
    const draft = await stats({ paper: draftIds[0]! }, managerCookie);
    expect(draft.body.statistics.totals.total_item_investigations).toBe(30);
  });
});
