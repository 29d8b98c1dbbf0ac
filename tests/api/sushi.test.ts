/**
 * The COUNTER_SUSHI API 5.1 at /sushi/r51 (issue 17; docs/decisions/282-sushi-server.md), on
 * SQLite and PostgreSQL: every answer, report or Exception, validates against its schema in the
 * OpenAPI document (tests/fixtures/schemas/counter-r5.1/COUNTER_API.json), the reports hold the
 * usage stored for them, and each parameter error gets the Exception COUNTER R5.1 Appendix D
 * gives it. Usage rows are written straight into the tables (counting itself:
 * tests/api/usage-counting.test.ts).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdministrator } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { counterSchemaErrors } from "../helpers/counter-schema.ts";
import { paperRow, type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";
import { monthlyItemRow, usageFigures } from "../helpers/usage-rows.ts";

const WORLD = "0000000000000000";
let t: TestContext;
let seed: SeededCatalogue;
let proceedingPaperId: number;
let adminCookie: string;

const month = new Date().toISOString().slice(0, 7);
const lastMonth = (() => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
})();
const nextMonth = (() => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
})();

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  adminCookie = (await signedInAdministrator(t)).cookie;
  const proceeding = await t.ctx.db
    .selectFrom("proceedings")
    .select("id")
    .executeTakeFirstOrThrow();
  ({ id: proceedingPaperId } = await t.ctx.db
    .insertInto("papers")
    .values(
      paperRow({
        proceeding_id: proceeding.id,
        title: "Trace-based JIT",
        doi: "10.1145/1542476.1542528",
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow());
  await t.ctx.db
    .insertInto("paper_authors")
    .values({
      paper_id: proceedingPaperId,
      position: 1,
      name: "Andreas Gal",
      email: null,
      institution: null,
    })
    .execute();
  // counting started last month (the migration wrote today; an earlier start is as an import)
  await t.ctx.db
    .updateTable("site_settings")
    .set({ value: `${lastMonth}-01` })
    .where("key", "=", "usage.first_day")
    .execute();
  await t.ctx.db
    .insertInto("usage_item_monthly")
    .values([
      monthlyItemRow(lastMonth, seed.paperWithPdfId, 2025, usageFigures(10, 4, 8, 3)),
      monthlyItemRow(month, seed.paperWithPdfId, 2025, usageFigures(5, 2, 4, 2)),
      monthlyItemRow(month, seed.paperWithoutPdfId, 2025, usageFigures(3, 0, 3, 0)),
      monthlyItemRow(month, proceedingPaperId, 2009, usageFigures(7, 6, 5, 5)),
    ])
    .execute();
  await t.ctx.db
    .insertInto("usage_scope_daily")
    .values([
      {
        scope: "site",
        scope_id: 0,
        day: `${lastMonth}-15`,
        ...usageFigures(10, 4, 8, 3),
        searches_platform: 9,
      },
      {
        scope: "site",
        scope_id: 0,
        day: `${month}-01`,
        ...usageFigures(15, 8, 12, 7),
        searches_platform: 4,
      },
      // the journal's and the proceeding's sums of the same usage, as the store adds them
      {
        scope: "journal",
        scope_id: seed.journalId,
        day: `${lastMonth}-15`,
        ...usageFigures(10, 4, 8, 3),
        searches_platform: 0,
      },
      {
        scope: "journal",
        scope_id: seed.journalId,
        day: `${month}-01`,
        ...usageFigures(8, 2, 7, 2),
        searches_platform: 0,
      },
      {
        scope: "proceeding",
        scope_id: proceeding.id,
        day: `${month}-01`,
        ...usageFigures(7, 6, 5, 5),
        searches_platform: 0,
      },
    ])
    .execute();
});
afterAll(() => t?.close());

const get = (path: string, query: Record<string, string> = {}) =>
  request(t.app).get(`/sushi/r51${path}`).query(query);
const report = (id: string, query: Record<string, string> = {}) =>
  get(`/reports/${id}`, { customer_id: WORLD, begin_date: lastMonth, end_date: month, ...query });

type Exception = { Code: number; Message: string; Data?: string };
const codes = (body: { Report_Header: { Exceptions?: Exception[] } }) =>
  (body.Report_Header.Exceptions ?? []).map((e) => e.Code).sort();

/** The report's Performance of `metric` per month, summed over every row. */
function sum(rows: unknown[], metric: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === metric && inner && typeof inner === "object") {
          for (const [m, n] of Object.entries(inner)) out[m] = (out[m] ?? 0) + (n as number);
        } else walk(inner);
      }
    }
  };
  walk(rows);
  return out;
}

