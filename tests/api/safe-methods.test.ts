/**
 * Nothing changes state on GET or HEAD (issue 30, finding 1; decision 379): mail scanners and
 * crawlers fetch links with both. Every GET route mounted in the app (found by walking its
 * routers, so a route added later is covered) is fetched with GET and HEAD, signed out and
 * signed in as a site administrator, with parameters naming a seeded journal, issue, paper,
 * proceeding and partner; then every table but the usage counts (which a reader's GET is meant
 * to add to, COUNTER) and the attempt limits is compared with what it held before.
 *
 * The spec's own changes by GET (section 7: `delete_paper`, the publications list's api-type row
 * actions, `logout`) are left out here: they need a signed-in session and pass the same-origin
 * check (server/http/guards.ts), which no mail scanner has, and tests/api/dashboard-guards.test.ts
 * holds them to that.
 */
import type { Router } from "express";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { signedInAdministrator } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { seedCatalogue } from "../helpers/fixtures.ts";
import { seedProceedingPapers } from "../helpers/proceeding-fixtures.ts";

/** The spec's changes by GET (section 7), and the sign-out. */
const SPEC_GET_CHANGES = [
  /^\/api\/delete_paper\//,
  /^\/api\/publication_action\//,
  /^\/api\/logout$/,
];
/** Tables a GET may write to by design: COUNTER usage, attempt limits, sessions' last use. */
const WRITTEN_BY_READS = /^(usage_|rate_limits$|sign_in_failures$|sessions$|kysely_)/;

let t: TestContext;
let app: ReturnType<typeof createHttpApp>;
let cookie: string;
let values: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  const seed = await seedCatalogue(t.ctx);
  const conf = await seedProceedingPapers(t.ctx, seed);
  const partner = await t.ctx.db.selectFrom("partners").select("id").executeTakeFirstOrThrow();
  ({ cookie } = await signedInAdministrator(t));
  app = createHttpApp(t.ctx);
  values = {
    journalUrl: "ethics-review",
    journal: "ethics-review",
    paper: String(seed.paperWithPdfId),
    volume: "3",
    issue: "2",
    publication: String(seed.issueId),
    proceeding: String(conf.proceedingId),
    slug: conf.slug,
    partner: String(partner.id),
  };
});
afterAll(() => t?.close());

type Layer = {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

/** Every GET route path of `stack` and the routers mounted in it, with their mount paths. */
function getRoutes(stack: Layer[], prefix = ""): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      if (layer.route.methods.get) out.push(`${prefix}${layer.route.path}`);
    } else if (layer.handle?.stack) {
      const mount = layer.rawPath && layer.rawPath !== "/" ? layer.rawPath : "";
      out.push(...getRoutes(layer.handle.stack, `${prefix}${mount}`));
    }
  }
  return out;
}

/** `route` with each `:name` (and `{*name}`) filled from the seed, `1` when unknown. */
function fill(route: string): string {
  return route
    .replace(/\{\*(\w+)\}/g, "papers/none.pdf")
    .replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? "1");
}

/** A digest of every table a GET must not change: each one's row count and rows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await t.ctx.db.introspection.getTables()).map((table) => table.name);
  const out: Record<string, string> = {};
  for (const table of tables.sort()) {
    if (WRITTEN_BY_READS.test(table)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      t.ctx.db,
    );
    out[table] = JSON.stringify(
      rows.rows
        .map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v)))
        .sort(),
    );
  }
  return out;
}

describe(`GET and HEAD change nothing (${dialectUnderTest})`, () => {
  it("leaves every table as it was after every GET route, signed out and signed in", async () => {
    const routes = getRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack)
      .map(fill)
      .filter((path) => !SPEC_GET_CHANGES.some((change) => change.test(path)));
    expect(routes.length).toBeGreaterThan(40);
    const before = await snapshot();
    for (const path of [...routes, "/confirm-admin?token=x", "/registration?invite=x"]) {
      for (const method of ["get", "head"] as const) {
        await request(app)[method](path);
        await request(app)[method](path).set("Cookie", cookie).set("Sec-Fetch-Site", "none");
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
