/**
 * Every dashboard call, found by walking the routers actually mounted (so a call added later is
 * covered without touching this file): signed out it answers 401 in the envelope, and every
 * call that changes data refuses a cross-site request with 403 even from a signed-in manager
 * (docs/product/roles.md; docs/product/api.md). Changes are the POST calls and the GET calls the spec
 * defines as actions (delete_paper, api-type row actions).
 */
import type { Router } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardRouters } from "../../server/api/dashboard/index.ts";
import { signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";

type Call = { method: "get" | "post"; path: string };

let t: TestContext;
let cookie: string;

/** Routes of a router and the routers mounted in it, with parameters filled with real values. */
function callsOf(router: Router): Call[] {
  const calls: Call[] = [];
  for (const layer of router.stack as unknown as {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown };
  }[]) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method === "get" || method === "post") calls.push({ method, path: layer.route.path });
      }
    } else if (layer.handle?.stack) {
      calls.push(...callsOf(layer.handle as unknown as Router));
    }
  }
  return calls;
}

const VALUES: Record<string, string> = {
  journal: "ethics-review",
  journalUrl: "ethics-review",
  journal_url: "ethics-review",
  volume: "3",
  issue: "2",
  section: "1",
};

function fill(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => VALUES[name] ?? "1");
}

const isChange = (call: Call) => call.method === "post" || /delete_|_action/.test(call.path);

beforeAll(async () => {
  t = await createTestContext();
  await seedCatalogue(t.ctx);
  cookie = (await signedInManager(t)).cookie;
});
afterAll(() => t.close());

describe(`dashboard guards on ${dialectUnderTest}`, () => {
  const calls = () => dashboardRouters.flatMap((create) => callsOf(create(t.ctx)));

  it("finds the dashboard calls of the spec", () => {
    const paths = calls().map((c) => `${c.method.toUpperCase()} ${c.path}`);
    for (const expected of [
      "GET /dashboard/admin_nav_items",
      "GET /dashboard/all_journals",
      "POST /create_journal/1",
      "POST /create_journal/2",
      "POST /edit_journal/1",
      "POST /edit_journal/2",
      "POST /create_publication/:journal",
      "POST /create_paper/:journal",
      "GET /delete_paper/:journal_url/:paperID",
      "POST /edit_paper/:journal/:paper",
      "GET /get_publication_only/:journal/:publication",
      "POST /edit_publication/:journal/:publication",
      "GET /all_proceedings/Y",
      "POST /create_proceedings",
      "GET /get_proceeding_events",
      "GET /get_proceeding/:proceeding",
      "POST /edit_proceeding/:proceeding",
    ]) {
      const [method, path] = expected.split(" ") as [string, string];
      const pattern = new RegExp(`^${method} ${path.replace(/:[A-Za-z_]+/g, ":[A-Za-z_]+")}$`);
      expect(
        paths.some((p) => pattern.test(p)),
        expected,
      ).toBe(true);
    }
  });

  it("answers every dashboard call signed out with 401 and status 0", async () => {
    for (const call of calls()) {
      const res = await request(t.app)[call.method](`/api${fill(call.path)}`);
      expect(res.status, `${call.method} ${call.path}`).toBe(401);
      expect(res.body.status, `${call.method} ${call.path}`).toBe(0);
      expect(res.body.msg).toBeTruthy();
    }
  });

  it("refuses every change sent cross-site, even with a manager's cookie", async () => {
    const changes = calls().filter(isChange);
    expect(changes.length).toBeGreaterThan(10);
    for (const call of changes) {
      const res = await request(t.app)
        [call.method](`/api${fill(call.path)}`)
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "cross-site");
      expect(res.status, `${call.method} ${call.path}`).toBe(403);
      expect(res.body.status).toBe(0);
      const foreign = await request(t.app)
        [call.method](`/api${fill(call.path)}`)
        .set("Cookie", cookie)
        .set("Origin", "https://attacker.example");
      expect(foreign.status, `${call.method} ${call.path} (Origin)`).toBe(403);
    }
  });
});
