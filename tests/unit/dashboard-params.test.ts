/**
 * The dashboard's route parameter rules (app/lib/dashboard-params.ts; issue 15): every parameter
 * of every dashboard route has one, and an address no screen can show is refused. The browser
 * test (tests/e2e/dashboard-not-found.spec.ts) checks the 404 status and page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DASHBOARD_PARAM_RULES, dashboardParamsValid } from "../../app/lib/dashboard-params.ts";

const routesSource = readFileSync(path.resolve(import.meta.dirname, "../../app/routes.ts"), "utf8");

describe("dashboard route parameters", () => {
  it("each has a rule", () => {
    const patterns = [...routesSource.matchAll(/"(dashboard\/[^"]*)"/g)].map((m) => m[1]!);
    const names = new Set(patterns.flatMap((p) => [...p.matchAll(/:(\w+)/g)].map((m) => m[1]!)));
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) expect(Object.keys(DASHBOARD_PARAM_RULES), name).toContain(name);
  });

  it("accepts what a screen can show", () => {
    expect(dashboardParamsValid({})).toBe(true);
    expect(dashboardParamsValid({ section: undefined })).toBe(true);
    expect(dashboardParamsValid({ section: "1" })).toBe(true);
    expect(dashboardParamsValid({ section: "2" })).toBe(true);
    expect(dashboardParamsValid({ journalUrl: "plos-one", volume: "3", issue: "12" })).toBe(true);
    expect(dashboardParamsValid({ journal: "plos-one", paper: "42" })).toBe(true);
    expect(dashboardParamsValid({ proceeding: "7", paper: "1" })).toBe(true);
  });

  it("refuses what none can", () => {
    expect(dashboardParamsValid({ section: "3" })).toBe(false);
    expect(dashboardParamsValid({ section: "" })).toBe(false);
    expect(dashboardParamsValid({ journalUrl: "nope", volume: "x", issue: "y" })).toBe(false);
    expect(dashboardParamsValid({ journal: "Not_A_Uri" })).toBe(false);
    expect(dashboardParamsValid({ journal: "plos-one", paper: "007" })).toBe(false);
    expect(dashboardParamsValid({ proceeding: "icml-2024" })).toBe(false);
    expect(dashboardParamsValid({ unknown: "1" })).toBe(false);
  });
});
