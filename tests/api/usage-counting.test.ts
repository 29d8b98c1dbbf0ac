/**
 * Issue 17, "Done when": COUNTER Release 5.1 counting end to end, with two server processes on
 * one database (PostgreSQL under `npm run test:pg`, one SQLite file otherwise), each a
 * production start (tests/helpers/usage-server.ts) with its own usage buffer and output cache.
 *
 * A scripted visitor views a paper three times within 30 s and downloads it twice as pdf.js
 * does (range requests), spread over both processes; a robot views it five times; the visitor
 * also sends a HEAD and a conditional GET answered 304. After both processes stop (SIGTERM:
 * each writes its last batch), the IR of the month, the statistics of the day and the stored
 * rows are checked against the figures the Code of Practice's rules give, each rule cited.
 *
 * Then the abuse limit (decision 391): 40 user agents from one address, and 40 from addresses of
 * one IPv6 /64, spread over both processes, count as `USAGE_SESSIONS_PER_NETWORK` readers each.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdministrator } from "../helpers/account.ts";
import { type ChildServer, startChildServer } from "../helpers/child-server.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { counterSchemaErrors } from "../helpers/counter-schema.ts";
import { type SeededCatalogue, seedCatalogue } from "../helpers/fixtures.ts";

const SERVER = path.resolve(import.meta.dirname, "../helpers/usage-server.ts");
const WORLD = "0000000000000000";
const VISITOR = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const ROBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestContext;
let seed: SeededCatalogue;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestContext();
  seed = await seedCatalogue(t.ctx);
  adminCookie = (await signedInAdministrator(t)).cookie;
  expect(readdirSync(t.dataDir)).toContain("session-secret"); // shared with the children
});
afterAll(() => t?.close());

/** Two servers on the test's database and files, with `extra` in their environment. */
async function startServers(
  flushSeconds: number,
  extra: Record<string, string> = {},
): Promise<[ChildServer, ChildServer]> {
  const env = {
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.databaseUrl ?? "",
    PORT: "0",
    SEED: "none",
    LOG_LEVEL: "warn",
    OUTPUT_CACHE_MB: "8",
    USAGE_FLUSH_SECONDS: String(flushSeconds),
    ...extra,
  };
  return Promise.all([startChildServer(env, [], SERVER), startChildServer(env, [], SERVER)]);
}

/**
 * Waits, when the next full UTC hour is less than `seconds` away, until it has begun: a
 * user-session is an hour of the day (COUNTER R5.1 section 7.3), and the scripts below must run
 * within one hour for their unique counts to be one per reader.
 */
async function withinOneHour(seconds: number): Promise<void> {
  const hour = 3_600_000;
  const left = () => hour - (Date.now() % hour);
  if (left() > seconds * 1000) return;
  const end = Date.now() + left();
  while (Date.now() < end + 50)
    await new Promise((r) => setTimeout(r, Math.min(1000, end + 50 - Date.now())));
}

const thisMonth = () => new Date().toISOString().slice(0, 7);
const today = () => new Date().toISOString().slice(0, 10);

/** The IR of this month for the seeded paper with the PDF (item_id: its DOI), schema-checked. */
async function itemReport() {
  const res = await request(t.app).get("/sushi/r51/reports/ir").query({
    customer_id: WORLD,
    begin_date: thisMonth(),
    end_date: thisMonth(),
    item_id: "10.7554/eLife.00353",
    attributes_to_show: "YOP|Access_Type",
  });
  expect(res.status).toBe(200);
  expect(counterSchemaErrors("IR", res.body)).toEqual([]);
  return res.body as {
    Report_Items: { Items: { Item: string; Attribute_Performance: Record<string, unknown>[] }[] }[];
  };
}

/** The four metrics of the report's one item, this month. */
function metricsOf(report: Awaited<ReturnType<typeof itemReport>>) {
  const [group] = report.Report_Items;
  const [item] = group?.Items ?? [];
  const [attributes] = item?.Attribute_Performance ?? [];
  const performance = (attributes?.Performance ?? {}) as Record<string, Record<string, number>>;
  const month = thisMonth();
  return {
    attributes,
    Total_Item_Investigations: performance.Total_Item_Investigations?.[month] ?? 0,
    Total_Item_Requests: performance.Total_Item_Requests?.[month] ?? 0,
    Unique_Item_Investigations: performance.Unique_Item_Investigations?.[month] ?? 0,
    Unique_Item_Requests: performance.Unique_Item_Requests?.[month] ?? 0,
  };
}