describe(`SUSHI server on ${dialectUnderTest}`, () => {
  it("status is public; members and the report list name The World and the six reports", async () => {
    const status = await get("/status");
    expect(status.status).toBe(200);
    expect(counterSchemaErrors("200_Status", status.body)).toEqual([]);
    expect(status.body[0].Service_Active).toBe(true);

    const members = await get("/members", { customer_id: WORLD });
    expect(counterSchemaErrors("200_Members", members.body)).toEqual([]);
    expect(members.body).toEqual([
      expect.objectContaining({ Customer_ID: WORLD, Institution_Name: "The World" }),
    ]);

    const reports = await get("/reports", { customer_id: WORLD });
    expect(counterSchemaErrors("200_Reports", reports.body)).toEqual([]);
    expect(reports.body.map((r: { Report_ID: string }) => r.Report_ID)).toEqual([
      "PR",
      "PR_P1",
      "TR",
      "TR_J3",
      "IR",
      "IR_A1",
    ]);
    expect(reports.body[0]).toMatchObject({
      First_Month_Available: lastMonth,
      Last_Month_Available: month,
      Path: "/r51/reports/pr",
    });
  });

  it("gives the six reports, each valid against its schema, with the stored usage", async () => {
    for (const [id, schema] of [
      ["pr", "PR"],
      ["pr_p1", "PR_P1"],
      ["tr", "TR"],
      ["tr_j3", "TR_J3"],
      ["ir", "IR"],
      ["ir_a1", "IR_A1"],
    ] as const) {
      const res = await report(id);
      expect(res.status, id).toBe(200);
      expect(counterSchemaErrors(schema, res.body), id).toEqual([]);
      expect(res.body.Report_Header).toMatchObject({
        Report_ID: schema,
        Release: "5.1",
        Institution_Name: "The World",
        Report_Filters: { Begin_Date: `${lastMonth}-01` },
      });
      // the current month is reported as it stands, said so by an informational Exception 0
      expect(codes(res.body), id).toEqual([0]);
    }
    const pr = (await report("pr")).body;
    expect(sum(pr.Report_Items, "Searches_Platform")).toEqual({ [lastMonth]: 9, [month]: 4 });
    expect(sum(pr.Report_Items, "Total_Item_Investigations")).toEqual({
      [lastMonth]: 10,
      [month]: 15,
    });
    const platformRows = pr.Report_Items[0].Attribute_Performance.map(
      (a: { Data_Type: string }) => a.Data_Type,
    );
    expect(platformRows).toEqual(["Platform", "Journal", "Conference"]);

    const trj3 = (await report("tr_j3")).body;
    expect(trj3.Report_Items.map((i: { Title: string }) => i.Title)).toEqual(["Ethics Review"]);
    expect(trj3.Report_Items[0].Item_ID).toEqual({
      Online_ISSN: "2049-3630",
      Proprietary: "athenaeum:journal/ethics-review",
      URI: expect.stringMatching(/\/journal\/ethics-review$/),
    });
    expect(sum(trj3.Report_Items, "Total_Item_Requests")).toEqual({ [lastMonth]: 4, [month]: 2 });

    const ira1 = (await report("ir_a1")).body;
    // journal articles only, under their journal (parent details are part of IR_A1)
    expect(ira1.Report_Items).toHaveLength(1);
    expect(ira1.Report_Items[0].Title).toBe("Ethics Review");
    expect(ira1.Report_Items[0].Items.map((i: { Item: string }) => i.Item)).toEqual([
      "A good life",
    ]);
    expect(sum(ira1.Report_Items, "Unique_Item_Requests")).toEqual({ [lastMonth]: 3, [month]: 2 });
  });

  it("applies the IR's filters and attributes", async () => {
    const res = await report("ir", {
      include_parent_details: "True",
      attributes_to_show: "YOP|Access_Type|Access_Method|Authors|Publication_Date|Article_Version",
      data_type: "Conference_Item",
      metric_type: "Total_Item_Investigations|Unique_Item_Investigations",
      yop: "2000-2010",
    });
    expect(counterSchemaErrors("IR", res.body)).toEqual([]);
    expect(res.body.Report_Header.Report_Filters).toMatchObject({
      Data_Type: ["Conference_Item"],
      Metric_Type: ["Total_Item_Investigations", "Unique_Item_Investigations"],
      YOP: ["2000-2010"],
    });
    expect(res.body.Report_Header.Report_Attributes).toEqual({
      Attributes_To_Show: [
        "YOP",
        "Access_Type",
        "Access_Method",
        "Authors",
        "Publication_Date",
        "Article_Version",
      ],
      Include_Parent_Details: "True",
    });
    const [parent] = res.body.Report_Items;
    expect(parent).toMatchObject({
      Title: "Proceedings of PLDI '09",
      Data_Type: "Conference",
      Item_ID: { ISBN: "978-1-60558-392-1", Proprietary: "athenaeum:proceeding/pldi-2009" },
    });
    expect(parent.Items[0]).toMatchObject({
      Item: "Trace-based JIT",
      Publisher: "ACM",
      Authors: [{ Name: "Andreas Gal" }],
      Publication_Date: "2025-06-01",
      Article_Version: "VoR",
      Item_ID: {
        DOI: "10.1145/1542476.1542528",
        Proprietary: `athenaeum:paper/${proceedingPaperId}`,
      },
      Attribute_Performance: [
        {
          Data_Type: "Conference_Item",
          YOP: "2009",
          Access_Type: "Open",
          Access_Method: "Regular",
          Performance: {
            Total_Item_Investigations: { [month]: 7 },
            Unique_Item_Investigations: { [month]: 5 },
          },
        },
      ],
    });
    // a YOP range without papers: nothing, said by Exception 3030
    const none = await report("ir", { yop: "1990" });
    expect(counterSchemaErrors("IR", none.body)).toEqual([]);
    expect(none.body.Report_Items).toEqual([]);
    expect(codes(none.body)).toEqual([0, 3030]);
  });

  it("answers the request errors of Appendix D with their Exception and status", async () => {
    const cases: [Record<string, string>, string, number, string][] = [
      [{ customer_id: "" }, "/members", 400, "Exception_1030"],
      [{ customer_id: "1234567" }, "/reports", 403, "Exception_2010"],
      [{ customer_id: WORLD }, "/reports/pr", 400, "Exception_1030"], // no dates
      [
        { customer_id: WORLD, begin_date: "2026-13", end_date: month },
        "/reports/pr",
        400,
        "Exception_3020",
      ],
      [
        { customer_id: WORLD, begin_date: "2025-02-30", end_date: month },
        "/reports/pr",
        400,
        "Exception_3020",
      ],
      [
        { customer_id: WORLD, begin_date: month, end_date: lastMonth },
        "/reports/pr",
        400,
        "Exception_3020",
      ],
      [
        { customer_id: WORLD, begin_date: nextMonth, end_date: nextMonth },
        "/reports/tr",
        400,
        "Exception_3020",
      ],
    ];
    for (const [query, path, status, schema] of cases) {
      const res = await get(path, query);
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(status);
      expect(counterSchemaErrors(schema, res.body), `${path} ${JSON.stringify(query)}`).toEqual([]);
    }
    // a report this platform does not offer: COUNTER's Exception 3000 as JSON (issue 33)
    for (const id of ["dr", "dr_d1", "tr_b1", "nonsense"]) {
      const unsupported = await get(`/reports/${id}`, { customer_id: WORLD });
      expect(unsupported.status, id).toBe(404);
      expect(unsupported.headers["content-type"], id).toMatch(/^application\/json/);
      expect(unsupported.body).toMatchObject({ Code: 3000, Message: "Report Not Supported" });
      expect(unsupported.body.Data).toMatch(/pr, pr_p1, tr, tr_j3, ir, ir_a1/);
    }
    expect((await request(t.app).get("/sushi/r5/reports")).status).toBe(404);
  });

  it("goes on past what it ignores, saying so in the report's Exceptions", async () => {
    const cases: [Record<string, string>, string, number[]][] = [
      [{ begin_date: "2019-01-01", end_date: "2019-12-31" }, "pr", [3032]],
      [{ end_date: `${nextMonth}-28` }, "tr", [0, 3031]],
      [{ color: "blue" }, "tr", [0, 3050]],
      // Searches_Regular is no TR metric; Total_Item_Requests alone is given with its pair
      [{ metric_type: "Total_Item_Requests|Searches_Regular" }, "tr", [0, 3060, 3060]],
      [{ country_code: "DE" }, "ir", [0, 3060]],
      [{ granularity: "Total" }, "pr", [0, 3062]],
      [{ attributes_to_show: "Country_Name" }, "ir", [0, 3062]],
      [{ include_component_details: "True" }, "ir", [0, 3063]],
      [{ metric_type: "Total_Item_Requests" }, "pr_p1", [0, 3050]], // not a parameter of PR_P1
    ];
    for (const [query, id, expected] of cases) {
      const res = await report(id, query);
      const schema = id.toUpperCase();
      expect(res.status, `${id} ${JSON.stringify(query)}`).toBe(200);
      expect(counterSchemaErrors(schema, res.body), `${id} ${JSON.stringify(query)}`).toEqual([]);
      expect(codes(res.body), `${id} ${JSON.stringify(query)}`).toEqual(expected);
    }
    const paired = await report("tr", { metric_type: "Total_Item_Requests" });
    expect(paired.body.Report_Header.Report_Filters.Metric_Type).toEqual([
      "Total_Item_Requests",
      "Unique_Item_Requests",
    ]);
    // a future end_date: the period ends with the current month (Appendix D, 3031)
    const future = await report("tr", { end_date: `${nextMonth}-28` });
    expect(future.body.Report_Header.Report_Filters.End_Date).toMatch(
      new RegExp(`^${month}-\\d\\d$`),
    );
  });

  it("asks for a valid API key once the administrator requires one", async () => {
    const created = await request(t.app)
      .post("/api/create_sushi_key")
      .set("Cookie", adminCookie)
      .send({ label: "Library harvester" });
    expect(created.status).toBe(201);
    const { secret, key } = created.body as { secret: string; key: { id: number; prefix: string } };
    expect(secret.startsWith(key.prefix)).toBe(true);
    // only a hash is stored
    expect(
      JSON.stringify(await t.ctx.db.selectFrom("sushi_api_keys").selectAll().execute()),
    ).not.toContain(secret);

    // not required yet: anybody may ask for The World
    expect((await report("pr")).status).toBe(200);
    const required = await request(t.app)
      .post("/api/sushi_settings")
      .set("Cookie", adminCookie)
      .send({ require_api_key: true });
    expect(required.status).toBe(200);

    const missing = await report("pr");
    expect(missing.status).toBe(400);
    expect(counterSchemaErrors("Exception_1030", missing.body)).toEqual([]);
    const wrong = await report("pr", { api_key: "sushi_not-a-key" });
    expect(wrong.status).toBe(401);
    expect(counterSchemaErrors("Exception_2020", wrong.body)).toEqual([]);
    expect((await report("pr", { api_key: secret })).status).toBe(200);
    expect((await get("/status")).status).toBe(200); // status stays public

    const listed = await request(t.app).get("/api/dashboard/sushi_keys").set("Cookie", adminCookie);
    expect(listed.body.sushi).toMatchObject({
      require_api_key: true,
      base_url: expect.stringMatching(/\/sushi$/),
    });
    expect(listed.body.sushi.keys[0]).toMatchObject({
      label: "Library harvester",
      last_used_at: expect.any(String),
      revoked_at: null,
    });

    const revoked = await request(t.app)
      .post(`/api/revoke_sushi_key/${key.id}`)
      .set("Cookie", adminCookie);
    expect(revoked.status).toBe(200);
    expect((await report("pr", { api_key: secret })).status).toBe(401);

    await request(t.app)
      .post("/api/sushi_settings")
      .set("Cookie", adminCookie)
      .send({ require_api_key: false });
    expect((await report("pr")).status).toBe(200);
  });
});