describe(`COUNTER counting with two server processes on ${dialectUnderTest}`, () => {
  it("counts what the Code of Practice's rules give, and no robot", {
    timeout: 120_000,
  }, async () => {
    const [a, b] = await startServers(30);
    await withinOneHour(30);
    const page = `/journal/ethics-review/${seed.paperWithPdfId}`;
    const galley = `/journal/ethics-review/download/${seed.paperWithPdfId}/a-good-life.pdf`;
    const visitor = { "user-agent": VISITOR };

    // Three views within 30 s: A renders, B renders, A answers from its output cache.
    const views: Response[] = [];
    for (const server of [a, b, a]) {
      const res = await fetch(server.origin + page, { headers: visitor });
      await res.arrayBuffer();
      views.push(res);
    }
    expect(views.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(views[2]!.headers.get("x-cache")).toBe("hit");

    // Two downloads as pdf.js makes them, three ranges each, one on A, one on B.
    for (const server of [a, b]) {
      for (const range of ["bytes=0-65535", "bytes=65536-131071", "bytes=131072-"]) {
        const res = await fetch(server.origin + galley, { headers: { ...visitor, range } });
        expect(res.status).toBe(206);
        await res.arrayBuffer();
      }
    }

    // Never counted: a HEAD, a revalidation answered 304, and a robot's five views.
    const head = await fetch(a.origin + page, { method: "HEAD", headers: visitor });
    expect(head.status).toBe(200);
    const etag = views[2]!.headers.get("etag")!;
    const revalidated = await fetch(a.origin + page, {
      headers: { ...visitor, "if-none-match": etag },
    });
    expect(revalidated.status).toBe(304);
    for (const server of [a, b, a, b, a]) {
      const res = await fetch(server.origin + page, { headers: { "user-agent": ROBOT } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }

    // A clean stop writes each process's last batch (issue 17: "nothing lost on a clean stop").
    expect(await a.terminate()).toBe(0);
    expect(await b.terminate()).toBe(0);

    const report = await itemReport();
    const got = metricsOf(report);
    expect(report.Report_Items[0]!.Items[0]!.Item).toBe("A good life");
    // The expected figures, from the rules of COUNTER Release 5.1:
    // - section 7.2 (Double-Click Filtering): the three views lie within 30 s of each other,
    //   so they are one action; the two PDF openings lie within 30 s, so they are one action;
    // - section 3.3.5 (Metric Types): "Any user activity that can be attributed to a content
    //   item will be considered an Investigation including downloading or viewing the item":
    //   the PDF action is a Request and an Investigation, the views an Investigation;
    // - issue 17: a PDF read as ranges counts once, from its first byte (the two other ranges
    //   of each opening count nothing);
    // - section 7.3 (Counting Unique Items): one IP address and user agent within one hour is
    //   one user-session, so the paper counts one unique Investigation and one unique Request;
    // - section 7.8 (Internet Robots and Crawlers): Googlebot is on the COUNTER list: nothing;
    // - section 7.1 (HTTP Status Codes) counts successful requests, and issue 17 leaves out
    //   HEAD and 304 answers: nothing.
    expect(got).toEqual({
      attributes: expect.objectContaining({
        Data_Type: "Article",
        YOP: "2025",
        Access_Type: "Open",
      }),
      Total_Item_Investigations: 2, // 1 view action + 1 download action
      Total_Item_Requests: 1, // 1 download action
      Unique_Item_Investigations: 1, // 1 session
      Unique_Item_Requests: 1, // 1 session
    });

    // The Statistics screen reads the same figures for the day.
    const stats = await request(t.app)
      .get("/api/dashboard/statistics")
      .query({ paper: seed.paperWithPdfId, from: today(), to: today() })
      .set("Cookie", adminCookie);
    expect(stats.status).toBe(200);
    expect(stats.body.statistics.periods).toEqual([
      {
        period: today(),
        total_item_investigations: 2,
        total_item_requests: 1,
        unique_item_investigations: 1,
        unique_item_requests: 1,
      },
    ]);

    // Privacy: no IP address or user agent is stored, only keys under the day's salt.
    const stored = JSON.stringify(
      await Promise.all([
        t.ctx.db.selectFrom("usage_events").selectAll().execute(),
        t.ctx.db.selectFrom("usage_item_daily").selectAll().execute(),
        t.ctx.db.selectFrom("usage_scope_daily").selectAll().execute(),
        t.ctx.db.selectFrom("usage_network_sessions").selectAll().execute(),
      ]),
    );
    for (const secret of ["127.0.0.1", "Firefox", "Googlebot", "Mozilla"]) {
      expect(stored).not.toContain(secret);
    }
    const salts = await t.ctx.db.selectFrom("usage_salts").select("day").execute();
    expect(salts.map((s) => s.day)).toEqual([today()]);
  });

  it("neither double counts nor loses counts while both processes write at once", {
    timeout: 120_000,
  }, async () => {
    const before = metricsOf(await itemReport());
    // each writes every second, while readers arrive, each reader from an address of its own
    // behind the proxy (one address for all would be one client network: decision 391)
    const [a, b] = await startServers(1, { TRUST_PROXY: "1" });
    await withinOneHour(45);
    const page = `/journal/ethics-review/${seed.paperWithPdfId}`;
    const galley = `/journal/ethics-review/download/${seed.paperWithPdfId}/a-good-life.pdf`;
    const readers = Array.from({ length: 30 }, (_, i) => `${VISITOR} Reader/${i}`);
    const addresses = new Map(readers.map((ua, i) => [ua, `192.0.2.${i + 1}`]));
    const deadline = Date.now() + 6000;
    // each reader: a view on A, the same view on B at once (one double-click across the two
    // processes), and the PDF from B; the readers in waves, while both processes flush
    for (let wave = 0; wave < 3; wave++) {
      await Promise.all(
        readers.slice(wave * 10, wave * 10 + 10).map(async (ua) => {
          for (const [server, url] of [
            [a, page],
            [b, page],
            [b, galley],
          ] as const) {
            const res = await fetch(server.origin + url, {
              headers: { "user-agent": ua, "x-forwarded-for": addresses.get(ua)! },
            });
            expect([200, 206]).toContain(res.status);
            await res.arrayBuffer();
          }
        }),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(1500, deadline - Date.now()))));
    }
    expect(await a.terminate()).toBe(0);
    expect(await b.terminate()).toBe(0);
    const after = metricsOf(await itemReport());
    // 30 readers, each: one view action (section 7.2: A's and B's view within 30 s are one)
    // and one download action (a Request, and an Investigation: section 3.3.5), each reader
    // their own session (section 7.3)
    expect({
      ti: after.Total_Item_Investigations - before.Total_Item_Investigations,
      tr: after.Total_Item_Requests - before.Total_Item_Requests,
      ui: after.Unique_Item_Investigations - before.Unique_Item_Investigations,
      ur: after.Unique_Item_Requests - before.Unique_Item_Requests,
    }).toEqual({ ti: 60, tr: 30, ui: 30, ur: 30 });
  });

  it("counts at most USAGE_SESSIONS_PER_NETWORK user-sessions of one client network in an hour", {
    timeout: 120_000,
  }, async () => {
    const before = metricsOf(await itemReport());
    const limit = 10; // the default (server/features/usage/network-limit.ts)
    const [a, b] = await startServers(1, { TRUST_PROXY: "1" });
    await withinOneHour(45);
    const page = `/journal/ethics-review/${seed.paperWithPdfId}`;
    const agents = Array.from({ length: 40 }, (_, i) => `${VISITOR} Rotated/${i}`);
    const visits = [
      // 40 user agents from one IPv4 address: 40 user-sessions by COUNTER's rule alone
      ...agents.map((ua) => ({ ua, ip: "198.51.100.7" })),
      // 40 from 40 addresses of one IPv6 /64, which one subscriber holds whole (decision 264)
      ...agents.map((ua, i) => ({ ua, ip: `2001:db8:7:7::${(i + 1).toString(16)}` })),
      // a reader of another network still counts
      { ua: VISITOR, ip: "203.0.113.9" },
    ];
    for (let i = 0; i < visits.length; i += 9) {
      await Promise.all(
        visits.slice(i, i + 9).map(async ({ ua, ip }, j) => {
          const server = (i + j) % 2 === 0 ? a : b; // over both processes, each writing
          const res = await fetch(server.origin + page, {
            headers: { "user-agent": ua, "x-forwarded-for": ip },
          });
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }),
      );
    }
    expect(await a.terminate()).toBe(0);
    expect(await b.terminate()).toBe(0);
    const after = metricsOf(await itemReport());
    // each network: `limit` sessions of one view each (one Investigation, one unique), the
    // other 30 sessions' views not counted; the third network's reader: one
    expect({
      ti: after.Total_Item_Investigations - before.Total_Item_Investigations,
      ui: after.Unique_Item_Investigations - before.Unique_Item_Investigations,
    }).toEqual({ ti: 2 * limit + 1, ui: 2 * limit + 1 });
    // what is kept of it: session keys under 24-bit network keys, no address
    const sessions = await t.ctx.db.selectFrom("usage_network_sessions").selectAll().execute();
    expect(JSON.stringify(sessions)).not.toMatch(/198\.51|2001:db8|203\.0/);
    expect(sessions.every((s) => Number(s.network_key) < 2 ** 24)).toBe(true);
  });
});
